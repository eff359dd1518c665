import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type BacktestSummary,
  type ChartTimeframe,
  chartTimeframes,
  VIRTUAL_DEFAULT_BALANCE,
} from '@tradedesk/contracts';
import { useMemo, useRef, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../shared/data-table/data-table';
import { useFormatters } from '../../../shared/format/format-preferences';
import { toast } from '../../../shared/toast/toast';
import { SymbolSearchDialog } from '../../symbol-search/lazy-symbol-search-dialog';
import { useBacktestsQuery, useDeleteBacktestMutation, useRunBacktestMutation } from '../strategy-editor-api';
import { backtestRangeText } from './backtest-range';
import { BacktestResult } from './backtest-result';

const errorMessage = (error: unknown) => (error as { message?: string } | undefined)?.message;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
function defaultRange(now = new Date()) {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1));
  const from = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 3, to.getUTCDate()));
  return { from: isoDay(from), to: isoDay(to) };
}

export type BacktestPanelProps = {
  strategyId: string;
  /** How many problems the graph has: a graph with any cannot be backtested. */
  problems: number;
  /** Unsaved edits: the backtest runs the saved graph, so Run saves first. */
  dirty: boolean;
  onSave: () => Promise<void>;
  onShowProblem: () => void;
};

/**
 * Backtests of the strategy's saved graph: the run's settings (symbol, timeframe, range, balance), Run with its
 * progress, the strategy's past runs (open or delete one), and the open run's result.
 */
export default function BacktestPanel(props: BacktestPanelProps) {
  const f = useFormatters();
  const initial = useMemo(() => defaultRange(), []);
  const [symbol, setSymbol] = useState('EURUSD');
  const [timeframe, setTimeframe] = useState<ChartTimeframe>('1h');
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [balance, setBalance] = useState(String(VIRTUAL_DEFAULT_BALANCE));
  const [searching, setSearching] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [runError, setRunError] = useState('');
  const list = useBacktestsQuery(props.strategyId);
  const [run, running] = useRunBacktestMutation();
  const [remove] = useDeleteBacktestMutation();

  const balanceValue = Number(balance);
  const fieldErrors = {
    symbol: symbol.trim() ? '' : 'Symbol is required.',
    from: from ? '' : 'From is required.',
    to: !to ? 'To is required.' : from && to < from ? 'To must be on or after From.' : '',
    balance:
      balance.trim() === '' || !Number.isFinite(balanceValue)
        ? 'Balance must be a number.'
        : balanceValue <= 0
          ? 'Balance must be greater than 0.'
          : '',
  };
  const formValid = Object.values(fieldErrors).every((e) => !e);
  const blocked = props.problems > 0;

  const onRun = async () => {
    setRunError('');
    try {
      if (props.dirty) await props.onSave();
      const result = await run({
        strategyId: props.strategyId,
        body: { symbol: symbol.trim().toUpperCase(), timeframe, from, to, initial_balance: balanceValue },
      }).unwrap();
      // A failed run opens too: its result says why.
      setOpenId(result.id);
    } catch (error) {
      setRunError(errorMessage(error) ?? 'The backtest could not be run.');
    }
  };

  const onDelete = async (b: BacktestSummary) => {
    try {
      await remove({ id: b.id, strategyId: props.strategyId }).unwrap();
      if (openId === b.id) setOpenId(null);
      toast.success('The backtest is deleted.');
    } catch (error) {
      toast.error(errorMessage(error) ?? 'The backtest could not be deleted.');
    }
  };

  const deleteRef = useRef(onDelete);
  deleteRef.current = onDelete;
  const columns = useMemo<DataTableColumn<BacktestSummary>[]>(
    () => [
      {
        id: 'created',
        header: 'Run at',
        width: 170,
        value: (b) => new Date(b.createdAt),
        format: (b) => f.dateTime(b.createdAt),
      },
      { id: 'symbol', header: 'Symbol', width: 90, value: (b) => b.request.symbol },
      { id: 'timeframe', header: 'TF', width: 56, value: (b) => b.request.timeframe },
      {
        id: 'range',
        header: 'Range',
        width: 215,
        value: (b) => b.request.from,
        format: (b) => backtestRangeText(b.request),
      },
      {
        id: 'data',
        header: 'Data',
        width: 160,
        value: (b) => b.dataLabel,
      },
      { id: 'trades', header: 'Trades', numeric: true, width: 70, value: (b) => b.tradeCount },
      {
        id: 'net',
        header: 'Net P/L',
        numeric: true,
        width: 120,
        value: (b) => b.net,
        format: (b) => (b.net === null ? '—' : f.pnl(b.net, b.request.currency).text),
      },
      {
        id: 'return',
        header: 'Return',
        numeric: true,
        width: 80,
        value: (b) => b.returnPercent,
        format: (b) => (b.returnPercent === null ? '—' : `${f.pnl(b.returnPercent, undefined, { digits: 2 }).text}%`),
      },
      { id: 'status', header: 'Status', width: 80, value: (b) => b.status },
      {
        id: 'actions',
        header: 'Actions',
        headerHidden: true,
        exported: false,
        sortable: false,
        width: 140,
        value: () => null,
        render: (b) => (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Button
              size="small"
              onClick={() => setOpenId(b.id)}
              aria-label={`Show the backtest of ${f.dateTime(b.createdAt)}`}
            >
              Show
            </Button>
            <IconButton
              size="small"
              aria-label={`Delete the backtest of ${f.dateTime(b.createdAt)}`}
              onClick={() => void deleteRef.current(b)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ),
      },
    ],
    [f],
  );

  const rows = list.data?.backtests ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        Backtest
      </Typography>
      <Box
        component="form"
        aria-label="Backtest settings"
        onSubmit={(e) => {
          e.preventDefault();
          if (formValid && !blocked && !running.isLoading) void onRun();
        }}
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label="Symbol"
          value={symbol}
          onChange={(e) => setSymbol(e.target.value.toUpperCase())}
          error={Boolean(fieldErrors.symbol)}
          helperText={fieldErrors.symbol || undefined}
          sx={{ width: 170 }}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label="Search symbols" onClick={() => setSearching(true)} edge="end">
                    <SearchIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label="Timeframe"
          value={timeframe}
          onChange={(e) => setTimeframe(e.target.value as ChartTimeframe)}
          sx={{ width: 110 }}
        >
          {chartTimeframes.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label="From"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={Boolean(fieldErrors.from)}
          helperText={fieldErrors.from || undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={Boolean(fieldErrors.to)}
          helperText={fieldErrors.to || undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          label="Balance (USD)"
          value={balance}
          inputMode="decimal"
          onChange={(e) => setBalance(e.target.value)}
          error={Boolean(fieldErrors.balance)}
          helperText={fieldErrors.balance || undefined}
          sx={{ width: 140 }}
        />
        <Button type="submit" variant="contained" disabled={blocked || !formValid || running.isLoading}>
          {props.dirty ? 'Save and run backtest' : 'Run backtest'}
        </Button>
      </Box>
      {blocked && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={props.onShowProblem}>
              Show
            </Button>
          }
        >
          The graph has {props.problems} {props.problems === 1 ? 'problem' : 'problems'}: fix{' '}
          {props.problems === 1 ? 'it' : 'them'} to run a backtest.
        </Alert>
      )}
      {running.isLoading && (
        <Box role="status" aria-label="Backtest progress">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Running the backtest of {symbol} {timeframe} from {from} to {to}…
          </Typography>
          <LinearProgress />
        </Box>
      )}
      {runError && (
        <Alert severity="error" onClose={() => setRunError('')}>
          {runError}
        </Alert>
      )}
      <Box sx={{ height: Math.min(320, 110 + rows.length * 37) }}>
        <DataTable
          label="Past backtests"
          columns={columns}
          rows={rows}
          getRowId={(b) => b.id}
          status={list.isLoading ? 'loading' : list.isError ? 'error' : 'ready'}
          error={{
            title: 'The past backtests could not be loaded.',
            message: errorMessage(list.error),
            onRetry: () => list.refetch(),
            retrying: list.isFetching,
          }}
          empty={{ title: 'No backtests yet.', description: 'Run one above: its result shows here.' }}
          onRowActivate={(b) => setOpenId(b.id)}
          initialSort={[{ id: 'created', desc: true }]}
        />
      </Box>
      {openId && <BacktestResult id={openId} />}
      <SymbolSearchDialog
        open={searching}
        onClose={() => setSearching(false)}
        onPick={(picked) => {
          setSymbol(picked.ticker);
          setSearching(false);
        }}
        title="Backtest symbol"
      />
    </Box>
  );
}
