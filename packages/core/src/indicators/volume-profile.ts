import { COLORS, defineProfile, fill, floatInput, histogram, intInput, line, num } from './define.js';
import type { CandleArrays, IndicatorSettings, OhlcvBar } from './types.js';

export const VOLUME_PROFILE = defineProfile({
  id: 'volumeProfile',
  name: 'Volume Profile (Visible Range)',
  shortName: 'VPVR',
  group: 'volume',
  description:
    'Volume traded at each price row across the visible candles (each bar spreads its volume evenly over its range), split into up and down bars, with the point of control and the value area.',
  overlay: true,
  inputs: [
    intInput('rows', 'Rows', 24, 2, 500),
    floatInput('valueAreaPercent', 'Value area volume (%)', 70, 1, 100, 1),
  ],
  outputs: [
    histogram('up', 'Up volume', 'rgba(38, 166, 154, 0.5)'),
    histogram('down', 'Down volume', 'rgba(239, 83, 80, 0.5)'),
    line('poc', 'Point of control', COLORS.red, 1),
    line('valueAreaHigh', 'Value area high', COLORS.blue, 1, 'dashed'),
    line('valueAreaLow', 'Value area low', COLORS.blue, 1, 'dashed'),
  ],
  fills: [fill('valueArea', 'Value area', 'valueAreaHigh', 'valueAreaLow', 'rgba(41, 98, 255, 0.08)')],
});

/** Volume by price over candles `from..to` (indices, inclusive). Rows run from `low` upward, `rowHeight` each. */
export interface VolumeProfile {
  readonly from: number;
  readonly to: number;
  readonly low: number;
  readonly high: number;
  readonly rowHeight: number;
  /** Volume of bars closing at or above their open, per row (row 0 is the lowest). */
  readonly up: Float64Array;
  /** Volume of bars closing below their open, per row. */
  readonly down: Float64Array;
  readonly totalVolume: number;
  /** Row with the most volume (the lowest such row on ties) and its middle price. */
  readonly pocRow: number;
  readonly poc: number;
  readonly valueAreaLow: number;
  readonly valueAreaHigh: number;
}

interface Grid {
  low: number;
  high: number;
  rows: number;
  rowHeight: number;
}

function addBar(
  grid: Grid,
  up: Float64Array,
  down: Float64Array,
  o: number,
  h: number,
  l: number,
  c: number,
  v: number,
) {
  const target = c >= o ? up : down;
  const { low, rows, rowHeight } = grid;
  if (rowHeight === 0 || h === l) {
    const r = rowHeight === 0 ? 0 : Math.min(rows - 1, Math.floor((l - low) / rowHeight));
    target[r] = target[r]! + v;
    return;
  }
  const first = Math.min(rows - 1, Math.floor((l - low) / rowHeight));
  const last = Math.min(rows - 1, Math.floor((h - low) / rowHeight));
  const span = h - l;
  for (let r = first; r <= last; r++) {
    const bottom = low + r * rowHeight;
    const top = r === rows - 1 ? grid.high : bottom + rowHeight;
    const overlap = Math.min(h, top) - Math.max(l, bottom);
    if (overlap > 0) target[r] = target[r]! + (v * overlap) / span;
  }
}

function settle(
  grid: Grid,
  from: number,
  to: number,
  up: Float64Array,
  down: Float64Array,
  pct: number,
): VolumeProfile {
  const rows = grid.rows;
  let total = 0;
  let poc = 0;
  let best = -1;
  for (let r = 0; r < rows; r++) {
    const v = up[r]! + down[r]!;
    total += v;
    if (v > best) {
      best = v;
      poc = r;
    }
  }
  const target = (total * pct) / 100;
  let lo = poc;
  let hi = poc;
  let acc = best;
  while (acc < target && (lo > 0 || hi < rows - 1)) {
    const above = hi + 1 < rows ? up[hi + 1]! + down[hi + 1]! : -1;
    const below = lo > 0 ? up[lo - 1]! + down[lo - 1]! : -1;
    if (above >= below) {
      hi++;
      acc += above;
    } else {
      lo--;
      acc += below;
    }
  }
  const h = grid.rowHeight;
  return {
    from,
    to,
    low: grid.low,
    high: grid.high,
    rowHeight: h,
    up,
    down,
    totalVolume: total,
    pocRow: poc,
    poc: grid.low + (poc + 0.5) * h,
    valueAreaLow: grid.low + lo * h,
    valueAreaHigh: hi === rows - 1 ? grid.high : grid.low + (hi + 1) * h,
  };
}

function gridOf(low: number, high: number, rows: number): Grid {
  return { low, high, rows, rowHeight: (high - low) / rows };
}

/** Volume profile of candles `from..to` (inclusive indices) for settings validated against VOLUME_PROFILE. */
export function volumeProfile(
  candles: CandleArrays,
  from: number,
  to: number,
  settings: IndicatorSettings,
): VolumeProfile {
  if (!(from >= 0 && to < candles.close.length && from <= to)) {
    throw new RangeError('The volume profile range must hold at least one candle.');
  }
  const rows = num(settings, 'rows');
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = from; i <= to; i++) {
    if (candles.low[i]! < low) low = candles.low[i]!;
    if (candles.high[i]! > high) high = candles.high[i]!;
  }
  const grid = gridOf(low, high, rows);
  const up = new Float64Array(rows);
  const down = new Float64Array(rows);
  for (let i = from; i <= to; i++) {
    addBar(grid, up, down, candles.open[i]!, candles.high[i]!, candles.low[i]!, candles.close[i]!, candles.volume[i]!);
  }
  return settle(grid, from, to, up, down, num(settings, 'valueAreaPercent'));
}

/**
 * Live volume profile over the closed candles `from..` plus the forming bar. The row grid spans the range's high
 * and low, which the forming bar can move; while it stays inside, an update adds one bar to the committed rows,
 * otherwise the closed bars are re-binned. Results equal `volumeProfile` over the same candles.
 */
export class LiveVolumeProfile {
  private readonly closed: OhlcvBar[] = [];
  private grid: Grid | null = null;
  private up: Float64Array;
  private down: Float64Array;
  private forming: OhlcvBar | null = null;
  private readonly rows: number;
  private readonly pct: number;
  private readonly from: number;

  constructor(candles: CandleArrays, from: number, settings: IndicatorSettings) {
    this.from = Math.max(0, from);
    this.rows = num(settings, 'rows');
    this.pct = num(settings, 'valueAreaPercent');
    this.up = new Float64Array(this.rows);
    this.down = new Float64Array(this.rows);
    for (let i = this.from; i < candles.close.length; i++) {
      this.closed.push({
        time: candles.time[i]!,
        open: candles.open[i]!,
        high: candles.high[i]!,
        low: candles.low[i]!,
        close: candles.close[i]!,
        volume: candles.volume[i]!,
      });
    }
    this.rebin();
  }

  private rebin(): void {
    this.up.fill(0);
    this.down.fill(0);
    if (this.closed.length === 0) {
      this.grid = null;
      return;
    }
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const b of this.closed) {
      if (b.low < low) low = b.low;
      if (b.high > high) high = b.high;
    }
    this.grid = gridOf(low, high, this.rows);
    for (const b of this.closed) addBar(this.grid, this.up, this.down, b.open, b.high, b.low, b.close, b.volume);
  }

  /**
   * The profile including `bar` as the forming candle. A bar with a later time than the previous forming bar
   * closes that one first; an earlier time is an error.
   */
  update(bar: OhlcvBar): VolumeProfile {
    const forming = this.forming;
    if (forming && bar.time < forming.time) {
      throw new RangeError('A live update cannot go back to an earlier bar.');
    }
    const last = this.closed[this.closed.length - 1];
    if (!forming && last && bar.time <= last.time) {
      throw new RangeError('The forming bar must be later than the last closed candle.');
    }
    if (forming && bar.time > forming.time) {
      this.closed.push(forming);
      const g = this.grid;
      if (g && forming.low >= g.low && forming.high <= g.high) {
        addBar(g, this.up, this.down, forming.open, forming.high, forming.low, forming.close, forming.volume);
      } else this.rebin();
    }
    this.forming = { ...bar };
    const g = this.grid;
    const inside = g !== null && bar.low >= g.low && bar.high <= g.high;
    let grid: Grid;
    const up = new Float64Array(this.rows);
    const down = new Float64Array(this.rows);
    if (inside) {
      grid = g;
      up.set(this.up);
      down.set(this.down);
    } else {
      const low = g ? Math.min(g.low, bar.low) : bar.low;
      const high = g ? Math.max(g.high, bar.high) : bar.high;
      grid = gridOf(low, high, this.rows);
      for (const b of this.closed) addBar(grid, up, down, b.open, b.high, b.low, b.close, b.volume);
    }
    addBar(grid, up, down, bar.open, bar.high, bar.low, bar.close, bar.volume);
    return settle(grid, this.from, this.from + this.closed.length, up, down, this.pct);
  }
}
