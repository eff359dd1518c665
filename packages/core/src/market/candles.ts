/** A price bar. `time` is its start in unix seconds (daily and longer bars: 00:00 UTC of the trade date, week's Monday or month's 1st). */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Two consecutive bars as one (first's time and open, last's close, extreme high and low, summed volume); associative. */
export function mergeCandles(first: Candle, second: Candle): Candle {
  return {
    time: first.time,
    open: first.open,
    high: Math.max(first.high, second.high),
    low: Math.min(first.low, second.low),
    close: second.close,
    volume: first.volume + second.volume,
  };
}

/** Consecutive bars (in time order) as one bar, or null for none. */
export function aggregateCandles(candles: readonly Candle[]): Candle | null {
  if (candles.length === 0) return null;
  let out = candles[0]!;
  for (let i = 1; i < candles.length; i++) out = mergeCandles(out, candles[i]!);
  return { ...out };
}

/**
 * Bars (in time order) grouped by the period their time falls in, each group merged and stamped with the
 * period's time; bars whose period is null (outside any) are left out.
 */
export function aggregateBy(candles: readonly Candle[], periodOf: (time: number) => number | null): Candle[] {
  const out: Candle[] = [];
  let key = Number.NaN;
  for (const c of candles) {
    const k = periodOf(c.time);
    if (k === null) continue;
    const last = out[out.length - 1];
    if (last && k === key) out[out.length - 1] = mergeCandles(last, c);
    else {
      out.push({ ...c, time: k });
      key = k;
    }
  }
  return out;
}
