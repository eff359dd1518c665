import { calculateIndicator } from '@tradedesk/core';
import { describe, expect, it } from 'vitest';
import { type Candle, heikinAshi, indexOfTime, legendValues, mergeCandles } from './candles';

const bar = (time: number, close = 1.1, extra: Partial<Candle> = {}): Candle => ({
  time,
  open: close - 0.001,
  high: close + 0.002,
  low: close - 0.002,
  close,
  volume: 10,
  ...extra,
});

describe('mergeCandles', () => {
  it('puts an older page before what is loaded', () => {
    const merged = mergeCandles([bar(300), bar(400)], [bar(100), bar(200)]);
    expect(merged.map((c) => c.time)).toEqual([100, 200, 300, 400]);
  });

  it('replaces overlapping bars instead of duplicating them', () => {
    const merged = mergeCandles([bar(200, 1), bar(300, 1)], [bar(100, 2), bar(200, 2)]);
    expect(merged.map((c) => [c.time, c.close])).toEqual([
      [100, 2],
      [200, 2],
      [300, 1],
    ]);
  });

  it('appends newer bars and sorts an unsorted page', () => {
    expect(mergeCandles([bar(100)], [bar(300), bar(200)]).map((c) => c.time)).toEqual([100, 200, 300]);
    expect(mergeCandles([], [bar(300), bar(200)]).map((c) => c.time)).toEqual([200, 300]);
  });
});

describe('heikinAshi', () => {
  it('agrees with the heikinAshi indicator of packages/core', () => {
    const candles: Candle[] = Array.from({ length: 50 }, (_, i) =>
      bar(i * 60, 1.1 + Math.sin(i / 3) * 0.01, { volume: i }),
    );
    const ours = heikinAshi(candles);
    const arrays = {
      time: Float64Array.from(candles, (c) => c.time),
      open: Float64Array.from(candles, (c) => c.open),
      high: Float64Array.from(candles, (c) => c.high),
      low: Float64Array.from(candles, (c) => c.low),
      close: Float64Array.from(candles, (c) => c.close),
      volume: Float64Array.from(candles, (c) => c.volume),
    };
    const answer = calculateIndicator({ name: 'heikinAshi', candles: arrays });
    if (!answer.ok || answer.result.kind !== 'series') throw new Error('core computes Heikin-Ashi');
    const [o, h, l, c] = answer.result.series.map((s) => s.values);
    ours.forEach((b, i) => {
      expect(b.open).toBeCloseTo(o![i]!, 12);
      expect(b.high).toBeCloseTo(h![i]!, 12);
      expect(b.low).toBeCloseTo(l![i]!, 12);
      expect(b.close).toBeCloseTo(c![i]!, 12);
    });
  });

  it('follows the rule by hand on two bars', () => {
    const [a, b] = heikinAshi([
      { time: 0, open: 10, high: 14, low: 8, close: 12, volume: 1 },
      { time: 60, open: 12, high: 13, low: 9, close: 10, volume: 2 },
    ]);
    expect(a).toEqual({ time: 0, open: 11, high: 14, low: 8, close: 11, volume: 1 });
    expect(b).toEqual({ time: 60, open: 11, high: 13, low: 9, close: 11, volume: 2 });
  });
});

describe('legendValues', () => {
  it('measures the change from the previous close', () => {
    const v = legendValues(bar(120, 1.1), bar(60, 1.0));
    expect(v.change).toBeCloseTo(0.1, 12);
    expect(v.changePercent).toBeCloseTo(10, 10);
  });
  it('uses the bar’s own open for the first bar', () => {
    const v = legendValues({ time: 0, open: 2, high: 3, low: 1, close: 3, volume: 0 }, undefined);
    expect(v.change).toBe(1);
    expect(v.changePercent).toBe(50);
  });
});

describe('indexOfTime', () => {
  it('finds a bar by time', () => {
    const list = [bar(60), bar(120), bar(180)];
    expect(indexOfTime(list, 120)).toBe(1);
    expect(indexOfTime(list, 100)).toBe(-1);
  });
});
