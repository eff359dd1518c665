/** A price bar as the historical feed answers it: `time` is the bar's start in unix seconds. */
export type Candle = { time: number; open: number; high: number; low: number; close: number; volume: number };

/**
 * One list of bars in time order from what is loaded and a newly fetched page (older history or a refresh):
 * a bar of the page replaces a loaded bar with the same time, and nothing is duplicated.
 */
export function mergeCandles(loaded: readonly Candle[], page: readonly Candle[]): Candle[] {
  if (page.length === 0) return loaded as Candle[];
  if (loaded.length === 0) return [...page].sort((a, b) => a.time - b.time);
  const first = loaded[0]!.time;
  const last = loaded[loaded.length - 1]!.time;
  const sortedPage = [...page].sort((a, b) => a.time - b.time);
  // The common cases without a map: a page wholly before, or wholly after, what is loaded.
  if (sortedPage[sortedPage.length - 1]!.time < first) return [...sortedPage, ...loaded];
  if (sortedPage[0]!.time > last) return [...loaded, ...sortedPage];
  const byTime = new Map<number, Candle>();
  for (const c of loaded) byTime.set(c.time, c);
  for (const c of sortedPage) byTime.set(c.time, c);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/**
 * Heikin-Ashi bars of a list of bars, in the same times: close is the bar's mean of open, high, low and close;
 * open is the mid-point of the previous Heikin-Ashi body (the first bar's: its own open and close); high and
 * low take in both. The same rule as the `heikinAshi` indicator of packages/core (the test holds them equal),
 * written out here so the chart's chunk does not carry the whole indicator catalogue.
 */
export function heikinAshi(candles: readonly Candle[]): Candle[] {
  const out: Candle[] = new Array(candles.length);
  let prevOpen = Number.NaN;
  let prevClose = Number.NaN;
  for (let i = 0; i < candles.length; i++) {
    const b = candles[i]!;
    const close = (b.open + b.high + b.low + b.close) / 4;
    const open = i === 0 ? (b.open + b.close) / 2 : (prevOpen + prevClose) / 2;
    out[i] = {
      time: b.time,
      open,
      high: Math.max(b.high, open, close),
      low: Math.min(b.low, open, close),
      close,
      volume: b.volume,
    };
    prevOpen = open;
    prevClose = close;
  }
  return out;
}

/** The legend's figures for a bar: its prices, and its change from the previous bar's close (or its own open). */
export type LegendValues = Candle & { change: number; changePercent: number };

export function legendValues(bar: Candle, previous: Candle | undefined): LegendValues {
  const base = previous ? previous.close : bar.open;
  const change = bar.close - base;
  return { ...bar, change, changePercent: base === 0 ? 0 : (change / base) * 100 };
}

/** Index of the bar at `time` (unix seconds) in bars sorted by time, or -1. */
export function indexOfTime(candles: readonly Candle[], time: number): number {
  let lo = 0;
  let hi = candles.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = candles[mid]!.time;
    if (t === time) return mid;
    if (t < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
