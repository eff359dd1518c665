import {
  COLORS,
  define,
  fill,
  floatInput,
  histogram,
  type IndicatorEntry,
  line,
  markers,
  num,
  periodInput,
  ratioOrZero,
  sourceInput,
  src,
} from '../define.js';
import { kernel, Memory } from '../kernel.js';
import { Ema, Extreme, LinReg, Sma, Sum, TrueRange, trueRange, Wilder, Window, Wma } from '../primitives.js';

const src0 = sourceInput();

const sma = define({
  id: 'sma',
  name: 'Simple Moving Average',
  shortName: 'SMA',
  group: 'trend',
  description: 'Arithmetic mean of the source over the last Length bars.',
  overlay: true,
  inputs: [periodInput(20), src0],
  outputs: [line('sma', 'SMA', COLORS.blue)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const a = new Sma(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      out[0] = a.update(x(b));
    });
  },
});

const ema = define({
  id: 'ema',
  name: 'Exponential Moving Average',
  shortName: 'EMA',
  group: 'trend',
  description:
    'Exponentially weighted mean with factor 2/(Length+1), seeded with the simple average of the first Length bars.',
  overlay: true,
  inputs: [periodInput(20), src0],
  outputs: [line('ema', 'EMA', COLORS.orange)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const a = new Ema(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      out[0] = a.update(x(b));
    });
  },
});

const wma = define({
  id: 'wma',
  name: 'Weighted Moving Average',
  shortName: 'WMA',
  group: 'trend',
  description: 'Linearly weighted mean: the newest bar has weight Length, the oldest weight 1.',
  overlay: true,
  inputs: [periodInput(20), src0],
  outputs: [line('wma', 'WMA', COLORS.purple)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const a = new Wma(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      out[0] = a.update(x(b));
    });
  },
});

const hma = define({
  id: 'hma',
  name: 'Hull Moving Average',
  shortName: 'HMA',
  group: 'trend',
  description: 'WMA over floor(sqrt(Length)) bars of 2*WMA(floor(Length/2)) - WMA(Length): fast and smooth.',
  overlay: true,
  inputs: [periodInput(9, 2), src0],
  outputs: [line('hma', 'HMA', COLORS.teal)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const n = num(s, 'period');
    const half = new Wma(m, Math.floor(n / 2));
    const full = new Wma(m, n);
    const outer = new Wma(m, Math.floor(Math.sqrt(n)));
    return kernel(m, (b, out) => {
      const v = x(b);
      const h = half.update(v);
      const f = full.update(v);
      out[0] = outer.update(2 * h - f);
    });
  },
});

const vwma = define({
  id: 'vwma',
  name: 'Volume Weighted Moving Average',
  shortName: 'VWMA',
  group: 'trend',
  description:
    'Mean of the source weighted by volume over the last Length bars; undefined when the window has no volume.',
  overlay: true,
  inputs: [periodInput(20), src0],
  outputs: [line('vwma', 'VWMA', COLORS.cyan)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const n = num(s, 'period');
    const pv = new Sum(m, n);
    const vol = new Sum(m, n);
    return kernel(m, (b, out) => {
      const num_ = pv.update(x(b) * b.volume);
      const den = vol.update(b.volume);
      out[0] = den !== 0 ? num_ / den : Number.NaN;
    });
  },
});

const dema = define({
  id: 'dema',
  name: 'Double Exponential Moving Average',
  shortName: 'DEMA',
  group: 'trend',
  description: '2*EMA - EMA(EMA): an EMA with less lag.',
  overlay: true,
  inputs: [periodInput(20, 2), src0],
  outputs: [line('dema', 'DEMA', COLORS.pink)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const n = num(s, 'period');
    const e1 = new Ema(m, n);
    const e2 = new Ema(m, n);
    return kernel(m, (b, out) => {
      const a = e1.update(x(b));
      out[0] = 2 * a - e2.update(a);
    });
  },
});

const tema = define({
  id: 'tema',
  name: 'Triple Exponential Moving Average',
  shortName: 'TEMA',
  group: 'trend',
  description: '3*EMA - 3*EMA(EMA) + EMA(EMA(EMA)): an EMA with even less lag.',
  overlay: true,
  inputs: [periodInput(20, 2), src0],
  outputs: [line('tema', 'TEMA', COLORS.brown)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const n = num(s, 'period');
    const e1 = new Ema(m, n);
    const e2 = new Ema(m, n);
    const e3 = new Ema(m, n);
    return kernel(m, (b, out) => {
      const a = e1.update(x(b));
      const c = e2.update(a);
      const d = e3.update(c);
      out[0] = d + (3 * a - 3 * c);
    });
  },
});

const KAMA_SLOW = 2 / (30 + 1);
const KAMA_DIFF = 2 / (2 + 1) - KAMA_SLOW;

const kama = define({
  id: 'kama',
  name: 'Kaufman Adaptive Moving Average',
  shortName: 'KAMA',
  group: 'trend',
  description:
    'Moving average whose speed follows the efficiency ratio of the last Length bars, between a 2-bar and a 30-bar EMA.',
  overlay: true,
  inputs: [periodInput(10, 2), src0],
  outputs: [line('kama', 'KAMA', COLORS.lime)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const n = num(s, 'period');
    const w = new Window(m, n + 2);
    const st = m.alloc(2); // [sum of |changes| over the window, KAMA]
    return kernel(m, (b, out) => {
      const f = m.f;
      w.push(x(b));
      const c = w.count - 1;
      const v = w.get(0);
      if (c === 0) {
        out[0] = Number.NaN;
        return;
      }
      let sum = f[st]!;
      if (c > n) sum -= Math.abs(w.get(n + 1) - w.get(n));
      sum += Math.abs(v - w.get(1));
      f[st] = sum;
      if (c < n) {
        out[0] = Number.NaN;
        return;
      }
      const prev = c === n ? w.get(1) : f[st + 1]!;
      const change = v - w.get(n);
      const er = sum <= change || sum === 0 ? 1 : Math.abs(change / sum);
      let sc = er * KAMA_DIFF + KAMA_SLOW;
      sc *= sc;
      const k = (v - prev) * sc + prev;
      f[st + 1] = k;
      out[0] = k;
    });
  },
});

const t3 = define({
  id: 't3',
  name: 'Tillson T3 Moving Average',
  shortName: 'T3',
  group: 'trend',
  description: 'Six chained EMAs combined with the volume factor: a smooth average with little overshoot.',
  overlay: true,
  inputs: [periodInput(5, 2), floatInput('volumeFactor', 'Volume factor', 0.7, 0, 1, 0.05), src0],
  outputs: [line('t3', 'T3', COLORS.yellow)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const n = num(s, 'period');
    const a = num(s, 'volumeFactor');
    const e = Array.from({ length: 6 }, () => new Ema(m, n));
    const a2 = a * a;
    const c1 = -a2 * a;
    const c2 = 3 * (a2 - c1);
    const c3 = -6 * a2 - 3 * (a - c1);
    const c4 = 1 + 3 * a - c1 + 3 * a2;
    const [e1, e2, e3, e4, e5, e6] = e as [Ema, Ema, Ema, Ema, Ema, Ema];
    return kernel(m, (b, out) => {
      const v1 = e1.update(x(b));
      const v2 = e2.update(v1);
      const v3 = e3.update(v2);
      const v4 = e4.update(v3);
      const v5 = e5.update(v4);
      const v6 = e6.update(v5);
      out[0] = c1 * v6 + c2 * v5 + c3 * v4 + c4 * v3;
    });
  },
});

const smma = define({
  id: 'smma',
  name: 'Smoothed Moving Average (RMA)',
  shortName: 'SMMA',
  group: 'trend',
  description: "Wilder's smoothing: (previous*(Length-1) + source)/Length, seeded with the simple average.",
  overlay: true,
  inputs: [periodInput(14), src0],
  outputs: [line('smma', 'SMMA', COLORS.red)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const a = new Wilder(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      out[0] = a.update(x(b));
    });
  },
});

const alma = define({
  id: 'alma',
  name: 'Arnaud Legoux Moving Average',
  shortName: 'ALMA',
  group: 'trend',
  description: 'Gaussian-weighted mean over Length bars, centred at Offset of the window with width Length/Sigma.',
  overlay: true,
  inputs: [
    periodInput(9),
    floatInput('offset', 'Offset', 0.85, 0, 1, 0.01),
    floatInput('sigma', 'Sigma', 6, 0.1, 50, 0.1),
    src0,
  ],
  outputs: [line('alma', 'ALMA', COLORS.cyan)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const n = num(s, 'period');
    const centre = num(s, 'offset') * (n - 1);
    const width = n / num(s, 'sigma');
    // weights[i] applies to the bar n-1-i bars back (i = 0 is the oldest), normalised to sum 1
    const weights = new Float64Array(n);
    let norm = 0;
    for (let i = 0; i < n; i++) {
      const wi = Math.exp(-((i - centre) ** 2) / (2 * width * width));
      weights[i] = wi;
      norm += wi;
    }
    const w = new Window(m, n);
    return kernel(m, (b, out) => {
      if (!w.push(x(b))) {
        out[0] = Number.NaN;
        return;
      }
      let sum = 0;
      for (let i = 0; i < n; i++) sum += w.get(n - 1 - i) * weights[i]!;
      out[0] = sum / norm;
    });
  },
});

const lsma = define({
  id: 'lsma',
  name: 'Least Squares Moving Average',
  shortName: 'LSMA',
  group: 'trend',
  description: 'End point of the least-squares line fitted to the last Length bars (linear regression curve).',
  overlay: true,
  inputs: [periodInput(25, 2), src0],
  outputs: [line('lsma', 'LSMA', COLORS.blue)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const r = new LinReg(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      out[0] = r.update(x(b));
    });
  },
});

const trima = define({
  id: 'trima',
  name: 'Triangular Moving Average',
  shortName: 'TRIMA',
  group: 'trend',
  description: 'Simple average of a simple average: weights rise to the middle of the window and fall again.',
  overlay: true,
  inputs: [periodInput(20, 2), src0],
  outputs: [line('trima', 'TRIMA', COLORS.grey)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const n = num(s, 'period');
    const first = new Sma(m, n % 2 === 1 ? (n + 1) / 2 : n / 2 + 1);
    const second = new Sma(m, n % 2 === 1 ? (n + 1) / 2 : n / 2);
    return kernel(m, (b, out) => {
      out[0] = second.update(first.update(x(b)));
    });
  },
});

const ichimoku = define({
  id: 'ichimoku',
  name: 'Ichimoku Cloud',
  shortName: 'Ichimoku',
  group: 'trend',
  description:
    'Conversion and base lines (mid-points of the high-low range), the two leading spans drawn Displacement-1 bars ahead with the cloud between them, and the close drawn Displacement-1 bars back.',
  overlay: true,
  inputs: [
    periodInput(9, 1, 500, 'conversionPeriod', 'Conversion line length'),
    periodInput(26, 1, 500, 'basePeriod', 'Base line length'),
    periodInput(52, 1, 500, 'spanBPeriod', 'Leading span B length'),
    periodInput(26, 1, 500, 'displacement', 'Displacement'),
  ],
  outputs: [
    line('conversion', 'Conversion line', COLORS.blue, 1),
    line('base', 'Base line', COLORS.red, 1),
    line('spanA', 'Leading span A', COLORS.green, 1),
    line('spanB', 'Leading span B', COLORS.red, 1),
    line('lagging', 'Lagging span', COLORS.purple, 1),
  ],
  fills: [fill('cloud', 'Cloud', 'spanA', 'spanB', 'rgba(0, 223, 128, 0.12)')],
  offsets: (s) => {
    const d = num(s, 'displacement') - 1;
    return { spanA: d, spanB: d, lagging: -d };
  },
  create: (s) => {
    const m = new Memory();
    const mid = (n: number) => {
      const hi = new Extreme(m, n, true);
      const lo = new Extreme(m, n, false);
      return (high: number, low: number) => (hi.update(high) + lo.update(low)) / 2;
    };
    const conv = mid(num(s, 'conversionPeriod'));
    const base = mid(num(s, 'basePeriod'));
    const spanB = mid(num(s, 'spanBPeriod'));
    return kernel(m, (b, out) => {
      const c = conv(b.high, b.low);
      const k = base(b.high, b.low);
      out[0] = c;
      out[1] = k;
      out[2] = (c + k) / 2;
      out[3] = spanB(b.high, b.low);
      out[4] = b.close;
    });
  },
});

/** Wilder's ATR as TA-Lib computes it: true range from the second bar, first value the mean of Length ranges. */
export function atrOf(m: Memory, n: number) {
  const tr = new TrueRange(m);
  const avg = new Wilder(m, n);
  return (high: number, low: number, close: number) => {
    const r = tr.update(high, low, close);
    return n === 1 ? r : avg.update(r);
  };
}

const supertrend = define({
  id: 'supertrend',
  name: 'SuperTrend',
  shortName: 'SuperTrend',
  group: 'trend',
  description:
    'Trailing stop at hl2 -/+ Factor*ATR that only tightens while the trend lasts and flips side when the close crosses it.',
  overlay: true,
  inputs: [periodInput(10, 1, 500, 'atrPeriod', 'ATR length'), floatInput('factor', 'Factor', 3, 0.1, 50, 0.1)],
  outputs: [line('up', 'Up trend', COLORS.green), line('down', 'Down trend', COLORS.red)],
  create: (s) => {
    const m = new Memory();
    const atr = atrOf(m, num(s, 'atrPeriod'));
    const factor = num(s, 'factor');
    const st = m.alloc(5); // [started, previous lower band, previous upper band, previous close, previous value]
    return kernel(m, (b, out) => {
      const f = m.f;
      const a = atr(b.high, b.low, b.close);
      const prevClose = f[st + 3]!;
      f[st + 3] = b.close;
      if (Number.isNaN(a)) {
        out[0] = Number.NaN;
        out[1] = Number.NaN;
        return;
      }
      const mid = (b.high + b.low) / 2;
      let lower = mid - factor * a;
      let upper = mid + factor * a;
      let up: boolean;
      if (f[st] === 0) {
        up = false;
      } else {
        const pl = f[st + 1]!;
        const pu = f[st + 2]!;
        if (!(lower > pl || prevClose < pl)) lower = pl;
        if (!(upper < pu || prevClose > pu)) upper = pu;
        up = f[st + 4] === pu ? b.close > upper : !(b.close < lower);
      }
      const value = up ? lower : upper;
      f[st] = 1;
      f[st + 1] = lower;
      f[st + 2] = upper;
      f[st + 4] = value;
      out[0] = up ? value : Number.NaN;
      out[1] = up ? Number.NaN : value;
    });
  },
});

const psar = define({
  id: 'psar',
  name: 'Parabolic SAR',
  shortName: 'SAR',
  group: 'trend',
  description:
    "Wilder's stop and reverse: a stop that accelerates toward price by Step each new extreme, up to Maximum, and flips when hit.",
  overlay: true,
  inputs: [floatInput('step', 'Step', 0.02, 0.001, 1, 0.001), floatInput('maximum', 'Maximum', 0.2, 0.001, 1, 0.01)],
  outputs: [markers('sar', 'SAR', COLORS.blue, 'circle', 'atValue')],
  create: (s) => {
    const m = new Memory();
    const max = num(s, 'maximum');
    const step = Math.min(num(s, 'step'), max);
    // [count, long?, sar, extreme point, acceleration, previous high, previous low]
    const st = m.alloc(7);
    return kernel(m, (b, out) => {
      const f = m.f;
      const c = f[st]!;
      f[st] = c + 1;
      let prevHigh = f[st + 5]!;
      let prevLow = f[st + 6]!;
      f[st + 5] = b.high;
      f[st + 6] = b.low;
      if (c === 0) {
        out[0] = Number.NaN;
        return;
      }
      let long: boolean;
      let sar: number;
      let ep: number;
      let af: number;
      if (c === 1) {
        // TA-Lib starts long unless the first bar pair has a positive -DM
        const down = prevLow - b.low;
        const upMove = b.high - prevHigh;
        long = !(down > 0 && upMove < down);
        ep = long ? b.high : b.low;
        sar = long ? prevLow : prevHigh;
        af = step;
        prevHigh = b.high;
        prevLow = b.low;
      } else {
        long = f[st + 1] === 1;
        sar = f[st + 2]!;
        ep = f[st + 3]!;
        af = f[st + 4]!;
      }
      if (long) {
        if (b.low <= sar) {
          long = false;
          sar = ep;
          if (sar < prevHigh) sar = prevHigh;
          if (sar < b.high) sar = b.high;
          out[0] = sar;
          af = step;
          ep = b.low;
          sar = sar + af * (ep - sar);
          if (sar < prevHigh) sar = prevHigh;
          if (sar < b.high) sar = b.high;
        } else {
          out[0] = sar;
          if (b.high > ep) {
            ep = b.high;
            af += step;
            if (af > max) af = max;
          }
          sar = sar + af * (ep - sar);
          if (sar > prevLow) sar = prevLow;
          if (sar > b.low) sar = b.low;
        }
      } else if (b.high >= sar) {
        long = true;
        sar = ep;
        if (sar > prevLow) sar = prevLow;
        if (sar > b.low) sar = b.low;
        out[0] = sar;
        af = step;
        ep = b.high;
        sar = sar + af * (ep - sar);
        if (sar > prevLow) sar = prevLow;
        if (sar > b.low) sar = b.low;
      } else {
        out[0] = sar;
        if (b.low < ep) {
          ep = b.low;
          af += step;
          if (af > max) af = max;
        }
        sar = sar + af * (ep - sar);
        if (sar < prevHigh) sar = prevHigh;
        if (sar < b.high) sar = b.high;
      }
      f[st + 1] = long ? 1 : 0;
      f[st + 2] = sar;
      f[st + 3] = ep;
      f[st + 4] = af;
    });
  },
});

const dmi = define({
  id: 'dmi',
  name: 'Directional Movement Index (ADX, +DI, -DI)',
  shortName: 'ADX/DMI',
  group: 'trend',
  description:
    "Wilder's +DI and -DI (share of the true range that moved up or down) and ADX, the smoothed spread between them: trend strength.",
  overlay: false,
  inputs: [periodInput(14, 2)],
  outputs: [
    line('adx', 'ADX', COLORS.red),
    line('plusDi', '+DI', COLORS.blue, 1),
    line('minusDi', '-DI', COLORS.orange, 1),
  ],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    // [count, +DM, -DM, TR, previous high, previous low, previous close, sum of DX, ADX]
    const st = m.alloc(9);
    return kernel(m, (b, out) => {
      const f = m.f;
      const c = f[st]!;
      f[st] = c + 1;
      const prevHigh = f[st + 4]!;
      const prevLow = f[st + 5]!;
      const prevClose = f[st + 6]!;
      f[st + 4] = b.high;
      f[st + 5] = b.low;
      f[st + 6] = b.close;
      out[0] = Number.NaN;
      out[1] = Number.NaN;
      out[2] = Number.NaN;
      if (c === 0) return;
      const diffP = b.high - prevHigh;
      const diffM = prevLow - b.low;
      const plus = diffP > 0 && diffP > diffM ? diffP : 0;
      const minus = diffM > 0 && diffP < diffM ? diffM : 0;
      let pdm = f[st + 1]!;
      let mdm = f[st + 2]!;
      let tr = f[st + 3]!;
      const range = trueRange(b.high, b.low, prevClose);
      if (c < n) {
        pdm += plus;
        mdm += minus;
        tr += range;
      } else {
        pdm = pdm - pdm / n + plus;
        mdm = mdm - mdm / n + minus;
        tr = tr - tr / n + range;
      }
      f[st + 1] = pdm;
      f[st + 2] = mdm;
      f[st + 3] = tr;
      if (c < n) return;
      let dx = Number.NaN;
      if (tr !== 0) {
        const pdi = 100 * (pdm / tr);
        const mdi = 100 * (mdm / tr);
        out[1] = pdi;
        out[2] = mdi;
        const sum = mdi + pdi;
        if (sum !== 0) dx = 100 * (Math.abs(mdi - pdi) / sum);
      } else {
        out[1] = 0;
        out[2] = 0;
      }
      if (c < 2 * n - 1) {
        if (!Number.isNaN(dx)) f[st + 7] = f[st + 7]! + dx;
        return;
      }
      let adx: number;
      if (c === 2 * n - 1) {
        adx = (f[st + 7]! + (!Number.isNaN(dx) ? dx : 0)) / n;
      } else {
        adx = f[st + 8]!;
        if (!Number.isNaN(dx)) adx = (adx * (n - 1) + dx) / n;
      }
      f[st + 8] = adx;
      out[0] = adx;
    });
  },
});

const aroon = define({
  id: 'aroon',
  name: 'Aroon',
  shortName: 'Aroon',
  group: 'trend',
  description:
    'How recently the highest high (Up) and lowest low (Down) of the last Length+1 bars occurred, in percent.',
  overlay: false,
  inputs: [periodInput(14)],
  outputs: [line('up', 'Aroon Up', COLORS.orange), line('down', 'Aroon Down', COLORS.blue)],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const hi = new Extreme(m, n + 1, true);
    const lo = new Extreme(m, n + 1, false);
    const factor = 100 / n;
    return kernel(m, (b, out) => {
      const h = hi.update(b.high);
      const l = lo.update(b.low);
      out[0] = !Number.isNaN(h) ? factor * (n - hi.barsAgo) : Number.NaN;
      out[1] = !Number.isNaN(l) ? factor * (n - lo.barsAgo) : Number.NaN;
    });
  },
});

const aroonOsc = define({
  id: 'aroonOscillator',
  name: 'Aroon Oscillator',
  shortName: 'Aroon Osc',
  group: 'trend',
  description: 'Aroon Up minus Aroon Down: above zero the latest extreme was a high.',
  overlay: false,
  inputs: [periodInput(14)],
  outputs: [histogram('oscillator', 'Aroon Oscillator', COLORS.green, COLORS.red)],
  levels: [],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const hi = new Extreme(m, n + 1, true);
    const lo = new Extreme(m, n + 1, false);
    const factor = 100 / n;
    return kernel(m, (b, out) => {
      const h = hi.update(b.high);
      lo.update(b.low);
      out[0] = !Number.isNaN(h) ? factor * (lo.barsAgo - hi.barsAgo) : Number.NaN;
    });
  },
});

const vortex = define({
  id: 'vortex',
  name: 'Vortex Indicator',
  shortName: 'VI',
  group: 'trend',
  description:
    'Sums of |high - previous low| (VI+) and |low - previous high| (VI-) over Length bars, divided by the summed true range.',
  overlay: false,
  inputs: [periodInput(14, 2)],
  outputs: [line('plus', 'VI+', COLORS.blue), line('minus', 'VI-', COLORS.red)],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const sp = new Sum(m, n);
    const sm = new Sum(m, n);
    const st = new Sum(m, n);
    const prev = m.alloc(4); // [count, previous high, previous low, previous close]
    return kernel(m, (b, out) => {
      const f = m.f;
      const c = f[prev]!;
      const ph = f[prev + 1]!;
      const pl = f[prev + 2]!;
      const pc = f[prev + 3]!;
      f[prev] = c + 1;
      f[prev + 1] = b.high;
      f[prev + 2] = b.low;
      f[prev + 3] = b.close;
      if (c === 0) {
        out[0] = Number.NaN;
        out[1] = Number.NaN;
        return;
      }
      const p = sp.update(Math.abs(b.high - pl));
      const q = sm.update(Math.abs(b.low - ph));
      const t = st.update(trueRange(b.high, b.low, pc));
      out[0] = !Number.isNaN(t) ? ratioOrZero(p, t) : Number.NaN;
      out[1] = !Number.isNaN(t) ? ratioOrZero(q, t) : Number.NaN;
    });
  },
});

export const TREND: readonly IndicatorEntry[] = [
  sma,
  ema,
  wma,
  hma,
  vwma,
  dema,
  tema,
  kama,
  t3,
  smma,
  alma,
  lsma,
  trima,
  ichimoku,
  supertrend,
  psar,
  dmi,
  aroon,
  aroonOsc,
  vortex,
];
