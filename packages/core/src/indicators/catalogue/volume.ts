import {
  COLORS,
  define,
  floatInput,
  histogram,
  type IndicatorEntry,
  intInput,
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
import { ANCHORS, type Anchor, periodKey } from '../periods.js';
import { Ema, Previous, Sma, Sum } from '../primitives.js';
import { VOLUME_PROFILE } from '../volume-profile.js';

const NaN_ = Number.NaN;

/** Close location value: where the close sits in the bar's range, -1 (low) to 1 (high); 0 for a bar without range. */
function clv(high: number, low: number, close: number): number {
  const range = high - low;
  return range > 0 ? (close - low - (high - close)) / range : 0;
}

const obv = define({
  id: 'obv',
  name: 'On Balance Volume',
  shortName: 'OBV',
  group: 'volume',
  description: 'Running total of volume, added on bars that close higher and subtracted on bars that close lower.',
  overlay: false,
  inputs: [sourceInput()],
  outputs: [line('obv', 'OBV', COLORS.blue)],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const st = m.alloc(3); // [started, OBV, previous source]
    return kernel(m, (b, out) => {
      const f = m.f;
      const v = x(b);
      let total: number;
      if (f[st] === 0) total = b.volume;
      else {
        total = f[st + 1]!;
        const prev = f[st + 2]!;
        if (v > prev) total += b.volume;
        else if (v < prev) total -= b.volume;
      }
      f[st] = 1;
      f[st + 1] = total;
      f[st + 2] = v;
      out[0] = total;
    });
  },
});

const sessionStart = intInput('sessionStartMinute', 'Session start (minutes after 00:00 UTC)', 0, 0, 1439);

const vwap = define({
  id: 'vwap',
  name: 'Volume Weighted Average Price',
  shortName: 'VWAP',
  group: 'volume',
  description:
    'Volume-weighted mean price since the start of the session (day, week or month), with bands at a multiple of the volume-weighted standard deviation.',
  overlay: true,
  inputs: [
    selectInput('anchor', 'Anchor period', 'day', ANCHORS),
    sessionStart,
    floatInput('bandMultiplier', 'Band multiplier', 1, 0.1, 10, 0.1),
    sourceInput('hlc3'),
  ],
  outputs: [
    line('vwap', 'VWAP', COLORS.blue),
    line('upper', 'Upper band', COLORS.green, 1, 'solid', false),
    line('lower', 'Lower band', COLORS.green, 1, 'solid', false),
  ],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const anchor = text(s, 'anchor') as Anchor;
    const startMinute = num(s, 'sessionStartMinute');
    const k = num(s, 'bandMultiplier');
    const st = m.alloc(5); // [started, period key, sum v, sum p*v, sum p*p*v]
    return kernel(m, (b, out) => {
      const f = m.f;
      const key = periodKey(b.time, anchor, startMinute);
      if (f[st] === 0 || f[st + 1] !== key) {
        f[st] = 1;
        f[st + 1] = key;
        f[st + 2] = 0;
        f[st + 3] = 0;
        f[st + 4] = 0;
      }
      const p = x(b);
      const sv = f[st + 2]! + b.volume;
      const spv = f[st + 3]! + p * b.volume;
      const sppv = f[st + 4]! + p * p * b.volume;
      f[st + 2] = sv;
      f[st + 3] = spv;
      f[st + 4] = sppv;
      if (sv === 0) {
        out[0] = NaN_;
        out[1] = NaN_;
        out[2] = NaN_;
        return;
      }
      const mean = spv / sv;
      const variance = sppv / sv - mean * mean;
      const dev = variance > 0 ? Math.sqrt(variance) : 0;
      out[0] = mean;
      out[1] = mean + k * dev;
      out[2] = mean - k * dev;
    });
  },
});

const ad = define({
  id: 'accumulationDistribution',
  name: 'Accumulation/Distribution',
  shortName: 'A/D',
  group: 'volume',
  description: "Chaikin's running total of volume weighted by where each close sits in its bar's range.",
  overlay: false,
  inputs: [],
  outputs: [line('ad', 'A/D', COLORS.teal)],
  create: () => {
    const m = new Memory();
    const st = m.alloc(1);
    return kernel(m, (b, out) => {
      const f = m.f;
      const range = b.high - b.low;
      let total = f[st]!;
      if (range > 0) total += ((b.close - b.low - (b.high - b.close)) / range) * b.volume;
      f[st] = total;
      out[0] = total;
    });
  },
});

const cmf = define({
  id: 'chaikinMoneyFlow',
  name: 'Chaikin Money Flow',
  shortName: 'CMF',
  group: 'volume',
  description: 'Sum of close-location-weighted volume over the sum of volume across Length bars, -1 to 1.',
  overlay: false,
  inputs: [periodInput(20)],
  outputs: [histogram('cmf', 'CMF', '#26A69A', '#EF5350')],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const flow = new Sum(m, n);
    const vol = new Sum(m, n);
    return kernel(m, (b, out) => {
      const a = flow.update(clv(b.high, b.low, b.close) * b.volume);
      const v = vol.update(b.volume);
      out[0] = !Number.isNaN(a) ? ratioOrZero(a, v) : NaN_;
    });
  },
});

const adosc = define({
  id: 'chaikinOscillator',
  name: 'Chaikin Oscillator',
  shortName: 'Chaikin Osc',
  group: 'volume',
  description: 'Fast minus slow EMA of the Accumulation/Distribution line.',
  overlay: false,
  inputs: [periodInput(3, 2, 500, 'fastPeriod', 'Fast length'), periodInput(10, 2, 500, 'slowPeriod', 'Slow length')],
  constraints: [lessThan('fastPeriod', 'slowPeriod')],
  outputs: [line('oscillator', 'Chaikin Oscillator', COLORS.red)],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const fast = num(s, 'fastPeriod');
    const slow = num(s, 'slowPeriod');
    const kf = 2 / (fast + 1);
    const ks = 2 / (slow + 1);
    const st = m.alloc(4); // [count, A/D, fast EMA, slow EMA]
    return kernel(m, (b, out) => {
      const f = m.f;
      const c = f[st]!;
      f[st] = c + 1;
      const range = b.high - b.low;
      let total = f[st + 1]!;
      if (range > 0) total += ((b.close - b.low - (b.high - b.close)) / range) * b.volume;
      f[st + 1] = total;
      // TA-Lib's ADOSC seeds both EMAs with the first A/D value rather than a simple average
      let ef: number;
      let es: number;
      if (c === 0) {
        ef = total;
        es = total;
      } else {
        ef = kf * total + (1 - kf) * f[st + 2]!;
        es = ks * total + (1 - ks) * f[st + 3]!;
      }
      f[st + 2] = ef;
      f[st + 3] = es;
      out[0] = c >= slow - 1 ? ef - es : NaN_;
    });
  },
});

const mfi = define({
  id: 'mfi',
  name: 'Money Flow Index',
  shortName: 'MFI',
  group: 'volume',
  description: 'Volume-weighted RSI: share of positive money flow (typical price times volume) over Length bars.',
  overlay: false,
  inputs: [periodInput(14)],
  outputs: [line('mfi', 'MFI', COLORS.purple)],
  levels: [level(80, 'Overbought'), level(20, 'Oversold')],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const pos = new Sum(m, n);
    const neg = new Sum(m, n);
    const prev = new Previous(m);
    return kernel(m, (b, out) => {
      const tp = (b.high + b.low + b.close) / 3;
      const p = prev.update(tp);
      if (Number.isNaN(p)) {
        out[0] = NaN_;
        return;
      }
      const flow = tp * b.volume;
      const up = pos.update(tp > p ? flow : 0);
      const down = neg.update(tp < p ? flow : 0);
      if (Number.isNaN(up)) {
        out[0] = NaN_;
        return;
      }
      const total = up + down;
      out[0] = total !== 0 ? 100 * (up / total) : 0;
    });
  },
});

const forceIndex = define({
  id: 'forceIndex',
  name: 'Force Index',
  shortName: 'EFI',
  group: 'volume',
  description: "Elder's EMA of the one-bar change of the close times volume.",
  overlay: false,
  inputs: [periodInput(13)],
  outputs: [line('force', 'Force Index', COLORS.red)],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const prev = new Previous(m);
    const e = new Ema(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      out[0] = e.update((b.close - prev.update(b.close)) * b.volume);
    });
  },
});

const eom = define({
  id: 'easeOfMovement',
  name: 'Ease of Movement',
  shortName: 'EOM',
  group: 'volume',
  description:
    "Arms' move of the median price per unit of volume relative to the bar's range (volume scaled by Divisor), averaged over Length bars; 0 on bars without volume.",
  overlay: false,
  inputs: [periodInput(14), floatInput('divisor', 'Divisor', 10_000, 1, 1e12, 1)],
  outputs: [line('eom', 'EOM', COLORS.teal)],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const div = num(s, 'divisor');
    const prev = new Previous(m);
    const avg = new Sma(m, num(s, 'period'));
    return kernel(m, (b, out) => {
      const mid = (b.high + b.low) / 2;
      const move = mid - prev.update(mid);
      out[0] = avg.update(!Number.isNaN(move) ? ratioOrZero(div * move * (b.high - b.low), b.volume) : NaN_);
    });
  },
});

const pvt = define({
  id: 'priceVolumeTrend',
  name: 'Price Volume Trend',
  shortName: 'PVT',
  group: 'volume',
  description: 'Running total of volume times the percent change of the close (as a fraction), starting at 0.',
  overlay: false,
  inputs: [],
  outputs: [line('pvt', 'PVT', COLORS.blue)],
  create: () => {
    const m = new Memory();
    const st = m.alloc(3); // [started, total, previous close]
    return kernel(m, (b, out) => {
      const f = m.f;
      let total = f[st + 1]!;
      if (f[st] === 1) total += ratioOrZero(b.close - f[st + 2]!, f[st + 2]!) * b.volume;
      f[st] = 1;
      f[st + 1] = total;
      f[st + 2] = b.close;
      out[0] = total;
    });
  },
});

const volume = define({
  id: 'volume',
  name: 'Volume',
  shortName: 'Vol',
  group: 'volume',
  description: 'Volume of each bar, coloured by whether it closed up or down, with its moving average.',
  overlay: false,
  inputs: [periodInput(20, 1, 500, 'maPeriod', 'MA length')],
  outputs: [
    histogram('up', 'Up volume', 'rgba(38, 166, 154, 0.6)'),
    histogram('down', 'Down volume', 'rgba(239, 83, 80, 0.6)'),
    line('ma', 'Volume MA', COLORS.blue, 1),
  ],
  create: (s) => {
    const m = new Memory();
    const avg = new Sma(m, num(s, 'maPeriod'));
    return kernel(m, (b, out) => {
      const up = b.close >= b.open;
      out[0] = up ? b.volume : NaN_;
      out[1] = up ? NaN_ : b.volume;
      out[2] = avg.update(b.volume);
    });
  },
});

export const VOLUME: readonly IndicatorEntry[] = [
  obv,
  vwap,
  ad,
  cmf,
  adosc,
  mfi,
  forceIndex,
  eom,
  pvt,
  volume,
  VOLUME_PROFILE,
];
