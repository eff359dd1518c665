import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { toast } from '../../../shared/toast/toast';
import { useShareAiChatMutation, useUnshareAiChatMutation } from '../ai-api';

/** The public read-only link of a chat: its address for anyone with it, and Revoke, after which it opens nothing. */
export function sharedChatUrl(token: string): string {
  return `${window.location.origin}/shared/ai/${encodeURIComponent(token)}`;
}

export function ShareDialog(props: { chatId: string; token: string | null; onClose: () => void }) {
  const [share, sharing] = useShareAiChatMutation();
  const [unshare, revoking] = useUnshareAiChatMutation();
  const [token, setToken] = useState(props.token);
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="ai-share-title" fullWidth maxWidth="sm">
      <DialogTitle id="ai-share-title">Share chat</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {token ? (
          <>
            <Typography variant="body2">
              Anyone with this link can read the chat, without signing in. They cannot write in it or see anything else
              of yours.
            </Typography>
            <TextField
              label="Public link"
              value={sharedChatUrl(token)}
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(e) => e.target.select()}
            />
          </>
        ) : (
          <Typography variant="body2">
            Make a read-only public link to this chat. You can revoke it at any time.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {token ? (
          <>
            <Button
              color="error"
              disabled={revoking.isLoading}
              onClick={async () => {
                await unshare(props.chatId)
                  .unwrap()
                  .then(() => {
                    setToken(null);
                    toast.success('The public link is revoked.');
                  })
                  .catch(() => toast.error('The link could not be revoked. Try again.'));
              }}
            >
              Revoke link
            </Button>
            <Button
              onClick={() => {
                void navigator.clipboard?.writeText(sharedChatUrl(token));
                toast.success('Link copied.');
              }}
            >
              Copy link
            </Button>
          </>
        ) : (
          <Button
            variant="contained"
            disabled={sharing.isLoading}
            onClick={async () => {
              await share(props.chatId)
                .unwrap()
                .then((s) => setToken(s.token))
                .catch(() => toast.error('The link could not be made. Try again.'));
            }}
          >
            Create link
          </Button>
        )}
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
