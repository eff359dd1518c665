import {
  COLORS,
  define,
  histogram,
  type IndicatorEntry,
  lessThan,
  level,
  line,
  num,
  periodInput,
  ratioOrZero,
  selectInput,
  sourceInput,
  src,
  text,
} from '../define.js';
import { kernel, Memory } from '../kernel.js';
import { Delay, Ema, Extreme, Previous, Sma, Sum, trueRange, Wilder, Window, Wma } from '../primitives.js';

const src0 = sourceInput();
const NaN_ = Number.NaN;

/** Wilder-smoothed average gain and loss of consecutive changes (RSI, CMO), in TA-Lib's arrangement. */
function gainLoss(m: Memory, n: number) {
  const gain = new Wilder(m, n);
  const loss = new Wilder(m, n);
  const prev = new Previous(m);
  const result = { gain: NaN_, loss: NaN_ };
  return (x: number) => {
    const p = prev.update(x);
    if (Number.isNaN(p)) {
      result.gain = NaN_;
      result.loss = NaN_;
    } else {
      const d = x - p;
      result.gain = gain.update(d > 0 ? d : 0);
      result.loss = loss.update(d < 0 ? -d : 0);
    }
    return result;
  };
}

/**
 * RSI of a stream of values: 100*gain/(gain+loss), 0 when there was no change at all. The same arithmetic as
 * gainLoss, inlined because RSI is the most used oscillator: [count, previous, average gain, average loss].
 */
function rsiOf(m: Memory, n: number) {
  const at = m.alloc(4);
  // multiplying by 1/n instead of dividing by n differs from TA-Lib by at most an ulp per bar, and Wilder's
  // smoothing damps those, so values stay within 1e-15 of TA-Lib's at a third of the cost of a division
  const inv = 1 / n;
  const keep = n - 1;
  return (x: number) => {
    const f = m.f;
    const c = f[at]!;
    if (c === 0) {
      if (Number.isNaN(x)) return NaN_;
      f[at] = 1;
      f[at + 1] = x;
      return NaN_;
    }
    const d = x - f[at + 1]!;
    f[at + 1] = x;
    if (c <= n) f[at] = c + 1; // stops once past warm-up
    // branch-free (a rising or falling bar is a coin toss the CPU cannot predict) and exact: d + |d| is 2d or 0
    const a = Math.abs(d);
    const g = (d + a) * 0.5;
    const l = (a - d) * 0.5;
    let gain: number;
    let loss: number;
    if (c < n) {
      gain = f[at + 2]! + g;
      loss = f[at + 3]! + l;
      f[at + 2] = gain;
      f[at + 3] = loss;
      return NaN_;
    }
    if (c === n) {
      gain = (f[at + 2]! + g) * inv;
      loss = (f[at + 3]! + l) * inv;
    } else {
      gain = (f[at + 2]! * keep + g) * inv;
      loss = (f[at + 3]! * keep + l) * inv;
    }
    f[at + 2] = gain;
    f[at + 3] = loss;
    const total = gain + loss;
    return total !== 0 ? 100 * (gain / total) : 0;
  };
}

const rsi = define({
  id: 'rsi',
  name: 'Relative Strength Index',
  shortName: 'RSI',
  group: 'oscillators',
  description: "Wilder's RSI: the share of smoothed gains in smoothed absolute changes over Length bars, 0 to 100.",
  overlay: false,
  inputs: [periodInput(14, 2), src0],
  outputs: [line('rsi', 'RSI', COLORS.purple)],
  levels: [level(70, 'Overbought'), level(50, 'Middle'), level(30, 'Oversold')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const r = rsiOf(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      out[0] = r(x(b));
    });
  },
});

/** Fast stochastic %K of a value inside a high/low window: 100*(x-lowest)/(highest-lowest), 0 for a flat window. */
function fastK(x: number, highest: number, lowest: number): number {
  const diff = (highest - lowest) / 100;
  return diff !== 0 ? (x - lowest) / diff : 0;
}

const stoch = define({
  id: 'stoch',
  name: 'Stochastic Oscillator',
  shortName: 'Stoch',
  group: 'oscillators',
  description:
    'Where the close sits in the high-low range of the last %K length bars (0-100), smoothed into %K, with %D its moving average.',
  overlay: false,
  inputs: [
    periodInput(14, 1, 500, 'kPeriod', '%K length'),
    periodInput(3, 1, 500, 'kSmoothing', '%K smoothing'),
    periodInput(3, 1, 500, 'dPeriod', '%D length'),
  ],
  outputs: [line('k', '%K', COLORS.blue), line('d', '%D', COLORS.orange)],
  levels: [level(80, 'Upper band'), level(20, 'Lower band')],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'kPeriod');
    const hi = new Extreme(m, n, true);
    const lo = new Extreme(m, n, false);
    const slowK = new Sma(m, num(s, 'kSmoothing'));
    const slowD = new Sma(m, num(s, 'dPeriod'));
    return kernel(m, (b, out) => {
      const h = hi.update(b.high);
      const l = lo.update(b.low);
      const k = slowK.update(!Number.isNaN(h) ? fastK(b.close, h, l) : NaN_);
      const d = slowD.update(k);
      // TA-Lib starts both lines on the bar where %D starts
      out[0] = !Number.isNaN(d) ? k : NaN_;
      out[1] = d;
    });
  },
});

const stochRsi = define({
  id: 'stochRsi',
  name: 'Stochastic RSI',
  shortName: 'Stoch RSI',
  group: 'oscillators',
  description: 'The stochastic oscillator applied to RSI values: where RSI sits in its own recent range.',
  overlay: false,
  inputs: [
    periodInput(14, 2, 500, 'rsiPeriod', 'RSI length'),
    periodInput(14, 1, 500, 'stochPeriod', 'Stochastic length'),
    periodInput(3, 1, 500, 'kSmoothing', '%K smoothing'),
    periodInput(3, 1, 500, 'dPeriod', '%D length'),
    src0,
  ],
  outputs: [line('k', '%K', COLORS.blue), line('d', '%D', COLORS.orange)],
  levels: [level(80, 'Upper band'), level(20, 'Lower band')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const r = rsiOf(m, num(s, 'rsiPeriod'));
    const n = num(s, 'stochPeriod');
    const hi = new Extreme(m, n, true);
    const lo = new Extreme(m, n, false);
    const kAvg = new Sma(m, num(s, 'kSmoothing'));
    const dAvg = new Sma(m, num(s, 'dPeriod'));
    return kernel(m, (b, out) => {
      const v = r(x(b));
      const h = hi.update(v);
      const l = lo.update(v);
      const k = kAvg.update(!Number.isNaN(h) ? fastK(v, h, l) : NaN_);
      const d = dAvg.update(k);
      out[0] = !Number.isNaN(d) ? k : NaN_;
      out[1] = d;
    });
  },
});

const macd = define({
  id: 'macd',
  name: 'Moving Average Convergence Divergence',
  shortName: 'MACD',
  group: 'oscillators',
  description: 'Fast EMA minus slow EMA (MACD line), its EMA (signal) and their difference (histogram).',
  overlay: false,
  inputs: [
    periodInput(12, 2, 500, 'fastPeriod', 'Fast length'),
    periodInput(26, 2, 500, 'slowPeriod', 'Slow length'),
    periodInput(9, 1, 500, 'signalPeriod', 'Signal length'),
    src0,
  ],
  constraints: [lessThan('fastPeriod', 'slowPeriod')],
  outputs: [
    histogram('histogram', 'Histogram', '#26A69A', '#EF5350'),
    line('macd', 'MACD', COLORS.blue),
    line('signal', 'Signal', COLORS.orange),
  ],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const fast = num(s, 'fastPeriod');
    const slow = num(s, 'slowPeriod');
    // TA-Lib seeds the fast EMA on the bars just before the slow one's first value, not on the first bars
    const ef = new Ema(m, fast, undefined, slow - fast);
    const es = new Ema(m, slow);
    const sig = new Ema(m, num(s, 'signalPeriod'));
    return kernel(m, (b, out) => {
      const v = x(b);
      const line_ = ef.update(v) - es.update(v);
      const signal = sig.update(line_);
      const ok = !Number.isNaN(signal);
      out[0] = ok ? line_ - signal : NaN_;
      out[1] = ok ? line_ : NaN_;
      out[2] = signal;
    });
  },
});

const cci = define({
  id: 'cci',
  name: 'Commodity Channel Index',
  shortName: 'CCI',
  group: 'oscillators',
  description:
    "Typical price's distance from its Length-bar mean, in units of 0.015 times the mean absolute deviation.",
  overlay: false,
  inputs: [periodInput(20, 2)],
  outputs: [line('cci', 'CCI', COLORS.teal)],
  levels: [level(100, '+100'), level(0, 'Zero'), level(-100, '-100')],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const w = new Window(m, n);
    return kernel(m, (b, out) => {
      const tp = (b.high + b.low + b.close) / 3;
      if (!w.push(tp)) {
        out[0] = NaN_;
        return;
      }
      let sum = 0;
      for (let i = n - 1; i >= 0; i--) sum += w.get(i);
      const avg = sum / n;
      let dev = 0;
      for (let i = n - 1; i >= 0; i--) dev += Math.abs(w.get(i) - avg);
      const diff = tp - avg;
      out[0] = diff !== 0 && dev !== 0 ? diff / (0.015 * (dev / n)) : 0;
    });
  },
});

const willr = define({
  id: 'williamsR',
  name: 'Williams %R',
  shortName: '%R',
  group: 'oscillators',
  description:
    'Where the close sits below the highest high of the last Length bars, as a share of the range, -100 to 0.',
  overlay: false,
  inputs: [periodInput(14)],
  outputs: [line('r', '%R', COLORS.purple)],
  levels: [level(-20, 'Overbought'), level(-50, 'Middle'), level(-80, 'Oversold')],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const hi = new Extreme(m, n, true);
    const lo = new Extreme(m, n, false);
    return kernel(m, (b, out) => {
      const h = hi.update(b.high);
      const l = lo.update(b.low);
      if (Number.isNaN(h)) {
        out[0] = NaN_;
        return;
      }
      const diff = (h - l) / -100;
      out[0] = diff !== 0 ? (h - b.close) / diff : 0;
    });
  },
});

/** Rate of change in percent over n bars; 0 when the old value is 0. */
function rocOf(m: Memory, n: number) {
  const prev = new Delay(m, n);
  return (x: number) => {
    const p = prev.update(x);
    if (Number.isNaN(p)) return NaN_;
    return p !== 0 ? (x / p - 1) * 100 : 0;
  };
}

const roc = define({
  id: 'roc',
  name: 'Rate of Change',
  shortName: 'ROC',
  group: 'oscillators',
  description: 'Percent change of the source over Length bars.',
  overlay: false,
  inputs: [periodInput(10), src0],
  outputs: [line('roc', 'ROC', COLORS.blue)],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const r = rocOf(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      out[0] = r(x(b));
    });
  },
});

const mom = define({
  id: 'momentum',
  name: 'Momentum',
  shortName: 'MOM',
  group: 'oscillators',
  description: 'Change of the source over Length bars, in price units.',
  overlay: false,
  inputs: [periodInput(10), src0],
  outputs: [line('momentum', 'Momentum', COLORS.teal)],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const prev = new Delay(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      const v = x(b);
      out[0] = v - prev.update(v);
    });
  },
});

const trix = define({
  id: 'trix',
  name: 'TRIX',
  shortName: 'TRIX',
  group: 'oscillators',
  description: 'One-bar percent rate of change of a triple-smoothed EMA.',
  overlay: false,
  inputs: [periodInput(18, 2), src0],
  outputs: [line('trix', 'TRIX', COLORS.red)],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const n = num(s, 'period');
    const e1 = new Ema(m, n);
    const e2 = new Ema(m, n);
    const e3 = new Ema(m, n);
    const r = rocOf(m, 1);
    return kernel(m, (b, out) => {
      out[0] = r(e3.update(e2.update(e1.update(x(b)))));
    });
  },
});

const ultosc = define({
  id: 'ultimateOscillator',
  name: 'Ultimate Oscillator',
  shortName: 'UO',
  group: 'oscillators',
  description:
    "Larry Williams' weighted blend (4:2:1) of buying pressure over true range across a short, a medium and a long window.",
  overlay: false,
  inputs: [
    periodInput(7, 1, 500, 'fastPeriod', 'Fast length'),
    periodInput(14, 1, 500, 'middlePeriod', 'Middle length'),
    periodInput(28, 1, 500, 'slowPeriod', 'Slow length'),
  ],
  constraints: [lessThan('fastPeriod', 'middlePeriod'), lessThan('middlePeriod', 'slowPeriod')],
  outputs: [line('uo', 'UO', COLORS.red)],
  levels: [level(70, 'Overbought'), level(30, 'Oversold')],
  create: (s) => {
    const m = new Memory();
    const sums = [num(s, 'fastPeriod'), num(s, 'middlePeriod'), num(s, 'slowPeriod')].map((n) => ({
      bp: new Sum(m, n),
      tr: new Sum(m, n),
    })) as [{ bp: Sum; tr: Sum }, { bp: Sum; tr: Sum }, { bp: Sum; tr: Sum }];
    const prevClose = new Previous(m);
    return kernel(m, (b, out) => {
      const pc = prevClose.update(b.close);
      if (Number.isNaN(pc)) {
        out[0] = NaN_;
        return;
      }
      const trueLow = b.low < pc ? b.low : pc;
      const bp = b.close - trueLow;
      const tr = trueRange(b.high, b.low, pc);
      const a1 = sums[0].bp.update(bp);
      const b1 = sums[0].tr.update(tr);
      const a2 = sums[1].bp.update(bp);
      const b2 = sums[1].tr.update(tr);
      const a3 = sums[2].bp.update(bp);
      const b3 = sums[2].tr.update(tr);
      if (Number.isNaN(b3)) {
        out[0] = NaN_;
        return;
      }
      let total = 0;
      if (b1 !== 0) total += 4 * (a1 / b1);
      if (b2 !== 0) total += 2 * (a2 / b2);
      if (b3 !== 0) total += a3 / b3;
      out[0] = 100 * (total / 7);
    });
  },
});

const cmo = define({
  id: 'cmo',
  name: 'Chande Momentum Oscillator',
  shortName: 'CMO',
  group: 'oscillators',
  description: '100*(gains - losses)/(gains + losses) with the gains and losses smoothed as in RSI, -100 to 100.',
  overlay: false,
  inputs: [periodInput(14, 2), src0],
  outputs: [line('cmo', 'CMO', COLORS.blue)],
  levels: [level(50, '+50'), level(0, 'Zero'), level(-50, '-50')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const gl = gainLoss(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      const { gain, loss } = gl(x(b));
      if (Number.isNaN(gain)) {
        out[0] = NaN_;
        return;
      }
      const total = gain + loss;
      out[0] = total !== 0 ? 100 * ((gain - loss) / total) : 0;
    });
  },
});

/** Fast and slow moving averages of one type, aligned as TA-Lib's APO/PPO align them. */
function priceOscillatorPair(m: Memory, fast: number, slow: number, type: string) {
  if (type === 'sma') {
    const f = new Sma(m, fast);
    const sl = new Sma(m, slow);
    return (x: number, r: { fast: number; slow: number }) => {
      r.fast = f.update(x);
      r.slow = sl.update(x);
    };
  }
  // unlike MACD, TA-Lib's APO and PPO seed the fast EMA on the first bars, like a stand-alone EMA
  const f = new Ema(m, fast);
  const sl = new Ema(m, slow);
  return (x: number, r: { fast: number; slow: number }) => {
    r.fast = f.update(x);
    r.slow = sl.update(x);
  };
}

const maTypeInput = selectInput('maType', 'Moving average type', 'ema', ['ema', 'sma']);

const ppo = define({
  id: 'ppo',
  name: 'Percentage Price Oscillator',
  shortName: 'PPO',
  group: 'oscillators',
  description: 'Fast minus slow moving average as a percent of the slow one, with a signal EMA and histogram.',
  overlay: false,
  inputs: [
    periodInput(12, 2, 500, 'fastPeriod', 'Fast length'),
    periodInput(26, 2, 500, 'slowPeriod', 'Slow length'),
    periodInput(9, 1, 500, 'signalPeriod', 'Signal length'),
    maTypeInput,
    src0,
  ],
  constraints: [lessThan('fastPeriod', 'slowPeriod')],
  outputs: [
    histogram('histogram', 'Histogram', '#26A69A', '#EF5350'),
    line('ppo', 'PPO', COLORS.blue),
    line('signal', 'Signal', COLORS.orange),
  ],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const pair = priceOscillatorPair(m, num(s, 'fastPeriod'), num(s, 'slowPeriod'), text(s, 'maType'));
    const sig = new Ema(m, num(s, 'signalPeriod'));
    const r = { fast: NaN_, slow: NaN_ };
    return kernel(m, (b, out) => {
      pair(x(b), r);
      const v = !Number.isNaN(r.slow) ? ratioOrZero(r.fast - r.slow, r.slow) * 100 : NaN_;
      const signal = sig.update(v);
      out[0] = v - signal;
      out[1] = v;
      out[2] = signal;
    });
  },
});

const apo = define({
  id: 'apo',
  name: 'Absolute Price Oscillator',
  shortName: 'APO',
  group: 'oscillators',
  description: 'Fast minus slow moving average, in price units.',
  overlay: false,
  inputs: [
    periodInput(12, 2, 500, 'fastPeriod', 'Fast length'),
    periodInput(26, 2, 500, 'slowPeriod', 'Slow length'),
    maTypeInput,
    src0,
  ],
  constraints: [lessThan('fastPeriod', 'slowPeriod')],
  outputs: [line('apo', 'APO', COLORS.teal)],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const pair = priceOscillatorPair(m, num(s, 'fastPeriod'), num(s, 'slowPeriod'), text(s, 'maType'));
    const r = { fast: NaN_, slow: NaN_ };
    return kernel(m, (b, out) => {
      pair(x(b), r);
      out[0] = r.fast - r.slow;
    });
  },
});

/** Splits a histogram into rising and falling columns (compared with the previous bar), as AO and AC are drawn. */
function risingFalling(m: Memory) {
  const prev = new Previous(m);
  return (v: number, out: Float64Array) => {
    const p = prev.update(v);
    const rising = Number.isNaN(p) || v >= p;
    out[0] = rising ? v : NaN_;
    out[1] = rising ? NaN_ : v;
  };
}

const ao = define({
  id: 'awesomeOscillator',
  name: 'Awesome Oscillator',
  shortName: 'AO',
  group: 'oscillators',
  description: "Bill Williams' 5-bar minus 34-bar simple average of the median price, coloured by its direction.",
  overlay: false,
  inputs: [periodInput(5, 1, 500, 'fastPeriod', 'Fast length'), periodInput(34, 2, 500, 'slowPeriod', 'Slow length')],
  constraints: [lessThan('fastPeriod', 'slowPeriod')],
  outputs: [histogram('rising', 'Rising', '#26A69A'), histogram('falling', 'Falling', '#EF5350')],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const f = new Sma(m, num(s, 'fastPeriod'));
    const sl = new Sma(m, num(s, 'slowPeriod'));
    const split = risingFalling(m);
    return kernel(m, (b, out) => {
      const mid = (b.high + b.low) / 2;
      split(f.update(mid) - sl.update(mid), out);
    });
  },
});

const ac = define({
  id: 'acceleratorOscillator',
  name: 'Accelerator Oscillator',
  shortName: 'AC',
  group: 'oscillators',
  description: 'The Awesome Oscillator minus its 5-bar simple average: acceleration of momentum.',
  overlay: false,
  inputs: [
    periodInput(5, 1, 500, 'fastPeriod', 'Fast length'),
    periodInput(34, 2, 500, 'slowPeriod', 'Slow length'),
    periodInput(5, 1, 500, 'signalPeriod', 'Signal length'),
  ],
  constraints: [lessThan('fastPeriod', 'slowPeriod')],
  outputs: [histogram('rising', 'Rising', '#26A69A'), histogram('falling', 'Falling', '#EF5350')],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const f = new Sma(m, num(s, 'fastPeriod'));
    const sl = new Sma(m, num(s, 'slowPeriod'));
    const sig = new Sma(m, num(s, 'signalPeriod'));
    const split = risingFalling(m);
    return kernel(m, (b, out) => {
      const mid = (b.high + b.low) / 2;
      const a = f.update(mid) - sl.update(mid);
      split(a - sig.update(a), out);
    });
  },
});

const elderRay = define({
  id: 'elderRay',
  name: 'Elder Ray Index',
  shortName: 'Elder Ray',
  group: 'oscillators',
  description: 'Bull power (high minus an EMA of the close) and bear power (low minus the same EMA).',
  overlay: false,
  inputs: [periodInput(13)],
  outputs: [histogram('bull', 'Bull power', '#26A69A'), histogram('bear', 'Bear power', '#EF5350')],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const e = new Ema(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      const v = e.update(b.close);
      out[0] = b.high - v;
      out[1] = b.low - v;
    });
  },
});

const coppock = define({
  id: 'coppock',
  name: 'Coppock Curve',
  shortName: 'Coppock',
  group: 'oscillators',
  description: 'Weighted moving average of the sum of a long and a short percent rate of change.',
  overlay: false,
  inputs: [
    periodInput(10, 1, 500, 'wmaPeriod', 'WMA length'),
    periodInput(14, 1, 500, 'longRocPeriod', 'Long ROC length'),
    periodInput(11, 1, 500, 'shortRocPeriod', 'Short ROC length'),
    src0,
  ],
  outputs: [line('coppock', 'Coppock', COLORS.blue)],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const long = rocOf(m, num(s, 'longRocPeriod'));
    const short = rocOf(m, num(s, 'shortRocPeriod'));
    const w = new Wma(m, num(s, 'wmaPeriod'));
    return kernel(m, (b, out) => {
      const v = x(b);
      out[0] = w.update(long(v) + short(v));
    });
  },
});

const kst = define({
  id: 'kst',
  name: 'Know Sure Thing',
  shortName: 'KST',
  group: 'oscillators',
  description: "Pring's weighted (1:2:3:4) sum of four smoothed rates of change, with a signal average.",
  overlay: false,
  inputs: [
    periodInput(10, 1, 500, 'roc1', 'ROC length 1'),
    periodInput(15, 1, 500, 'roc2', 'ROC length 2'),
    periodInput(20, 1, 500, 'roc3', 'ROC length 3'),
    periodInput(30, 1, 500, 'roc4', 'ROC length 4'),
    periodInput(10, 1, 500, 'sma1', 'SMA length 1'),
    periodInput(10, 1, 500, 'sma2', 'SMA length 2'),
    periodInput(10, 1, 500, 'sma3', 'SMA length 3'),
    periodInput(15, 1, 500, 'sma4', 'SMA length 4'),
    periodInput(9, 1, 500, 'signalPeriod', 'Signal length'),
    src0,
  ],
  outputs: [line('kst', 'KST', COLORS.green), line('signal', 'Signal', COLORS.red)],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const parts = [1, 2, 3, 4].map((i) => ({
      roc: rocOf(m, num(s, `roc${i}`)),
      sma: new Sma(m, num(s, `sma${i}`)),
      weight: i,
    }));
    const sig = new Sma(m, num(s, 'signalPeriod'));
    return kernel(m, (b, out) => {
      const v = x(b);
      let total = 0;
      for (let i = 0; i < parts.length; i++) {
        const p = parts[i]!;
        total += p.weight * p.sma.update(p.roc(v));
      }
      out[0] = total;
      out[1] = sig.update(total);
    });
  },
});

const tsi = define({
  id: 'tsi',
  name: 'True Strength Index',
  shortName: 'TSI',
  group: 'oscillators',
  description:
    'Double-smoothed one-bar change over the double-smoothed absolute change, in percent, with a signal EMA.',
  overlay: false,
  inputs: [
    periodInput(25, 1, 500, 'longPeriod', 'Long length'),
    periodInput(13, 1, 500, 'shortPeriod', 'Short length'),
    periodInput(13, 1, 500, 'signalPeriod', 'Signal length'),
    src0,
  ],
  outputs: [line('tsi', 'TSI', COLORS.blue), line('signal', 'Signal', COLORS.red)],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const long = num(s, 'longPeriod');
    const short = num(s, 'shortPeriod');
    const prev = new Previous(m);
    const n1 = new Ema(m, long);
    const n2 = new Ema(m, short);
    const d1 = new Ema(m, long);
    const d2 = new Ema(m, short);
    const sig = new Ema(m, num(s, 'signalPeriod'));
    return kernel(m, (b, out) => {
      const v = x(b);
      const change = v - prev.update(v);
      const numer = n2.update(n1.update(change));
      const denom = d2.update(d1.update(Math.abs(change)));
      const t = !Number.isNaN(numer) ? ratioOrZero(numer, denom) * 100 : NaN_;
      out[0] = t;
      out[1] = sig.update(t);
    });
  },
});

/** Symmetric 4-bar weighted average (1, 2, 2, 1)/6, as used by the Relative Vigor Index. */
function swma(m: Memory) {
  const w = new Window(m, 4);
  return (x: number) => (w.push(x) ? (w.get(3) + 2 * w.get(2) + 2 * w.get(1) + w.get(0)) / 6 : NaN_);
}

const rvi = define({
  id: 'rvi',
  name: 'Relative Vigor Index',
  shortName: 'RVGI',
  group: 'oscillators',
  description:
    'Sum of smoothed close-open over the sum of smoothed high-low across Length bars, with a smoothed signal.',
  overlay: false,
  inputs: [periodInput(10)],
  outputs: [line('rvi', 'RVGI', COLORS.green), line('signal', 'Signal', COLORS.red)],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const co = swma(m);
    const hl = swma(m);
    const sn = new Sum(m, n);
    const sd = new Sum(m, n);
    const sig = swma(m);
    return kernel(m, (b, out) => {
      const a = sn.update(co(b.close - b.open));
      const d = sd.update(hl(b.high - b.low));
      const r = !Number.isNaN(a) ? ratioOrZero(a, d) : NaN_;
      out[0] = r;
      out[1] = sig(r);
    });
  },
});

const bop = define({
  id: 'balanceOfPower',
  name: 'Balance of Power',
  shortName: 'BOP',
  group: 'oscillators',
  description:
    '(close - open)/(high - low) of each bar, optionally averaged over Smoothing bars; 0 for a bar without range.',
  overlay: false,
  inputs: [periodInput(1, 1, 500, 'smoothing', 'Smoothing')],
  outputs: [histogram('bop', 'BOP', '#26A69A', '#EF5350')],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const avg = new Sma(m, num(s, 'smoothing'));
    return kernel(m, (b, out) => {
      const range = b.high - b.low;
      out[0] = avg.update(range > 0 ? (b.close - b.open) / range : 0);
    });
  },
});

const fisher = define({
  id: 'fisherTransform',
  name: 'Fisher Transform',
  shortName: 'Fisher',
  group: 'oscillators',
  description:
    "Ehlers' Fisher transform of the median price's position in its Length-bar range, with the previous value as trigger.",
  overlay: false,
  inputs: [periodInput(9, 2)],
  outputs: [line('fisher', 'Fisher', COLORS.blue), line('trigger', 'Trigger', COLORS.orange)],
  levels: [level(1.5, '+1.5'), level(0, 'Zero'), level(-1.5, '-1.5')],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const hi = new Extreme(m, n, true);
    const lo = new Extreme(m, n, false);
    const st = m.alloc(3); // [started, value, fisher]
    return kernel(m, (b, out) => {
      const f = m.f;
      const mid = (b.high + b.low) / 2;
      const h = hi.update(mid);
      const l = lo.update(mid);
      if (Number.isNaN(h)) {
        out[0] = NaN_;
        out[1] = NaN_;
        return;
      }
      const started = f[st] === 1;
      const prevValue = started ? f[st + 1]! : 0;
      const prevFisher = started ? f[st + 2]! : 0;
      const pos = h !== l ? (mid - l) / (h - l) - 0.5 : 0;
      let v = 0.66 * pos + 0.67 * prevValue;
      if (v > 0.999) v = 0.999;
      else if (v < -0.999) v = -0.999;
      const fish = 0.5 * Math.log((1 + v) / (1 - v)) + 0.5 * prevFisher;
      f[st] = 1;
      f[st + 1] = v;
      f[st + 2] = fish;
      out[0] = fish;
      out[1] = started ? prevFisher : NaN_;
    });
  },
});

export const OSCILLATORS: readonly IndicatorEntry[] = [
  rsi,
  stoch,
  stochRsi,
  macd,
  cci,
  willr,
  roc,
  mom,
  trix,
  ultosc,
  cmo,
  ppo,
  apo,
  ao,
  ac,
  elderRay,
  coppock,
  kst,
  tsi,
  rvi,
  bop,
  fisher,
];
