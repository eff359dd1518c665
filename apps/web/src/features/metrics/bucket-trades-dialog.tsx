import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { MetricsBucket, MetricsTrade } from '@tradedesk/contracts';
import { findInstrument } from '@tradedesk/core';
import { useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataTableColumn } from '../../shared/data-table/data-table';
import { useFormatters } from '../../shared/format/format-preferences';
import { ShownValue } from './figure-tiles';
import { bucketShown, type Display, durationText, sessionLabels, tradeAmount, tradesText } from './metric-values';

/** The instrument's price digits (5 for a symbol the catalogue does not know). */
const digitsOf = (symbol: string) => findInstrument(symbol.slice(symbol.indexOf(':') + 1))?.digits ?? 5;

/** The trade in the positions history: its deals and modification log (`/positions`' deep link). */
export const tradeHistoryHref = (t: Pick<MetricsTrade, 'id' | 'accountId'>) =>
  `/positions?tab=history&account=${encodeURIComponent(t.accountId)}&trade=${encodeURIComponent(t.id)}`;

/**
 * The trades behind a bar, a calendar day or a week: what a figure was made of. With `onOpenTrade` (the metrics
 * screen: real trades of the user's accounts, not a backtest's) each opens in the positions history: its link, or
 * Enter or a double-click on the row.
 */
export function BucketTradesDialog(props: {
  title: string;
  bucket: MetricsBucket;
  display: Display;
  /** Account names by id, shown when the figures cover several accounts. */
  accountNames?: ReadonlyMap<string, string>;
  /** Opens a trade in the positions history (tradeHistoryHref); without it the rows link nowhere. */
  onOpenTrade?: (trade: MetricsTrade) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const f = useFormatters();
  const { display, bucket, accountNames } = props;
  const rows = useMemo(
    () => bucket.tradeIds.map((id) => display.trades.get(id)).filter((t): t is MetricsTrade => t !== undefined),
    [bucket, display.trades],
  );
  const columns = useMemo<DataTableColumn<MetricsTrade>[]>(() => {
    const cols: DataTableColumn<MetricsTrade>[] = [
      { id: 'symbol', header: 'Symbol', value: (t) => t.symbol, hideable: false, width: 90 },
      { id: 'direction', header: 'Side', value: (t) => (t.direction === 'long' ? 'Long' : 'Short'), width: 70 },
      {
        id: 'volume',
        header: 'Lots',
        numeric: true,
        width: 70,
        value: (t) => t.volume,
        format: (t) => f.volume(t.volume, { unit: 'lots' }),
      },
      {
        id: 'opened',
        header: 'Opened',
        width: 160,
        value: (t) => new Date(t.openedAt),
        format: (t) => f.dateTime(t.openedAt),
      },
      {
        id: 'closed',
        header: 'Closed',
        width: 160,
        value: (t) => new Date(t.closedAt),
        format: (t) => f.dateTime(t.closedAt),
      },
      {
        id: 'held',
        header: 'Held',
        width: 80,
        value: (t) => t.holdingSeconds,
        format: (t) => durationText(t.holdingSeconds),
      },
      {
        id: 'entry',
        header: 'Entry',
        numeric: true,
        width: 95,
        value: (t) => t.openPrice,
        format: (t) => f.price(t.openPrice, digitsOf(t.symbol)),
      },
      {
        id: 'exit',
        header: 'Exit',
        numeric: true,
        width: 95,
        value: (t) => t.closePrice,
        format: (t) => f.price(t.closePrice, digitsOf(t.symbol)),
      },
      { id: 'session', header: 'Session', width: 100, value: (t) => sessionLabels[t.session] ?? t.session },
      {
        id: 'pnl',
        header: display.basis === 'net' ? 'Net P/L' : 'Gross P/L',
        numeric: true,
        width: 140,
        value: (t) => tradeAmount(t, display.basis),
        format: (t) => f.pnl(tradeAmount(t, display.basis), display.currency).text,
        render: (t) => {
          const p = f.pnl(tradeAmount(t, display.basis), display.currency);
          return <ShownValue value={p} signed />;
        },
      },
      {
        id: 'r',
        header: 'R',
        numeric: true,
        width: 70,
        value: (t) => t.r,
        format: (t) => (t.r === null ? '—' : `${f.pnl(t.r, undefined, { digits: 2 }).text}R`),
      },
    ];
    if (props.onOpenTrade) {
      cols.push({
        id: 'history',
        header: 'History',
        width: 90,
        sortable: false,
        exported: false,
        value: () => '',
        render: (t) => (
          <Link
            component={RouterLink}
            to={tradeHistoryHref(t)}
            aria-label={`Open the ${t.symbol} trade in the history`}
          >
            Open
          </Link>
        ),
      });
    }
    if (accountNames && accountNames.size > 1) {
      cols.unshift({
        id: 'account',
        header: 'Account',
        width: 140,
        value: (t) => accountNames.get(t.accountId) ?? t.accountId,
      });
    }
    return cols;
  }, [f, display, accountNames, props.onOpenTrade]);
  const total = bucketShown(f, bucket, display);
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="lg">
      <DialogTitle id={titleId}>
        {props.title}
        <Typography component="span" sx={{ display: 'block' }} color="text.secondary" variant="body2">
          {tradesText(bucket.count)} · <ShownValue value={total} signed />
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Box sx={{ height: Math.min(520, 96 + rows.length * 37), minHeight: 180 }}>
          <DataTable
            label={`Trades of ${props.title}`}
            columns={columns}
            rows={rows}
            getRowId={(t) => t.id}
            status="ready"
            empty={{ title: 'No trades here.' }}
            persistKey="metrics.trades"
            exportName="metrics-trades"
            initialSort={[{ id: 'closed', desc: false }]}
            onRowActivate={props.onOpenTrade}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
