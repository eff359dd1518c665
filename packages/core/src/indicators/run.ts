import type { SeriesEntry } from './define.js';
import { BarView, type Kernel } from './kernel.js';
import type {
  CandleArrays,
  IndicatorFill,
  IndicatorLevel,
  IndicatorOutput,
  IndicatorSettings,
  OhlcvBar,
} from './types.js';

/** One candle held as one-element arrays, so a BarView can point at it. */
function singleCandle(): CandleArrays & { time: Float64Array } {
  return {
    time: new Float64Array(1),
    open: new Float64Array(1),
    high: new Float64Array(1),
    low: new Float64Array(1),
    close: new Float64Array(1),
    volume: new Float64Array(1),
  };
}

/**
 * Batch computation: one Float64Array per output (in the definition's order), aligned index for index with the
 * candles; warm-up bars are NaN. Settings must have passed validateIndicatorSettings.
 */
export function computeIndicator(
  entry: SeriesEntry,
  settings: IndicatorSettings,
  candles: CandleArrays,
): Float64Array[] {
  const k = entry.create(settings);
  const n = candles.close.length;
  const width = entry.definition.outputs.length;
  const outs = Array.from({ length: width }, () => new Float64Array(n));
  const row = new Float64Array(width);
  const bar = new BarView(candles);
  const o0 = outs[0]!;
  for (let i = 0; i < n; i++) {
    bar.i = i;
    k.step(bar, row);
    o0[i] = row[0]!;
    for (let j = 1; j < width; j++) outs[j]![i] = row[j]!;
  }
  return outs;
}

/**
 * Incremental computation for a live chart. Built from the closed candles; `update(bar)` returns the outputs for
 * the forming bar, and may be called any number of times as that bar changes. A bar with a later time than the
 * forming one closes the forming bar (its last update becomes final) and starts the next. Every returned row
 * equals the batch result's last row for the closed candles plus that bar.
 */
export class LiveIndicator {
  private readonly committed: Kernel;
  private readonly scratch: Kernel;
  private readonly formingCandle = singleCandle();
  private readonly forming = new BarView(this.formingCandle);
  private hasForming = false;
  private lastClosedTime = Number.NEGATIVE_INFINITY;
  private closedCount = 0;
  private readonly row: Float64Array;
  private readonly discard: Float64Array;

  constructor(
    readonly entry: SeriesEntry,
    readonly settings: IndicatorSettings,
    closed: CandleArrays,
  ) {
    this.committed = entry.create(settings);
    this.scratch = entry.create(settings);
    const width = entry.definition.outputs.length;
    this.row = new Float64Array(width);
    this.discard = new Float64Array(width);
    const bar = new BarView(closed);
    for (let i = 0; i < closed.close.length; i++) {
      bar.i = i;
      this.committed.step(bar, this.discard);
    }
    this.closedCount = closed.close.length;
    if (this.closedCount > 0) this.lastClosedTime = closed.time[this.closedCount - 1]!;
  }

  /** Number of closed bars consumed; the forming bar has this index. */
  get closedBars(): number {
    return this.closedCount;
  }

  /**
   * Outputs for the forming bar, in the definition's order. The returned array is reused by the next call:
   * copy it to keep it.
   */
  update(candle: OhlcvBar): Float64Array {
    const fc = this.formingCandle;
    if (this.hasForming && candle.time > fc.time[0]!) {
      this.committed.step(this.forming, this.discard);
      this.closedCount++;
      this.lastClosedTime = fc.time[0]!;
      this.hasForming = false;
    }
    if (this.hasForming ? candle.time < fc.time[0]! : candle.time <= this.lastClosedTime) {
      throw new RangeError('A live update must be for the forming bar or a later one.');
    }
    fc.time[0] = candle.time;
    fc.open[0] = candle.open;
    fc.high[0] = candle.high;
    fc.low[0] = candle.low;
    fc.close[0] = candle.close;
    fc.volume[0] = candle.volume;
    this.hasForming = true;
    this.scratch.memory.f.set(this.committed.memory.f);
    this.scratch.step(this.forming, this.row);
    return this.row;
  }
}

/** One output of a calculation: its values aligned to the candles and how it is drawn. */
export interface IndicatorSeries extends IndicatorOutput {
  /** Bars to shift the series when drawing (+ into the future, - into the past). */
  readonly offset: number;
  readonly values: Float64Array;
}

export interface IndicatorSeriesResult {
  readonly kind: 'series';
  readonly indicator: string;
  readonly settings: IndicatorSettings;
  readonly series: readonly IndicatorSeries[];
  readonly levels: readonly IndicatorLevel[];
  readonly fills: readonly IndicatorFill[];
}

/** Batch computation packaged with styles and offsets (the logic behind POST /indicators/calculation). */
export function calculateSeries(
  entry: SeriesEntry,
  settings: IndicatorSettings,
  candles: CandleArrays,
  styles: {
    outputs: readonly IndicatorOutput[];
    levels: readonly IndicatorLevel[];
    fills: readonly IndicatorFill[];
  } = entry.definition,
): IndicatorSeriesResult {
  const values = computeIndicator(entry, settings, candles);
  const offsets = entry.offsets?.(settings) ?? {};
  return {
    kind: 'series',
    indicator: entry.definition.id,
    settings,
    series: styles.outputs.map((o, j) => ({ ...o, offset: offsets[o.id] ?? 0, values: values[j]! })),
    levels: styles.levels,
    fills: styles.fills,
  };
}

/** NaN (warm-up, undefined) becomes null, as on the wire. */
export function toNullable(values: Float64Array): (number | null)[] {
  const out = new Array<number | null>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out[i] = !Number.isNaN(v) ? v : null;
  }
  return out;
}

/** Points of a zigzag series: the bar index of each confirmed pivot and its price, oldest first. */
export function zigzagPoints(values: Float64Array, barsAgo: Float64Array): { index: number; value: number }[] {
  const points: { index: number; value: number }[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) points.push({ index: i - barsAgo[i]!, value: v });
  }
  return points;
}
