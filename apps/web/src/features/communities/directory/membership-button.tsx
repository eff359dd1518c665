import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { CommunitySummary } from '@tradedesk/contracts';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/toast/toast';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { useJoinCommunityMutation, useWithdrawJoinRequestMutation } from './directory-api';
import { communityPath } from './directory-url';

function failed(error: unknown, fallback: string) {
  toast.error(isApiError(error) && error.message ? error.message : fallback);
}

/** A private community's join request, with an optional message to those who accept requests. */
function RequestDialog(props: { community: CommunitySummary; onClose: () => void }) {
  const titleId = useId();
  const [message, setMessage] = useState('');
  const [join, joining] = useJoinCommunityMutation();
  const send = async () => {
    const r = await join({ id: props.community.id, message });
    if ('error' in r) return failed(r.error, 'The request was not sent. Try again.');
    toast.success(`Request sent: the moderators of ${props.community.name} decide whether to accept it.`);
    props.onClose();
  };
  return (
    <Dialog open onClose={joining.isLoading ? undefined : props.onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>Ask to join {props.community.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          This community is private: its members see your request and accept or reject it.
        </DialogContentText>
        <TextField
          label="Message (optional)"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 300 } }}
          helperText={`${message.length}/300`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={joining.isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={joining.isLoading}>
          Send request
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * What the caller can do about a community from a list: Join (public), Request to join (private), Requested
 * (withdraw, after confirming), Open (a member or an invited person), or nothing but a Banned mark.
 */
export function MembershipButton(props: { community: CommunitySummary }) {
  const c = props.community;
  const [join, joining] = useJoinCommunityMutation();
  const [withdraw, withdrawing] = useWithdrawJoinRequestMutation();
  const [requesting, setRequesting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const onJoin = async () => {
    const r = await join({ id: c.id });
    if ('error' in r) return failed(r.error, 'You could not join. Try again.');
    toast.success(r.data.status === 'joined' ? `You joined ${c.name}.` : `Request sent to ${c.name}.`);
  };
  const onWithdraw = async () => {
    const r = await withdraw(c.id);
    setConfirming(false);
    if ('error' in r) return failed(r.error, 'The request was not withdrawn. Try again.');
    toast.success('Your join request was withdrawn.');
  };

  if (c.membership === 'banned')
    return <Chip size="small" color="error" variant="outlined" label="Banned" aria-label="You are banned here" />;
  if (c.membership === 'member' || c.membership === 'invited')
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {c.membership === 'invited' && <Chip size="small" color="info" variant="outlined" label="Invited" />}
        <Button
          size="small"
          variant="outlined"
          component={RouterLink}
          to={communityPath(c.handle)}
          aria-label={`Open ${c.name}`}
        >
          Open
        </Button>
      </Box>
    );
  if (c.membership === 'requested')
    return (
      <>
        <Button
          size="small"
          variant="outlined"
          onClick={() => setConfirming(true)}
          disabled={withdrawing.isLoading}
          aria-label={`Requested: withdraw the request to join ${c.name}`}
        >
          Requested
        </Button>
        <ConfirmDialog
          open={confirming}
          title="Withdraw your join request?"
          confirmLabel="Withdraw"
          busy={withdrawing.isLoading}
          onConfirm={() => void onWithdraw()}
          onClose={() => setConfirming(false)}
        >
          The moderators of {c.name} will no longer see your request.
        </ConfirmDialog>
      </>
    );
  if (c.visibility === 'public')
    return (
      <Button
        size="small"
        variant="contained"
        onClick={() => void onJoin()}
        disabled={joining.isLoading}
        aria-label={`Join ${c.name}`}
      >
        Join
      </Button>
    );
  return (
    <>
      <Button
        size="small"
        variant="contained"
        onClick={() => setRequesting(true)}
        aria-label={`Request to join ${c.name}`}
      >
        Request to join
      </Button>
      {requesting && <RequestDialog community={c} onClose={() => setRequesting(false)} />}
    </>
  );
}
