import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';

/** The full address of a profile's share path (`/community/profile/{username}`). */
export function shareLinkOf(shareUrl: string, origin: string = window.location.origin): string {
  return /^https?:\/\//.test(shareUrl) ? shareUrl : `${origin}${shareUrl.startsWith('/') ? '' : '/'}${shareUrl}`;
}

/** Share profile: the link to copy. Copying says so; without clipboard access the link is selected instead. */
export function ShareProfileDialog(props: { open: boolean; name: string; shareUrl: string; onClose: () => void }) {
  const titleId = useId();
  const link = shareLinkOf(props.shareUrl);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      (document.getElementById(`${titleId}-link`) as HTMLInputElement | null)?.select();
    }
  };
  const close = () => {
    setCopied(false);
    props.onClose();
  };
  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Share {props.name}'s profile</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Anyone signed in to TradeDesk can open this link; a private profile still shows only its name to people it has
          not accepted.
        </DialogContentText>
        <TextField
          id={`${titleId}-link`}
          label="Profile link"
          value={link}
          fullWidth
          slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'profile-share-link' } }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        <Button variant="contained" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
