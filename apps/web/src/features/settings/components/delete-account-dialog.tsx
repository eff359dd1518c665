import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { deleteAccountBodySchema } from '@tradedesk/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useFormAlert } from '../../../shared/forms/use-form-alert';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import { useDeleteAccountMutation } from '../settings-api';

const passwordSchema = deleteAccountBodySchema.pick({ password: true }).required();
const confirmWordSchema = z.object({ confirm: z.string().trim().pipe(deleteAccountBodySchema.shape.confirm.unwrap()) });

/**
 * The last step of deleting the account (DELETE /customer/delete): the password proves it is the owner.
 * An account made through Google sign-in has none; the server says so and the word DELETE is asked instead.
 */
export function DeleteAccountDialog(props: { onClose: () => void }) {
  const [mode, setMode] = useState<'password' | 'word'>('password');
  return mode === 'password' ? (
    <PasswordStep onClose={props.onClose} onNoPassword={() => setMode('word')} />
  ) : (
    <WordStep onClose={props.onClose} />
  );
}

function Frame(props: { onClose: () => void; busy: boolean; onSubmit: () => void; children: React.ReactNode }) {
  return (
    <Dialog open onClose={props.busy ? undefined : props.onClose} aria-labelledby="delete-account-title">
      <form
        noValidate
        aria-label="Delete account"
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <DialogContent>{props.children}</DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.busy} autoFocus>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={props.busy}>
            {props.busy ? 'Deleting…' : 'Delete my account'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function useDelete() {
  const [remove] = useDeleteAccountMutation();
  return async (body: { password: string } | { confirm: 'DELETE' }) => {
    const result = await remove(body);
    // The mutation has cleared the session; the guard of the signed-in area returns to sign-in.
    if (result.data) toast.info('Your account was deleted.');
    return result;
  };
}

function PasswordStep(props: { onClose: () => void; onNoPassword: () => void }) {
  const remove = useDelete();
  const form = useForm({ resolver: zodResolver(passwordSchema), defaultValues: { password: '' } });
  const formAlert = useFormAlert({ watch: form.watch });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    formAlert.clear();
    const result = await remove({ password: values.password });
    if (result.data) return;
    if (isApiError(result.error) && result.error.code === 'SETTINGS_CONFIRM_REQUIRED') props.onNoPassword();
    else formAlert.show(applyServerErrors(result.error, ['password'], form.setError));
  });

  return (
    <Frame onClose={props.onClose} busy={isSubmitting} onSubmit={() => void onSubmit()}>
      <DialogContentText sx={{ mb: 1 }}>
        This cannot be undone. Enter your password to confirm that you want to delete your account and everything in it.
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
        error={errors.password?.message}
        {...form.register('password')}
      />
    </Frame>
  );
}

function WordStep(props: { onClose: () => void }) {
  const remove = useDelete();
  const form = useForm({ resolver: zodResolver(confirmWordSchema), defaultValues: { confirm: '' } });
  const formAlert = useFormAlert({ watch: form.watch });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async () => {
    formAlert.clear();
    const result = await remove({ confirm: 'DELETE' });
    if (!result.data) formAlert.show(applyServerErrors(result.error, ['confirm'], form.setError));
  });

  return (
    <Frame onClose={props.onClose} busy={isSubmitting} onSubmit={() => void onSubmit()}>
      <DialogContentText sx={{ mb: 1 }}>
        Your account signs in with Google and has no password. Type DELETE to confirm that you want to delete it and
        everything in it. This cannot be undone.
      </DialogContentText>
      {formAlert.alert && (
        <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
          {formAlert.alert}
        </InlineAlert>
      )}
      <FormTextField
        label="Type DELETE to confirm"
        autoComplete="off"
        required
        autoFocus
        error={errors.confirm?.message}
        {...form.register('confirm')}
      />
    </Frame>
  );
}
