import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Community, CommunityMember, CommunityRole } from '@tradedesk/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { DataTable } from '../../../shared/data-table/data-table';
import type { DataTableColumn } from '../../../shared/data-table/data-table-types';
import { useFormatters } from '../../../shared/format/format-preferences';
import { usePageMembersQuery, usePageRolesQuery } from './community-page-api';

const LIMIT = 10;
const DEBOUNCE_MS = 300;
const ALL = 'all';

/** The member's group in the list: their highest role shown separately (`display`), else "Members". */
export function groupOf(member: CommunityMember, displayRoles: ReadonlyMap<string, CommunityRole>): string {
  const shown = member.roles.filter((r) => displayRoles.has(r.id)).sort((a, b) => b.position - a.position)[0];
  return shown?.name ?? 'Members';
}

function RoleChips(props: { member: CommunityMember }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden' }}>
      {[...props.member.roles]
        .sort((a, b) => b.position - a.position)
        .map((r) => (
          <Chip
            key={r.id}
            size="small"
            variant="outlined"
            label={r.name}
            sx={{ borderColor: r.color }}
            icon={
              <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: r.color }} />
            }
          />
        ))}
    </Stack>
  );
}

/**
 * The Members tab: the web kit's table, page by page, searched by name or username (sent only when non-empty). The
 * roles the community shows separately (`display`) are groups: each member's group is a column, and each group can
 * be listed on its own (GET member-list/{roleId}).
 */
export function CommunityMembers(props: { community: Community }) {
  const { community: c } = props;
  const f = useFormatters();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [group, setGroup] = useState<string>(ALL);
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(input.trim());
      setPage(1);
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input]);
  const roles = usePageRolesQuery(c.id);
  const displayRoles = useMemo(
    () =>
      new Map(
        (roles.data ?? [])
          .filter((r) => r.display)
          .sort((a, b) => b.position - a.position)
          .map((r) => [r.roleId, r]),
      ),
    [roles.data],
  );
  const query = usePageMembersQuery({ id: c.id, page, limit: LIMIT, search, roleId: group === ALL ? null : group });
  const rows = useMemo(() => query.data?.items ?? [], [query.data]);

  const columns = useMemo<DataTableColumn<CommunityMember>[]>(
    () => [
      {
        id: 'member',
        header: 'Member',
        value: (m) => m.user.displayName,
        hideable: false,
        width: 240,
        render: (m) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Avatar src={m.user.avatarUrl ?? undefined} alt="" sx={{ width: 24, height: 24 }}>
              {m.user.displayName.charAt(0).toUpperCase()}
            </Avatar>
            <Link
              component={RouterLink}
              to={`/community/profile/${encodeURIComponent(m.user.username)}`}
              underline="hover"
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {m.user.displayName}
            </Link>
          </Stack>
        ),
      },
      { id: 'username', header: 'Username', value: (m) => `@${m.user.username}`, width: 160 },
      { id: 'group', header: 'Group', value: (m) => groupOf(m, displayRoles), width: 140 },
      {
        id: 'roles',
        header: 'Roles',
        value: (m) => m.roles.map((r) => r.name).join(', '),
        render: (m) => <RoleChips member={m} />,
        width: 280,
        fill: true,
        sortable: false,
      },
      {
        id: 'joined',
        header: 'Joined',
        value: (m) => new Date(m.joinedAt),
        format: (m) => f.date(m.joinedAt),
        width: 130,
      },
    ],
    [displayRoles, f],
  );

  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LIMIT));
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          size="small"
          type="search"
          label="Search members"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          sx={{ minWidth: 240 }}
        />
        {displayRoles.size > 0 && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={group}
            onChange={(_e, v: string | null) => {
              if (!v) return;
              setGroup(v);
              setPage(1);
            }}
            aria-label="Member groups"
            sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
          >
            <ToggleButton value={ALL}>
              All members{c.settings.showMemberCount ? ` (${c.memberCount})` : ''}
            </ToggleButton>
            {[...displayRoles.values()].map((r) => (
              <ToggleButton key={r.roleId} value={r.roleId}>
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: r.color, mr: 1 }}
                />
                {r.name} ({r.members})
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      </Stack>
      <Box sx={{ height: 480 }}>
        <DataTable
          label="Members"
          columns={columns}
          rows={rows}
          getRowId={(m) => m.user.id}
          status={query.isLoading ? 'loading' : query.isError ? 'error' : 'ready'}
          error={{
            title: 'The members could not be loaded.',
            message: isApiError(query.error) ? query.error.message : undefined,
            onRetry: () => void query.refetch(),
            retrying: query.isFetching,
          }}
          empty={{ title: search ? `No member matches “${search}”.` : 'No members to show.' }}
          persistKey="community-members"
        />
      </Box>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_e, p) => setPage(p)}
          sx={{ alignSelf: 'center' }}
          aria-label="Pages of members"
        />
      )}
    </Stack>
  );
}
