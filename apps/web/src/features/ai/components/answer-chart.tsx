import type { AiAnswer } from '@tradedesk/contracts';
import { lazy, Suspense, useMemo } from 'react';
import { useFormatters } from '../../../shared/format/format-preferences';
import { LoadingState } from '../../../shared/states/loading-state';

// The metrics screen's plots (ECharts), reused: loaded only when an answer carries a chart.
const BucketBars = lazy(() => import('../../metrics/metrics-charts').then((m) => ({ default: m.BucketBars })));
const EquityCurves = lazy(() => import('../../metrics/metrics-charts').then((m) => ({ default: m.EquityCurves })));

export type ChartRow = {
  label: string;
  value: number;
  count: number;
  time: string | null;
  /** Equity rows: the balance at that time, when the answer carries it. */
  balance?: number;
  /** Equity rows: the metrics engine's drawdown at that time (money below the peak), when the answer carries it. */
  drawdown?: number;
};

const CHART_TITLES: Record<string, string> = {
  equity: 'Equity curve',
  time: 'Profit and loss by hour',
  day_of_week: 'Profit and loss by day of week',
  symbol_allocation: 'Profit and loss by symbol',
  bars: 'Profit and loss by session',
};

/**
 * The rows an answer's chart draws, read from its json_answer: `{ rows: [{ label, value, count? }] }` for bars,
 * `{ rows: [{ time, value }] }` for the equity curve (the first array found is taken when it is named otherwise).
 */
export function chartRows(json: AiAnswer['json_answer']): ChartRow[] {
  if (!json) return [];
  const list = (
    Array.isArray(json.rows) ? json.rows : (Object.values(json).find((v) => Array.isArray(v)) ?? [])
  ) as unknown[];
  const rows: ChartRow[] = [];
  for (const item of list) {
    if (item === null || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const value = Number(r.value ?? r.equity ?? r.net ?? r.pnl);
    if (!Number.isFinite(value)) continue;
    const time =
      typeof r.time === 'string' ? r.time : typeof r.time === 'number' ? new Date(r.time * 1000).toISOString() : null;
    const balance = Number(r.balance);
    const drawdown = Number(r.drawdown);
    rows.push({
      label: String(r.label ?? r.name ?? r.symbol ?? time ?? ''),
      value,
      count: Number.isFinite(Number(r.count ?? r.trades)) ? Number(r.count ?? r.trades) : 0,
      time,
      ...(r.balance !== undefined && Number.isFinite(balance) ? { balance } : {}),
      ...(r.drawdown !== undefined && Number.isFinite(drawdown) ? { drawdown: Math.abs(drawdown) } : {}),
    });
  }
  return rows;
}

/** The chart of an answer (chart_type), drawn from its own data, with a title naming what it shows. */
export function AnswerChart(props: {
  answer: Pick<AiAnswer, 'chart_type' | 'json_answer' | 'Currency_symbol'>;
  /** A narrow place (the insight panel): the axis is not named, the caption names the currency instead. */
  compact?: boolean;
}) {
  const f = useFormatters();
  const type = props.answer.chart_type;
  const rows = useMemo(() => chartRows(props.answer.json_answer), [props.answer.json_answer]);
  const currency = props.answer.Currency_symbol ?? 'USD';
  const bars = useMemo(
    () => rows.map((r) => ({ label: r.label, value: r.value, count: r.count, text: f.money(r.value, currency) })),
    [rows, f, currency],
  );
  const curve = useMemo(() => {
    let peak = Number.NEGATIVE_INFINITY;
    return rows
      .filter((r) => r.time)
      .map((r) => {
        peak = Math.max(peak, r.value);
        // The metrics plot takes the drawdown as a positive distance below the peak: the engine's own when the answer
        // carries it (so the chart agrees with the figures in the text), else measured from the points drawn.
        return {
          time: r.time as string,
          balance: r.balance ?? r.value,
          equity: r.value,
          drawdown: r.drawdown ?? peak - r.value,
        };
      });
  }, [rows]);
  if (!type || rows.length === 0) return null;
  const title = CHART_TITLES[type] ?? 'Chart';
  const unit = props.compact ? '' : currency;
  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ fontSize: 12, opacity: 0.75 }}>
        {title}
        {props.compact ? ` (${currency})` : ''}
      </figcaption>
      <Suspense fallback={<LoadingState label="Loading the chart" />}>
        {type === 'equity' && curve.length > 0 ? (
          <EquityCurves rows={curve} label={title} unit={unit} format={(v) => f.money(v, currency)} height={220} />
        ) : (
          <BucketBars bars={bars} label={title} measure="value" unit={unit} height={200} />
        )}
      </Suspense>
    </figure>
  );
}
