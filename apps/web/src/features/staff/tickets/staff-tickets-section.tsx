import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  STAFF_TICKET_FILTERS,
  type StaffTicketListQuery,
  TICKET_STATUSES,
  type TicketStatus,
  type TicketSummary,
} from '@tradedesk/contracts';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../shared/data-table/data-table';
import { Pager } from '../../../shared/data-table/pager';
import { type Formatters, useFormatters } from '../../../shared/format/format-preferences';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import {
  failureText,
  staffTicketStatusLabels,
  TicketConversation,
  TicketLoadFailed,
  TicketStatusChip,
} from '../../helpcenter/tickets/ticket-conversation';
import {
  useSetTicketStatusMutation,
  useStaffReplyToTicketMutation,
  useStaffTicketQuery,
  useStaffTicketsQuery,
} from '../../helpcenter/tickets/tickets-api';

const SECTION_PATH = '/staff/tickets';
const PAGE_SIZE = 20;
type Filter = StaffTicketListQuery['status'];
const filterLabels: Record<Filter, string> = { ...staffTicketStatusLabels, all: 'All tickets' };

function columnsOf(f: Formatters): DataTableColumn<TicketSummary>[] {
  return [
    { id: 'subject', header: 'Subject', value: (t) => t.subject, hideable: false, width: 200 },
    {
      id: 'requester',
      header: 'From',
      value: (t) => t.requester.email ?? t.requester.name,
      format: (t) => (t.requester.email ? `${t.requester.name} <${t.requester.email}>` : t.requester.name),
      width: 180,
    },
    {
      id: 'status',
      header: 'Status',
      value: (t) => t.status,
      render: (t) => <TicketStatusChip status={t.status} forStaff />,
      width: 130,
    },
    { id: 'messages', header: 'Messages', value: (t) => t.messageCount, numeric: true, width: 80 },
    {
      id: 'last',
      header: 'Last message',
      value: (t) => new Date(t.lastMessageAt),
      format: (t) => f.dateTime(t.lastMessageAt),
      width: 140,
    },
  ];
}

/** The staff console's "Tickets": the support inbox, or the conversation `itemId` with reply and status. */
export function StaffTicketsSection(props: { itemId?: string }) {
  if (props.itemId) return <StaffTicketView id={props.itemId} />;
  return <Inbox />;
}

function Inbox() {
  const f = useFormatters();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Filter>('open');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = { status, page, limit: PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}) };
  const { data, isLoading, isError, isFetching, refetch } = useStaffTicketsQuery(query);
  const columns = useMemo(() => columnsOf(f), [f]);
  const rows = data?.items ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h2">
        Support tickets
      </Typography>
      <DataTable
        label="Support tickets"
        columns={columns}
        rows={rows}
        getRowId={(t) => t.id}
        status={isLoading ? 'loading' : isError ? 'error' : 'ready'}
        error={{ title: 'The tickets could not be loaded.', onRetry: () => void refetch(), retrying: isFetching }}
        empty={{ title: 'No tickets here.', description: 'Tickets matching the status and search show here.' }}
        onRowActivate={(t) => navigate(`${SECTION_PATH}/${t.id}`)}
        persistKey="staff.tickets"
        height={Math.min(560, 96 + Math.max(rows.length, 3) * 40)}
        toolbar={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as Filter);
                setPage(1);
              }}
              sx={{ minWidth: 220 }}
            >
              {STAFF_TICKET_FILTERS.map((s) => (
                <MenuItem key={s} value={s}>
                  {filterLabels[s]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="search"
              label="Search subjects, messages, e-mails"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </Box>
        }
      />
      <Pager page={page} limit={PAGE_SIZE} total={data?.total ?? 0} busy={isFetching} onPage={setPage} />
    </Box>
  );
}

function StaffTicketView(props: { id: string }) {
  const { data, isLoading, isError, error, isFetching, refetch } = useStaffTicketQuery(props.id);
  const [reply] = useStaffReplyToTicketMutation();
  const [setStatus, statusCall] = useSetTicketStatusMutation();
  const [statusError, setStatusError] = useState<string | null>(null);
  const back = (
    <Link component={RouterLink} to={SECTION_PATH}>
      Back to the inbox
    </Link>
  );
  if (isLoading) return <LoadingState label="Loading the ticket" />;
  if (isError || !data) {
    return <TicketLoadFailed back={back} error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  const changeStatus = async (status: TicketStatus) => {
    setStatusError(null);
    try {
      await setStatus({ id: data.id, status }).unwrap();
    } catch (failure) {
      setStatusError(failureText(failure));
    }
  };
  return (
    <TicketConversation
      ticket={data}
      header={back}
      details={
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2">
              From {data.requester.name}
              {data.requester.email ? ` <${data.requester.email}>` : ''}
            </Typography>
            <TextField
              select
              size="small"
              label="Status"
              value={data.status}
              disabled={statusCall.isLoading}
              onChange={(e) => void changeStatus(e.target.value as TicketStatus)}
              sx={{ minWidth: 240 }}
            >
              {TICKET_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {staffTicketStatusLabels[s]}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {statusError && (
            <InlineAlert severity="error" sx={{ m: 0 }}>
              {statusError}
            </InlineAlert>
          )}
        </Box>
      }
      replyLabel="Reply to the user"
      markStaffReplies
      replyHint="The user gets it by e-mail; the ticket then waits for their answer."
      onReply={(message) => reply({ id: data.id, message }).unwrap()}
    />
  );
}
