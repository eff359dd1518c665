import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { twoFactorConfirmBodySchema } from '@tradedesk/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useFormAlert } from '../../../shared/forms/use-form-alert';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import { type TwoFactorSetup, useConfirmTwoFactorMutation } from '../settings-api';
import { RecoveryCodesStep } from './recovery-codes';

/**
 * Two-factor enrolment after POST /customer/2fa/setup: scan the QR code (or type the secret), confirm with
 * a first code, then keep the recovery codes, which are shown this once.
 */
export function TwoFactorEnrolDialog(props: { setup: TwoFactorSetup; onClose: () => void }) {
  const [confirm] = useConfirmTwoFactorMutation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({ resolver: zodResolver(twoFactorConfirmBodySchema), defaultValues: { code: '' } });
  const formAlert = useFormAlert({ watch: form.watch });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    formAlert.clear();
    const result = await confirm(values);
    if (result.data) {
      setCodes(result.data.recoveryCodes);
      toast.success('Two-factor authentication is on.');
    } else {
      formAlert.show(applyServerErrors(result.error, ['code'], form.setError));
    }
  });

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(props.setup.secret);
      toast.success('Secret copied.');
    } catch {
      toast.error('The secret could not be copied. Select it and copy it by hand.');
    }
  };

  return (
    <Dialog
      open
      // Once the codes are on screen only the explicit button closes, so they are not dismissed by accident.
      onClose={codes ? undefined : props.onClose}
      aria-labelledby="two-factor-enrol-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="two-factor-enrol-title">
        {codes ? 'Save your recovery codes' : 'Turn on two-factor authentication'}
      </DialogTitle>
      {codes ? (
        <RecoveryCodesStep codes={codes} onDone={props.onClose} />
      ) : (
        <form noValidate onSubmit={onSubmit} aria-label="Confirm two-factor authentication">
          <DialogContent>
            <Typography sx={{ mb: 2 }}>
              1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…).
            </Typography>
            <Box
              component="img"
              src={props.setup.qrCode}
              alt="QR code for your authenticator app"
              sx={{
                display: 'block',
                width: { xs: 168, sm: 200 },
                height: { xs: 168, sm: 200 },
                mx: 'auto',
                mb: 2,
                bgcolor: '#fff',
                borderRadius: 1,
              }}
            />
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              Or enter this secret in the app by hand:
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
              <Box
                component="code"
                sx={{
                  fontSize: 15,
                  overflowWrap: 'anywhere',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  px: 1,
                  py: 0.5,
                }}
              >
                {props.setup.secret}
              </Box>
              <Button size="small" onClick={() => void copySecret()}>
                Copy secret
              </Button>
            </Box>
            <Typography sx={{ mb: 1 }}>2. Enter the 6-digit code the app shows.</Typography>
            {formAlert.alert && (
              <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
                {formAlert.alert}
              </InlineAlert>
            )}
            <Box sx={{ maxWidth: 240 }}>
              <FormTextField
                label="Authentication code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                autoFocus
                error={errors.code?.message}
                {...form.register('code')}
              />
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? 'Checking…' : 'Turn on'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
