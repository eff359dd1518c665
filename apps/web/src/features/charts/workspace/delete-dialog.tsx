import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import type { ApiError } from '../../../shared/api/api-error';

function messageOf(error: unknown): string {
  return (error as ApiError)?.message || 'Something went wrong; try again.';
}

/** "Delete “name”?" with what deleting does, Cancel and Delete; a refusal shows in the dialog. */
export function DeleteDialog(props: {
  name: string;
  description: string;
  onClose(): void;
  /** Deletes; the dialog closes itself when it resolves (`closeOnDone`, default true). */
  onDelete(): Promise<void>;
  closeOnDone?: boolean;
}) {
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Delete “{props.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.description}</DialogContentText>
        {error && (
          <DialogContentText role="alert" sx={{ color: 'error.main', mt: 1 }}>
            {error}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await props.onDelete();
              if (props.closeOnDone !== false) props.onClose();
            } catch (failure) {
              setError(messageOf(failure));
            } finally {
              setBusy(false);
            }
          }}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
