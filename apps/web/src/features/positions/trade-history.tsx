import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Trade } from '@tradedesk/contracts';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { DataTable, type DataTableColumn } from '../../shared/data-table/data-table';
import { useFormatters } from '../../shared/format/format-preferences';
import { PnlText } from '../../shared/format/pnl-text';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { type TradesArgs, tradingApi, useTradeDetailQuery, useTradesQuery } from '../trading';
import { DealsTable, ModificationLog } from './modification-log';
import { contractOf, pipsBetween, sign } from './position-math';

export type HistoryFilters = { symbol: string; side: '' | 'buy' | 'sell'; from: string; to: string };
export const emptyFilters: HistoryFilters = { symbol: '', side: '', from: '', to: '' };

/** The query of a filter form: dates (yyyy-mm-dd, the user's day) from the start of `from` to the end of `to`. */
export function tradesArgsOf(account: string, filters: HistoryFilters, page: number, limit: number): TradesArgs {
  const day = (d: string, end: boolean) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return undefined;
    const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
    const t = end ? new Date(y, m - 1, dd, 23, 59, 59, 999) : new Date(y, m - 1, dd);
    return t.toISOString();
  };
  return {
    account,
    status: 'closed',
    symbol: filters.symbol.trim().toUpperCase() || undefined,
    side: filters.side || undefined,
    from: day(filters.from, false),
    to: day(filters.to, true),
    page: page + 1,
    limit,
  };
}

/** Pips a closed trade made (signed: negative is against it). */
export function tradePips(t: Pick<Trade, 'symbol' | 'side' | 'openPrice' | 'closePrice'>): number | null {
  if (t.closePrice === null) return null;
  const pips = pipsBetween(t.openPrice, t.closePrice, contractOf(t.symbol).pipSize);
  return (t.closePrice - t.openPrice) * sign(t.side) >= 0 ? pips : -pips;
}

/** Trades one request of the CSV export asks for: the route's largest page. */
const EXPORT_PAGE = 200;

/** The closed trades of an account, with filters (symbol, side, dates), paging and CSV export of every page. */
export function TradeHistory(props: {
  accountId: string;
  currency: string;
  renderTradeActions?: (trade: Trade) => ReactNode;
}) {
  const f = useFormatters();
  const [filters, setFilters] = useState<HistoryFilters>(emptyFilters);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(50);
  const [open, setOpen] = useState<Trade | null>(null);
  const query = useTradesQuery(tradesArgsOf(props.accountId, filters, page, limit));
  const dispatch = useAppDispatch();
  // The export writes every trade the filters find, page by page (the route gives at most 200 at a time).
  const exportRows = async (): Promise<Trade[]> => {
    const all: Trade[] = [];
    for (let p = 0; ; p++) {
      const args = tradesArgsOf(props.accountId, filters, p, EXPORT_PAGE);
      const answer = await dispatch(tradingApi.endpoints.trades.initiate(args, { subscribe: false })).unwrap();
      all.push(...answer.trades);
      if (answer.trades.length < EXPORT_PAGE || all.length >= answer.total) return all;
    }
  };
  const { currency } = props;
  const set = (patch: Partial<HistoryFilters>) => {
    setFilters((v) => ({ ...v, ...patch }));
    setPage(0);
  };
  const columns = useMemo<DataTableColumn<Trade>[]>(
    () => [
      { id: 'symbol', header: 'Symbol', value: (t) => t.symbol, hideable: false, width: 100 },
      { id: 'side', header: 'Side', value: (t) => (t.side === 'buy' ? 'Buy' : 'Sell'), width: 70 },
      {
        id: 'volume',
        header: 'Volume',
        numeric: true,
        width: 80,
        value: (t) => t.initialVolume,
        format: (t) => f.volume(t.initialVolume, { unit: 'lots' }),
      },
      {
        id: 'opened',
        header: 'Opened',
        width: 150,
        value: (t) => new Date(t.entryTimestamp),
        format: (t) => f.dateTime(t.entryTimestamp),
      },
      {
        id: 'entry',
        header: 'Entry',
        numeric: true,
        width: 100,
        value: (t) => t.openPrice,
        format: (t) => f.price(t.openPrice, contractOf(t.symbol).digits),
      },
      {
        id: 'closed',
        header: 'Closed',
        width: 150,
        value: (t) => (t.closedAt ? new Date(t.closedAt) : null),
        format: (t) => f.dateTime(t.closedAt),
      },
      {
        id: 'exit',
        header: 'Exit',
        numeric: true,
        width: 100,
        value: (t) => t.closePrice,
        format: (t) => f.price(t.closePrice, contractOf(t.symbol).digits),
      },
      {
        id: 'pips',
        header: 'Pips',
        numeric: true,
        width: 80,
        value: (t) => tradePips(t),
        format: (t) => f.pnl(tradePips(t), undefined, { digits: 1 }).text,
      },
      {
        id: 'reason',
        header: 'Closed by',
        width: 110,
        value: (t) => closeReasonLabel(t.closeReason),
      },
      {
        id: 'costs',
        header: 'Costs',
        numeric: true,
        width: 90,
        value: (t) => t.commission + t.swap,
        format: (t) => f.money(t.commission + t.swap, currency),
      },
      {
        id: 'net',
        header: 'Net P/L',
        numeric: true,
        width: 110,
        value: (t) => t.net,
        format: (t) => f.pnl(t.net, currency).text,
        render: (t) => <PnlText value={t.net} currency={currency} />,
      },
    ],
    [f, currency],
  );
  const rows = query.data?.trades ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <legend style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          Filter the trade history
        </legend>
        <TextField
          size="small"
          label="Symbol"
          value={filters.symbol}
          onChange={(e) => set({ symbol: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 20 } }}
          sx={{ width: 140 }}
        />
        <TextField
          size="small"
          select
          label="Side"
          value={filters.side}
          onChange={(e) => set({ side: e.target.value as HistoryFilters['side'] })}
          sx={{ width: 120 }}
        >
          <MenuItem value="">Both</MenuItem>
          <MenuItem value="buy">Buy</MenuItem>
          <MenuItem value="sell">Sell</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="date"
          label="From"
          value={filters.from}
          onChange={(e) => set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={filters.to}
          onChange={(e) => set({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {(filters.symbol || filters.side || filters.from || filters.to) && (
          <Button onClick={() => set(emptyFilters)}>Clear filters</Button>
        )}
      </Box>
      <Box sx={{ flex: 1, minHeight: 240 }}>
        <DataTable
          label="Trade history"
          columns={columns}
          rows={rows}
          getRowId={(t) => t.id}
          status={query.isError ? 'error' : query.isLoading ? 'loading' : 'ready'}
          error={{
            title: 'The trade history could not be loaded.',
            message: (query.error as { message?: string } | undefined)?.message,
            onRetry: () => query.refetch(),
            retrying: query.isFetching,
          }}
          empty={{
            title: 'No closed trades',
            description: 'Closed trades show here with their deals; filters narrow the list.',
          }}
          onRowActivate={setOpen}
          persistKey="positions.history"
          exportName="trade-history"
          exportRows={exportRows}
          initialSort={[{ id: 'closed', desc: true }]}
        />
      </Box>
      <TablePagination
        component="div"
        count={query.data?.total ?? 0}
        page={page}
        onPageChange={(_e, p) => setPage(p)}
        rowsPerPage={limit}
        rowsPerPageOptions={[25, 50, 100, 200]}
        onRowsPerPageChange={(e) => {
          setLimit(Number(e.target.value));
          setPage(0);
        }}
      />
      {open && (
        <TradeDetailDialog
          accountId={props.accountId}
          trade={open}
          currency={currency}
          onClose={() => setOpen(null)}
          actions={props.renderTradeActions?.(open)}
        />
      )}
    </Box>
  );
}

export function closeReasonLabel(reason: string | null): string {
  switch (reason) {
    case null:
      return '';
    case 'client':
      return 'You';
    case 'stop_loss':
      return 'Stop loss';
    case 'take_profit':
      return 'Take profit';
    case 'stop_out':
      return 'Stop out';
    case 'netting':
      return 'Netting';
    case 'close_by':
      return 'Close by';
    case 'import':
      return 'Imported';
    default:
      return reason.replace(/_/g, ' ');
  }
}

/** A closed trade with its deals and modification log. */
export function TradeDetailDialog(props: {
  accountId: string;
  trade: Trade;
  currency: string;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const titleId = useId();
  const f = useFormatters();
  const t = props.trade;
  const digits = contractOf(t.symbol).digits;
  const detail = useTradeDetailQuery({ account: props.accountId, tradeId: t.id });
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        {t.side === 'buy' ? 'Buy' : 'Sell'} {f.volume(t.initialVolume, { unit: 'lots' })} {t.symbol},{' '}
        {f.price(t.openPrice, digits)} → {f.price(t.closePrice, digits)}{' '}
        <PnlText value={t.net} currency={props.currency} />
      </DialogTitle>
      <DialogContent>
        {detail.isLoading ? (
          <LoadingState label="Loading the trade" />
        ) : detail.isError || !detail.data ? (
          <ErrorState title="The trade could not be loaded." onRetry={() => detail.refetch()} />
        ) : (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Typography variant="subtitle2" component="h3">
              Deals
            </Typography>
            <DealsTable deals={detail.data.deals} digits={digits} currency={props.currency} />
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              Modification log
            </Typography>
            <ModificationLog modifications={detail.data.modifications} digits={digits} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {props.actions}
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A trade opened from a link (`/positions?tab=history&account=…&trade=…`, as the metrics' trade lists give): read
 * by its id from any of the user's accounts, then shown as a row of the history shows it.
 */
export function LinkedTradeDialog(props: {
  accountId: string;
  tradeId: string;
  currency: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const detail = useTradeDetailQuery({ account: props.accountId, tradeId: props.tradeId });
  if (detail.data) {
    return (
      <TradeDetailDialog
        accountId={props.accountId}
        trade={detail.data.trade}
        currency={props.currency}
        onClose={props.onClose}
      />
    );
  }
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Trade</DialogTitle>
      <DialogContent>
        {detail.isError && (detail.error as { status?: unknown } | undefined)?.status === 404 ? (
          <ErrorState
            title="This trade is not in the history of your accounts."
            message="The link may name a trade of an account you no longer have, or be mistyped."
          />
        ) : detail.isError ? (
          <ErrorState title="The trade could not be loaded." onRetry={() => detail.refetch()} />
        ) : (
          <LoadingState label="Loading the trade" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
