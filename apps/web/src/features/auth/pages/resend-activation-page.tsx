import { useResendActivationMutation } from '../auth-api';
import { EmailRequestForm } from '../components/email-request-form';

export function ResendActivationPage() {
  const [resend] = useResendActivationMutation();
  return (
    <EmailRequestForm
      title="Resend activation email"
      intro="Enter the email address you signed up with and we will send a new activation link."
      submitLabel="Send activation link"
      send={(body) => resend(body)}
    />
  );
}

export { ResendActivationPage as Component };
