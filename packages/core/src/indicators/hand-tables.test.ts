import { describe, expect, it } from 'vitest';
import { pivotLevels } from './catalogue/price-action.js';
import { findIndicator } from './catalogue.js';
import type { SeriesEntry } from './define.js';
import { calculateSeries, zigzagPoints } from './run.js';
import { validateIndicatorSettings } from './settings.js';
import type { CandleArrays } from './types.js';
import { volumeProfile } from './volume-profile.js';

/*
 * Indicators TA-Lib does not have (or where our convention is not TA-Lib's), checked against small tables
 * worked out by hand; each expected value shows its arithmetic.
 */

type Row = readonly [time: number, open: number, high: number, low: number, close: number, volume: number];

function candles(rows: readonly Row[]): CandleArrays {
  const col = (k: number) => Float64Array.from(rows.map((r) => r[k]!));
  return { time: col(0), open: col(1), high: col(2), low: col(3), close: col(4), volume: col(5) };
}

/** Bars with open = high = low = close = price. */
function flat(prices: readonly number[], volumes?: readonly number[]): CandleArrays {
  return candles(prices.map((p, i) => [i * 3600, p, p, p, p, volumes?.[i] ?? 1]));
}

function calc(name: string, settings: Record<string, unknown>, c: CandleArrays) {
  const v = validateIndicatorSettings(name, settings);
  if (!v.ok) throw new Error(v.errors.map((e) => e.message).join(' '));
  const r = calculateSeries(v.entry as SeriesEntry, v.settings, c);
  return Object.fromEntries(r.series.map((s) => [s.id, Array.from(s.values)]));
}

const N = Number.NaN;

function expectSeries(actual: number[] | undefined, expected: number[]) {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((e, i) => {
    if (Number.isNaN(e)) expect(actual![i], `[${i}]`).toBeNaN();
    else expect(actual![i], `[${i}]`).toBeCloseTo(e, 10);
  });
}

describe('hand-computed tables', () => {
  it('SMMA (RMA): seeded with the mean, then (prev*(n-1)+x)/n', () => {
    const r = calc('smma', { period: 3 }, flat([1, 2, 3, 4, 5, 6]));
    // (1+2+3)/3 = 2; (2*2+4)/3 = 8/3; (8/3*2+5)/3 = 31/9; (31/9*2+6)/3 = 116/27
    expectSeries(r.smma, [N, N, 2, 8 / 3, 31 / 9, 116 / 27]);
  });

  it('WMA of length 1 is the source itself', () => {
    expectSeries(calc('wma', { period: 1 }, flat([3, 1, 4])).wma, [3, 1, 4]);
  });

  it('ALMA: Gaussian weights around offset*(n-1) with width n/sigma', () => {
    // n=3, offset 0.5 -> centre 1, sigma 3 -> width 1: weights e^-0.5, 1, e^-0.5 (oldest to newest)
    const w = Math.exp(-0.5);
    const r = calc('alma', { period: 3, offset: 0.5, sigma: 3 }, flat([1, 2, 4, 0]));
    expectSeries(r.alma, [N, N, (1 * w + 2 * 1 + 4 * w) / (2 * w + 1), (2 * w + 4 * 1 + 0 * w) / (2 * w + 1)]);
  });

  it('Vortex: summed |high - previous low| and |low - previous high| over summed true range', () => {
    const c = candles([
      [0, 9, 10, 8, 9, 1],
      [1, 9, 11, 9, 10, 1], // VM+ |11-8| = 3, VM- |9-10| = 1, TR 11-9 = 2
      [2, 10, 12, 10, 11, 1], // VM+ |12-9| = 3, VM- |10-11| = 1, TR 12-10 = 2
      [3, 11, 11, 9, 9, 1], // VM+ |11-10| = 1, VM- |9-12| = 3, TR 11-9 = 2
    ]);
    const r = calc('vortex', { period: 2 }, c);
    expectSeries(r.plus, [N, N, (3 + 3) / 4, (3 + 1) / 4]);
    expectSeries(r.minus, [N, N, (1 + 1) / 4, (1 + 3) / 4]);
  });

  it('SuperTrend: bands tighten while the trend lasts and the line flips when the close crosses', () => {
    const c = candles([
      [0, 9, 10, 8, 9, 1],
      [1, 9, 11, 9, 10.5, 1], // ATR(1) = TR = 11-9 = 2; hl2 10: lower 8, upper 12; first value: down trend at 12
      [2, 11, 13, 11, 12.8, 1], // TR 13-10.5 = 2.5, hl2 12: lower 9.5, upper 14.5 -> kept at 12; 12.8 > 12: up at 9.5
      [3, 12, 13, 10, 10.2, 1], // TR 13-10 = 3, hl2 11.5: lower 8.5 -> kept 9.5; 10.2 >= 9.5 stays up at 9.5
      [4, 10, 10, 8, 8.5, 1], // TR 10.2-8 = 2.2, hl2 9: upper 11.2 (< 14.5); 8.5 < 9.5: down at 11.2
    ]);
    const r = calc('supertrend', { atrPeriod: 1, factor: 1 }, c);
    expectSeries(r.up, [N, N, 9.5, 9.5, N]);
    expectSeries(r.down, [N, 12, N, N, 11.2]);
  });

  it('VWAP: volume-weighted mean and deviation bands, restarting at the session boundary', () => {
    const day = Date.UTC(2024, 0, 1) / 1000;
    const c = candles([
      [day + 22 * 3600, 10, 10, 10, 10, 1],
      [day + 23 * 3600, 12, 12, 12, 12, 3],
      [day + 24 * 3600, 20, 20, 20, 20, 5],
    ]);
    const r = calc('vwap', { anchor: 'day', sessionStartMinute: 0, bandMultiplier: 1 }, c);
    // bar 1: (10*1 + 12*3)/4 = 11.5; variance (100*1 + 144*3)/4 - 11.5^2 = 133 - 132.25 = 0.75
    expectSeries(r.vwap, [10, 11.5, 20]);
    expectSeries(r.upper, [10, 11.5 + Math.sqrt(0.75), 20]);
    expectSeries(r.lower, [10, 11.5 - Math.sqrt(0.75), 20]);
    // with the session starting at 01:00 UTC, midnight still belongs to the first session: (10+36+100)/9
    expectSeries(calc('vwap', { sessionStartMinute: 60 }, c).vwap, [10, 11.5, 146 / 9]);
  });

  it('Pivot points from the previous period: H 110, L 100, C 108', () => {
    const out = new Float64Array(7);
    const levels = (type: 'classic' | 'fibonacci' | 'camarilla' | 'woodie') => {
      pivotLevels(type, 110, 100, 108, out);
      return Array.from(out);
    };
    // [P, R1, R2, R3, S1, S2, S3]
    // classic: P = 318/3 = 106; R1 = 2P-L = 112; R2 = P+10; R3 = H+2(P-L) = 122; S1 = 2P-H = 102; S2 = 96; S3 = L-2(H-P) = 92
    expectSeries(levels('classic'), [106, 112, 116, 122, 102, 96, 92]);
    // fibonacci: P -/+ 0.382, 0.618 and 1 times the range 10
    expectSeries(levels('fibonacci'), [106, 109.82, 112.18, 116, 102.18, 99.82, 96]);
    // camarilla: C -/+ 11/12, 11/6, 11/4 (range*1.1 over 12, 6, 4)
    expectSeries(levels('camarilla'), [106, 108 + 11 / 12, 108 + 11 / 6, 110.75, 108 - 11 / 12, 108 - 11 / 6, 105.25]);
    // woodie: P = (110+100+2*108)/4 = 106.5, then the classic formulas
    expectSeries(levels('woodie'), [106.5, 113, 116.5, 123, 103, 96.5, 93]);
  });

  it('Pivot points indicator: no levels on the first day, the previous day on the next', () => {
    const day = Date.UTC(2024, 0, 2) / 1000;
    const c = candles([
      [day, 104, 110, 103, 105, 1],
      [day + 3600, 105, 106, 100, 108, 1],
      [day + 86_400, 108, 109, 107, 108, 1],
      [day + 86_400 + 3600, 108, 120, 90, 95, 1],
    ]);
    const r = calc('pivotPoints', { type: 'classic', anchor: 'day' }, c);
    expectSeries(r.p, [N, N, 106, 106]);
    expectSeries(r.s3, [N, N, 92, 92]);
  });

  it('Heikin-Ashi: close is the bar mean, open the previous body mid-point', () => {
    const c = candles([
      [0, 10, 12, 9, 11, 1], // close 42/4 = 10.5; open (10+11)/2 = 10.5
      [1, 11, 13, 10, 12, 1], // close 46/4 = 11.5; open (10.5+10.5)/2 = 10.5; low min(10, 10.5, 11.5)
    ]);
    const r = calc('heikinAshi', {}, c);
    expectSeries(r.open, [10.5, 10.5]);
    expectSeries(r.high, [12, 13]);
    expectSeries(r.low, [9, 10]);
    expectSeries(r.close, [10.5, 11.5]);
  });

  it('Fractals: confirmed two bars later and drawn two bars back', () => {
    const c = candles([1, 2, 5, 2, 1, 3].map((h, i): Row => [i, h, h, [5, 4, 1, 4, 5, 6][i]! - 10, h, 1]));
    const v = validateIndicatorSettings('fractals', { periods: 2 });
    if (!v.ok) throw new Error('valid');
    const r = calculateSeries(v.entry as SeriesEntry, v.settings, c);
    const [up, down] = r.series;
    // bar 2's high 5 is above bars 0, 1, 3, 4: known on bar 4; its low -9 is below them too
    expectSeries(Array.from(up!.values), [N, N, N, N, 5, N]);
    expectSeries(Array.from(down!.values), [N, N, N, N, -9, N]);
    expect(up!.offset).toBe(-2);
  });

  it('ZigZag: a swing is confirmed once price reverses by the deviation', () => {
    const c = candles([
      [0, 100, 100, 100, 100, 1],
      [1, 104, 105, 104, 105, 1],
      [2, 112, 115, 112, 114, 1], // 115 >= 100*1.1: the low 100 at bar 0 is confirmed
      [3, 108, 108, 103, 104, 1], // 103 <= 115*0.9 = 103.5: the high 115 at bar 2 is confirmed
      [4, 104, 112, 104, 110, 1], // 112 < 103*1.1 = 113.3: nothing
      [5, 110, 114, 110, 113, 1], // 114 >= 113.3: the low 103 at bar 3 is confirmed
    ]);
    const v = validateIndicatorSettings('zigzag', { deviation: 10 });
    if (!v.ok) throw new Error('valid');
    const [pivot, barsAgo] = calculateSeries(v.entry as SeriesEntry, v.settings, c).series;
    expectSeries(Array.from(pivot!.values), [N, N, 100, 115, N, 103]);
    expectSeries(Array.from(barsAgo!.values), [N, N, 2, 1, N, 2]);
    expect(zigzagPoints(pivot!.values, barsAgo!.values)).toEqual([
      { index: 0, value: 100 },
      { index: 2, value: 115 },
      { index: 3, value: 103 },
    ]);
  });

  it('Chaikin Money Flow: close-location-weighted volume over volume', () => {
    const c = candles([
      [0, 9, 10, 8, 9.5, 100], // CLV ((9.5-8)-(10-9.5))/2 = 0.5 -> 50
      [1, 10, 11, 9, 9, 300], // CLV (0-2)/2 = -1 -> -300
      [2, 10, 10, 10, 10, 50], // no range: CLV 0
    ]);
    expectSeries(calc('chaikinMoneyFlow', { period: 2 }, c).cmf, [N, (50 - 300) / 400, -300 / 350]);
  });

  it('Price Volume Trend: volume times the fractional change, from 0', () => {
    // 0; +0.1*200 = 20; 20 + (-1.1/11)*300 = -10
    expectSeries(calc('priceVolumeTrend', {}, flat([10, 11, 9.9], [100, 200, 300])).pvt, [0, 20, -10]);
  });

  it('Ease of Movement: divisor * move of hl2 * range / volume', () => {
    const c = candles([
      [0, 9, 10, 8, 9, 1000],
      [1, 11, 12, 10, 11, 2000], // hl2 9 -> 11: move 2; 10000*2*2/2000 = 20
      [2, 11, 12, 10, 11, 0], // no volume: 0
    ]);
    expectSeries(calc('easeOfMovement', { period: 1, divisor: 10_000 }, c).eom, [N, 20, 0]);
  });

  it('Volume: columns split by bar direction, with their average', () => {
    const c = candles([
      [0, 10, 11, 9, 11, 100],
      [1, 11, 12, 9, 10, 300],
    ]);
    const r = calc('volume', { maPeriod: 2 }, c);
    expectSeries(r.up, [100, N]);
    expectSeries(r.down, [N, 300]);
    expectSeries(r.ma, [N, 200]);
  });

  it('Linear regression channel: bands at the RMS distance from the fitted line', () => {
    // y = 1, 3, 2 at x = 0, 1, 2: slope Sxy/Sxx = 1/2, line 1.5, 2, 2.5; residuals -0.5, 1, -0.5 -> RMS sqrt(1.5/3)
    const r = calc('linearRegressionChannel', { period: 3, deviations: 2 }, flat([1, 3, 2]));
    expectSeries(r.middle, [N, N, 2.5]);
    expectSeries(r.upper, [N, N, 2.5 + 2 * Math.sqrt(0.5)]);
    expectSeries(r.lower, [N, N, 2.5 - 2 * Math.sqrt(0.5)]);
  });

  it('Relative Vigor Index: (1,2,2,1)/6-weighted close-open over the same of high-low', () => {
    const c = candles([1, 2, 3, 4].map((d, i): Row => [i, 10, 12, 8, 10 + d, 1]));
    // numerator (1 + 2*2 + 2*3 + 4)/6 = 2.5, denominator 4 (every range is 4)
    expectSeries(calc('rvi', { period: 1 }, c).rvi, [N, N, N, 2.5 / 4]);
  });

  it('Fisher transform: first value from the position in the range', () => {
    const c = candles([
      [0, 10, 11, 9, 10, 1], // hl2 10
      [1, 12, 13, 11, 12, 1], // hl2 12: position (12-10)/2 - 0.5 = 0.5; v = 0.66*0.5 = 0.33
      [2, 11, 12, 10, 11, 1], // hl2 11 in [11, 12]: position -0.5; v = 0.66*-0.5 + 0.67*0.33 = -0.1089
    ]);
    const r = calc('fisherTransform', { period: 2 }, c);
    const f1 = 0.5 * Math.log(1.33 / 0.67);
    expectSeries(r.fisher, [N, f1, 0.5 * Math.log((1 - 0.1089) / (1 + 0.1089)) + 0.5 * f1]);
    expectSeries(r.trigger, [N, N, f1]);
  });

  it('Volume profile: volume spread over each bar range, point of control and value area', () => {
    const c = candles([
      [0, 1, 2, 1, 2, 10], // up bar over row 0 (1..2)
      [1, 3, 3, 2, 2, 20], // down bar over row 1 (2..3)
      [2, 1.5, 2.5, 1.5, 2.5, 10], // up bar, half in each row
    ]);
    const p = volumeProfile(c, 0, 2, { rows: 2, valueAreaPercent: 70 });
    expect(Array.from(p.up)).toEqual([15, 5]);
    expect(Array.from(p.down)).toEqual([0, 20]);
    expect(p).toMatchObject({ low: 1, high: 3, rowHeight: 1, totalVolume: 40, pocRow: 1, poc: 2.5 });
    // 70% of 40 = 28: row 1 holds 25, so row 0 joins: the value area is the whole range
    expect([p.valueAreaLow, p.valueAreaHigh]).toEqual([1, 3]);
    const single = volumeProfile(c, 1, 1, { rows: 4, valueAreaPercent: 70 });
    expect(Array.from(single.down)).toEqual([5, 5, 5, 5]);
  });

  it('Ichimoku draws the leading spans ahead and the lagging span back', () => {
    const v = validateIndicatorSettings('ichimoku', {});
    if (!v.ok) throw new Error('valid');
    const r = calculateSeries(v.entry as SeriesEntry, v.settings, flat([1, 2, 3]));
    expect(Object.fromEntries(r.series.map((s) => [s.id, s.offset]))).toEqual({
      conversion: 0,
      base: 0,
      spanA: 25,
      spanB: 25,
      lagging: -25,
    });
    expect(findIndicator('ichimoku')?.definition.fills[0]).toMatchObject({ from: 'spanA', to: 'spanB' });
  });
});
