import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { twoFactorDisableBodySchema } from '@tradedesk/contracts';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useFormAlert } from '../../../shared/forms/use-form-alert';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import { useDisableTwoFactorMutation } from '../settings-api';

/** Turns two-factor off: proven with the password and a current code (or a recovery code). */
export function TwoFactorDisableDialog(props: { onClose: () => void }) {
  const [disable] = useDisableTwoFactorMutation();
  const form = useForm({
    resolver: zodResolver(twoFactorDisableBodySchema),
    defaultValues: { password: '', code: '' },
  });
  const formAlert = useFormAlert({ watch: form.watch });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    formAlert.clear();
    const result = await disable(values);
    if (result.data) {
      toast.success('Two-factor authentication is off.');
      props.onClose();
    } else {
      formAlert.show(applyServerErrors(result.error, ['password', 'code'], form.setError));
    }
  });

  return (
    <Dialog open onClose={isSubmitting ? undefined : props.onClose} aria-labelledby="two-factor-disable-title">
      <form noValidate onSubmit={onSubmit} aria-label="Turn off two-factor authentication">
        <DialogTitle id="two-factor-disable-title">Turn off two-factor authentication?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            Signing in will need only your password. Confirm with your password and a code from your authenticator app
            or one of your recovery codes.
          </DialogContentText>
          {formAlert.alert && (
            <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
              {formAlert.alert}
            </InlineAlert>
          )}
          <FormTextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            error={errors.password?.message}
            {...form.register('password')}
          />
          <FormTextField
            label="Authentication or recovery code"
            autoComplete="one-time-code"
            required
            error={errors.code?.message}
            {...form.register('code')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Turning off…' : 'Turn off'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
