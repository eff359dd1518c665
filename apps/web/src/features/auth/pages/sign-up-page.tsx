import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type SignUpBody, signUpBodySchema } from '@tradedesk/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { passwordProblem } from '../../../shared/forms/password-policy';
import { PasswordStrengthMeter } from '../../../shared/forms/password-strength-meter';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useFormAlert } from '../../../shared/forms/use-form-alert';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { useSignUpMutation } from '../auth-api';
import { availabilityText, useUsernameAvailability } from '../hooks/use-username-availability';

const fields = ['first_name', 'last_name', 'username', 'email', 'password'] as const;

export function SignUpPage() {
  const [signUp, { isLoading }] = useSignUpMutation();
  const formAlert = useFormAlert();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignUpBody>({
    resolver: zodResolver(signUpBodySchema),
    defaultValues: { first_name: '', last_name: '', username: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const availability = useUsernameAvailability(form.watch('username'));
  const [password, email, username, firstName, lastName] = form.watch([
    'password',
    'email',
    'username',
    'first_name',
    'last_name',
  ]);
  const context = { email, username, firstName, lastName };

  const onSubmit = form.handleSubmit(async (values) => {
    formAlert.clear();
    if (availability === 'taken') return;
    const problem = await passwordProblem(values.password, {
      email: values.email,
      username: values.username,
      firstName: values.first_name,
      lastName: values.last_name,
    });
    if (problem) {
      form.setError('password', { type: 'policy', message: problem });
      return;
    }
    const result = await signUp(values);
    // The answer is the same whether or not the address already has an account: the mail tells its owner.
    if (result.data) setSentTo(values.email);
    else formAlert.show(applyServerErrors(result.error, fields, form.setError));
  });

  if (sentTo) {
    return (
      <>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          Check your email
        </Typography>
        <Typography sx={{ mb: 2 }}>
          We sent a mail with the next step to <strong>{sentTo}</strong>. Open the activation link in it, then sign in.
        </Typography>
        <Link component={RouterLink} to="/sign-in">
          Go to sign in
        </Link>
      </>
    );
  }

  const usernameError = errors.username?.message ?? (availability === 'taken' ? 'This username is taken.' : undefined);

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Create your account
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign up" {...formAlert.formProps}>
        {formAlert.alert && <InlineAlert severity="error">{formAlert.alert}</InlineAlert>}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 1.5 }}>
          <FormTextField
            label="First name"
            autoComplete="given-name"
            required
            error={errors.first_name?.message}
            {...form.register('first_name')}
          />
          <FormTextField
            label="Last name"
            autoComplete="family-name"
            required
            error={errors.last_name?.message}
            {...form.register('last_name')}
          />
        </Box>
        <FormTextField
          label="Username"
          autoComplete="username"
          required
          error={usernameError}
          helperText={availabilityText[availability]}
          {...form.register('username')}
        />
        <FormTextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormTextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          helperText="At least 8 characters; not a common password, nor your email or username"
          {...form.register('password')}
        />
        <PasswordStrengthMeter password={password} context={context} />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          disabled={isLoading || form.formState.isSubmitting}
          sx={{ mt: 1 }}
        >
          {isLoading || form.formState.isSubmitting ? 'Creating account…' : 'Create account'}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/sign-in">
          Sign in
        </Link>
      </Typography>
    </>
  );
}

export { SignUpPage as Component };
