import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { JournalAccount, JournalTrade } from '@tradedesk/contracts';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../shared/data-table/data-table';
import type { DataTableColumn } from '../../shared/data-table/data-table-types';
import { useFormatters } from '../../shared/format/format-preferences';
import { PnlText } from '../../shared/format/pnl-text';
import { type AnnotationDraft, annotationChanged, annotationDraftOf } from './day-entry-model';
import { useJournalStrategyOptionsQuery } from './strategy-options-api';
import { TradeAnnotationEditor } from './trade-annotation-editor';

export const tradeTitle = (t: JournalTrade, time: string) => `${t.symbol} ${t.direction} closed ${time}`;

/** The calendar's address of an economic event, its week open on the event's detail. */
const calendarEventHref = (id: string, time: string) =>
  `/market-intelligence/calendar?${new URLSearchParams({ tab: 'economic', week: time.slice(0, 10), event: id })}`;

/**
 * Every trade of the day (closed positions of the accounts shown, filled in by the server), in the kit's table.
 * A row's Journal button, Enter or a double click opens its annotation below the table; edits stay drafts until
 * the day is saved.
 */
export function DayTrades(props: {
  trades: readonly JournalTrade[];
  accounts: readonly JournalAccount[];
  drafts: Readonly<Record<string, AnnotationDraft>>;
  open: string | null;
  onOpen: (positionId: string | null) => void;
  onChange: (positionId: string, patch: Partial<AnnotationDraft>) => void;
}) {
  const f = useFormatters();
  const strategies = useJournalStrategyOptionsQuery();
  const { drafts, open, onOpen } = props;
  const accountNames = useMemo(() => new Map(props.accounts.map((a) => [a.id, a.name])), [props.accounts]);
  const strategyNames = useMemo(() => new Map((strategies.data ?? []).map((s) => [s.id, s.name])), [strategies.data]);
  const several = new Set(props.trades.map((t) => t.accountId)).size > 1;

  const draftOf = (t: JournalTrade) => drafts[t.positionId] ?? annotationDraftOf(t.annotation);
  const columns = useMemo<DataTableColumn<JournalTrade>[]>(() => {
    const draft = (t: JournalTrade) => drafts[t.positionId] ?? annotationDraftOf(t.annotation);
    return [
      {
        id: 'closedAt',
        header: 'Closed',
        value: (t) => new Date(t.closedAt),
        format: (t) => f.time(t.closedAt),
        width: 80,
      },
      ...(several
        ? [
            {
              id: 'account',
              header: 'Account',
              value: (t: JournalTrade) => accountNames.get(t.accountId) ?? '',
              width: 120,
            },
          ]
        : []),
      { id: 'symbol', header: 'Symbol', value: (t) => t.symbol, hideable: false, width: 90 },
      {
        id: 'direction',
        header: 'Side',
        value: (t) => t.direction,
        format: (t) => (t.direction === 'long' ? 'Long' : 'Short'),
        width: 64,
      },
      {
        // the news tag: high-impact events of the symbol within 30 minutes of the opening (server's calendar)
        id: 'news',
        header: 'News',
        value: (t) => (t.news ?? []).map((n) => n.title).join(', '),
        render: (t) => {
          const news = t.news ?? [];
          const first = news[0];
          if (!first) return '';
          return (
            <Link
              component={RouterLink}
              to={calendarEventHref(first.id, first.time)}
              title={news.map((n) => `${n.title}, ${f.dateTime(n.time)}`).join('\n')}
              aria-label={`Opened near ${news.map((n) => n.title).join(', ')}: open in the calendar`}
              underline="hover"
            >
              {first.title}
              {news.length > 1 ? ` +${news.length - 1}` : ''}
            </Link>
          );
        },
        width: 150,
      },
      {
        id: 'volume',
        header: 'Volume (lots)',
        value: (t) => t.volume,
        numeric: true,
        format: (t) => f.volume(t.volume, { unit: 'lots' }),
        width: 96,
      },
      {
        id: 'net',
        header: 'Net P/L',
        value: (t) => Number(t.net),
        numeric: true,
        csv: (t) => t.net,
        render: (t) => <PnlText value={Number(t.net)} currency={t.currency} />,
        width: 110,
      },
      {
        id: 'strategy',
        header: 'Strategy',
        value: (t) => {
          const id = draft(t).strategyId;
          return id ? (strategyNames.get(id) ?? '') : '';
        },
        width: 140,
      },
      {
        id: 'rating',
        header: 'Rating',
        value: (t) => draft(t).rating,
        numeric: true,
        format: (t) => {
          const r = draft(t).rating;
          return r ? `${'★'.repeat(r)}${'☆'.repeat(5 - r)}` : '';
        },
        width: 90,
      },
      {
        id: 'journal',
        header: 'Journal',
        headerHidden: true,
        exported: false,
        sortable: false,
        hideable: false,
        value: () => '',
        render: (t) => {
          const changed = annotationChanged(draft(t), annotationDraftOf(t.annotation));
          return (
            <Button
              size="small"
              variant={open === t.positionId ? 'contained' : 'text'}
              aria-expanded={open === t.positionId}
              aria-label={`Journal ${tradeTitle(t, f.time(t.closedAt))}`}
              onClick={() => onOpen(open === t.positionId ? null : t.positionId)}
            >
              {open === t.positionId ? 'Close' : changed ? 'Edit •' : 'Edit'}
            </Button>
          );
        },
        width: 90,
      },
    ];
  }, [f, several, accountNames, strategyNames, drafts, open, onOpen]);

  // By close time, ties by position id: the same order on every load.
  const rows = useMemo(
    () =>
      [...props.trades].sort(
        (a, b) => Date.parse(a.closedAt) - Date.parse(b.closedAt) || a.positionId.localeCompare(b.positionId),
      ),
    [props.trades],
  );
  const opened = props.trades.find((t) => t.positionId === open);
  const height = Math.min(360, 56 + 37 * Math.max(props.trades.length, 2) + 40);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      <DataTable
        label="Trades of the day"
        columns={columns}
        rows={rows}
        getRowId={(t) => t.positionId}
        onRowActivate={(t) => onOpen(t.positionId)}
        height={height}
        exportName="journal-day-trades"
        empty={{
          title: 'No trades closed on this day.',
          description: 'Trades your accounts close on a day show here by themselves, ready to journal.',
        }}
      />
      {opened && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={`Journal of ${opened.symbol} trade`}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {opened.symbol} {opened.direction === 'long' ? 'long' : 'short'}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {f.volume(opened.volume, { unit: 'lots', withUnit: true })} · {f.time(opened.openedAt)} →{' '}
              {f.time(opened.closedAt)}
            </Typography>
            <PnlText value={Number(opened.net)} currency={opened.currency} />
            <Button size="small" sx={{ ml: 'auto' }} onClick={() => onOpen(null)}>
              Close
            </Button>
          </Box>
          <TradeAnnotationEditor
            key={opened.positionId}
            title={`${opened.symbol} ${opened.direction}`}
            draft={draftOf(opened)}
            onChange={(patch) => props.onChange(opened.positionId, patch)}
          />
        </Paper>
      )}
    </Box>
  );
}
