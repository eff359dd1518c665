import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { formMessage } from '../../../shared/forms/server-errors';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { type TwoFactorSetup, useStartTwoFactorSetupMutation } from '../settings-api';
import { RegenerateCodesDialog } from './regenerate-codes-dialog';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog';
import { TwoFactorEnrolDialog } from './two-factor-enrol-dialog';

type OpenDialog = { kind: 'enrol'; setup: TwoFactorSetup } | { kind: 'disable' } | { kind: 'regenerate' } | null;

/** Two-factor status with enrolment, turning off, and new recovery codes. */
export function TwoFactorSection(props: { enabled: boolean }) {
  const [startSetup, { isLoading: starting }] = useStartTwoFactorSetupMutation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => setDialog(null);

  // Started from the click, not from an effect: each setup call makes a new secret on the server.
  const enrol = async () => {
    setError(null);
    const result = await startSetup();
    if (result.data) setDialog({ kind: 'enrol', setup: result.data });
    else setError(isApiError(result.error) ? formMessage(result.error) : 'Two-factor setup could not start.');
  };

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography>Status:</Typography>
        <Chip size="small" label={props.enabled ? 'On' : 'Off'} color={props.enabled ? 'success' : 'default'} />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {props.enabled
          ? 'Signing in asks for a code from your authenticator app after your password.'
          : 'Add a second step to signing in: a code from an authenticator app on your phone.'}
      </Typography>
      {error && (
        <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
          {error}
        </InlineAlert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {props.enabled ? (
          <>
            <Button variant="outlined" onClick={() => setDialog({ kind: 'regenerate' })}>
              New recovery codes
            </Button>
            <Button color="error" onClick={() => setDialog({ kind: 'disable' })}>
              Turn off two-factor authentication
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={() => void enrol()} disabled={starting}>
            {starting ? 'Starting…' : 'Turn on two-factor authentication'}
          </Button>
        )}
      </Box>
      {dialog?.kind === 'enrol' && <TwoFactorEnrolDialog setup={dialog.setup} onClose={close} />}
      {dialog?.kind === 'disable' && <TwoFactorDisableDialog onClose={close} />}
      {dialog?.kind === 'regenerate' && <RegenerateCodesDialog onClose={close} />}
    </>
  );
}
