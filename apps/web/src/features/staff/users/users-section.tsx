import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type StaffUserRow, USER_ROLES, type UserRole } from '@tradedesk/contracts';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { DataTable, type DataTableColumn } from '../../../shared/data-table/data-table';
import { Pager } from '../../../shared/data-table/pager';
import { type Formatters, useFormatters } from '../../../shared/format/format-preferences';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { useSetStaffRoleMutation, useStaffMeQuery, useStaffUserQuery, useStaffUsersQuery } from '../staff-api';
import { staffPath } from '../staff-paths';

export const USERS_PAGE_SIZE = 20;

export const roleLabels: Record<UserRole, string> = { user: 'User', staff: 'Staff', admin: 'Admin' };

function columnsOf(f: Formatters): DataTableColumn<StaffUserRow>[] {
  return [
    {
      id: 'email',
      header: 'E-mail',
      value: (u) => u.email,
      hideable: false,
      width: 260,
      render: (u) => (
        <Link component={RouterLink} to={staffPath('users', u.id)}>
          {u.email}
        </Link>
      ),
    },
    { id: 'username', header: 'Username', value: (u) => u.username, width: 160 },
    { id: 'name', header: 'Name', value: (u) => u.name, width: 180 },
    {
      id: 'role',
      header: 'Role',
      value: (u) => roleLabels[u.role],
      render: (u) =>
        u.role === 'user' ? roleLabels.user : <Chip size="small" color="primary" label={roleLabels[u.role]} />,
      width: 100,
    },
    { id: 'status', header: 'Status', value: (u) => (u.status === 'active' ? 'Active' : 'Not activated'), width: 130 },
    { id: 'created', header: 'Signed up', value: (u) => new Date(u.createdAt), format: (u) => f.date(u.createdAt) },
  ];
}

function UserList() {
  const f = useFormatters();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const term = useDeferredValue(q.trim());
  const { data, isLoading, isError, isFetching, refetch } = useStaffUsersQuery({
    q: term,
    page,
    limit: USERS_PAGE_SIZE,
  });
  const columns = useMemo(() => columnsOf(f), [f]);
  const rows = data?.items ?? [];
  return (
    <>
      <TextField
        label="Search users"
        helperText="E-mail, username or name"
        type="search"
        size="small"
        value={q}
        onChange={(event) => {
          setQ(event.target.value);
          setPage(1);
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      <DataTable
        label="Users"
        columns={columns}
        rows={rows}
        getRowId={(u) => u.id}
        status={isLoading ? 'loading' : isError ? 'error' : 'ready'}
        error={{ title: 'The users could not be loaded.', onRetry: () => void refetch(), retrying: isFetching }}
        empty={{ title: term ? `No account matches “${term}”.` : 'No accounts yet.' }}
        onRowActivate={(u) => navigate(staffPath('users', u.id))}
        persistKey="staff.users"
        height={Math.min(560, 96 + Math.max(rows.length, 3) * 40)}
      />
      {data && <Pager page={page} limit={USERS_PAGE_SIZE} total={data.total} busy={isFetching} onPage={setPage} />}
    </>
  );
}

function Field(props: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {props.label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {props.children}
      </Typography>
    </>
  );
}

function RoleEditor(props: { userId: string; email: string; role: UserRole }) {
  const [role, setRole] = useState<UserRole>(props.role);
  const [confirming, setConfirming] = useState(false);
  const [setStaffRole, { isLoading, error, reset }] = useSetStaffRoleMutation();
  const message = error && isApiError(error) ? error.message : error ? 'The role could not be changed.' : null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label="Role"
        value={role}
        onChange={(event) => setRole(event.target.value as UserRole)}
        slotProps={{ select: { native: true } }}
      >
        {USER_ROLES.map((r) => (
          <option key={r} value={r}>
            {roleLabels[r]}
          </option>
        ))}
      </TextField>
      <Button variant="outlined" disabled={role === props.role} onClick={() => setConfirming(true)}>
        Change role
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Change this account’s role?"
        confirmLabel={`Make ${roleLabels[role].toLowerCase()}`}
        busy={isLoading}
        error={message}
        onConfirm={async () => {
          const result = await setStaffRole({ id: props.userId, role });
          if (!('error' in result)) setConfirming(false);
        }}
        onClose={() => {
          setConfirming(false);
          reset();
        }}
      >
        {props.email} becomes {roleLabels[role].toLowerCase()}
        {role === 'admin' ? ': they can edit plans and coupons and change roles.' : '.'} The change is written to the
        audit log.
      </ConfirmDialog>
    </Box>
  );
}

function UserDetail(props: { id: string }) {
  const f = useFormatters();
  const { data: me } = useStaffMeQuery();
  const { data: user, isLoading, isError, error, isFetching, refetch } = useStaffUserQuery(props.id);
  const back = (
    <Button component={RouterLink} to={staffPath('users')} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
      All users
    </Button>
  );
  if (isLoading) return <LoadingState label="Loading the user" />;
  if (isError || !user) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <>
        {back}
        {notFound ? (
          <InlineAlert severity="warning">No account has this id.</InlineAlert>
        ) : (
          <ErrorState title="The user could not be loaded." onRetry={() => void refetch()} retrying={isFetching} />
        )}
      </>
    );
  }
  return (
    <>
      {back}
      <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {user.name || user.username}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, mt: 2 }}
      >
        <Field label="E-mail">{user.email}</Field>
        <Field label="Username">{user.username}</Field>
        <Field label="Status">{user.status === 'active' ? 'Active' : 'Not activated'}</Field>
        <Field label="Role">{roleLabels[user.role]}</Field>
        <Field label="Plan">{user.plan.name}</Field>
        <Field label="Trading accounts">{user.tradingAccounts}</Field>
        <Field label="Signed up">{f.dateTime(user.createdAt)}</Field>
        <Field label="Last sign-in">{user.lastSignInAt ? f.dateTime(user.lastSignInAt) : 'Never'}</Field>
      </Box>
      {me?.isAdmin && me && <RoleEditor key={user.role} userId={user.id} email={user.email} role={user.role} />}
    </>
  );
}

/** "Users": look accounts up by e-mail, username or name; an account's details, and its role for admins. */
export function UsersSection(props: { itemId?: string }) {
  return props.itemId ? <UserDetail id={props.itemId} /> : <UserList />;
}
