import MoreVert from '@mui/icons-material/MoreVert';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SocialProfile } from '@tradedesk/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../../shared/api/api-error';
import { toast } from '../../../../shared/toast/toast';
import { ConfirmDialog } from '../../../settings/components/confirm-dialog';
import {
  useAcceptRequestMutation,
  useBlockMutation,
  useFollowMutation,
  useRejectRequestMutation,
  useRevokeRequestMutation,
  useUnblockMutation,
  useUnfollowMutation,
} from '../profile-api';
import { ReportProfileDialog } from './report-profile-dialog';
import { ShareProfileDialog } from './share-profile-dialog';

/** What the follow button shows and does for the caller's relation to the profile. */
export type FollowState = 'following' | 'requested' | 'follow' | 'none';

export function followStateOf(p: SocialProfile): FollowState {
  if (p.relation.self || p.relation.blocking) return 'none';
  if (p.relation.following) return 'following';
  if (p.relation.requested) return 'requested';
  return p.canFollow ? 'follow' : 'none';
}

type Confirm = 'unfollow' | 'revoke' | 'block' | 'unblock' | null;

function failed(error: unknown, fallback: string) {
  toast.error(isApiError(error) && error.message ? error.message : fallback);
}

/**
 * The header's buttons on someone else's profile: Follow / Requested / Following, Message, Share, and a menu
 * with block or unblock and report. Undoing a follow, withdrawing a request and blocking ask first.
 */
export function ProfileActions(props: { profile: SocialProfile }) {
  const p = props.profile;
  const state = followStateOf(p);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [sharing, setSharing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [follow, following] = useFollowMutation();
  const [unfollow, unfollowing] = useUnfollowMutation();
  const [revoke, revoking] = useRevokeRequestMutation();
  const [block, blocking] = useBlockMutation();
  const [unblock, unblocking] = useUnblockMutation();
  const [accept] = useAcceptRequestMutation();
  const [reject] = useRejectRequestMutation();
  const busy =
    following.isLoading || unfollowing.isLoading || revoking.isLoading || blocking.isLoading || unblocking.isLoading;

  const onFollow = async () => {
    const r = await follow(p.id);
    if ('error' in r) return failed(r.error, 'The follow failed. Try again.');
    toast.success(
      r.data.status === 'requested'
        ? `Follow request sent: ${p.displayName} decides whether to accept it.`
        : `You follow ${p.displayName}.`,
    );
  };

  const runConfirmed = async () => {
    const which = confirm;
    let r: { error?: unknown };
    if (which === 'unfollow') r = await unfollow(p.id);
    else if (which === 'revoke') r = await revoke(p.id);
    else if (which === 'block') r = await block(p.id);
    else if (which === 'unblock') r = await unblock(p.id);
    else return;
    setConfirm(null);
    if (r.error) return failed(r.error, 'That did not work. Try again.');
    if (which === 'block') toast.success(`You blocked ${p.displayName}.`);
    if (which === 'unblock') toast.success(`You unblocked ${p.displayName}.`);
  };

  const answer = async (run: typeof accept, done: string) => {
    const r = await run(p.id);
    if ('error' in r) failed(r.error, 'The request was not answered. Try again.');
    else toast.success(done);
  };

  const confirmText: Record<Exclude<Confirm, null>, { title: string; label: string; body: string }> = {
    unfollow: {
      title: `Unfollow ${p.displayName}?`,
      label: 'Unfollow',
      body: p.isPublic
        ? 'Their posts leave your feed.'
        : 'Their profile is private: to follow again you will have to ask and be accepted.',
    },
    revoke: {
      title: 'Withdraw your follow request?',
      label: 'Withdraw',
      body: `${p.displayName} will no longer see your request.`,
    },
    block: {
      title: `Block ${p.displayName}?`,
      label: 'Block',
      body: 'Follows between you end. They will not see your profile, posts or comments, and cannot follow, mention, message or reply to you. They are not told.',
    },
    unblock: {
      title: `Unblock ${p.displayName}?`,
      label: 'Unblock',
      body: 'They will be able to see your public profile and follow you again. Earlier follows are not restored.',
    },
  };
  const shown = confirm ? confirmText[confirm] : null;

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {p.relation.requestedMe && !p.relation.blocking && (
        <>
          <Button
            variant="contained"
            size="small"
            onClick={() => void answer(accept, `${p.displayName} now follows you.`)}
          >
            Accept request
          </Button>
          <Button size="small" onClick={() => void answer(reject, 'The request was rejected.')}>
            Reject request
          </Button>
        </>
      )}
      {state === 'follow' && (
        <Button variant="contained" onClick={() => void onFollow()} disabled={busy}>
          {p.isPublic ? 'Follow' : 'Ask to follow'}
        </Button>
      )}
      {state === 'requested' && (
        <Button
          variant="outlined"
          onClick={() => setConfirm('revoke')}
          disabled={busy}
          aria-label="Requested: withdraw the follow request"
        >
          Requested
        </Button>
      )}
      {state === 'following' && (
        <Button
          variant="outlined"
          onClick={() => setConfirm('unfollow')}
          disabled={busy}
          aria-label="Following: unfollow"
        >
          Following
        </Button>
      )}
      {p.relation.blocking && (
        <Button variant="outlined" color="error" onClick={() => setConfirm('unblock')} disabled={busy}>
          Unblock
        </Button>
      )}
      {p.canMessage && (
        <Button component={RouterLink} to={`/messages?to=${encodeURIComponent(p.id)}`} variant="outlined">
          Message
        </Button>
      )}
      <IconButton aria-label="Share profile" onClick={() => setSharing(true)}>
        <ShareOutlined />
      </IconButton>
      <IconButton aria-label="More profile actions" aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)}>
        <MoreVert />
      </IconButton>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {p.relation.blocking ? (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setConfirm('unblock');
            }}
          >
            Unblock
          </MenuItem>
        ) : (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setConfirm('block');
            }}
          >
            Block
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setMenu(null);
            setReporting(true);
          }}
        >
          Report
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={shown !== null}
        title={shown?.title ?? ''}
        confirmLabel={shown?.label ?? ''}
        busy={busy}
        onConfirm={() => void runConfirmed()}
        onClose={() => setConfirm(null)}
      >
        {shown?.body}
      </ConfirmDialog>
      <ShareProfileDialog open={sharing} name={p.displayName} shareUrl={p.shareUrl} onClose={() => setSharing(false)} />
      <ReportProfileDialog open={reporting} profileId={p.id} name={p.displayName} onClose={() => setReporting(false)} />
    </Box>
  );
}
