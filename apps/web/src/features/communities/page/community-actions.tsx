import Check from '@mui/icons-material/Check';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { COMMUNITY_NOTIFICATION_LEVELS, type Community } from '@tradedesk/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/toast/toast';
import { selectCurrentUser } from '../../auth';
import { ConfirmDialog } from '../../social/posts/confirm-dialog';
import {
  usePageJoinMutation,
  usePageLeaveMutation,
  usePageNotificationsQuery,
  usePageRevokeRequestMutation,
  usePageSetNotificationsMutation,
} from './community-page-api';
import { communityPath, managesSomething } from './community-tabs';

const LEVEL_LABELS: Record<(typeof COMMUNITY_NOTIFICATION_LEVELS)[number], string> = {
  all: 'All activity',
  mentions: 'Only mentions',
  none: 'Nothing',
};

const failed = (error: unknown, fallback: string) =>
  toast.error(isApiError(error) && error.message ? error.message : fallback);

/** The member's notification level for the community (all, mentions, none), as a menu. */
function NotificationsMenu(props: { community: Community }) {
  const { id, name } = props.community;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const prefs = usePageNotificationsQuery(id);
  const [save] = usePageSetNotificationsMutation();
  const level = prefs.data?.level;
  const choose = async (next: (typeof COMMUNITY_NOTIFICATION_LEVELS)[number]) => {
    setAnchor(null);
    const r = await save({ id, level: next });
    if ('error' in r) failed(r.error, 'The notification setting was not saved. Try again.');
  };
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={`Notifications from ${name}`}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <NotificationsOutlined />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {COMMUNITY_NOTIFICATION_LEVELS.map((l) => (
          <MenuItem
            key={l}
            role="menuitemradio"
            aria-checked={level === l}
            selected={level === l}
            onClick={() => void choose(l)}
          >
            <ListItemIcon>{level === l ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{LEVEL_LABELS[l]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

type Confirm = 'leave' | 'withdraw' | null;

/**
 * The header's buttons: Join (public) or Request to join (private), Requested (withdraw), Leave (asks first),
 * Settings for managers and the notifications menu for members.
 */
export function CommunityActions(props: { community: Community }) {
  const c = props.community;
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [join, joining] = usePageJoinMutation();
  const [leave, leaving] = usePageLeaveMutation();
  const [revoke, revoking] = usePageRevokeRequestMutation();
  const busy = joining.isLoading || leaving.isLoading || revoking.isLoading;
  const me = useAppSelector(selectCurrentUser);
  // the owner cannot leave (they transfer ownership first, in the settings)
  const isOwner = me?.id === c.owner.id;

  const onJoin = async () => {
    const r = await join({ id: c.id });
    if ('error' in r) return failed(r.error, 'Joining failed. Try again.');
    toast.success(
      r.data.status === 'requested'
        ? `Request sent: a moderator of ${c.name} decides whether to accept it.`
        : `Welcome to ${c.name}.`,
    );
  };
  const runConfirmed = async () => {
    const which = confirm;
    const r = which === 'leave' ? await leave(c.id) : which === 'withdraw' ? await revoke(c.id) : null;
    setConfirm(null);
    if (!r) return;
    if ('error' in r) return failed(r.error, 'That did not work. Try again.');
    toast.success(which === 'leave' ? `You left ${c.name}.` : 'Your join request was withdrawn.');
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {(c.membership === 'none' || c.membership === 'invited') && (
        <Button variant="contained" onClick={() => void onJoin()} disabled={busy}>
          {c.visibility === 'public' || c.membership === 'invited' ? 'Join' : 'Request to join'}
        </Button>
      )}
      {c.membership === 'requested' && (
        <Button
          variant="outlined"
          onClick={() => setConfirm('withdraw')}
          disabled={busy}
          aria-label="Requested: withdraw the join request"
        >
          Requested
        </Button>
      )}
      {managesSomething(c) && (
        <Button
          component={RouterLink}
          to={`${communityPath(c.handle)}/settings`}
          variant="outlined"
          startIcon={<SettingsOutlined />}
        >
          Settings
        </Button>
      )}
      {c.membership === 'member' && <NotificationsMenu community={c} />}
      {c.membership === 'member' && !isOwner && (
        <Button color="inherit" onClick={() => setConfirm('leave')} disabled={busy}>
          Leave
        </Button>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'leave' ? `Leave ${c.name}?` : 'Withdraw your join request?'}
        text={
          confirm === 'leave'
            ? c.visibility === 'public'
              ? 'You stop seeing its channels in your list. You can join again at any time.'
              : 'Its feed, channels and members are for members only: to come back you will have to ask again or be invited.'
            : `The moderators of ${c.name} will no longer see your request.`
        }
        confirmLabel={confirm === 'leave' ? 'Leave' : 'Withdraw'}
        busy={busy}
        onConfirm={() => void runConfirmed()}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
