import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useId, useState } from 'react';

/** Whether a form's values differ from the ones it opened with (text compared as the user would: trimmed). */
export function isDirty<T extends Record<string, string>>(initial: T, values: T): boolean {
  return (Object.keys(initial) as Array<keyof T>).some((k) => (initial[k] ?? '').trim() !== (values[k] ?? '').trim());
}

/**
 * The isDirty guard of a dialog (spec section 2, strategy dialog): closing a dialog with unsaved changes asks
 * whether to discard them; a clean dialog closes at once. `requestClose` is the dialog's onClose (Escape, the
 * backdrop, Cancel); `discardPrompt` is the confirmation to render.
 */
export function useDirtyGuard(dirty: boolean, close: () => void) {
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(() => {
    if (dirty) setAsking(true);
    else close();
  }, [dirty, close]);
  const discardPrompt = asking ? (
    <DiscardDialog
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        close();
      }}
    />
  ) : null;
  return { requestClose, asking, discardPrompt };
}

function DiscardDialog(props: { onKeep(): void; onDiscard(): void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={props.onKeep} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Discard your changes?</DialogTitle>
      <DialogContent>
        <DialogContentText>What you typed has not been saved and will be lost.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onKeep} autoFocus>
          Keep editing
        </Button>
        <Button color="error" variant="contained" onClick={props.onDiscard}>
          Discard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
