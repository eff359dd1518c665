import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ModerationItem, ReportTargetKind } from '@tradedesk/contracts';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { DataTable, type DataTableColumn } from '../../../shared/data-table/data-table';
import { Pager } from '../../../shared/data-table/pager';
import { type Formatters, useFormatters } from '../../../shared/format/format-preferences';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { type ModerationVerb, useModerateMutation, useModerationQueueQuery } from './moderation-api';

export const MODERATION_PAGE_SIZE = 20;
type Status = 'open' | 'resolved' | 'all';

const verbs: Record<ModerationVerb, { label: string; title: string; explain: string }> = {
  hide: {
    label: 'Hide',
    title: 'Hide this item?',
    explain: 'Everyone but its owner stops seeing it; the owner is told it broke the rules. The reports are closed.',
  },
  restore: { label: 'Restore', title: 'Show this item again?', explain: 'Everyone sees it again.' },
  warn: {
    label: 'Warn',
    title: 'Warn the owner?',
    explain: 'The owner gets a notification with your reason; the item stays as it is. The reports are closed.',
  },
  dismiss: {
    label: 'Dismiss',
    title: 'Dismiss the reports?',
    explain: 'The reports are closed as unfounded; an item hidden automatically is shown again.',
  },
};

const key = (i: ModerationItem) => `${i.kind}:${i.targetId}`;

/** How the queue names each kind: a post's comment and an article's comment are both comments to their owners. */
const KIND_LABELS: Record<ReportTargetKind, string> = {
  post: 'Post',
  comment: 'Post comment',
  article: 'Article',
  article_comment: 'Article comment',
  message: 'Message',
  profile: 'Profile',
};

function stateOf(i: ModerationItem): string {
  if (i.pendingReview) return 'Hidden, pending review';
  return i.hidden ? 'Hidden' : 'Visible';
}

function columnsOf(f: Formatters, act: (item: ModerationItem, verb: ModerationVerb) => void) {
  const columns: DataTableColumn<ModerationItem>[] = [
    { id: 'kind', header: 'Kind', value: (i) => KIND_LABELS[i.kind], width: 130 },
    {
      id: 'item',
      header: 'Item',
      value: (i) => i.target?.excerpt ?? 'Deleted by its owner',
      width: 320,
      render: (i) =>
        i.target?.link ? (
          <Link component={RouterLink} to={i.target.link}>
            {i.target.excerpt || 'Open'}
          </Link>
        ) : (
          (i.target?.excerpt ?? 'Deleted by its owner')
        ),
    },
    {
      id: 'reasons',
      header: 'Reasons',
      value: (i) =>
        Object.entries(i.reasons)
          .map(([reason, n]) => `${reason.replaceAll('_', ' ')} ×${n}`)
          .join(', '),
      width: 200,
    },
    { id: 'open', header: 'Open reports', value: (i) => i.openReports, numeric: true, width: 110 },
    {
      id: 'state',
      header: 'State',
      value: stateOf,
      render: (i) => (
        <Chip size="small" color={i.hidden ? 'warning' : 'default'} label={stateOf(i)} variant="outlined" />
      ),
      width: 180,
    },
    {
      id: 'last',
      header: 'Last reported',
      value: (i) => new Date(i.lastReportedAt),
      format: (i) => f.dateTime(i.lastReportedAt),
      width: 160,
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      value: () => null,
      sortable: false,
      exported: false,
      width: 300,
      render: (i) => (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {(i.hidden ? (['restore', 'warn', 'dismiss'] as const) : (['hide', 'warn', 'dismiss'] as const)).map((v) => (
            <Button
              key={v}
              size="small"
              onClick={() => act(i, v)}
              aria-label={`${verbs[v].label}: ${KIND_LABELS[i.kind].toLowerCase()} ${i.target?.excerpt ?? i.targetId}`}
              disabled={v === 'warn' && !i.target}
            >
              {verbs[v].label}
            </Button>
          ))}
        </Box>
      ),
    },
  ];
  return columns;
}

function ActionDialog(props: { item: ModerationItem; verb: ModerationVerb; onClose: () => void }) {
  const titleId = useId();
  const [text, setText] = useState('');
  const [moderate, { isLoading, error }] = useModerateMutation();
  const { verb, item } = props;
  const needsReason = verb === 'warn';
  const failure = error ? (isApiError(error) ? error.message : 'The action failed.') : null;
  return (
    <Dialog open onClose={isLoading ? undefined : props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{verbs[verb].title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {item.target?.excerpt ? `“${item.target.excerpt}”. ` : ''}
          {verbs[verb].explain}
        </DialogContentText>
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={needsReason ? 'Reason (sent to the owner)' : 'Note (optional, kept in the history)'}
          required={needsReason}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {failure && (
          <InlineAlert severity="error" sx={{ mt: 2 }}>
            {failure}
          </InlineAlert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={verb === 'hide' ? 'error' : 'primary'}
          disabled={isLoading || (needsReason && text.trim() === '')}
          onClick={async () => {
            const result = await moderate({ kind: item.kind, targetId: item.targetId, verb, text: text.trim() });
            if (!('error' in result)) props.onClose();
          }}
        >
          {verbs[verb].label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Moderation": the community's reported items, most reported first, with hide, restore, warn and dismiss. */
export function ModerationSection() {
  const f = useFormatters();
  const [status, setStatus] = useState<Status>('open');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<{ item: ModerationItem; verb: ModerationVerb } | null>(null);
  const { data, isLoading, isError, isFetching, refetch } = useModerationQueueQuery({
    status,
    page,
    limit: MODERATION_PAGE_SIZE,
  });
  const columns = useMemo(() => columnsOf(f, (item, verb) => setActing({ item, verb })), [f]);
  const rows = data?.items ?? [];
  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        onChange={(_e, value: Status | null) => {
          if (value) {
            setStatus(value);
            setPage(1);
          }
        }}
        aria-label="Reports to show"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="open">Open</ToggleButton>
        <ToggleButton value="resolved">Resolved</ToggleButton>
        <ToggleButton value="all">All</ToggleButton>
      </ToggleButtonGroup>
      <DataTable
        label="Reported items"
        columns={columns}
        rows={rows}
        getRowId={key}
        status={isLoading ? 'loading' : isError ? 'error' : 'ready'}
        error={{ title: 'The reports could not be loaded.', onRetry: () => void refetch(), retrying: isFetching }}
        empty={{
          title: status === 'open' ? 'No open reports.' : 'No reports.',
          description: 'Reports of posts, articles, their comments, messages and profiles appear here.',
        }}
        persistKey="staff.moderation"
        height={Math.min(600, 96 + Math.max(rows.length, 3) * 40)}
      />
      {data && <Pager page={page} limit={MODERATION_PAGE_SIZE} total={data.total} busy={isFetching} onPage={setPage} />}
      {acting && <ActionDialog key={key(acting.item)} {...acting} onClose={() => setActing(null)} />}
    </>
  );
}
