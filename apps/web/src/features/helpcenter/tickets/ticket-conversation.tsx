import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Ticket, TicketStatus } from '@tradedesk/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { formMessage } from '../../../shared/forms/server-errors';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';

export const ticketStatusLabels: Record<TicketStatus, { label: string; color: 'warning' | 'info' | 'success' }> = {
  open: { label: 'Awaiting support', color: 'warning' },
  waiting: { label: 'Awaiting your reply', color: 'info' },
  solved: { label: 'Solved', color: 'success' },
};

/** Staff read the statuses from their side. */
export const staffTicketStatusLabels: Record<TicketStatus, string> = {
  open: 'Open (awaiting staff)',
  waiting: 'Waiting (awaiting the user)',
  solved: 'Solved',
};

export function TicketStatusChip(props: { status: TicketStatus; forStaff?: boolean }) {
  const { label, color } = ticketStatusLabels[props.status];
  return <Chip size="small" color={color} label={props.forStaff ? staffTicketStatusLabels[props.status] : label} />;
}

/** The text of a failed call, as a sentence. */
export function failureText(error: unknown): string {
  return isApiError(error) ? formMessage(error) : 'Something went wrong. Please try again.';
}

/**
 * A ticket's conversation, oldest message first, with the reply box under it. `header` goes above the subject (a
 * back link), `details` under it; `onReply` sends the text and throws on failure.
 */
export function TicketConversation(props: {
  ticket: Ticket;
  header?: ReactNode;
  /** Under the subject, above the messages (who asked, the status control). */
  details?: ReactNode;
  replyLabel: string;
  replyHint?: string;
  /** Staff see their colleagues' names, so replies from staff say "(support)"; users see "TradeDesk support". */
  markStaffReplies?: boolean;
  onReply: (message: string) => Promise<unknown>;
}) {
  const { ticket } = props;
  const f = useFormatters();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('Write a message before sending.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await props.onReply(text);
      setText('');
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {props.header}
      <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {ticket.subject}
      </Typography>
      {props.details}
      <Box component="ol" aria-label="Messages" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {ticket.messages.map((m) => (
          <Paper
            key={m.id}
            component="li"
            variant="outlined"
            sx={{
              p: 2,
              ml: m.fromStaff ? 0 : 4,
              mr: m.fromStaff ? 4 : 0,
              borderColor: m.fromStaff ? 'primary.main' : undefined,
            }}
          >
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
              {m.authorName}
              {m.fromStaff && props.markStaffReplies ? ' (support)' : ''} · {f.dateTime(m.createdAt)}
              {m.source === 'email' ? ' · by e-mail' : ''}
            </Typography>
            <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.body}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Box component="form" noValidate onSubmit={submit} aria-label={props.replyLabel} sx={{ display: 'grid', gap: 1 }}>
        {error && (
          <InlineAlert severity="error" sx={{ m: 0 }}>
            {error}
          </InlineAlert>
        )}
        <TextField
          label={props.replyLabel}
          multiline
          minRows={3}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          helperText={props.replyHint}
          slotProps={{ htmlInput: { maxLength: 10_000 } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={sending}>
            Send reply
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

/** A ticket that could not be loaded (gone, another user's, offline): why, a retry, and the way back. */
export function TicketLoadFailed(props: { back: ReactNode; error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {props.back}
      <ErrorState
        title="This ticket could not be loaded."
        message={failureText(props.error)}
        onRetry={props.onRetry}
        retrying={props.retrying}
      />
    </Box>
  );
}
