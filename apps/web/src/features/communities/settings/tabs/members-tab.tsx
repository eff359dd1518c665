import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Community, CommunityMember, CommunityRole, ProfileSummary } from '@tradedesk/contracts';
import { type MouseEvent, useEffect, useId, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../../shared/data-table/data-table';
import { useFormatters } from '../../../../shared/format/format-preferences';
import { EmptyState } from '../../../../shared/states/empty-state';
import { ErrorState } from '../../../../shared/states/error-state';
import { InlineAlert } from '../../../../shared/states/inline-alert';
import { LoadingState } from '../../../../shared/states/loading-state';
import { toast } from '../../../../shared/toast/toast';
import { ConfirmDialog } from '../../../settings/components/confirm-dialog';
import { SettingsSection } from '../../../settings/components/settings-section';
import { ColorDot, messageOf, Pager, PersonCell, RoleChip, tableHeight } from '../components/common';
import {
  type CommunityBan,
  useSettingsAnswerRequestMutation,
  useSettingsAssignRoleMutation,
  useSettingsBanMutation,
  useSettingsBansQuery,
  useSettingsMembersQuery,
  useSettingsRemoveMemberMutation,
  useSettingsRequestsQuery,
  useSettingsRolesQuery,
  useSettingsUnbanMutation,
} from '../settings-api';

const DEBOUNCE_MS = 300;
const LIMIT = 10;
/** Keeps a button's Enter and Space from also activating the table's row. */
const ownKeys = { onKeyDown: (e: { stopPropagation: () => void }) => e.stopPropagation() };

/** The ban lengths offered; `undefined`: until lifted. */
export const BAN_DURATIONS: { label: string; days: number | undefined }[] = [
  { label: 'Until lifted', days: undefined },
  { label: '1 day', days: 1 },
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '1 year', days: 365 },
];

/**
 * The assign/unassign menu of one member: the roles the caller may hand out, ticked when the member holds one, and
 * the roles the member holds that the caller may only take away.
 */
function RolesMenu(props: {
  communityId: string;
  member: CommunityMember;
  roles: CommunityRole[];
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const [assign, assigning] = useSettingsAssignRoleMutation();
  const held = new Set(props.member.roles.map((r) => r.id));
  const shown = props.roles.filter((r) => r.assignable || held.has(r.roleId));
  const name = props.member.user.displayName;
  const toggle = async (role: CommunityRole) => {
    const giving = !held.has(role.roleId);
    const r = await assign({
      id: props.communityId,
      memberId: props.member.user.id,
      roleId: role.roleId,
      assign: giving,
    });
    if ('error' in r) toast.error(messageOf(r.error, 'The role was not changed.'));
    else
      toast.success(giving ? `${name} now has the ${role.name} role.` : `${name} no longer has the ${role.name} role.`);
    props.onClose();
  };
  return (
    <Menu anchorEl={props.anchor} open={props.anchor !== null} onClose={props.onClose}>
      {shown.length === 0 && <MenuItem disabled>No roles you can hand out.</MenuItem>}
      {shown.map((role) => (
        <MenuItem
          key={role.roleId}
          role="menuitemcheckbox"
          aria-checked={held.has(role.roleId)}
          disabled={assigning.isLoading}
          onClick={() => void toggle(role)}
        >
          <ListItemIcon>
            <Checkbox edge="start" size="small" checked={held.has(role.roleId)} tabIndex={-1} disableRipple />
          </ListItemIcon>
          <ListItemText>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              <ColorDot color={role.color} />
              {role.name}
            </Box>
          </ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}

const membersCount = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** Ban someone: a reason they are told and how long it lasts. */
export function BanDialog(props: { communityId: string; person: ProfileSummary | null; onClose: () => void }) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [ban, banning] = useSettingsBanMutation();
  const p = props.person;
  const close = () => {
    setReason('');
    setDuration(0);
    setError(null);
    props.onClose();
  };
  const submit = async () => {
    if (!p) return;
    setError(null);
    const days = BAN_DURATIONS[duration]?.days;
    const r = await ban({
      id: props.communityId,
      userId: p.id,
      reason: reason.trim(),
      ...(days === undefined ? {} : { durationDays: days }),
    });
    if ('error' in r) {
      setError(messageOf(r.error, `${p.displayName} was not banned.`));
      return;
    }
    toast.success(`${p.displayName} was banned.`);
    close();
  };
  return (
    <Dialog
      open={p !== null}
      onClose={banning.isLoading ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>Ban {p?.displayName}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          They leave the community at once, lose their roles and open invites, and cannot join again while banned. They
          are told the reason, if you give one.
        </DialogContentText>
        <TextField
          label="Reason"
          fullWidth
          margin="normal"
          multiline
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          helperText={`Optional. ${reason.length} / 500 characters`}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <TextField
          select
          label="Duration"
          fullWidth
          margin="dense"
          value={duration}
          onChange={(e) => setDuration(Number(e.target.value))}
        >
          {BAN_DURATIONS.map((d, i) => (
            <MenuItem key={d.label} value={i}>
              {d.label}
            </MenuItem>
          ))}
        </TextField>
        {error && (
          <InlineAlert severity="error" sx={{ mt: 2 }}>
            {error}
          </InlineAlert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={banning.isLoading}>
          Cancel
        </Button>
        <Button color="error" variant="contained" disabled={banning.isLoading} onClick={() => void submit()}>
          Ban
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MembersSection(props: { community: Community; myId: string }) {
  const c = props.community;
  const f = useFormatters();
  const perms = c.myPermissions;
  const canManage = perms.includes('manage_members');
  const canBan = perms.includes('ban_members');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(input.trim());
      setPage(1);
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input]);
  const q = useSettingsMembersQuery({ id: c.id, page, limit: LIMIT, search });
  const roles = useSettingsRolesQuery(c.id, { skip: !canManage });
  // Roles below the caller that they may give (the server says which: it grants nothing they lack), or take away
  // from a member holding one (below the caller is enough: taking grants nothing).
  const myHighest = Math.max(0, ...c.myRoles.map((r) => r.position));
  const mayTake = c.myPermissions.includes('manage_members');
  const handable = useMemo(
    () => (roles.data ?? []).filter((r) => r.kind !== 'owner' && (r.assignable || (mayTake && r.position < myHighest))),
    [roles.data, mayTake, myHighest],
  );
  const [menu, setMenu] = useState<{ member: CommunityMember; anchor: HTMLElement } | null>(null);
  const [removing, setRemoving] = useState<CommunityMember | null>(null);
  const [banning, setBanning] = useState<ProfileSummary | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [remove, removal] = useSettingsRemoveMemberMutation();

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveError(null);
    const r = await remove({ id: c.id, memberId: removing.user.id });
    if ('error' in r) {
      setRemoveError(messageOf(r.error, `${removing.user.displayName} was not removed.`));
      return;
    }
    toast.success(`${removing.user.displayName} was removed from ${c.name}.`);
    setRemoving(null);
  };

  const columns = useMemo((): DataTableColumn<CommunityMember>[] => {
    const list: DataTableColumn<CommunityMember>[] = [
      {
        id: 'member',
        header: 'Member',
        width: 260,
        hideable: false,
        value: (m) => m.user.displayName,
        render: (m) => <PersonCell person={m.user} />,
      },
      {
        id: 'roles',
        header: 'Roles',
        width: 280,
        fill: true,
        sortable: false,
        value: (m) => m.roles.map((r) => r.name).join(', '),
        render: (m) => (
          <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'nowrap', overflow: 'hidden' }}>
            {m.roles.map((r) => (
              <RoleChip key={r.id} role={r} />
            ))}
          </Box>
        ),
      },
      {
        id: 'joined',
        header: 'Joined',
        width: 130,
        value: (m) => new Date(m.joinedAt),
        format: (m) => f.date(m.joinedAt),
      },
    ];
    if (canManage || canBan)
      list.push({
        id: 'actions',
        header: 'Actions',
        headerHidden: true,
        width: 250,
        sortable: false,
        hideable: false,
        exported: false,
        value: () => null,
        render: (m) => {
          // Acting on oneself: only roles below one's own (the server checks); never remove or ban oneself.
          const self = m.user.id === props.myId;
          if (!m.manageable && !self) return null;
          const name = m.user.displayName;
          return (
            <Box sx={{ display: 'flex', gap: 0.5 }}>
              {canManage && (
                <Button
                  size="small"
                  aria-label={`Roles of ${name}`}
                  aria-haspopup="menu"
                  onClick={(e: MouseEvent<HTMLElement>) => setMenu({ member: m, anchor: e.currentTarget })}
                  {...ownKeys}
                >
                  Roles
                </Button>
              )}
              {canManage && !self && (
                <Button size="small" aria-label={`Remove ${name}`} onClick={() => setRemoving(m)} {...ownKeys}>
                  Remove
                </Button>
              )}
              {canBan && !self && (
                <Button
                  size="small"
                  color="error"
                  aria-label={`Ban ${name}`}
                  onClick={() => setBanning(m.user)}
                  {...ownKeys}
                >
                  Ban
                </Button>
              )}
            </Box>
          );
        },
      });
    return list;
  }, [f, canManage, canBan, props.myId]);

  const rows = q.data?.items ?? [];
  return (
    <SettingsSection title="Members" description={membersCount(q.data?.total ?? c.memberCount)}>
      <TextField
        size="small"
        type="search"
        label="Search members"
        placeholder="Name or @username"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        sx={{ mb: 1.5, width: '100%', maxWidth: 360 }}
      />
      <DataTable
        label="Members"
        columns={columns}
        rows={rows}
        getRowId={(m) => m.user.id}
        height={tableHeight(rows.length)}
        status={q.isLoading ? 'loading' : q.isError ? 'error' : 'ready'}
        error={{
          title: 'The members could not be loaded.',
          message: messageOf(q.error, ''),
          onRetry: () => void q.refetch(),
          retrying: q.isFetching,
        }}
        empty={{ title: search ? 'No member matches.' : 'No members yet.' }}
      />
      {q.data && <Pager label="Members" page={page} limit={q.data.limit} total={q.data.total} onPage={setPage} />}
      {menu && (
        <RolesMenu
          communityId={c.id}
          member={menu.member}
          roles={handable}
          anchor={menu.anchor}
          onClose={() => setMenu(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.user.displayName ?? ''}?`}
        confirmLabel="Remove"
        busy={removal.isLoading}
        error={removeError}
        onConfirm={() => void confirmRemove()}
        onClose={() => {
          setRemoving(null);
          setRemoveError(null);
        }}
      >
        They leave {c.name} and lose their roles. They may join again
        {c.visibility === 'public' ? '' : ' if accepted or invited'}.
      </ConfirmDialog>
      <BanDialog communityId={c.id} person={banning} onClose={() => setBanning(null)} />
    </SettingsSection>
  );
}

function RequestsSection(props: { community: Community }) {
  const c = props.community;
  const f = useFormatters();
  const [page, setPage] = useState(1);
  const q = useSettingsRequestsQuery({ id: c.id, page, limit: LIMIT });
  const [answer, answering] = useSettingsAnswerRequestMutation();
  const act = async (requestId: string, name: string, accept: boolean) => {
    const r = await answer({ id: c.id, requestId, accept });
    if ('error' in r) toast.error(messageOf(r.error, 'The request was not answered.'));
    else toast.success(accept ? `${name} joined ${c.name}.` : `The request of ${name} was rejected.`);
  };
  let body: React.ReactNode;
  if (q.isLoading) body = <LoadingState label="Loading the join requests" variant="rows" rows={2} />;
  else if (q.isError || !q.data)
    body = (
      <ErrorState
        title="The join requests could not be loaded."
        message={messageOf(q.error, '')}
        onRetry={() => void q.refetch()}
      />
    );
  else if (q.data.items.length === 0) body = <EmptyState title="No one is waiting to join." />;
  else
    body = (
      <>
        <Box component="ul" aria-label="Join requests" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {q.data.items.map((r) => (
            <Box
              component="li"
              key={r.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                flexWrap: 'wrap',
              }}
            >
              <Box sx={{ flex: 1, minWidth: 200 }}>
                <PersonCell person={r.user} />
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                  Asked {f.dateTime(r.createdAt)}
                </Typography>
                {r.message && <Typography variant="body2">“{r.message}”</Typography>}
              </Box>
              <Button
                size="small"
                variant="contained"
                disabled={answering.isLoading}
                aria-label={`Accept ${r.user.displayName}`}
                onClick={() => void act(r.id, r.user.displayName, true)}
              >
                Accept
              </Button>
              <Button
                size="small"
                disabled={answering.isLoading}
                aria-label={`Reject ${r.user.displayName}`}
                onClick={() => void act(r.id, r.user.displayName, false)}
              >
                Reject
              </Button>
            </Box>
          ))}
        </Box>
        <Pager label="Join requests" page={page} limit={q.data.limit} total={q.data.total} onPage={setPage} />
      </>
    );
  return <SettingsSection title="Join requests">{body}</SettingsSection>;
}

function BansSection(props: { community: Community }) {
  const c = props.community;
  const f = useFormatters();
  const [page, setPage] = useState(1);
  const q = useSettingsBansQuery({ id: c.id, page, limit: LIMIT });
  const [unban, unbanning] = useSettingsUnbanMutation();
  const [asked, setAsked] = useState<CommunityBan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!asked) return;
    setError(null);
    const r = await unban({ id: c.id, userId: asked.user.id });
    if ('error' in r) {
      setError(messageOf(r.error, `${asked.user.displayName} was not unbanned.`));
      return;
    }
    toast.success(`${asked.user.displayName} was unbanned.`);
    setAsked(null);
  };
  const columns = useMemo(
    (): DataTableColumn<CommunityBan>[] => [
      {
        id: 'person',
        header: 'Person',
        width: 240,
        hideable: false,
        value: (b) => b.user.displayName,
        render: (b) => <PersonCell person={b.user} />,
      },
      {
        id: 'reason',
        header: 'Reason',
        width: 220,
        fill: true,
        value: (b) => b.reason,
        format: (b) => b.reason || '—',
      },
      {
        id: 'by',
        header: 'Banned by',
        width: 140,
        value: (b) => b.bannedBy?.username ?? '',
        format: (b) => (b.bannedBy ? `@${b.bannedBy.username}` : '—'),
      },
      {
        id: 'since',
        header: 'Since',
        width: 120,
        value: (b) => new Date(b.createdAt),
        format: (b) => f.date(b.createdAt),
      },
      {
        id: 'until',
        header: 'Until',
        width: 120,
        value: (b) => (b.until ? new Date(b.until) : null),
        // as the ban dialog names a ban without an end
        format: (b) => (b.until ? f.date(b.until) : 'Until lifted'),
      },
      {
        id: 'actions',
        header: 'Actions',
        headerHidden: true,
        width: 100,
        sortable: false,
        hideable: false,
        exported: false,
        value: () => null,
        render: (b) => (
          <Button size="small" aria-label={`Unban ${b.user.displayName}`} onClick={() => setAsked(b)} {...ownKeys}>
            Unban
          </Button>
        ),
      },
    ],
    [f],
  );
  const rows = q.data?.items ?? [];
  return (
    <SettingsSection title="Banned">
      <DataTable
        label="Banned people"
        columns={columns}
        rows={rows}
        getRowId={(b) => b.user.id}
        height={tableHeight(rows.length)}
        status={q.isLoading ? 'loading' : q.isError ? 'error' : 'ready'}
        error={{
          title: 'The bans could not be loaded.',
          message: messageOf(q.error, ''),
          onRetry: () => void q.refetch(),
        }}
        empty={{ title: 'No one is banned.' }}
      />
      {q.data && <Pager label="Banned people" page={page} limit={q.data.limit} total={q.data.total} onPage={setPage} />}
      <ConfirmDialog
        open={asked !== null}
        title={`Unban ${asked?.user.displayName ?? ''}?`}
        confirmLabel="Unban"
        busy={unbanning.isLoading}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => {
          setAsked(null);
          setError(null);
        }}
      >
        They may join again (or ask to, or accept an invite). They are told.
      </ConfirmDialog>
    </SettingsSection>
  );
}

/** Tab Active members: the members with their roles, the join requests and the bans. */
export function MembersTab(props: { community: Community; myId: string }) {
  const perms = props.community.myPermissions;
  return (
    <Box>
      <MembersSection community={props.community} myId={props.myId} />
      {perms.includes('manage_members') && <RequestsSection community={props.community} />}
      {perms.includes('ban_members') && <BansSection community={props.community} />}
    </Box>
  );
}
