import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { secret, securitySettingsBodySchema } from '@tradedesk/contracts';
import { useForm } from 'react-hook-form';
import { useAppSelector } from '../../../app/hooks';
import { withConfirmation } from '../../../shared/forms/confirmation-resolver';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { passwordProblem } from '../../../shared/forms/password-policy';
import { PasswordStrengthMeter } from '../../../shared/forms/password-strength-meter';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useFormAlert } from '../../../shared/forms/use-form-alert';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toastSaveFailed } from '../../../shared/toast/save-failed';
import { toast } from '../../../shared/toast/toast';
import { selectCurrentUser } from '../../auth';
import { useReportDirty } from '../hooks/use-report-dirty';
import { useChangePasswordMutation } from '../settings-api';

const schema = securitySettingsBodySchema.extend({
  confirm_password: secret('Confirm new password', { max: 128 }),
});
const resolver = withConfirmation(zodResolver(schema), 'new_password', 'confirm_password');

const emptyValues = { current_password: '', new_password: '', confirm_password: '' };

/** Password change (PUT /customer/settings/security); the server signs every other session out. */
export function PasswordChangeForm() {
  const [changePassword] = useChangePasswordMutation();
  const form = useForm({ resolver, defaultValues: emptyValues });
  const formAlert = useFormAlert({ watch: form.watch });
  const { errors, isDirty, isSubmitting } = form.formState;
  useReportDirty('password', isDirty);
  const newPassword = form.watch('new_password');
  const user = useAppSelector(selectCurrentUser);
  const context = user
    ? { email: user.email, username: user.username, firstName: user.firstName, lastName: user.lastName }
    : {};

  const onSubmit = form.handleSubmit(async (values) => {
    formAlert.clear();
    const problem = await passwordProblem(values.new_password, context);
    if (problem) {
      form.setError('new_password', { type: 'policy', message: problem });
      return;
    }
    const result = await changePassword({
      current_password: values.current_password,
      new_password: values.new_password,
    });
    if (result.data) {
      form.reset(emptyValues);
      toast.success('Your password was changed. Your other sessions were signed out.');
    } else {
      const message = applyServerErrors(result.error, ['current_password', 'new_password'], form.setError);
      formAlert.show(message);
      toastSaveFailed(message);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change password">
      {formAlert.alert && (
        <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
          {formAlert.alert}
        </InlineAlert>
      )}
      <Box sx={{ maxWidth: 420 }}>
        <FormTextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
        <FormTextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.new_password?.message}
          helperText="At least 8 characters; not a common password, nor your email or username"
          {...form.register('new_password')}
        />
        <PasswordStrengthMeter password={newPassword} context={context} />
        <FormTextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirm_password?.message}
          {...form.register('confirm_password')}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', mt: 2 }}>
        <Button
          type="button"
          onClick={() => {
            formAlert.clear();
            form.reset(emptyValues);
          }}
          disabled={!isDirty || isSubmitting}
        >
          Discard changes
        </Button>
        <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Changing…' : 'Change password'}
        </Button>
      </Box>
    </form>
  );
}
