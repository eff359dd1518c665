import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';

export const RECOVERY_CODES_FILE = 'tradedesk-recovery-codes.txt';

function download(codes: readonly string[]): void {
  const blob = new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The single-use recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodes(props: { codes: readonly string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.codes.join('\n'));
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('The codes could not be copied. Select them and copy them by hand.');
    }
  };

  return (
    <>
      <InlineAlert severity="warning" sx={{ mb: 2 }}>
        Save these codes somewhere safe now: they are not shown again. Each one signs you in once if you lose your
        authenticator app.
      </InlineAlert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          m: 0,
          mb: 2,
          p: 2,
          pl: 5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: 15,
        }}
      >
        {props.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="outlined" onClick={() => download(props.codes)}>
          Download codes
        </Button>
      </Box>
    </>
  );
}

/** The last step of a dialog that made recovery codes: show them once, close when they are saved. */
export function RecoveryCodesStep(props: { codes: readonly string[]; onDone: () => void }) {
  return (
    <>
      <DialogContent>
        <RecoveryCodes codes={props.codes} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={props.onDone}>
          I have saved my codes
        </Button>
      </DialogActions>
    </>
  );
}
