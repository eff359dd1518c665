import {
  COLORS,
  candlePart,
  define,
  floatInput,
  type IndicatorEntry,
  intInput,
  line,
  markers,
  num,
  periodInput,
  selectInput,
  stepLine,
  text,
} from '../define.js';
import { kernel, Memory } from '../kernel.js';
import { ANCHORS, type Anchor, periodKey } from '../periods.js';
import { Extreme, Previous, Window } from '../primitives.js';

const NaN_ = Number.NaN;

export const PIVOT_TYPES = ['classic', 'fibonacci', 'camarilla', 'woodie'] as const;
export type PivotType = (typeof PIVOT_TYPES)[number];

/** Pivot levels [P, R1, R2, R3, S1, S2, S3] from the previous period's high, low and close. */
export function pivotLevels(type: PivotType, high: number, low: number, close: number, out: Float64Array, at = 0) {
  const range = high - low;
  let p: number;
  let r1: number;
  let r2: number;
  let r3: number;
  let s1: number;
  let s2: number;
  let s3: number;
  if (type === 'fibonacci') {
    p = (high + low + close) / 3;
    r1 = p + 0.382 * range;
    r2 = p + 0.618 * range;
    r3 = p + range;
    s1 = p - 0.382 * range;
    s2 = p - 0.618 * range;
    s3 = p - range;
  } else if (type === 'camarilla') {
    p = (high + low + close) / 3;
    r1 = close + (range * 1.1) / 12;
    r2 = close + (range * 1.1) / 6;
    r3 = close + (range * 1.1) / 4;
    s1 = close - (range * 1.1) / 12;
    s2 = close - (range * 1.1) / 6;
    s3 = close - (range * 1.1) / 4;
  } else {
    p = type === 'woodie' ? (high + low + 2 * close) / 4 : (high + low + close) / 3;
    r1 = 2 * p - low;
    s1 = 2 * p - high;
    r2 = p + range;
    s2 = p - range;
    r3 = high + 2 * (p - low);
    s3 = low - 2 * (high - p);
  }
  out[at] = p;
  out[at + 1] = r1;
  out[at + 2] = r2;
  out[at + 3] = r3;
  out[at + 4] = s1;
  out[at + 5] = s2;
  out[at + 6] = s3;
}

const pivots = define({
  id: 'pivotPoints',
  name: 'Pivot Points',
  shortName: 'Pivots',
  group: 'priceAction',
  description:
    "Support and resistance levels for each period from the previous period's high, low and close: classic, Fibonacci, Camarilla or Woodie.",
  overlay: true,
  inputs: [
    selectInput('type', 'Type', 'classic', PIVOT_TYPES),
    selectInput('anchor', 'Pivot period', 'day', ANCHORS),
    intInput('sessionStartMinute', 'Session start (minutes after 00:00 UTC)', 0, 0, 1439),
  ],
  outputs: [
    stepLine('p', 'P', COLORS.orange),
    stepLine('r1', 'R1', COLORS.red),
    stepLine('r2', 'R2', COLORS.red),
    stepLine('r3', 'R3', COLORS.red),
    stepLine('s1', 'S1', COLORS.green),
    stepLine('s2', 'S2', COLORS.green),
    stepLine('s3', 'S3', COLORS.green),
  ],
  create: (s) => {
    const m = new Memory();
    const type = text(s, 'type') as PivotType;
    const anchor = text(s, 'anchor') as Anchor;
    const startMinute = num(s, 'sessionStartMinute');
    // [started, period key, period high, period low, period close, levels known, P, R1, R2, R3, S1, S2, S3]
    const st = m.alloc(13);
    return kernel(m, (b, out) => {
      const f = m.f;
      const key = periodKey(b.time, anchor, startMinute);
      if (f[st] === 0 || f[st + 1] !== key) {
        if (f[st] === 1) {
          pivotLevels(type, f[st + 2]!, f[st + 3]!, f[st + 4]!, f, st + 6);
          f[st + 5] = 1;
        }
        f[st] = 1;
        f[st + 1] = key;
        f[st + 2] = b.high;
        f[st + 3] = b.low;
      } else {
        if (b.high > f[st + 2]!) f[st + 2] = b.high;
        if (b.low < f[st + 3]!) f[st + 3] = b.low;
      }
      f[st + 4] = b.close;
      const known = f[st + 5] === 1;
      for (let i = 0; i < 7; i++) out[i] = known ? f[st + 6 + i]! : NaN_;
    });
  },
});

/** Reports the pivot at bar `at` confirmed on bar `i` and starts tracking the next swing from `extreme` at `i`. */
function confirmPivot(
  f: Float64Array,
  st: number,
  out: Float64Array,
  i: number,
  price: number,
  at: number,
  nextDir: number,
  extreme: number,
) {
  out[0] = price;
  out[1] = i - at;
  f[st + 1] = nextDir;
  f[st + 2] = extreme;
  f[st + 3] = i;
}

const zigzag = define({
  id: 'zigzag',
  name: 'ZigZag',
  shortName: 'ZigZag',
  group: 'priceAction',
  description:
    'Swing highs and lows that reversed by at least Deviation percent. Each point is reported on the bar that confirms it, with how many bars back it lies; the line joins the points.',
  overlay: true,
  inputs: [floatInput('deviation', 'Deviation (%)', 5, 0.01, 100, 0.01)],
  outputs: [
    { id: 'pivot', title: 'ZigZag', style: { ...line('', '', COLORS.orange).style, type: 'zigzag' } },
    line('barsAgo', 'Bars back to the pivot', COLORS.grey, 1, 'solid', false),
  ],
  zigzag: { value: 'pivot', barsAgo: 'barsAgo' },
  create: (s) => {
    const m = new Memory();
    const dev = num(s, 'deviation') / 100;
    // [count, direction (0 unknown, 1 rising, -1 falling), extreme, extreme index, lowest, lowest index]
    const st = m.alloc(6);
    return kernel(m, (b, out) => {
      const f = m.f;
      const i = f[st]!;
      f[st] = i + 1;
      out[0] = NaN_;
      out[1] = NaN_;
      const dir = f[st + 1]!;
      if (i === 0) {
        f[st + 2] = b.high;
        f[st + 3] = 0;
        f[st + 4] = b.low;
        f[st + 5] = 0;
        return;
      }
      if (dir === 0) {
        // before the first swing: track the highest high (extreme) and lowest low since the start
        if (b.high > f[st + 2]!) {
          f[st + 2] = b.high;
          f[st + 3] = i;
        }
        if (b.low < f[st + 4]!) {
          f[st + 4] = b.low;
          f[st + 5] = i;
        }
        const hi = f[st + 2]!;
        const lo = f[st + 4]!;
        const upFromLow = b.high >= lo * (1 + dev);
        const downFromHigh = b.low <= hi * (1 - dev);
        if (upFromLow && (!downFromHigh || f[st + 5]! <= f[st + 3]!))
          confirmPivot(f, st, out, i, lo, f[st + 5]!, 1, b.high);
        else if (downFromHigh) confirmPivot(f, st, out, i, hi, f[st + 3]!, -1, b.low);
        return;
      }
      const extreme = f[st + 2]!;
      if (dir === 1) {
        if (b.high > extreme) {
          f[st + 2] = b.high;
          f[st + 3] = i;
        } else if (b.low <= extreme * (1 - dev)) confirmPivot(f, st, out, i, extreme, f[st + 3]!, -1, b.low);
      } else if (b.low < extreme) {
        f[st + 2] = b.low;
        f[st + 3] = i;
      } else if (b.high >= extreme * (1 + dev)) confirmPivot(f, st, out, i, extreme, f[st + 3]!, 1, b.high);
    });
  },
});

const fractals = define({
  id: 'fractals',
  name: 'Williams Fractals',
  shortName: 'Fractals',
  group: 'priceAction',
  description:
    'A bar whose high (or low) is strictly above (below) the Periods bars on each side; reported Periods bars later, when confirmed, and drawn on the fractal bar.',
  overlay: true,
  inputs: [periodInput(2, 1, 50, 'periods', 'Periods')],
  outputs: [
    markers('up', 'Up fractal', COLORS.green, 'arrowDown', 'aboveBar'),
    markers('down', 'Down fractal', COLORS.red, 'arrowUp', 'belowBar'),
  ],
  offsets: (s) => ({ up: -num(s, 'periods'), down: -num(s, 'periods') }),
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'periods');
    const highs = new Window(m, 2 * n + 1);
    const lows = new Window(m, 2 * n + 1);
    return kernel(m, (b, out) => {
      lows.push(b.low);
      if (!highs.push(b.high)) {
        out[0] = NaN_;
        out[1] = NaN_;
        return;
      }
      const h = highs.get(n);
      const l = lows.get(n);
      let up = true;
      let down = true;
      for (let k = 0; k <= 2 * n; k++) {
        if (k === n) continue;
        if (highs.get(k) >= h) up = false;
        if (lows.get(k) <= l) down = false;
      }
      out[0] = up ? h : NaN_;
      out[1] = down ? l : NaN_;
    });
  },
});

const heikinAshi = define({
  id: 'heikinAshi',
  name: 'Heikin-Ashi',
  shortName: 'HA',
  group: 'priceAction',
  description:
    'Averaged candles: close is the bar average, open the mid-point of the previous Heikin-Ashi body, high and low include both.',
  overlay: false,
  inputs: [],
  outputs: [
    candlePart('open', 'Open'),
    candlePart('high', 'High'),
    candlePart('low', 'Low'),
    candlePart('close', 'Close'),
  ],
  create: () => {
    const m = new Memory();
    const st = m.alloc(3); // [started, previous HA open, previous HA close]
    return kernel(m, (b, out) => {
      const f = m.f;
      const close = (b.open + b.high + b.low + b.close) / 4;
      const open = f[st] === 1 ? (f[st + 1]! + f[st + 2]!) / 2 : (b.open + b.close) / 2;
      f[st] = 1;
      f[st + 1] = open;
      f[st + 2] = close;
      out[0] = open;
      out[1] = Math.max(b.high, open, close);
      out[2] = Math.min(b.low, open, close);
      out[3] = close;
    });
  },
});

function priceLine(
  id: string,
  name: string,
  shortName: string,
  description: string,
  fn: (h: number, l: number, c: number) => number,
) {
  return define({
    id,
    name,
    shortName,
    group: 'priceAction',
    description,
    overlay: true,
    inputs: [],
    outputs: [line(id, shortName, COLORS.grey, 1)],
    create: () => {
      const m = new Memory();
      return kernel(m, (b, out) => {
        out[0] = fn(b.high, b.low, b.close);
      });
    },
  });
}

const medianPrice = priceLine(
  'medianPrice',
  'Median Price',
  'Median',
  '(high + low)/2 of each bar.',
  (h, l) => (h + l) / 2,
);
const typicalPrice = priceLine(
  'typicalPrice',
  'Typical Price',
  'Typical',
  '(high + low + close)/3 of each bar.',
  (h, l, c) => (h + l + c) / 3,
);
const weightedClose = priceLine(
  'weightedClose',
  'Weighted Close',
  'WCL',
  '(high + low + 2*close)/4 of each bar.',
  (h, l, c) => (h + l + c * 2) / 4,
);

const priceChannel = define({
  id: 'priceChannel',
  name: 'Price Channel',
  shortName: 'PC',
  group: 'priceAction',
  description:
    'Highest high and lowest low of the Length bars before the current one: a break of either is a breakout.',
  overlay: true,
  inputs: [periodInput(20)],
  outputs: [line('upper', 'Upper', COLORS.green, 1), line('lower', 'Lower', COLORS.red, 1)],
  create: (s) => {
    const m = new Memory();
    const n = num(s, 'period');
    const hi = new Extreme(m, n, true);
    const lo = new Extreme(m, n, false);
    const ph = new Previous(m);
    const pl = new Previous(m);
    return kernel(m, (b, out) => {
      out[0] = ph.update(hi.update(b.high));
      out[1] = pl.update(lo.update(b.low));
    });
  },
});

export const PRICE_ACTION: readonly IndicatorEntry[] = [
  pivots,
  zigzag,
  fractals,
  heikinAshi,
  medianPrice,
  typicalPrice,
  weightedClose,
  priceChannel,
];
