import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { passwordBodySchema } from '@tradedesk/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useFormAlert } from '../../../shared/forms/use-form-alert';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { useRegenerateRecoveryCodesMutation } from '../settings-api';
import { RecoveryCodesStep } from './recovery-codes';

/** Replaces every recovery code with new ones (password required); the old codes stop working. */
export function RegenerateCodesDialog(props: { onClose: () => void }) {
  const [regenerate] = useRegenerateRecoveryCodesMutation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({ resolver: zodResolver(passwordBodySchema), defaultValues: { password: '' } });
  const formAlert = useFormAlert({ watch: form.watch });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    formAlert.clear();
    const result = await regenerate(values);
    if (result.data) setCodes(result.data.recoveryCodes);
    else formAlert.show(applyServerErrors(result.error, ['password'], form.setError));
  });

  return (
    <Dialog
      open
      onClose={codes || isSubmitting ? undefined : props.onClose}
      aria-labelledby="regenerate-codes-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="regenerate-codes-title">{codes ? 'Your new recovery codes' : 'New recovery codes'}</DialogTitle>
      {codes ? (
        <RecoveryCodesStep codes={codes} onDone={props.onClose} />
      ) : (
        <form noValidate onSubmit={onSubmit} aria-label="New recovery codes">
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>
              Your current recovery codes stop working and new ones are made. Confirm with your password.
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
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? 'Making codes…' : 'Make new codes'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
