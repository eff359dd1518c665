import type { IndicatorCalculation } from '@tradedesk/contracts';
import { LiveIndicator, validateIndicatorSettings } from '@tradedesk/core';
import type { Candle } from '../model/candles';

/** One point to draw: plot `plot` (index in the calculation's `series`) of indicator `key` at bar time `time`. */
export type LivePoint = {
  key: string;
  plot: number;
  time: number;
  value: number | null;
  /** The time is before the plot's last drawn point (a plot shifted into the past). */
  historical: boolean;
};

type PlotState = {
  /** Output index in the indicator's definition for this plot. */
  output: number;
  offset: number;
  /** Values by bar index (the calculation's, then the live ones). */
  values: (number | null)[];
  /** Time of the plot's last drawn point. */
  lastTime: number;
};

type Item = {
  key: string;
  live: LiveIndicator;
  /** Bar times the values line up with: the calculation's, then each live bar's. */
  times: number[];
  plots: PlotState[];
};

const toValue = (v: number): number | null => (Number.isNaN(v) ? null : v);

/**
 * Live values of the chart's indicators for the forming bar, without asking the server again. Each indicator
 * starts from its server calculation (history) and a packages/core LiveIndicator stepped once over the same
 * closed bars; then every live bar costs one kernel step per indicator. A bar with a later time closes the
 * forming one and appends. The values equal the server's batch calculation of the same bars (the same code).
 */
export class LiveIndicators {
  private items: Item[] = [];

  /**
   * Starts again from these calculations over the chart's bars. Bars the chart has beyond a calculation's last
   * time (live bars that came while it was fetched) are stepped through at once; their points are returned.
   * An indicator whose bars are not all in `bars` (another symbol's calculation, a gap) gets no live updates.
   */
  reset(list: readonly { key: string; calc: IndicatorCalculation }[], bars: readonly Candle[]): LivePoint[] {
    this.items = [];
    const points: LivePoint[] = [];
    for (const { key, calc } of list) {
      const item = seed(key, calc, bars);
      if (!item) continue;
      this.items.push(item.item);
      for (const bar of item.replay) points.push(...step(item.item, bar));
    }
    return points;
  }

  /** The points that change with this bar of the chart (the forming bar, or a new one). */
  update(bar: Candle): LivePoint[] {
    const points: LivePoint[] = [];
    for (const item of this.items) {
      try {
        points.push(...step(item, bar));
      } catch {
        // An older bar than the forming one (the chart switched to other bars): this indicator stops updating
        // until its next calculation.
        this.items = this.items.filter((i) => i !== item);
      }
    }
    return points;
  }

  get size(): number {
    return this.items.length;
  }
}

function seed(
  key: string,
  calc: IndicatorCalculation,
  bars: readonly Candle[],
): { item: Item; replay: readonly Candle[] } | null {
  if (calc.kind !== 'series' || calc.times.length === 0) return null;
  const checked = validateIndicatorSettings(calc.indicator, calc.settings);
  if (!checked.ok || checked.entry.kind !== 'series') return null;
  const n = calc.times.length;
  const start = bars.findIndex((b) => b.time === calc.times[0]);
  if (start < 0 || bars[start + n - 1]?.time !== calc.times[n - 1]) return null;
  // The calculation's last bar was the forming one: the closed bars are the ones before it.
  const closed = bars.slice(start, start + n - 1);
  const live = new LiveIndicator(checked.entry, checked.settings, {
    time: Float64Array.from(closed, (b) => b.time),
    open: Float64Array.from(closed, (b) => b.open),
    high: Float64Array.from(closed, (b) => b.high),
    low: Float64Array.from(closed, (b) => b.low),
    close: Float64Array.from(closed, (b) => b.close),
    volume: Float64Array.from(closed, (b) => b.volume),
  });
  const outputs = checked.entry.definition.outputs.map((o) => o.id);
  const plots: PlotState[] = [];
  for (const s of calc.series) {
    const output = outputs.indexOf(s.id);
    if (output < 0) return null;
    let lastTime = Number.NEGATIVE_INFINITY;
    for (let i = s.values.length - 1; i >= 0; i--) {
      const t = calc.times[i + s.offset];
      if (t !== undefined) {
        lastTime = t;
        break;
      }
    }
    plots.push({ output, offset: s.offset, values: s.values.slice(), lastTime });
  }
  const times = calc.times.slice(0, n - 1);
  // The last calculated bar again (the chart's may be newer), then any bars after it.
  return { item: { key, live, times, plots }, replay: bars.slice(start + n - 1) };
}

function step(item: Item, bar: Candle): LivePoint[] {
  const row = item.live.update(bar);
  const times = item.times;
  const last = times[times.length - 1];
  const appended = last === undefined || bar.time > last;
  if (appended) times.push(bar.time);
  const i = times.length - 1;
  const points: LivePoint[] = [];
  item.plots.forEach((p, plot) => {
    const value = toValue(row[p.output]!);
    p.values[i] = value;
    // Value i is drawn at bar i + offset: now for an offset of 0 or less, later for one into the future.
    const at = times[i + p.offset];
    if (at !== undefined) {
      points.push({ key: item.key, plot, time: at, value, historical: at < p.lastTime });
      if (at > p.lastTime) p.lastTime = at;
    }
    // A plot shifted into the future gets its point for the new bar from an older value.
    if (appended && p.offset > 0 && i - p.offset >= 0) {
      points.push({ key: item.key, plot, time: bar.time, value: p.values[i - p.offset] ?? null, historical: false });
      p.lastTime = bar.time;
    }
  });
  return points;
}
