import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Backtest, BacktestTrade, MetricsBucket, MetricsResponse } from '@tradedesk/contracts';
import { findInstrument } from '@tradedesk/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../shared/data-table/data-table';
import { type Formatters, useFormatters } from '../../../shared/format/format-preferences';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { BucketTradesDialog } from '../../metrics/bucket-trades-dialog';
import { FigureTiles, ShownValue, type Tile } from '../../metrics/figure-tiles';
import { GeneralTab } from '../../metrics/general-tab';
import { type Display, durationText } from '../../metrics/metric-values';
import { DailyPerfTab, DayOfWeekTab, HodlTab, OverviewTab, TimeAnalysisTab } from '../../metrics/metrics-tabs';
import { type SubTab, subTabLabels, subTabs } from '../../metrics/metrics-url';
import { SymbolsTab, SymbolTab } from '../../metrics/symbol-tabs';
import { useBacktestQuery } from '../strategy-editor-api';
import { backtestRangeText, inclusiveToDay } from './backtest-range';

const BacktestChart = lazy(() => import('./backtest-chart'));

const errorMessage = (error: unknown) => (error as { message?: string } | undefined)?.message;
const digitsOf = (symbol: string) => findInstrument(symbol.slice(symbol.indexOf(':') + 1))?.digits ?? 5;

/**
 * The one-symbol detail of a backtest's report. A backtest trades one symbol, so its detail is the report's own
 * overview, hours, weekdays and holding times (what the metrics screen asks the server for with its symbol filter);
 * a report that carries the detail already is kept as it is.
 */
export function withSymbolDetail(report: MetricsResponse, symbol: string): MetricsResponse {
  if (report.symbol) return report;
  return {
    ...report,
    symbol: {
      symbol: report.symbols[0]?.symbol ?? symbol,
      overview: report.overview,
      byHour: report.timeAnalysis.byHour,
      dayOfWeek: report.dayOfWeek,
      hodl: report.hodl,
    },
  };
}

const exitReasons: Record<BacktestTrade['exitReason'], string> = {
  stop_loss: 'Stop loss',
  take_profit: 'Take profit',
  close_action: 'Close action',
  end_of_data: 'End of data',
};

function summaryTiles(f: Formatters, b: Backtest): Tile[] {
  const currency = b.request.currency;
  const start = b.request.initialBalance;
  const net = b.finalBalance === null ? null : b.finalBalance - start;
  const wins = b.trades.filter((t) => t.net > 0).length;
  const tiles: Tile[] = [
    {
      label: 'Net P/L',
      value: net === null ? { text: '—', direction: 'flat' } : f.pnl(net, currency),
      detail: net === null ? undefined : `${f.pnl((net / start) * 100, undefined, { digits: 2 }).text}%`,
    },
    {
      label: 'Final balance',
      value: { text: b.finalBalance === null ? '—' : f.money(b.finalBalance, currency), direction: 'flat' },
    },
    { label: 'Trades', value: { text: String(b.trades.length), direction: 'flat' } },
    {
      label: 'Win rate',
      value: { text: b.trades.length ? `${f.price((wins / b.trades.length) * 100, 1)}%` : '—', direction: 'flat' },
      detail: `${wins} won`,
    },
    { label: 'Bars', value: { text: String(b.bars), direction: 'flat' }, detail: `${b.request.timeframe} bars` },
  ];
  return tiles;
}

function TradeList(props: { backtest: Backtest }) {
  const f = useFormatters();
  const { backtest } = props;
  const currency = backtest.request.currency;
  const digits = digitsOf(backtest.request.symbol);
  const columns = useMemo<DataTableColumn<BacktestTrade>[]>(
    () => [
      { id: 'n', header: '#', numeric: true, width: 50, value: (t) => backtest.trades.indexOf(t) + 1 },
      { id: 'side', header: 'Side', width: 70, value: (t) => (t.direction === 'long' ? 'Long' : 'Short') },
      {
        id: 'lots',
        header: 'Lots',
        numeric: true,
        width: 70,
        value: (t) => t.volume,
        format: (t) => f.volume(t.volume, { unit: 'lots' }),
      },
      {
        id: 'opened',
        header: 'Opened',
        width: 170,
        value: (t) => new Date(t.openedAt),
        format: (t) => f.dateTime(t.openedAt),
      },
      {
        id: 'entry',
        header: 'Entry',
        numeric: true,
        width: 90,
        value: (t) => t.openPrice,
        format: (t) => f.price(t.openPrice, digits),
      },
      {
        id: 'closed',
        header: 'Closed',
        width: 170,
        value: (t) => new Date(t.closedAt),
        format: (t) => f.dateTime(t.closedAt),
      },
      {
        id: 'exit',
        header: 'Exit',
        numeric: true,
        width: 90,
        value: (t) => t.closePrice,
        format: (t) => f.price(t.closePrice, digits),
      },
      { id: 'reason', header: 'Exit reason', width: 110, value: (t) => exitReasons[t.exitReason] },
      {
        id: 'held',
        header: 'Held',
        width: 80,
        value: (t) => t.holdingSeconds,
        format: (t) => durationText(t.holdingSeconds),
      },
      {
        id: 'net',
        header: 'Net P/L',
        numeric: true,
        width: 120,
        value: (t) => t.net,
        format: (t) => f.pnl(t.net, currency).text,
        render: (t) => <ShownValue value={f.pnl(t.net, currency)} signed />,
      },
    ],
    [f, backtest.trades, currency, digits],
  );
  return (
    <Box sx={{ height: Math.min(440, 110 + backtest.trades.length * 37) }}>
      <DataTable
        label="Backtest trades"
        columns={columns}
        rows={backtest.trades}
        getRowId={(t) => t.id}
        empty={{ title: 'No trades.', description: 'The graph never fired an action over this range.' }}
        exportName="backtest-trades"
        initialSort={[{ id: 'opened', desc: false }]}
      />
    </Box>
  );
}

/** One backtest's result: summary figures, trades on the chart, the trade list, and the metrics screen's tabs. */
export function BacktestResult(props: { id: string }) {
  const f = useFormatters();
  const query = useBacktestQuery(props.id);
  const [tab, setTab] = useState<SubTab>('overview');
  const [month, setMonth] = useState('');
  const [opened, setOpened] = useState<{ title: string; bucket: MetricsBucket } | null>(null);
  const b = query.data;
  const report = b?.report ?? null;
  const requested = b?.request.symbol ?? '';
  // the symbol tab's answer, as SymbolTab takes the metrics screen's query of the one symbol
  const symbolQuery = useMemo(
    () => ({
      data: report ? withSymbolDetail(report, requested) : undefined,
      isLoading: false,
      isFetching: false,
      isError: false,
      refetch: () => {},
    }),
    [report, requested],
  );
  const display = useMemo<Display | null>(
    () =>
      report
        ? {
            unit: 'money',
            basis: 'net',
            currency: report.currency,
            startingBalance: report.overview.startingBalance,
            trades: new Map(report.trades.map((t) => [t.id, t])),
          }
        : null,
    [report],
  );
  if (query.isLoading) return <LoadingState label="Loading the backtest" />;
  if (query.isError || !b) {
    return (
      <ErrorState
        title="The backtest could not be loaded."
        message={errorMessage(query.error)}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  // Mixed data (imported candles over part of the range) is partly simulated: labelled as the server says.
  const simulated = b.dataSource !== 'imported';
  const tabProps =
    report && display
      ? { data: report, display, onOpen: (title: string, bucket: MetricsBucket) => setOpened({ title, bucket }) }
      : null;
  const lastDay = report?.dailyPerf.days.at(-1)?.date;
  const shownMonth = month || `${(lastDay ?? inclusiveToDay(b.request.to)).slice(0, 8)}01`;
  return (
    <Paper variant="outlined" component="section" aria-label="Backtest result" sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {b.request.symbol} · {b.request.timeframe} · {backtestRangeText(b.request)}
        </Typography>
        <Chip size="small" label={b.dataLabel} color={simulated ? 'warning' : 'default'} variant="outlined" />
        <Typography variant="caption" color="text.secondary">
          Run {f.dateTime(b.createdAt)}
          {b.durationMs !== null ? ` in ${b.durationMs} ms` : ''}; starting balance{' '}
          {f.money(b.request.initialBalance, b.request.currency)}.
        </Typography>
      </Box>
      {b.status === 'failed' && <Alert severity="error">{b.error ?? 'The backtest failed.'}</Alert>}
      {(b.status === 'queued' || b.status === 'running') && (
        <LoadingState label={`Backtest ${b.status}: ${Math.round(b.progress * 100)}%`} />
      )}
      {b.status === 'done' && (
        <>
          <FigureTiles
            label="Backtest summary"
            tiles={summaryTiles(f, b)}
            unsigned={new Set(['Final balance', 'Trades', 'Win rate', 'Bars'])}
          />
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
              Trades on the chart{simulated ? ' (simulated market)' : ''}
            </Typography>
            <Suspense fallback={<LoadingState label="Loading the chart" />}>
              <BacktestChart backtest={b} />
            </Suspense>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
              Trade list
            </Typography>
            <TradeList backtest={b} />
          </Box>
          {tabProps ? (
            <Box sx={{ display: 'grid', gap: 1.5 }}>
              <Tabs
                value={tab}
                onChange={(_e, t: SubTab) => setTab(t)}
                aria-label="Backtest metrics"
                variant="scrollable"
                allowScrollButtonsMobile
                sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36 } }}
              >
                {subTabs.map((t) => (
                  <Tab key={t} value={t} label={subTabLabels[t]} />
                ))}
              </Tabs>
              {tab === 'overview' && <OverviewTab {...tabProps} />}
              {tab === 'time_analysis' && <TimeAnalysisTab {...tabProps} />}
              {tab === 'general' && <GeneralTab {...tabProps} />}
              {tab === 'daily_perf' && <DailyPerfTab {...tabProps} month={shownMonth} onMonth={setMonth} />}
              {tab === 'day_of_week' && <DayOfWeekTab {...tabProps} />}
              {tab === 'hodl' && <HodlTab {...tabProps} />}
              {tab === 'symbols' && <SymbolsTab {...tabProps} onDetail={() => setTab('symbol')} />}
              {tab === 'symbol' && (
                <SymbolTab
                  symbols={report ? report.symbols.map((s) => s.symbol) : []}
                  detail={symbolQuery.data?.symbol?.symbol ?? requested}
                  onDetail={() => {}}
                  query={symbolQuery}
                  display={tabProps.display}
                  onOpen={tabProps.onOpen}
                />
              )}
            </Box>
          ) : (
            <Typography color="text.secondary">No metrics: the backtest closed no trade.</Typography>
          )}
        </>
      )}
      {opened && display && (
        <BucketTradesDialog
          title={opened.title}
          bucket={opened.bucket}
          display={display}
          onClose={() => setOpened(null)}
        />
      )}
    </Paper>
  );
}
