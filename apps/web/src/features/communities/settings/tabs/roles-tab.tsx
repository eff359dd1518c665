import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Community, CommunityRole } from '@tradedesk/contracts';
import { useEffect, useId, useState } from 'react';
import { EmptyState } from '../../../../shared/states/empty-state';
import { ErrorState } from '../../../../shared/states/error-state';
import { LoadingState } from '../../../../shared/states/loading-state';
import { toast } from '../../../../shared/toast/toast';
import { ConfirmDialog } from '../../../settings/components/confirm-dialog';
import { SettingsSection } from '../../../settings/components/settings-section';
import { useCommunityPermissionsQuery } from '../../community-api';
import { ColorDot, messageOf, Pager, PersonCell } from '../components/common';
import {
  useSettingsDefaultRoleMutation,
  useSettingsDeleteRoleMutation,
  useSettingsRoleMembersQuery,
  useSettingsRolesQuery,
} from '../settings-api';
import { RoleEditorDialog } from './role-editor-dialog';

const LIMIT = 10;
const DEBOUNCE_MS = 300;

/** Highest first, as the hierarchy reads (the server sends them so; sorted again to be sure). */
export function byPosition(roles: readonly CommunityRole[]): CommunityRole[] {
  return [...roles].sort((a, b) => b.position - a.position);
}

function RoleMembersDialog(props: { communityId: string; role: CommunityRole; onClose: () => void }) {
  const titleId = useId();
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
  const q = useSettingsRoleMembersQuery({
    id: props.communityId,
    roleId: props.role.roleId,
    page,
    limit: LIMIT,
    search,
  });
  let body: React.ReactNode;
  if (q.isLoading) body = <LoadingState label="Loading the role's members" variant="rows" rows={3} />;
  else if (q.isError || !q.data)
    body = (
      <ErrorState
        title="The role's members could not be loaded."
        message={messageOf(q.error, '')}
        onRetry={() => void q.refetch()}
      />
    );
  else if (q.data.items.length === 0)
    body = <EmptyState title={search ? 'No member with this role matches.' : 'No one holds this role.'} />;
  else
    body = (
      <>
        <Box component="ul" aria-label={`Members with ${props.role.name}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {q.data.items.map((m) => (
            <Box component="li" key={m.user.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <PersonCell person={m.user} />
            </Box>
          ))}
        </Box>
        <Pager label="Role members" page={page} limit={q.data.limit} total={q.data.total} onPage={setPage} />
      </>
    );
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Members with {props.role.name}</DialogTitle>
      <DialogContent>
        <TextField
          size="small"
          type="search"
          label="Search"
          placeholder="Name or @username"
          fullWidth
          margin="dense"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          sx={{ mb: 1 }}
        />
        {body}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function RoleRow(props: {
  communityId: string;
  role: CommunityRole;
  onEdit: () => void;
  onMembers: () => void;
  onDelete: () => void;
}) {
  const role = props.role;
  const [setDefault, settingDefault] = useSettingsDefaultRoleMutation();
  const toggleDefault = async () => {
    const r = await setDefault({ id: props.communityId, roleId: role.roleId, isDefault: !role.isDefault });
    if ('error' in r) toast.error(messageOf(r.error, 'The default role was not changed.'));
    else
      toast.success(role.isDefault ? `New members no longer get ${role.name}.` : `New members now get ${role.name}.`);
  };
  const owner = role.kind === 'owner';
  return (
    <Box
      component="li"
      aria-label={role.name}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        flexWrap: 'wrap',
      }}
    >
      <ColorDot color={role.color} size={14} />
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{role.name}</Typography>
          {owner && <Chip size="small" label="Owner" />}
          {role.isDefault && <Chip size="small" color="primary" variant="outlined" label="Default" />}
          {role.display && <Chip size="small" variant="outlined" label="Shown as a group" />}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {role.members === 1 ? '1 member' : `${role.members} members`} · {role.permissions.length} permissions
          {role.description ? ` · ${role.description}` : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <Button size="small" aria-label={`Members with ${role.name}`} onClick={props.onMembers}>
          Members
        </Button>
        {role.editable && !owner && (
          <>
            <Button size="small" aria-label={`Edit ${role.name}`} onClick={props.onEdit}>
              Edit
            </Button>
            <Button
              size="small"
              disabled={settingDefault.isLoading}
              aria-label={
                role.isDefault ? `Remove ${role.name} as the default role` : `Make ${role.name} the default role`
              }
              onClick={() => void toggleDefault()}
            >
              {role.isDefault ? 'Remove default' : 'Make default'}
            </Button>
            <Button size="small" color="error" aria-label={`Delete ${role.name}`} onClick={props.onDelete}>
              Delete
            </Button>
          </>
        )}
      </Box>
    </Box>
  );
}

/**
 * Tab Roles: every role by position (highest first) with its colour, members and flags; those below the caller's
 * own can be edited, made the default for new members, or deleted.
 */
export function RolesTab(props: { community: Community }) {
  const c = props.community;
  const q = useSettingsRolesQuery(c.id);
  const catalogue = useCommunityPermissionsQuery(c.id);
  const [editing, setEditing] = useState<CommunityRole | 'new' | null>(null);
  const [members, setMembers] = useState<CommunityRole | null>(null);
  const [deleting, setDeleting] = useState<CommunityRole | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [remove, removal] = useSettingsDeleteRoleMutation();

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    const r = await remove({ id: c.id, roleId: deleting.roleId });
    if ('error' in r) {
      setDeleteError(messageOf(r.error, `The role ${deleting.name} was not deleted.`));
      return;
    }
    toast.success(`The role ${deleting.name} was deleted.`);
    setDeleting(null);
  };

  let body: React.ReactNode;
  if (q.isLoading) body = <LoadingState label="Loading the roles" variant="rows" rows={3} />;
  else if (q.isError || !q.data)
    body = (
      <ErrorState
        title="The roles could not be loaded."
        message={messageOf(q.error, '')}
        onRetry={() => void q.refetch()}
        retrying={q.isFetching}
      />
    );
  else
    body = (
      <Box component="ul" aria-label="Roles" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {byPosition(q.data).map((role) => (
          <RoleRow
            key={role.roleId}
            communityId={c.id}
            role={role}
            onEdit={() => setEditing(role)}
            onMembers={() => setMembers(role)}
            onDelete={() => setDeleting(role)}
          />
        ))}
      </Box>
    );

  return (
    <SettingsSection
      title="Roles"
      description="Higher roles outrank lower ones: you can edit, assign and delete only the roles below your own."
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          Create role
        </Button>
      </Box>
      {body}
      {editing && (
        <RoleEditorDialog
          communityId={c.id}
          role={editing === 'new' ? null : editing}
          catalogue={catalogue.data}
          onClose={() => setEditing(null)}
        />
      )}
      {members && <RoleMembersDialog communityId={c.id} role={members} onClose={() => setMembers(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the role ${deleting?.name ?? ''}?`}
        confirmLabel="Delete role"
        busy={removal.isLoading}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
      >
        {deleting?.members
          ? `${deleting.members === 1 ? 'Its 1 member loses' : `Its ${deleting.members} members lose`} it and the permissions it gives.`
          : 'No one holds it.'}{' '}
        Private channels stop counting it.
      </ConfirmDialog>
    </SettingsSection>
  );
}
