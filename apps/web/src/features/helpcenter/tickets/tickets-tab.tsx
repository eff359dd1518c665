import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HELP_PAGE_DEFAULTS, TICKET_MESSAGE_MAX, TICKET_SUBJECT_MAX } from '@tradedesk/contracts';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Pager } from '../../../shared/data-table/pager';
import { useFormatters } from '../../../shared/format/format-preferences';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { failureText, TicketConversation, TicketLoadFailed, TicketStatusChip } from './ticket-conversation';
import { useOpenTicketMutation, useReplyToTicketMutation, useTicketQuery, useTicketsQuery } from './tickets-api';

const TAB_PATH = '/help/tickets';

/** The help center's "Tickets" tab: the user's tickets, a new one, or the conversation `itemId`. */
export function TicketsTab(props: { itemId?: string }) {
  if (props.itemId) return <TicketView id={props.itemId} />;
  return <TicketList />;
}

function TicketList() {
  const f = useFormatters();
  const [page, setPage] = useState<number>(HELP_PAGE_DEFAULTS.page);
  const [creating, setCreating] = useState(false);
  const { data, isLoading, isError, isFetching, refetch } = useTicketsQuery({ page });

  if (creating) return <NewTicketForm onCancel={() => setCreating(false)} />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h5" component="h2">
          Your support tickets
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)}>
          New ticket
        </Button>
      </Box>
      {isLoading ? (
        <LoadingState label="Loading your tickets" variant="rows" />
      ) : isError ? (
        <ErrorState title="Your tickets could not be loaded." onRetry={() => void refetch()} retrying={isFetching} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState
          title="No tickets yet."
          description="Open a ticket to ask the support team anything; the answer also comes by e-mail."
        />
      ) : (
        <List aria-label="Your tickets" disablePadding>
          {data.items.map((t) => (
            <ListItemButton
              key={t.id}
              component={RouterLink}
              to={`${TAB_PATH}/${t.id}`}
              divider
              sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 1 }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle1" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {t.subject}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                  {t.preview}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <TicketStatusChip status={t.status} />
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                  {f.dateTime(t.lastMessageAt)}
                </Typography>
              </Box>
            </ListItemButton>
          ))}
        </List>
      )}
      <Pager page={page} limit={data?.limit ?? 10} total={data?.total ?? 0} busy={isFetching} onPage={setPage} />
    </Box>
  );
}

function NewTicketForm(props: { onCancel: () => void }) {
  const navigate = useNavigate();
  const [open, { isLoading }] = useOpenTicketMutation();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; message?: string; form?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(subject.trim() ? {} : { subject: 'Subject is required.' }),
      ...(message.trim() ? {} : { message: 'Message is required.' }),
    };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      const ticket = await open({ subject, message }).unwrap();
      navigate(`${TAB_PATH}/${ticket.id}`);
    } catch (failure) {
      setErrors({ form: failureText(failure) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="New ticket" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h2">
        New ticket
      </Typography>
      {errors.form && (
        <InlineAlert severity="error" sx={{ m: 0 }}>
          {errors.form}
        </InlineAlert>
      )}
      <TextField
        label="Subject"
        required
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        error={Boolean(errors.subject)}
        helperText={errors.subject}
        slotProps={{ htmlInput: { maxLength: TICKET_SUBJECT_MAX } }}
      />
      <TextField
        label="Message"
        required
        multiline
        minRows={5}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={Boolean(errors.message)}
        helperText={errors.message ?? 'Describe what you need; we answer here and by e-mail.'}
        slotProps={{ htmlInput: { maxLength: TICKET_MESSAGE_MAX } }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={isLoading}>
          Send ticket
        </Button>
        <Button onClick={props.onCancel}>Cancel</Button>
      </Box>
    </Box>
  );
}

function TicketView(props: { id: string }) {
  const { data, isLoading, isError, error, isFetching, refetch } = useTicketQuery(props.id);
  const [reply] = useReplyToTicketMutation();
  const back = (
    <Link component={RouterLink} to={TAB_PATH}>
      All your tickets
    </Link>
  );
  if (isLoading) return <LoadingState label="Loading the ticket" />;
  if (isError || !data) {
    return <TicketLoadFailed back={back} error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  return (
    <TicketConversation
      ticket={data}
      header={
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          {back}
          <TicketStatusChip status={data.status} />
        </Box>
      }
      replyLabel="Your reply"
      replyHint={data.status === 'solved' ? 'A reply opens the ticket again.' : undefined}
      onReply={(message) => reply({ id: data.id, message }).unwrap()}
    />
  );
}
