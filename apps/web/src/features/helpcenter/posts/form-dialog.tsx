import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { InlineAlert } from '../../../shared/states/inline-alert';

/**
 * The dialog of the posts' forms (report a bug, feedback, a new request, publishing): the title, the form's one
 * message, its fields, Cancel and the submit button; it cannot be closed while it sends.
 */
export function FormDialog(props: {
  open: boolean;
  title: string;
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  /** A sentence above the form. */
  intro?: ReactNode;
  alert?: string | null;
  maxWidth?: 'xs' | 'sm' | 'md';
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
    >
      <form noValidate onSubmit={props.onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          {props.intro && <DialogContentText sx={{ mb: 1 }}>{props.intro}</DialogContentText>}
          {props.alert && (
            <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
              {props.alert}
            </InlineAlert>
          )}
          {props.children}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={props.busy}>
            {props.busy && props.busyLabel ? props.busyLabel : props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
