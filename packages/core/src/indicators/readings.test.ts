import { describe, expect, it } from 'vitest';
import { chartReadings, STANDARD_CHART_READINGS } from './readings.js';
import type { CandleArrays } from './types.js';

/** Bars one hour apart with open = high = low = close = price. */
function flat(prices: readonly number[]): CandleArrays {
  const col = (f: (p: number, i: number) => number) => Float64Array.from(prices.map(f));
  return {
    time: col((_, i) => 1_700_000_000 + i * 3600),
    open: col((p) => p),
    high: col((p) => p),
    low: col((p) => p),
    close: col((p) => p),
    volume: col(() => 1),
  };
}

describe('chart readings', () => {
  it('reads each indicator at the last bar, with the bar before, labelled with its lengths', () => {
    // 1, 2, ..., 60: SMA(20) at the last bar is the mean of 41..60 = 50.5, the bar before 49.5; a rising-only
    // series has RSI 100; the close and the time are the last bar's.
    const prices = Array.from({ length: 60 }, (_, i) => i + 1);
    const r = chartReadings(flat(prices));
    expect(r.time).toBe(1_700_000_000 + 59 * 3600);
    expect(r.close).toBe(60);
    expect(r.readings.map((x) => x.label)).toEqual([
      'RSI(14)',
      'MACD(12,26,9)',
      'SMA(20)',
      'SMA(50)',
      'BB(20,2)',
      'ATR(14)',
    ]);
    const sma20 = r.readings[2]!.plots[0]!;
    expect(sma20.latest).toBeCloseTo(50.5, 10);
    expect(sma20.previous).toBeCloseTo(49.5, 10);
    expect(r.readings[3]!.plots[0]!.latest).toBeCloseTo(35.5, 10); // mean of 11..60
    expect(r.readings[0]!.plots[0]!.latest).toBeCloseTo(100, 10);
    const bb = Object.fromEntries(r.readings[4]!.plots.map((p) => [p.id, p.latest]));
    // population sd of 20 consecutive integers = sqrt((20^2 - 1) / 12)
    const sd = Math.sqrt((20 * 20 - 1) / 12);
    expect(bb.middle).toBeCloseTo(50.5, 10);
    expect(bb.upper).toBeCloseTo(50.5 + 2 * sd, 10);
    expect(bb.lower).toBeCloseTo(50.5 - 2 * sd, 10);
  });

  it('leaves a plot null while its indicator warms up, and skips unknown indicators', () => {
    const r = chartReadings(flat([1, 2, 3, 4, 5]), [
      { indicator: 'sma', settings: { period: 20 } },
      { indicator: 'nope' },
    ]);
    expect(r.readings).toHaveLength(1);
    expect(r.readings[0]!.plots[0]).toMatchObject({ latest: null, previous: null });
  });

  it('has no readings without candles', () => {
    expect(chartReadings(flat([]), STANDARD_CHART_READINGS)).toEqual({ time: null, close: null, readings: [] });
  });
});
