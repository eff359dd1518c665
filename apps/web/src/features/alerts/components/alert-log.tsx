import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Alert, AlertLogEntry } from '@tradedesk/contracts';
import { useId } from 'react';
import { useFormatters } from '../../../shared/format/format-preferences';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { useAlertLogQuery } from '../alerts-api';

const CHANNEL_LABELS = { app: 'In the app', email: 'E-mail', webhook: 'Webhook' } as const;

/** One line of the log in words: a fire, a delivery attempt (webhook status and error), an expiry. */
export function logEntryText(entry: AlertLogEntry): { primary: string; secondary: string | null } {
  if (entry.kind === 'fired') {
    const at = entry.symbol && entry.price !== null ? ` ${entry.symbol} at ${entry.price}` : '';
    return { primary: `Fired${at}`, secondary: entry.message };
  }
  if (entry.kind === 'expired') return { primary: 'Expired', secondary: null };
  const channel = entry.channel ? CHANNEL_LABELS[entry.channel] : 'Delivery';
  const attempt = entry.attempt ? `, attempt ${entry.attempt}` : '';
  const status = entry.statusCode !== null ? ` · HTTP ${entry.statusCode}` : '';
  return {
    primary: `${channel}${attempt}: ${entry.ok ? 'delivered' : 'failed'}${status}`,
    secondary: entry.error,
  };
}

/** An alert's log (GET /alerts/{id}/log): its fires and every delivery attempt, newest first. */
export function AlertLogDialog(props: { alert: Alert; onClose(): void }) {
  const titleId = useId();
  const f = useFormatters();
  const log = useAlertLogQuery(props.alert.id, { refetchOnMountOrArgChange: true });
  const webhook = props.alert.delivery.webhook;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Log of “{props.alert.name}”</DialogTitle>
      <DialogContent dividers>
        {webhook && (
          <Typography variant="body2" sx={{ mb: 1.5, wordBreak: 'break-all' }}>
            Webhook {webhook.url}, signed with the secret <code>{webhook.secret}</code> (HMAC-SHA256 of the body in
            X-TradeDesk-Signature).
          </Typography>
        )}
        {log.isLoading ? (
          <LoadingState label="Loading the log" />
        ) : log.isError ? (
          <ErrorState title="The log could not be loaded." onRetry={log.refetch} />
        ) : (log.data ?? []).length === 0 ? (
          <EmptyState title="Nothing yet." description="Each fire and each delivery attempt will show here." />
        ) : (
          <List dense aria-label="Alert log">
            {log.data!.map((entry) => {
              const text = logEntryText(entry);
              return (
                <ListItem key={entry.id} divider>
                  <ListItemText
                    primary={`${f.dateTime(entry.at, 'dateTimeSeconds')} · ${text.primary}`}
                    secondary={text.secondary}
                    slotProps={{ primary: { color: entry.ok ? 'text.primary' : 'error' } }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
