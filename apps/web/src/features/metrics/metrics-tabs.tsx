import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MetricsBucket, MetricsResponse } from '@tradedesk/contracts';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../shared/data-table/data-table';
import { type Formatters, useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { BucketPanel, MetricsPanel } from './bucket-panel';
import { FigureTiles, overviewTiles, ShownValue, type Tile, unsignedTiles } from './figure-tiles';
import {
  bucketShown,
  type Display,
  durationText,
  holdingLabels,
  hourLabel,
  missing,
  ratioShown,
  type Shown,
  sessionLabels,
  signedShown,
  tradesText,
  unitLabel,
  weekdayLabels,
} from './metric-values';
import { PnlCalendar } from './pnl-calendar';

const EquityCurves = lazy(() => import('./metrics-charts').then((m) => ({ default: m.EquityCurves })));

export type Open = (title: string, bucket: MetricsBucket) => void;
type TabProps = { data: MetricsResponse; display: Display; onOpen: Open };

const twoColumns = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } } as const;

function Curves(props: { data: MetricsResponse; display: Display }) {
  const f = useFormatters();
  const { display } = props;
  const start = display.startingBalance;
  const percent = display.unit === 'percent' && start > 0;
  const rows = useMemo(
    () =>
      props.data.curves.points.map((p) =>
        percent
          ? {
              time: p.time,
              equity: ((p.equity - start) / start) * 100,
              balance: ((p.balance - start) / start) * 100,
              drawdown: p.drawdownPercent,
            }
          : { time: p.time, equity: p.equity, balance: p.balance, drawdown: p.drawdown },
      ),
    [props.data.curves.points, percent, start],
  );
  const format = useCallback(
    (v: number) => (percent ? `${f.pnl(v, undefined, { digits: 2 }).text}%` : f.money(v, display.currency)),
    [f, percent, display.currency],
  );
  return (
    <MetricsPanel
      title="Equity and balance"
      action={
        display.unit === 'r' ? (
          <Typography variant="caption" color="text.secondary">
            Curves are in {display.currency}: a balance has no R.
          </Typography>
        ) : undefined
      }
    >
      {rows.length < 2 ? (
        <EmptyState title="Not enough trades for a curve." />
      ) : (
        <Suspense fallback={<LoadingState label="Loading the chart" />}>
          <EquityCurves
            rows={rows}
            unit={percent ? '% of start' : display.currency}
            format={format}
            label={`Equity and balance curves with drawdown, ${rows.length} points`}
          />
        </Suspense>
      )}
    </MetricsPanel>
  );
}

export function OverviewTab({ data, display }: TabProps) {
  const f = useFormatters();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FigureTiles label="Headline figures" tiles={overviewTiles(f, data.overview, display)} unsigned={unsignedTiles} />
      {display.basis === 'gross' && (
        <Typography variant="caption" color="text.secondary">
          Ratios, averages and streaks are of net P/L; the total and the buckets follow the gross switch.
        </Typography>
      )}
      <Curves data={data} display={display} />
    </Box>
  );
}

export function TimeAnalysisTab({ data, display, onOpen }: TabProps) {
  const byHour = useMemo(
    () => data.timeAnalysis.byHour.map((b) => ({ label: hourLabel(b.hour), bucket: b })),
    [data.timeAnalysis.byHour],
  );
  const bySession = useMemo(
    () => data.timeAnalysis.bySession.map((b) => ({ label: sessionLabels[b.session] ?? b.session, bucket: b })),
    [data.timeAnalysis.bySession],
  );
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="caption" color="text.secondary">
        By the hour and session each trade was opened in, in {data.timeZone}.
      </Typography>
      <BucketPanel title="By hour of day" buckets={byHour} display={display} onOpen={onOpen} />
      <BucketPanel title="By session" buckets={bySession} display={display} onOpen={onOpen} />
    </Box>
  );
}

export function DayOfWeekTab({ data, display, onOpen }: TabProps) {
  const days = useMemo(
    () => data.dayOfWeek.map((b) => ({ label: weekdayLabels[b.weekday - 1] ?? String(b.weekday), bucket: b })),
    [data.dayOfWeek],
  );
  return <BucketPanel title="By day of week" buckets={days} display={display} onOpen={onOpen} />;
}

function holdingBuckets(hodl: MetricsResponse['hodl']) {
  return hodl.map((b) => ({ label: holdingLabels[b.id] ?? b.id, bucket: b }));
}

export function HodlTab({ data, display, onOpen }: TabProps) {
  const buckets = useMemo(() => holdingBuckets(data.hodl), [data.hodl]);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <BucketPanel title="Trades by holding time" buckets={buckets} display={display} measure="count" onOpen={onOpen} />
      <BucketPanel title="P/L by holding time" buckets={buckets} display={display} onOpen={onOpen} />
    </Box>
  );
}

export function DailyPerfTab(props: TabProps & { month: string; onMonth: (month: string) => void }) {
  const { data, display, onOpen } = props;
  const f = useFormatters();
  const g = data.general;
  const day = (b: MetricsResponse['general']['bestDay'], why: string): Shown =>
    b ? bucketShown(f, b, display) : missing(why);
  const tiles: Tile[] = [
    { label: 'Trading days', value: { text: String(g.tradingDays), direction: 'flat' } },
    { label: 'Winning days', value: { text: String(g.winningDays), direction: 'flat' } },
    { label: 'Losing days', value: { text: String(g.losingDays), direction: 'flat' } },
    {
      label: 'Best day',
      value: day(g.bestDay, 'No trading days.'),
      detail: g.bestDay ? f.date(`${g.bestDay.date}T12:00:00Z`) : undefined,
    },
    {
      label: 'Worst day',
      value: day(g.worstDay, 'No trading days.'),
      detail: g.worstDay ? f.date(`${g.worstDay.date}T12:00:00Z`) : undefined,
    },
    {
      label: 'Average day',
      value: signedShown(
        f,
        g.averageDailyNet,
        { ...display, unit: display.unit === 'r' ? 'money' : display.unit },
        {
          noValue: 'No trading days.',
        },
      ),
      detail: 'net',
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FigureTiles
        label="Daily figures"
        tiles={tiles}
        unsigned={new Set(['Trading days', 'Winning days', 'Losing days'])}
      />
      <MetricsPanel title="Daily P/L calendar">
        <PnlCalendar
          days={data.dailyPerf.days}
          weeks={data.dailyPerf.weeks}
          display={display}
          month={props.month}
          onMonth={props.onMonth}
          onOpen={onOpen}
        />
      </MetricsPanel>
    </Box>
  );
}

function sideTiles(f: Formatters, name: string, b: MetricsBucket, display: Display): Tile {
  return {
    label: name,
    value: bucketShown(f, b, display),
    detail: `${tradesText(b.count)}${b.winRate === null ? '' : `, ${f.percent(b.winRate, { digits: 1 })} won`}`,
  };
}

export function GeneralTab({ data, display, onOpen }: TabProps) {
  const f = useFormatters();
  const g = data.general;
  const none = 'No trades in this period.';
  const plain = (text: string): Shown => ({ text, direction: 'flat' });
  const tiles: Tile[] = [
    {
      label: 'First trade',
      value: g.firstTradeAt ? plain(f.date(g.firstTradeAt)) : missing(none),
      detail: g.firstTradeAt ? f.time(g.firstTradeAt) : undefined,
    },
    {
      label: 'Last trade',
      value: g.lastTradeAt ? plain(f.date(g.lastTradeAt)) : missing(none),
      detail: g.lastTradeAt ? f.time(g.lastTradeAt) : undefined,
    },
    { label: 'Trades per day', value: ratioShown(f, g.averageTradesPerDay, 2, none) },
    { label: 'Total volume', value: plain(f.volume(g.totalVolume, { unit: 'lots', withUnit: true })) },
    {
      label: 'Average volume',
      value:
        g.averageVolume === null ? missing(none) : plain(f.volume(g.averageVolume, { unit: 'lots', withUnit: true })),
    },
    {
      label: 'Average hold',
      value: g.averageHoldingSeconds === null ? missing(none) : plain(durationText(g.averageHoldingSeconds)),
    },
    {
      label: 'Average hold, wins',
      value:
        g.averageWinHoldingSeconds === null
          ? missing('No winning trades.')
          : plain(durationText(g.averageWinHoldingSeconds)),
    },
    {
      label: 'Average hold, losses',
      value:
        g.averageLossHoldingSeconds === null
          ? missing('No losing trades.')
          : plain(durationText(g.averageLossHoldingSeconds)),
    },
    sideTiles(f, 'Long', g.long, display),
    sideTiles(f, 'Short', g.short, display),
    {
      label: 'MFE captured',
      value:
        g.averageMfeCapturePercent === null
          ? missing('No winning trade with a recorded best price.')
          : plain(f.percent(g.averageMfeCapturePercent, { digits: 1 })),
      detail: 'of the best exit, wins',
    },
    {
      label: 'Average MFE',
      value:
        g.averageMfeR === null
          ? missing('No trade with a stop loss, which R is measured from.')
          : plain(`${f.price(g.averageMfeR, 2)}R`),
    },
    {
      label: 'Average MAE',
      value:
        g.averageMaeR === null
          ? missing('No trade with a stop loss, which R is measured from.')
          : plain(`${f.price(g.averageMaeR, 2)}R`),
    },
  ];
  const sides = useMemo(
    () => [
      { label: 'Long', bucket: g.long },
      { label: 'Short', bucket: g.short },
    ],
    [g.long, g.short],
  );
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FigureTiles
        label="General figures"
        tiles={tiles}
        unsigned={new Set(tiles.filter((t) => t.label !== 'Long' && t.label !== 'Short').map((t) => t.label))}
      />
      <BucketPanel title="Long and short" buckets={sides} display={display} onOpen={onOpen} />
      <MfeTable data={data} display={display} />
    </Box>
  );
}

/** MFE and MAE per trade: how far each went for and against the trader, and the best exit. */
function MfeTable({ data, display }: { data: MetricsResponse; display: Display }) {
  const f = useFormatters();
  type Row = MetricsResponse['trades'][number];
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { id: 'symbol', header: 'Symbol', value: (t) => t.symbol, width: 90, hideable: false },
      {
        id: 'closed',
        header: 'Closed',
        value: (t) => new Date(t.closedAt),
        format: (t) => f.dateTime(t.closedAt),
        width: 170,
      },
      {
        id: 'net',
        header: 'Net',
        numeric: true,
        width: 130,
        value: (t) => t.net,
        render: (t) => <ShownValue value={f.pnl(t.net, display.currency)} signed />,
        format: (t) => f.pnl(t.net, display.currency).text,
      },
      {
        id: 'mfe',
        header: 'MFE',
        numeric: true,
        width: 130,
        value: (t) => t.mfe?.money ?? null,
        format: (t) => (t.mfe ? f.pnl(t.mfe.money, display.currency).text : '—'),
      },
      {
        id: 'mae',
        header: 'MAE',
        numeric: true,
        width: 130,
        value: (t) => t.mae?.money ?? null,
        format: (t) => (t.mae ? f.pnl(t.mae.money, display.currency).text : '—'),
      },
      {
        id: 'best',
        header: 'Best exit',
        numeric: true,
        width: 130,
        value: (t) => t.bestExitNet,
        format: (t) => (t.bestExitNet === null ? '—' : f.pnl(t.bestExitNet, display.currency).text),
      },
    ],
    [f, display.currency],
  );
  return (
    <MetricsPanel title="Excursions per trade (MFE / MAE)">
      <Box sx={{ height: 320 }}>
        <DataTable
          label="Excursions per trade"
          columns={columns}
          rows={data.trades}
          getRowId={(t) => t.id}
          status="ready"
          empty={{ title: 'No trades.' }}
          persistKey="metrics.excursions"
          exportName="metrics-excursions"
          initialSort={[{ id: 'closed', desc: true }]}
        />
      </Box>
    </MetricsPanel>
  );
}

type SymbolRow = MetricsResponse['symbols'][number];

export function SymbolsTab(props: TabProps & { onDetail: (symbol: string) => void }) {
  const { data, display } = props;
  const f = useFormatters();
  const columns = useMemo<DataTableColumn<SymbolRow>[]>(
    () => [
      { id: 'symbol', header: 'Symbol', value: (s) => s.symbol, hideable: false, width: 100 },
      { id: 'count', header: 'Trades', numeric: true, value: (s) => s.count, width: 80 },
      {
        id: 'winRate',
        header: 'Win rate',
        numeric: true,
        width: 90,
        value: (s) => s.winRate,
        format: (s) => f.percent(s.winRate, { digits: 1 }),
      },
      {
        id: 'pnl',
        header: `${display.basis === 'net' ? 'Net' : 'Gross'} (${unitLabel(display)})`,
        numeric: true,
        width: 140,
        value: (s) => (display.basis === 'net' ? s.net : s.gross),
        format: (s) => bucketShown(f, s, display).text,
        render: (s) => <ShownValue value={bucketShown(f, s, display)} signed />,
      },
      {
        id: 'pf',
        header: 'Profit factor',
        numeric: true,
        width: 110,
        value: (s) => s.profitFactor,
        format: (s) => (s.profitFactor === null ? '—' : f.price(s.profitFactor, 2)),
      },
      {
        id: 'avg',
        header: 'Average net',
        numeric: true,
        width: 130,
        value: (s) => s.averageNet,
        format: (s) => f.pnl(s.averageNet, display.currency).text,
      },
      {
        id: 'long',
        header: 'Long',
        numeric: true,
        width: 165,
        value: (s) => s.long.net,
        format: (s) => `${f.pnl(s.long.net, display.currency).text} (${s.long.count})`,
      },
      {
        id: 'short',
        header: 'Short',
        numeric: true,
        width: 165,
        value: (s) => s.short.net,
        format: (s) => `${f.pnl(s.short.net, display.currency).text} (${s.short.count})`,
      },
      {
        id: 'costs',
        header: 'Costs',
        numeric: true,
        width: 120,
        value: (s) => s.commission + s.swap,
        format: (s) => f.money(s.commission + s.swap, display.currency),
      },
    ],
    [f, display],
  );
  return (
    <MetricsPanel title="Symbols">
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        Enter or a double click opens a symbol in detail.
      </Typography>
      <Box sx={{ height: Math.min(520, 64 + data.symbols.length * 36), minHeight: 200 }}>
        <DataTable
          label="Symbols"
          columns={columns}
          rows={data.symbols}
          getRowId={(s) => s.symbol}
          status="ready"
          empty={{ title: 'No symbols traded in this period.' }}
          onRowActivate={(s) => props.onDetail(s.symbol)}
          persistKey="metrics.symbols"
          exportName="metrics-symbols"
          initialSort={[{ id: 'pnl', desc: true }]}
        />
      </Box>
    </MetricsPanel>
  );
}

export function SymbolTab(props: {
  symbols: string[];
  detail: string;
  onDetail: (symbol: string) => void;
  query: {
    data?: MetricsResponse;
    isLoading: boolean;
    isFetching: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => void;
  };
  display: Display;
  onOpen: Open;
}) {
  const f = useFormatters();
  const { query, display, onOpen } = props;
  const s = query.data?.symbol ?? null;
  const byHour = useMemo(() => (s ? s.byHour.map((b) => ({ label: hourLabel(b.hour), bucket: b })) : []), [s]);
  const days = useMemo(
    () => (s ? s.dayOfWeek.map((b) => ({ label: weekdayLabels[b.weekday - 1] ?? String(b.weekday), bucket: b })) : []),
    [s],
  );
  const hodl = useMemo(() => (s ? holdingBuckets(s.hodl) : []), [s]);
  const options = [...new Set([...(props.detail ? [props.detail] : []), ...props.symbols])].sort();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        size="small"
        select
        label="Symbol in detail"
        value={props.detail}
        onChange={(e) => props.onDetail(e.target.value)}
        sx={{ width: 200 }}
        disabled={options.length === 0}
      >
        {options.map((o) => (
          <MenuItem key={o} value={o}>
            {o}
          </MenuItem>
        ))}
      </TextField>
      {!props.detail ? (
        <EmptyState title="No symbol traded in this period." />
      ) : query.isLoading ? (
        <LoadingState label={`Loading ${props.detail}`} />
      ) : query.isError || !s ? (
        <ErrorState
          title={`The figures of ${props.detail} could not be loaded.`}
          message={(query.error as { message?: string } | undefined)?.message}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <FigureTiles
            label={`${s.symbol} figures`}
            tiles={overviewTiles(f, s.overview, display)}
            unsigned={unsignedTiles}
          />
          <Box sx={twoColumns}>
            <BucketPanel title={`${s.symbol} by hour of day`} buckets={byHour} display={display} onOpen={onOpen} />
            <BucketPanel title={`${s.symbol} by day of week`} buckets={days} display={display} onOpen={onOpen} />
          </Box>
          <BucketPanel
            title={`${s.symbol} by holding time`}
            buckets={hodl}
            display={display}
            measure="count"
            onOpen={onOpen}
          />
        </>
      )}
    </Box>
  );
}
