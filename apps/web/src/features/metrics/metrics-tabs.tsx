import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MetricsBucket, MetricsResponse } from '@tradedesk/contracts';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { LoadingState } from '../../shared/states/loading-state';
import { BucketPanel, MetricsPanel } from './bucket-panel';
import { FigureTiles, overviewTiles, type Tile, unsignedTiles } from './figure-tiles';
import {
  bucketShown,
  type Display,
  holdingLabels,
  hourLabel,
  missing,
  type Shown,
  sessionLabels,
  signedShown,
  weekdayLabels,
} from './metric-values';
import { PnlCalendar } from './pnl-calendar';

const EquityCurves = lazy(() => import('./metrics-charts').then((m) => ({ default: m.EquityCurves })));

export type Open = (title: string, bucket: MetricsBucket) => void;
export type TabProps = { data: MetricsResponse; display: Display; onOpen: Open };

export const twoColumns = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } } as const;

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
            end={props.data.to}
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

export function holdingBuckets(hodl: MetricsResponse['hodl']) {
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
