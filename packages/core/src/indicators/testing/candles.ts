// Test-only: deterministic candle series.
import type { CandleArrays } from '../types.js';

/** mulberry32: a small seeded generator, so every run sees the same series. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random-walk candle series of `n` one-hour bars around `price`, with volumes from 100 to 1100. `tick` rounds
 * prices to a grid so that equal highs, lows and closes (ties) occur as they do in real data.
 */
export function randomCandles(n: number, seed: number, price = 100, tick = 0.01, start = 1_700_000_000): CandleArrays {
  const rnd = seeded(seed);
  const round = (v: number) => Math.round(v / tick) * tick;
  const c = {
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  let last = price;
  const step = price * 0.004;
  for (let i = 0; i < n; i++) {
    const open = round(last + (rnd() - 0.5) * step * 0.2);
    const close = round(open + (rnd() - 0.5) * step * 2);
    const high = round(Math.max(open, close) + rnd() * step);
    const low = round(Math.min(open, close) - rnd() * step);
    c.time[i] = start + i * 3600;
    c.open[i] = open;
    c.high[i] = high;
    c.low[i] = low;
    c.close[i] = close;
    c.volume[i] = Math.round(100 + rnd() * 1000);
    last = close;
  }
  return c;
}

/** The first `n` candles. */
export function head(c: CandleArrays, n: number): CandleArrays {
  return {
    time: c.time.slice(0, n),
    open: c.open.slice(0, n),
    high: c.high.slice(0, n),
    low: c.low.slice(0, n),
    close: c.close.slice(0, n),
    volume: c.volume.slice(0, n),
  };
}
