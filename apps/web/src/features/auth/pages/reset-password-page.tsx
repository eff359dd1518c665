import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { newPasswordSchema } from '@tradedesk/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error';
import { withConfirmation } from '../../../shared/forms/confirmation-resolver';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { passwordProblem } from '../../../shared/forms/password-policy';
import { PasswordStrengthMeter } from '../../../shared/forms/password-strength-meter';
import { applyServerErrors, formMessage } from '../../../shared/forms/server-errors';
import { useFormAlert } from '../../../shared/forms/use-form-alert';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { useResetPasswordMutation } from '../auth-api';

const resetFormSchema = z.object({ password: newPasswordSchema('New password'), confirm: z.string().max(128) });
const resolver = withConfirmation(zodResolver(resetFormSchema), 'password', 'confirm');

const deadLinkText: Record<string, string> = {
  AUTH_LINK_INVALID: 'This reset link is not valid.',
  AUTH_LINK_USED: 'This reset link was already used.',
  AUTH_LINK_EXPIRED: 'This reset link has expired.',
};

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const formAlert = useFormAlert();
  // An invalid, used or expired link cannot be made to work by retyping the password: say so, offer a new one.
  const [linkError, setLinkError] = useState<string | null>(null);
  const form = useForm({ resolver, defaultValues: { password: '', confirm: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    formAlert.clear();
    // The page does not know whose link it is: the server also checks the account's email and username.
    const problem = await passwordProblem(password, {});
    if (problem) {
      form.setError('password', { type: 'policy', message: problem });
      return;
    }
    const result = await reset({ token, password });
    if (isApiError(result.error) && result.error.code.startsWith('AUTH_LINK_')) {
      setLinkError(deadLinkText[result.error.code] ?? formMessage(result.error));
    } else if (result.error) formAlert.show(applyServerErrors(result.error, ['password'], form.setError));
    else setDone(true);
  });

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {done ? 'Password changed' : 'Choose a new password'}
      </Typography>
      {!token || linkError ? (
        <InlineAlert severity="error">
          {linkError ?? 'This reset link is incomplete.'}{' '}
          <Link component={RouterLink} to="/forgot-password">
            Ask for a new one
          </Link>
          .
        </InlineAlert>
      ) : done ? (
        <>
          <InlineAlert severity="success">
            Your password has been changed and every session was signed out. Sign in with the new password.
          </InlineAlert>
          <Button component={RouterLink} to="/sign-in" variant="contained" fullWidth size="large" sx={{ mt: 1 }}>
            Sign in
          </Button>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Reset password" {...formAlert.formProps}>
          {formAlert.alert && <InlineAlert severity="error">{formAlert.alert}</InlineAlert>}
          <FormTextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            error={errors.password?.message}
            helperText="At least 8 characters; not a common password, nor your email or username"
            {...form.register('password')}
          />
          <PasswordStrengthMeter password={form.watch('password')} />
          <FormTextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirm?.message}
            {...form.register('confirm')}
          />
          <Button
            type="submit"
            variant="contained"
            fullWidth
            size="large"
            disabled={form.formState.isSubmitting}
            sx={{ mt: 2 }}
          >
            Change password
          </Button>
        </Box>
      )}
      {!done && (
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to="/sign-in">
            Go to sign in
          </Link>
        </Typography>
      )}
    </>
  );
}

export { ResetPasswordPage as Component };
