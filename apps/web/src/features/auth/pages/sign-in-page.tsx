import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useFormAlert } from '../../../shared/forms/use-form-alert';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { useLoginMutation, useLoginOptionsQuery, useLoginTwoFactorMutation } from '../auth-api';

// The contracts schemas (and zod) arrive on the first submit, keeping the sign-in page's first load small.
const GoogleSignIn = lazy(() => import('../components/google-sign-in').then((m) => ({ default: m.GoogleSignIn })));

const credentialsSchema = () => import('../sign-in-validation').then((m) => m.credentialsSchema);
const codeSchema = () => import('../sign-in-validation').then((m) => m.codeSchema);

function CredentialsStep(props: { onChallenge: (challengeToken: string) => void }) {
  const [login, { isLoading }] = useLoginMutation();
  const formAlert = useFormAlert<{ message: string; notActivated: boolean }>();
  const form = useSchemaForm({ schema: credentialsSchema, defaultValues: { email: '', password: '' } });
  const { errors } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    formAlert.clear();
    const result = await login(values);
    if (result.data?.status === 'two_factor_required') props.onChallenge(result.data.challengeToken);
    if (result.error) {
      // Not activated is about the account, not the typed email: say so above the form, with the way out.
      if (isApiError(result.error) && result.error.code === 'AUTH_NOT_ACTIVATED') {
        formAlert.show({ message: result.error.message, notActivated: true });
        return;
      }
      const message = applyServerErrors(result.error, ['email', 'password'], form.setError);
      if (message) formAlert.show({ message, notActivated: false });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in" {...formAlert.formProps}>
      {formAlert.alert && (
        <InlineAlert severity="error">
          {formAlert.alert.message}
          {formAlert.alert.notActivated && (
            <>
              {' '}
              <Link component={RouterLink} to="/resend-activation">
                Resend the activation email
              </Link>
            </>
          )}
        </InlineAlert>
      )}
      <FormTextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        autoFocus
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormTextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Box sx={{ textAlign: 'right', mb: 2 }}>
        <Link component={RouterLink} to="/forgot-password" variant="body2">
          Forgot password?
        </Link>
      </Box>
      <Button type="submit" variant="contained" fullWidth size="large" disabled={isLoading || form.isSubmitting}>
        {isLoading ? 'Signing in…' : 'Sign in'}
      </Button>
    </Box>
  );
}

function TwoFactorStep(props: { challengeToken: string; onCancel: () => void }) {
  const [verify, { isLoading }] = useLoginTwoFactorMutation();
  const formAlert = useFormAlert();
  const form = useSchemaForm({ schema: codeSchema, defaultValues: { code: '' } });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    formAlert.clear();
    const result = await verify({ challengeToken: props.challengeToken, code });
    if (result.error) formAlert.show(applyServerErrors(result.error, ['code'], form.setError));
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Two-factor verification" {...formAlert.formProps}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </Typography>
      {formAlert.alert && <InlineAlert severity="error">{formAlert.alert}</InlineAlert>}
      <FormTextField
        label="Authentication code"
        autoComplete="one-time-code"
        inputMode="text"
        required
        autoFocus
        error={form.errors.code?.message}
        {...form.register('code')}
      />
      <Button
        type="submit"
        variant="contained"
        fullWidth
        size="large"
        disabled={isLoading || form.isSubmitting}
        sx={{ mt: 2 }}
      >
        {isLoading ? 'Verifying…' : 'Verify'}
      </Button>
      <Button fullWidth onClick={props.onCancel} sx={{ mt: 1 }}>
        Back to sign in
      </Button>
    </Box>
  );
}

/** What a failed Google sign-in (`/sign-in?error=<code>`) means to the person. */
const googleFailures: Record<string, string> = {
  AUTH_GOOGLE_DENIED: 'Google sign-in was cancelled.',
  AUTH_GOOGLE_STATE_INVALID: 'That Google sign-in expired or was started in another browser. Please try again.',
  AUTH_GOOGLE_EXCHANGE_FAILED: 'Google did not confirm the sign-in. Please try again.',
  AUTH_GOOGLE_EMAIL_MISSING: 'Your Google account did not share an email address, which we need to sign you in.',
  AUTH_GOOGLE_EMAIL_NOT_VERIFIED:
    'An account with this email exists, but Google has not verified the address. Sign in with your password.',
  AUTH_GOOGLE_ACCOUNT_CONFLICT: 'This Google account is linked to another TradeDesk account.',
  AUTH_GOOGLE_UNAVAILABLE: 'Google sign-in is unavailable right now. Please try again later.',
};

export function googleFailureText(code: string | null): string | null {
  if (!code?.startsWith('AUTH_GOOGLE_')) return null;
  return googleFailures[code] ?? 'Google sign-in did not work. Please try again.';
}

export function SignInPage() {
  const { data: options } = useLoginOptionsQuery();
  const location = useLocation();
  const navigate = useNavigate();
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const googleError = googleFailureText(new URLSearchParams(location.search).get('error'));

  // Google sign-in of an account with two-factor on lands here with the challenge in the fragment
  // (never sent to a server); ask for the code, then go where the sign-in was headed.
  useEffect(() => {
    const fragment = new URLSearchParams(location.hash.slice(1));
    const challenge = fragment.get('challenge');
    if (!challenge) return;
    setChallengeToken(challenge);
    const redirect = fragment.get('redirect');
    const next = redirect && redirect !== '/' ? `?next=${encodeURIComponent(redirect)}` : '';
    navigate(`/sign-in${next}`, { replace: true });
  }, [location.hash, navigate]);

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {challengeToken ? 'Two-factor verification' : 'Sign in'}
      </Typography>
      {challengeToken ? (
        <TwoFactorStep challengeToken={challengeToken} onCancel={() => setChallengeToken(null)} />
      ) : (
        <>
          {googleError && <InlineAlert severity="error">{googleError}</InlineAlert>}
          <CredentialsStep onChallenge={setChallengeToken} />
          {options?.google && (
            <Suspense fallback={null}>
              <GoogleSignIn next={new URLSearchParams(location.search).get('next')} />
            </Suspense>
          )}
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            New here?{' '}
            <Link component={RouterLink} to="/sign-up">
              Create an account
            </Link>
          </Typography>
          {options?.mailbox && (
            <Typography variant="body2" sx={{ mt: 1, textAlign: 'center' }}>
              <Link component={RouterLink} to="/dev/mailbox">
                Open the dev mailbox
              </Link>
            </Typography>
          )}
        </>
      )}
    </>
  );
}

export { SignInPage as Component };
