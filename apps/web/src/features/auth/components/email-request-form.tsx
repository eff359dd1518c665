import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { emailBodySchema } from '@tradedesk/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useFormAlert } from '../../../shared/forms/use-form-alert';
import { InlineAlert } from '../../../shared/states/inline-alert';

type Send = (body: { email: string }) => Promise<{ data?: { message: string }; error?: unknown }>;

/** One email field that asks the server to mail a link (resend activation, forgot password). */
export function EmailRequestForm(props: { title: string; intro: string; submitLabel: string; send: Send }) {
  const [sent, setSent] = useState<string | null>(null);
  const formAlert = useFormAlert();
  const form = useForm({ resolver: zodResolver(emailBodySchema), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    formAlert.clear();
    const result = await props.send(values);
    if (result.data) setSent(result.data.message);
    else formAlert.show(applyServerErrors(result.error, ['email'], form.setError));
  });

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {props.title}
      </Typography>
      {sent ? (
        <InlineAlert severity="success">{sent}</InlineAlert>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={props.title} {...formAlert.formProps}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {props.intro}
          </Typography>
          {formAlert.alert && <InlineAlert severity="error">{formAlert.alert}</InlineAlert>}
          <FormTextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            autoFocus
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button
            type="submit"
            variant="contained"
            fullWidth
            size="large"
            disabled={form.formState.isSubmitting}
            sx={{ mt: 2 }}
          >
            {props.submitLabel}
          </Button>
        </Box>
      )}
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/sign-in">
          Back to sign in
        </Link>
      </Typography>
    </>
  );
}
