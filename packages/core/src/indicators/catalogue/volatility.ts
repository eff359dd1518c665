import {
  COLORS,
  define,
  fill,
  floatInput,
  type IndicatorEntry,
  intInput,
  level,
  line,
  num,
  periodInput,
  sourceInput,
  src,
} from '../define.js';
import { kernel, Memory } from '../kernel.js';
import { Ema, Extreme, Previous, StdDev, Sum, TrueRange } from '../primitives.js';
import { atrOf } from './trend.js';

const NaN_ = Number.NaN;
const src0 = sourceInput();

const atr = define({
  id: 'atr',
  name: 'Average True Range',
  shortName: 'ATR',
  group: 'volatility',
  description: "Wilder's smoothed average of the true range over Length bars, in price units.",
  overlay: false,
  inputs: [periodInput(14)],
  outputs: [line('atr', 'ATR', COLORS.red)],
  create: (s) => {
    const m = new Memory();
    const a = atrOf(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      out[0] = a(b.high, b.low, b.close);
    });
  },
});

const natr = define({
  id: 'natr',
  name: 'Normalized Average True Range',
  shortName: 'NATR',
  group: 'volatility',
  description: 'ATR as a percent of the close.',
  overlay: false,
  inputs: [periodInput(14)],
  outputs: [line('natr', 'NATR', COLORS.orange)],
  create: (s) => {
    const m = new Memory();
    const a = atrOf(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      const v = a(b.high, b.low, b.close);
      out[0] = Number.isNaN(v) ? NaN_ : b.close !== 0 ? (v / b.close) * 100 : 0;
    });
  },
});

const trueRangeIndicator = define({
  id: 'trueRange',
  name: 'True Range',
  shortName: 'TR',
  group: 'volatility',
  description: "Each bar's range extended to the previous close: max(high, previous close) - min(low, previous close).",
  overlay: false,
  inputs: [],
  outputs: [line('tr', 'TR', COLORS.grey, 1)],
  create: () => {
    const m = new Memory();
    const tr = new TrueRange(m);
    return kernel(m, (b, out) => {
      out[0] = tr.update(b.high, b.low, b.close);
    });
  },
});

/**
 * Bollinger bands as TA-Lib computes them: the population deviation comes from the running sum of squares and
 * the simple average itself.
 */
export function bollingerOf(m: Memory, n: number, k: number) {
  // one ring for both running sums: [count, sum of the newest n-1 values, same of squares, ring position, ring...]
  const at = m.alloc(4 + n);
  const r = { middle: NaN_, upper: NaN_, lower: NaN_ };
  return (x: number) => {
    const f = m.f;
    const c = f[at]!;
    if (c === 0 && Number.isNaN(x)) return r;
    const pos = f[at + 3]!;
    f[at + 4 + pos] = x;
    const next = pos + 1 === n ? 0 : pos + 1;
    f[at + 3] = next;
    f[at] = c + 1;
    const s1 = f[at + 1]! + x;
    const s2 = f[at + 2]! + x * x;
    if (c + 1 < n) {
      f[at + 1] = s1;
      f[at + 2] = s2;
      r.middle = NaN_;
      r.upper = NaN_;
      r.lower = NaN_;
      return r;
    }
    const old = f[at + 4 + next]!;
    f[at + 1] = s1 - old;
    f[at + 2] = s2 - old * old;
    const avg = s1 / n;
    const variance = s2 / n - avg * avg;
    const dev = (variance > 0 ? Math.sqrt(variance) : 0) * k;
    r.middle = avg;
    r.upper = avg + dev;
    r.lower = avg - dev;
    return r;
  };
}

export const bbInputs = [periodInput(20, 2), floatInput('deviations', 'Standard deviations', 2, 0.1, 10, 0.1), src0];

const bbands = define({
  id: 'bollinger',
  name: 'Bollinger Bands',
  shortName: 'BB',
  group: 'volatility',
  description: 'Simple average of Length bars with bands a multiple of the population standard deviation away.',
  overlay: true,
  inputs: bbInputs,
  outputs: [
    line('middle', 'Basis', COLORS.orange, 1),
    line('upper', 'Upper', COLORS.blue, 1),
    line('lower', 'Lower', COLORS.blue, 1),
  ],
  fills: [fill('band', 'Background', 'upper', 'lower', 'rgba(41, 98, 255, 0.08)')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const bb = bollingerOf(m, num(s, 'period'), num(s, 'deviations'));
    return kernel(m, (b, out) => {
      const r = bb(x(b));
      out[0] = r.middle;
      out[1] = r.upper;
      out[2] = r.lower;
    });
  },
});

const bbWidth = define({
  id: 'bollingerWidth',
  name: 'Bollinger Bands Width',
  shortName: 'BBW',
  group: 'volatility',
  description: 'Distance between the Bollinger bands as a percent of the basis.',
  overlay: false,
  inputs: bbInputs,
  outputs: [line('width', 'BBW', COLORS.blue)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const bb = bollingerOf(m, num(s, 'period'), num(s, 'deviations'));
    return kernel(m, (b, out) => {
      const r = bb(x(b));
      out[0] = Number.isNaN(r.middle) ? NaN_ : r.middle !== 0 ? ((r.upper - r.lower) / r.middle) * 100 : 0;
    });
  },
});

const keltner = define({
  id: 'keltner',
  name: 'Keltner Channels',
  shortName: 'KC',
  group: 'volatility',
  description: 'EMA of the source with bands a multiple of the ATR away.',
  overlay: true,
  inputs: [
    periodInput(20),
    floatInput('multiplier', 'Multiplier', 2, 0.1, 50, 0.1),
    periodInput(10, 1, 500, 'atrPeriod', 'ATR length'),
    src0,
  ],
  outputs: [
    line('middle', 'Basis', COLORS.blue, 1),
    line('upper', 'Upper', COLORS.blue, 1),
    line('lower', 'Lower', COLORS.blue, 1),
  ],
  fills: [fill('band', 'Background', 'upper', 'lower', 'rgba(41, 98, 255, 0.08)')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const e = new Ema(m, num(s, 'period'));
    const a = atrOf(m, num(s, 'atrPeriod'));
    const k = num(s, 'multiplier');
    return kernel(m, (b, out) => {
      const mid = e.update(x(b));
      const range = a(b.high, b.low, b.close) * k;
      const ok = !Number.isNaN(mid) && !Number.isNaN(range);
      out[0] = ok ? mid : NaN_;
      out[1] = ok ? mid + range : NaN_;
      out[2] = ok ? mid - range : NaN_;
    });
  },
});

const donchian = define({
  id: 'donchian',
  name: 'Donchian Channels',
  shortName: 'DC',
  group: 'volatility',
  description: 'Highest high and lowest low of the last Length bars and their mid-point.',
  overlay: true,
  inputs: [periodInput(20)],
  outputs: [
    line('upper', 'Upper', COLORS.blue, 1),
    line('middle', 'Basis', COLORS.orange, 1),
    line('lower', 'Lower', COLORS.blue, 1),
  ],
  fills: [fill('band', 'Background', 'upper', 'lower', 'rgba(41, 98, 255, 0.08)')],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const hi = new Extreme(m, n, true);
    const lo = new Extreme(m, n, false);
    return kernel(m, (b, out) => {
      const h = hi.update(b.high);
      const l = lo.update(b.low);
      out[0] = h;
      out[1] = (h + l) / 2;
      out[2] = l;
    });
  },
});

const stddev = define({
  id: 'stdDev',
  name: 'Standard Deviation',
  shortName: 'StdDev',
  group: 'volatility',
  description: 'Population standard deviation of the source over Length bars, in price units.',
  overlay: false,
  inputs: [periodInput(20, 2), src0],
  outputs: [line('stdDev', 'StdDev', COLORS.purple)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const d = new StdDev(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      out[0] = d.update(x(b));
    });
  },
});

const histVol = define({
  id: 'historicalVolatility',
  name: 'Historical Volatility',
  shortName: 'HV',
  group: 'volatility',
  description:
    'Population standard deviation of one-bar log returns over Length bars, annualised by the square root of Periods per year, in percent.',
  overlay: false,
  inputs: [periodInput(20, 2), intInput('periodsPerYear', 'Periods per year', 252, 1, 527_040)],
  outputs: [line('hv', 'HV', COLORS.teal)],
  create: (s) => {
    const m = new Memory();
    const prev = new Previous(m);
    const d = new StdDev(m, num(s, 'period'));
    const scale = Math.sqrt(num(s, 'periodsPerYear')) * 100;
    return kernel(m, (b, out) => {
      const p = prev.update(b.close);
      out[0] =
        d.update(!Number.isNaN(p) && p > 0 && b.close > 0 ? Math.log(b.close / p) : !Number.isNaN(p) ? 0 : NaN_) *
        scale;
    });
  },
});

const massIndex = define({
  id: 'massIndex',
  name: 'Mass Index',
  shortName: 'MI',
  group: 'volatility',
  description: "Dorsey's sum over Length bars of the ratio of a 9-bar EMA of the range to the EMA of that EMA.",
  overlay: false,
  inputs: [periodInput(25), periodInput(9, 1, 500, 'emaPeriod', 'EMA length')],
  outputs: [line('mass', 'Mass Index', COLORS.blue)],
  levels: [level(27, 'Reversal bulge'), level(26.5, 'Bulge exit')],
  create: (s) => {
    const m = new Memory();
    const e1 = new Ema(m, num(s, 'emaPeriod'));
    const e2 = new Ema(m, num(s, 'emaPeriod'));
    const sum = new Sum(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      const a = e1.update(b.high - b.low);
      const c = e2.update(a);
      out[0] = sum.update(Number.isNaN(c) ? NaN_ : c !== 0 ? a / c : 1);
    });
  },
});

const chop = define({
  id: 'choppiness',
  name: 'Choppiness Index',
  shortName: 'CHOP',
  group: 'volatility',
  description:
    '100*log10(sum of true ranges / (highest high - lowest low))/log10(Length): near 100 choppy, near 0 trending.',
  overlay: false,
  inputs: [periodInput(14, 2)],
  outputs: [line('chop', 'CHOP', COLORS.blue)],
  levels: [level(61.8, 'Upper band'), level(38.2, 'Lower band')],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const tr = new TrueRange(m);
    const sum = new Sum(m, n);
    const hi = new Extreme(m, n, true);
    const lo = new Extreme(m, n, false);
    const logN = Math.log10(n);
    return kernel(m, (b, out) => {
      const total = sum.update(tr.update(b.high, b.low, b.close));
      const h = hi.update(b.high);
      const l = lo.update(b.low);
      // NaN until the summed true range (which starts on the second bar) covers Length bars
      out[0] =
        Number.isNaN(total) || Number.isNaN(h) ? NaN_ : h - l > 0 ? (100 * Math.log10(total / (h - l))) / logN : NaN_;
    });
  },
});

const chandelier = define({
  id: 'chandelierExit',
  name: 'Chandelier Exit',
  shortName: 'CE',
  group: 'volatility',
  description: 'Long stop a multiple of ATR below the highest high, short stop the same above the lowest low.',
  overlay: true,
  inputs: [periodInput(22), floatInput('multiplier', 'ATR multiplier', 3, 0.1, 50, 0.1)],
  outputs: [line('longStop', 'Long stop', COLORS.green, 1), line('shortStop', 'Short stop', COLORS.red, 1)],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const a = atrOf(m, n);
    const hi = new Extreme(m, n, true);
    const lo = new Extreme(m, n, false);
    const k = num(s, 'multiplier');
    return kernel(m, (b, out) => {
      const range = a(b.high, b.low, b.close) * k;
      out[0] = hi.update(b.high) - range;
      out[1] = lo.update(b.low) + range;
    });
  },
});

export const VOLATILITY: readonly IndicatorEntry[] = [
  atr,
  natr,
  trueRangeIndicator,
  bbands,
  bbWidth,
  keltner,
  donchian,
  stddev,
  histVol,
  massIndex,
  chop,
  chandelier,
];
