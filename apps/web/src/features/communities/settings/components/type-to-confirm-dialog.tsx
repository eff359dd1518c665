import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type ReactNode, useId, useState } from 'react';
import { InlineAlert } from '../../../../shared/states/inline-alert';

/**
 * Asks before something heavy (deleting a community, giving it away): the person types the community's handle,
 * which the server checks again (`confirm`). The button stays off until the handle matches.
 */
export function TypeToConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  handle: string;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: (typed: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === props.handle.toLowerCase();
  const close = () => {
    setTyped('');
    props.onClose();
  };
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          {props.children}
        </DialogContentText>
        <TextField
          label={`Type ${props.handle} to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          fullWidth
          margin="dense"
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        {props.error && (
          <InlineAlert severity="error" sx={{ mt: 2 }}>
            {props.error}
          </InlineAlert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={props.busy}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={!matches || props.busy}
          onClick={() => props.onConfirm(typed.trim().toLowerCase())}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
