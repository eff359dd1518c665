import { beforeAll, describe, expect, it } from 'vitest';
import type { SeriesEntry } from './define.js';
import { computeIndicator } from './run.js';
import { validateIndicatorSettings } from './settings.js';
import { randomCandles } from './testing/candles.js';
import { loadTalib, MA, talib } from './testing/talib.js';
import type { CandleArrays } from './types.js';

/*
 * Values against TA-Lib itself (its C code compiled to WebAssembly), within 1e-8 relative to the value's size.
 * Where TA-Lib has no such indicator but the convention is a composition of TA-Lib functions (HMA, Keltner,
 * Z-Score...), the reference is that composition. Series are random walks at price 100 on a 0.01 grid (ties
 * occur) so TA-Lib's 1e-8 "is zero" thresholds, which we do not copy, never come into play.
 */

const N = 1200;
const SERIES = [randomCandles(N, 1), randomCandles(N, 2, 100, 0.05), randomCandles(N, 3, 250, 0.01)];

beforeAll(loadTalib);

function run(name: string, settings: Record<string, unknown>, c: CandleArrays): Record<string, Float64Array> {
  const v = validateIndicatorSettings(name, settings);
  if (!v.ok) throw new Error(v.errors.map((e) => e.message).join(' '));
  const entry = v.entry as SeriesEntry;
  const outs = computeIndicator(entry, v.settings, c);
  return Object.fromEntries(entry.definition.outputs.map((o, j) => [o.id, outs[j]!]));
}

/** Same warm-up (NaN positions) and values within 1e-8 relative. */
function expectClose(actual: Float64Array, expected: Float64Array, label: string) {
  expect(actual.length, label).toBe(expected.length);
  const firstA = actual.findIndex((v) => !Number.isNaN(v));
  const firstE = expected.findIndex((v) => !Number.isNaN(v));
  expect(firstA, `${label}: first value index`).toBe(firstE);
  expect(firstE, `${label}: the reference has values`).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < expected.length; i++) {
    const a = actual[i]!;
    const e = expected[i]!;
    if (Number.isNaN(e)) {
      expect(Number.isNaN(a), `${label}[${i}] should be warm-up`).toBe(true);
      continue;
    }
    if (Math.abs(a - e) > 1e-8 * Math.max(1, Math.abs(e))) {
      expect.fail(`${label}[${i}]: ${a} differs from TA-Lib's ${e}`);
    }
  }
}

/** Runs a TA-Lib function on the part of `x` after its leading NaNs, keeping the alignment. */
function onTail(name: string, x: Float64Array, options: readonly number[], outputs = 1): Float64Array[] {
  const start = x.findIndex((v) => !Number.isNaN(v));
  const res = talib(name, [x.subarray(start)], options, outputs);
  return res.map((r) => {
    const out = new Float64Array(x.length).fill(Number.NaN);
    out.set(r, start);
    return out;
  });
}

const map = (a: Float64Array, b: Float64Array, f: (x: number, y: number) => number) => a.map((x, i) => f(x, b[i]!));
const shift = (a: Float64Array, k: number) => {
  const out = new Float64Array(a.length).fill(Number.NaN);
  out.set(a.subarray(0, a.length - k), k);
  return out;
};

interface Case {
  readonly name: string;
  readonly settings: Record<string, unknown>;
  /** Expected series by output id, from TA-Lib. */
  readonly expected: (c: CandleArrays) => Record<string, Float64Array>;
}

const t1 = (name: string, inputs: (c: CandleArrays) => Float64Array[], options: number[]) => (c: CandleArrays) =>
  talib(name, inputs(c), options)[0]!;
const close = (c: CandleArrays) => [c.close];
const hlc = (c: CandleArrays) => [c.high, c.low, c.close];

const CASES: readonly Case[] = [
  { name: 'sma', settings: { period: 20 }, expected: (c) => ({ sma: t1('SMA', close, [20])(c) }) },
  { name: 'ema', settings: { period: 20 }, expected: (c) => ({ ema: t1('EMA', close, [20])(c) }) },
  {
    name: 'ema',
    settings: { period: 3, source: 'hl2' },
    expected: (c) => ({ ema: t1('EMA', (k) => [talib('MEDPRICE', [k.high, k.low], [])[0]!], [3])(c) }),
  },
  { name: 'wma', settings: { period: 20 }, expected: (c) => ({ wma: t1('WMA', close, [20])(c) }) },
  { name: 'dema', settings: { period: 20 }, expected: (c) => ({ dema: t1('DEMA', close, [20])(c) }) },
  { name: 'tema', settings: { period: 15 }, expected: (c) => ({ tema: t1('TEMA', close, [15])(c) }) },
  { name: 'kama', settings: { period: 10 }, expected: (c) => ({ kama: t1('KAMA', close, [10])(c) }) },
  { name: 't3', settings: { period: 5, volumeFactor: 0.7 }, expected: (c) => ({ t3: t1('T3', close, [5, 0.7])(c) }) },
  { name: 'trima', settings: { period: 20 }, expected: (c) => ({ trima: t1('TRIMA', close, [20])(c) }) },
  { name: 'trima', settings: { period: 21 }, expected: (c) => ({ trima: t1('TRIMA', close, [21])(c) }) },
  { name: 'lsma', settings: { period: 25 }, expected: (c) => ({ lsma: t1('LINEARREG', close, [25])(c) }) },
  {
    name: 'psar',
    settings: { step: 0.02, maximum: 0.2 },
    expected: (c) => ({ sar: talib('SAR', [c.high, c.low], [0.02, 0.2])[0]! }),
  },
  {
    name: 'dmi',
    settings: { period: 14 },
    expected: (c) => ({
      adx: t1('ADX', hlc, [14])(c),
      plusDi: t1('PLUS_DI', hlc, [14])(c),
      minusDi: t1('MINUS_DI', hlc, [14])(c),
    }),
  },
  {
    name: 'aroon',
    settings: { period: 14 },
    expected: (c) => {
      const [down, up] = talib('AROON', [c.high, c.low], [14], 2);
      return { up: up!, down: down! };
    },
  },
  {
    name: 'aroonOscillator',
    settings: { period: 25 },
    expected: (c) => ({ oscillator: talib('AROONOSC', [c.high, c.low], [25])[0]! }),
  },
  {
    name: 'ichimoku',
    settings: {},
    expected: (c) => {
      const conversion = talib('MIDPRICE', [c.high, c.low], [9])[0]!;
      const base = talib('MIDPRICE', [c.high, c.low], [26])[0]!;
      return {
        conversion,
        base,
        spanA: map(conversion, base, (a, b) => (a + b) / 2),
        spanB: talib('MIDPRICE', [c.high, c.low], [52])[0]!,
      };
    },
  },
  { name: 'rsi', settings: { period: 14 }, expected: (c) => ({ rsi: t1('RSI', close, [14])(c) }) },
  {
    name: 'stoch',
    settings: { kPeriod: 14, kSmoothing: 3, dPeriod: 3 },
    expected: (c) => {
      const [k, d] = talib('STOCH', hlc(c), [14, 3, MA.SMA, 3, MA.SMA], 2);
      return { k: k!, d: d! };
    },
  },
  {
    name: 'stochRsi',
    settings: { rsiPeriod: 14, stochPeriod: 14, kSmoothing: 1, dPeriod: 3 },
    expected: (c) => {
      const [k, d] = talib('STOCHRSI', [c.close], [14, 14, 3, MA.SMA], 2);
      return { k: k!, d: d! };
    },
  },
  {
    name: 'stochRsi',
    settings: { rsiPeriod: 14, stochPeriod: 14, kSmoothing: 3, dPeriod: 3 },
    expected: (c) => {
      const rsi = talib('RSI', [c.close], [14])[0]!;
      const start = 14;
      const tail = rsi.subarray(start);
      const [k, d] = talib('STOCH', [tail, tail, tail], [14, 3, MA.SMA, 3, MA.SMA], 2);
      const place = (x: Float64Array) => {
        const out = new Float64Array(rsi.length).fill(Number.NaN);
        out.set(x, start);
        return out;
      };
      return { k: place(k!), d: place(d!) };
    },
  },
  {
    name: 'macd',
    settings: { fastPeriod: 12, slowPeriod: 26, signalPeriod: 9 },
    expected: (c) => {
      const [macd, signal, histogram] = talib('MACD', [c.close], [12, 26, 9], 3);
      return { macd: macd!, signal: signal!, histogram: histogram! };
    },
  },
  { name: 'cci', settings: { period: 20 }, expected: (c) => ({ cci: t1('CCI', hlc, [20])(c) }) },
  { name: 'williamsR', settings: { period: 14 }, expected: (c) => ({ r: t1('WILLR', hlc, [14])(c) }) },
  { name: 'roc', settings: { period: 10 }, expected: (c) => ({ roc: t1('ROC', close, [10])(c) }) },
  { name: 'momentum', settings: { period: 10 }, expected: (c) => ({ momentum: t1('MOM', close, [10])(c) }) },
  { name: 'trix', settings: { period: 18 }, expected: (c) => ({ trix: t1('TRIX', close, [18])(c) }) },
  {
    name: 'ultimateOscillator',
    settings: { fastPeriod: 7, middlePeriod: 14, slowPeriod: 28 },
    expected: (c) => ({ uo: t1('ULTOSC', hlc, [7, 14, 28])(c) }),
  },
  { name: 'cmo', settings: { period: 14 }, expected: (c) => ({ cmo: t1('CMO', close, [14])(c) }) },
  {
    name: 'ppo',
    settings: { fastPeriod: 12, slowPeriod: 26, maType: 'ema' },
    expected: (c) => ({ ppo: t1('PPO', close, [12, 26, MA.EMA])(c) }),
  },
  {
    name: 'ppo',
    settings: { fastPeriod: 10, slowPeriod: 21, maType: 'sma' },
    expected: (c) => ({ ppo: t1('PPO', close, [10, 21, MA.SMA])(c) }),
  },
  {
    name: 'apo',
    settings: { fastPeriod: 12, slowPeriod: 26, maType: 'ema' },
    expected: (c) => ({ apo: t1('APO', close, [12, 26, MA.EMA])(c) }),
  },
  {
    name: 'balanceOfPower',
    settings: {},
    expected: (c) => ({ bop: talib('BOP', [c.open, c.high, c.low, c.close], [])[0]! }),
  },
  { name: 'obv', settings: {}, expected: (c) => ({ obv: talib('OBV', [c.close, c.volume], [])[0]! }) },
  {
    name: 'accumulationDistribution',
    settings: {},
    expected: (c) => ({ ad: talib('AD', [c.high, c.low, c.close, c.volume], [])[0]! }),
  },
  {
    name: 'chaikinOscillator',
    settings: { fastPeriod: 3, slowPeriod: 10 },
    expected: (c) => ({ oscillator: talib('ADOSC', [c.high, c.low, c.close, c.volume], [3, 10])[0]! }),
  },
  { name: 'mfi', settings: { period: 14 }, expected: (c) => ({ mfi: talib('MFI', [...hlc(c), c.volume], [14])[0]! }) },
  { name: 'atr', settings: { period: 14 }, expected: (c) => ({ atr: t1('ATR', hlc, [14])(c) }) },
  { name: 'atr', settings: { period: 1 }, expected: (c) => ({ atr: t1('ATR', hlc, [1])(c) }) },
  { name: 'natr', settings: { period: 14 }, expected: (c) => ({ natr: t1('NATR', hlc, [14])(c) }) },
  { name: 'trueRange', settings: {}, expected: (c) => ({ tr: t1('TRANGE', hlc, [])(c) }) },
  {
    name: 'bollinger',
    settings: { period: 20, deviations: 2 },
    expected: (c) => {
      const [upper, middle, lower] = talib('BBANDS', [c.close], [20, 2, 2, MA.SMA], 3);
      return { upper: upper!, middle: middle!, lower: lower! };
    },
  },
  { name: 'stdDev', settings: { period: 20 }, expected: (c) => ({ stdDev: t1('STDDEV', close, [20, 1])(c) }) },
  {
    name: 'donchian',
    settings: { period: 20 },
    expected: (c) => {
      const upper = talib('MAX', [c.high], [20])[0]!;
      const lower = talib('MIN', [c.low], [20])[0]!;
      return { upper, lower, middle: map(upper, lower, (a, b) => (a + b) / 2) };
    },
  },
  { name: 'medianPrice', settings: {}, expected: (c) => ({ medianPrice: talib('MEDPRICE', [c.high, c.low], [])[0]! }) },
  { name: 'typicalPrice', settings: {}, expected: (c) => ({ typicalPrice: t1('TYPPRICE', hlc, [])(c) }) },
  { name: 'weightedClose', settings: {}, expected: (c) => ({ weightedClose: t1('WCLPRICE', hlc, [])(c) }) },
  // ---- compositions of TA-Lib functions ----
  {
    name: 'hma',
    settings: { period: 16 },
    expected: (c) => {
      const half = talib('WMA', [c.close], [8])[0]!;
      const full = talib('WMA', [c.close], [16])[0]!;
      return {
        hma: onTail(
          'WMA',
          map(half, full, (a, b) => 2 * a - b),
          [4],
        )[0]!,
      };
    },
  },
  {
    name: 'vwma',
    settings: { period: 20 },
    expected: (c) => {
      const pv = talib('SUM', [map(c.close, c.volume, (p, v) => p * v)], [20])[0]!;
      const v = talib('SUM', [c.volume], [20])[0]!;
      return { vwma: map(pv, v, (a, b) => a / b) };
    },
  },
  {
    name: 'keltner',
    settings: { period: 20, multiplier: 2, atrPeriod: 10 },
    expected: (c) => {
      const ema = talib('EMA', [c.close], [20])[0]!;
      const atr = talib('ATR', hlc(c), [10])[0]!;
      return {
        middle: ema,
        upper: map(ema, atr, (e, a) => e + 2 * a),
        lower: map(ema, atr, (e, a) => e - 2 * a),
      };
    },
  },
  {
    name: 'bollingerPercentB',
    settings: { period: 20, deviations: 2 },
    expected: (c) => {
      const [upper, , lower] = talib('BBANDS', [c.close], [20, 2, 2, MA.SMA], 3);
      return { percentB: c.close.map((x, i) => (x - lower![i]!) / (upper![i]! - lower![i]!)) };
    },
  },
  {
    name: 'bollingerWidth',
    settings: { period: 20, deviations: 2 },
    expected: (c) => {
      const [upper, middle, lower] = talib('BBANDS', [c.close], [20, 2, 2, MA.SMA], 3);
      return { width: middle!.map((m, i) => ((upper![i]! - lower![i]!) / m) * 100) };
    },
  },
  {
    name: 'zScore',
    settings: { period: 20 },
    expected: (c) => {
      const sma = talib('SMA', [c.close], [20])[0]!;
      const sd = talib('STDDEV', [c.close], [20, 1])[0]!;
      return { z: c.close.map((x, i) => (x - sma[i]!) / sd[i]!) };
    },
  },
  {
    name: 'envelopes',
    settings: { period: 20, percent: 2.5, maType: 'sma' },
    expected: (c) => {
      const sma = talib('SMA', [c.close], [20])[0]!;
      return { middle: sma, upper: sma.map((m) => m * 1.025), lower: sma.map((m) => m * 0.975) };
    },
  },
  {
    name: 'chandelierExit',
    settings: { period: 22, multiplier: 3 },
    expected: (c) => {
      const atr = talib('ATR', hlc(c), [22])[0]!;
      const hh = talib('MAX', [c.high], [22])[0]!;
      const ll = talib('MIN', [c.low], [22])[0]!;
      return { longStop: map(hh, atr, (h, a) => h - a * 3), shortStop: map(ll, atr, (l, a) => l + a * 3) };
    },
  },
  {
    name: 'coppock',
    settings: { wmaPeriod: 10, longRocPeriod: 14, shortRocPeriod: 11 },
    expected: (c) => {
      const sum = map(talib('ROC', [c.close], [14])[0]!, talib('ROC', [c.close], [11])[0]!, (a, b) => a + b);
      return { coppock: onTail('WMA', sum, [10])[0]! };
    },
  },
  {
    name: 'elderRay',
    settings: { period: 13 },
    expected: (c) => {
      const ema = talib('EMA', [c.close], [13])[0]!;
      return { bull: map(c.high, ema, (h, e) => h - e), bear: map(c.low, ema, (l, e) => l - e) };
    },
  },
  {
    name: 'forceIndex',
    settings: { period: 13 },
    expected: (c) => {
      const raw = c.close.map((x, i) => (i === 0 ? Number.NaN : (x - c.close[i - 1]!) * c.volume[i]!));
      return { force: onTail('EMA', raw, [13])[0]! };
    },
  },
  {
    name: 'dpo',
    settings: { period: 21 },
    expected: (c) => ({ dpo: map(c.close, shift(talib('SMA', [c.close], [21])[0]!, 11), (x, s) => x - s) }),
  },
  {
    name: 'massIndex',
    settings: { period: 25, emaPeriod: 9 },
    expected: (c) => {
      const e1 = talib('EMA', [map(c.high, c.low, (h, l) => h - l)], [9])[0]!;
      const e2 = onTail('EMA', e1, [9])[0]!;
      return {
        mass: onTail(
          'SUM',
          map(e1, e2, (a, b) => a / b),
          [25],
        )[0]!,
      };
    },
  },
  {
    name: 'priceChannel',
    settings: { period: 20 },
    expected: (c) => ({
      upper: shift(talib('MAX', [c.high], [20])[0]!, 1),
      lower: shift(talib('MIN', [c.low], [20])[0]!, 1),
    }),
  },
  {
    name: 'historicalVolatility',
    settings: { period: 20, periodsPerYear: 252 },
    expected: (c) => {
      const r = c.close.map((x, i) => (i === 0 ? Number.NaN : Math.log(x / c.close[i - 1]!)));
      return { hv: onTail('STDDEV', r, [20, 1])[0]!.map((v) => v * Math.sqrt(252) * 100) };
    },
  },
  {
    name: 'tsi',
    settings: { longPeriod: 25, shortPeriod: 13, signalPeriod: 13 },
    expected: (c) => {
      const mom = c.close.map((x, i) => (i === 0 ? Number.NaN : x - c.close[i - 1]!));
      const num = onTail('EMA', onTail('EMA', mom, [25])[0]!, [13])[0]!;
      const den = onTail('EMA', onTail('EMA', mom.map(Math.abs), [25])[0]!, [13])[0]!;
      const tsi = map(num, den, (a, b) => (a / b) * 100);
      return { tsi, signal: onTail('EMA', tsi, [13])[0]! };
    },
  },
  {
    name: 'kst',
    settings: {},
    expected: (c) => {
      const part = (roc: number, sma: number) => onTail('SMA', talib('ROC', [c.close], [roc])[0]!, [sma])[0]!;
      const [a, b, d, e] = [part(10, 10), part(15, 10), part(20, 10), part(30, 15)];
      const kst = a.map((x, i) => 1 * x + 2 * b[i]! + 3 * d[i]! + 4 * e[i]!);
      return { kst, signal: onTail('SMA', kst, [9])[0]! };
    },
  },
  {
    name: 'choppiness',
    settings: { period: 14 },
    expected: (c) => {
      const sum = onTail('SUM', talib('TRANGE', hlc(c), [])[0]!, [14])[0]!;
      const hh = talib('MAX', [c.high], [14])[0]!;
      const ll = talib('MIN', [c.low], [14])[0]!;
      return { chop: sum.map((s, i) => (100 * Math.log10(s / (hh[i]! - ll[i]!))) / Math.log10(14)) };
    },
  },
  {
    name: 'linearRegressionChannel',
    settings: { period: 50, deviations: 2 },
    expected: (c) => ({ middle: t1('LINEARREG', close, [50])(c) }),
  },
  {
    name: 'awesomeOscillator',
    settings: { fastPeriod: 5, slowPeriod: 34 },
    expected: (c) => {
      const mid = talib('MEDPRICE', [c.high, c.low], [])[0]!;
      const ao = map(talib('SMA', [mid], [5])[0]!, talib('SMA', [mid], [34])[0]!, (a, b) => a - b);
      return risingFalling(ao);
    },
  },
  {
    name: 'acceleratorOscillator',
    settings: { fastPeriod: 5, slowPeriod: 34, signalPeriod: 5 },
    expected: (c) => {
      const mid = talib('MEDPRICE', [c.high, c.low], [])[0]!;
      const ao = map(talib('SMA', [mid], [5])[0]!, talib('SMA', [mid], [34])[0]!, (a, b) => a - b);
      return risingFalling(map(ao, onTail('SMA', ao, [5])[0]!, (a, b) => a - b));
    },
  },
];

/** Columns split by direction against the previous bar, the way AO and AC are drawn. */
function risingFalling(x: Float64Array): Record<string, Float64Array> {
  const up = (i: number) => i === 0 || Number.isNaN(x[i - 1]!) || x[i]! >= x[i - 1]!;
  return {
    rising: x.map((v, i) => (up(i) ? v : Number.NaN)),
    falling: x.map((v, i) => (up(i) ? Number.NaN : v)),
  };
}

describe('indicators against TA-Lib', () => {
  it.each(CASES.map((c) => [`${c.name} ${JSON.stringify(c.settings)}`, c] as const))('%s', (_label, c) => {
    for (const [k, series] of SERIES.entries()) {
      const ours = run(c.name, c.settings, series);
      const theirs = c.expected(series);
      for (const [id, expected] of Object.entries(theirs)) {
        expect(ours[id], `output ${id}`).toBeDefined();
        expectClose(ours[id]!, expected, `${c.name}.${id} (series ${k})`);
      }
    }
  });

  it('checks at least 60 indicators against TA-Lib or compositions of its functions', () => {
    const covered = new Set(CASES.map((c) => c.name));
    expect(covered.size).toBeGreaterThanOrEqual(60);
  });
});
