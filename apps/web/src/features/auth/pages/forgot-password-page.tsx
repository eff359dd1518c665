import { useForgotPasswordMutation } from '../auth-api';
import { EmailRequestForm } from '../components/email-request-form';

export function ForgotPasswordPage() {
  const [forgot] = useForgotPasswordMutation();
  return (
    <EmailRequestForm
      title="Reset your password"
      intro="Enter your account's email address and we will send you a link to choose a new password."
      submitLabel="Send reset link"
      send={(body) => forgot(body)}
    />
  );
}

export { ForgotPasswordPage as Component };
