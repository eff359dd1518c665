import type { Memory } from './kernel.js';

/*
 * Streaming building blocks. Each keeps its state in the kernel's Memory and returns its value for the input just
 * given, NaN while warming up. Inputs that are NaN before the first real value are skipped, so a block can be fed
 * the output of another block that is still warming up. The arithmetic follows TA-Lib's order of operations
 * (running sums added before and trailing values removed after the output) so values agree to rounding.
 */

/*
 * Ring buffers keep their write position in a slot of its own: positions read back from a Float64Array are doubles,
 * and a floating-point modulo per bar would cost more than the rest of the update.
 */

/** Writes x at the ring's position and returns the next position (the oldest value once the ring is full). */
function ringPush(f: Float64Array, posSlot: number, ring: number, n: number, x: number): number {
  const pos = f[posSlot]!;
  f[ring + pos] = x;
  const next = pos + 1 === n ? 0 : pos + 1;
  f[posSlot] = next;
  return next;
}

/** Simple moving average of the last `n` values. */
export class Sma {
  private readonly at: number;
  constructor(
    private readonly m: Memory,
    readonly n: number,
  ) {
    this.at = m.alloc(3 + n); // [count, sum of the newest n-1 values, ring position, ring...]
  }

  update(x: number): number {
    const f = this.m.f;
    const at = this.at;
    const c = f[at]!;
    if (c === 0 && Number.isNaN(x)) return Number.NaN;
    const n = this.n;
    const next = ringPush(f, at + 2, at + 3, n, x);
    if (c < n) f[at] = c + 1; // the count only matters during warm-up, so it stops at n
    if (c + 1 < n) {
      f[at + 1] = f[at + 1]! + x;
      return Number.NaN;
    }
    const total = f[at + 1]! + x;
    f[at + 1] = total - f[at + 3 + next]!;
    return total / n;
  }
}

/** Rolling sum of the last `n` values. */
export class Sum {
  private readonly at: number;
  constructor(
    private readonly m: Memory,
    readonly n: number,
  ) {
    this.at = m.alloc(3 + n); // [count, sum of the newest n-1 values, ring position, ring...]
  }

  update(x: number): number {
    const f = this.m.f;
    const at = this.at;
    const c = f[at]!;
    if (c === 0 && Number.isNaN(x)) return Number.NaN;
    const n = this.n;
    const next = ringPush(f, at + 2, at + 3, n, x);
    if (c < n) f[at] = c + 1; // the count only matters during warm-up, so it stops at n
    if (c + 1 < n) {
      f[at + 1] = f[at + 1]! + x;
      return Number.NaN;
    }
    const total = f[at + 1]! + x;
    f[at + 1] = total - f[at + 3 + next]!;
    return total;
  }
}

/**
 * Exponential moving average, TA-Lib style: seeded with the simple average of its first `n` inputs, then
 * `ema += (x - ema) * k` with k = 2 / (n + 1). `skip` inputs are ignored first, which reproduces TA-Lib's
 * composites (MACD, APO, PPO) that seed the fast average where the slow one starts.
 */
export class Ema {
  private readonly at: number;
  readonly k: number;
  constructor(
    private readonly m: Memory,
    readonly n: number,
    k?: number,
    private readonly skip = 0,
  ) {
    this.k = k ?? 2 / (n + 1);
    this.at = m.alloc(3); // [count, seed sum, value]
  }

  update(x: number): number {
    const f = this.m.f;
    const at = this.at;
    const c0 = f[at]!;
    if (c0 === 0 && Number.isNaN(x)) return Number.NaN;
    const c = c0 + 1;
    if (c0 <= this.skip + this.n) f[at] = c; // stops once past warm-up
    const j = c - this.skip;
    if (j <= 0) return Number.NaN;
    if (j < this.n) {
      f[at + 1] = f[at + 1]! + x;
      return Number.NaN;
    }
    let v: number;
    if (j === this.n) v = (f[at + 1]! + x) / this.n;
    else {
      const prev = f[at + 2]!;
      v = (x - prev) * this.k + prev;
    }
    f[at + 2] = v;
    return v;
  }
}

/** Wilder's smoothing (RMA, SMMA): seeded with the simple average of the first `n` inputs, then (prev*(n-1)+x)/n. */
export class Wilder {
  private readonly at: number;
  constructor(
    private readonly m: Memory,
    readonly n: number,
  ) {
    this.at = m.alloc(3); // [count, seed sum, value]
  }

  update(x: number): number {
    const f = this.m.f;
    const at = this.at;
    const c0 = f[at]!;
    if (c0 === 0 && Number.isNaN(x)) return Number.NaN;
    const c = c0 + 1;
    const n = this.n;
    if (c0 <= n) f[at] = c; // stops once past warm-up
    if (c < n) {
      f[at + 1] = f[at + 1]! + x;
      return Number.NaN;
    }
    const v = c === n ? (f[at + 1]! + x) / n : (f[at + 2]! * (n - 1) + x) / n;
    f[at + 2] = v;
    return v;
  }
}

/** Linearly weighted moving average (weights 1..n, newest heaviest), with TA-Lib's running sums. */
export class Wma {
  private readonly at: number;
  private readonly divider: number;
  constructor(
    private readonly m: Memory,
    readonly n: number,
  ) {
    this.divider = (n * (n + 1)) / 2;
    this.at = m.alloc(5 + n); // [count, weighted sum, plain sum, trailing value, ring position, ring...]
  }

  update(x: number): number {
    const f = this.m.f;
    const at = this.at;
    const c = f[at]!;
    if (c === 0 && Number.isNaN(x)) return Number.NaN;
    const n = this.n;
    const next = ringPush(f, at + 4, at + 5, n, x);
    if (c < n) f[at] = c + 1; // stops once past warm-up
    if (c < n - 1) {
      f[at + 2] = f[at + 2]! + x;
      f[at + 1] = f[at + 1]! + x * (c + 1);
      return Number.NaN;
    }
    const sub = f[at + 2]! + x - f[at + 3]!;
    const sum = f[at + 1]! + x * n;
    f[at + 3] = f[at + 5 + next]!;
    f[at + 2] = sub;
    f[at + 1] = sum - sub;
    return sum / this.divider;
  }
}

/**
 * The last `n` values, for statistics recomputed over the whole window each bar (CCI's mean deviation, linear
 * regression, ALMA). `get(k)` is the value k bars back (0 = newest).
 */
export class Window {
  private readonly at: number;
  constructor(
    private readonly m: Memory,
    readonly n: number,
  ) {
    this.at = m.alloc(2 + n); // [count, ring position, ring...]
  }

  /** Adds a value; returns true once the window is full. */
  push(x: number): boolean {
    const f = this.m.f;
    const c = f[this.at]!;
    if (c === 0 && Number.isNaN(x)) return false;
    ringPush(f, this.at + 1, this.at + 2, this.n, x);
    f[this.at] = c + 1;
    return c + 1 >= this.n;
  }

  get count(): number {
    return this.m.f[this.at]!;
  }

  get(k: number): number {
    const f = this.m.f;
    let i = f[this.at + 1]! - 1 - k;
    if (i < 0) i += this.n;
    return f[this.at + 2 + i]!;
  }
}

/** The value `n` bars back (NaN until there is one). */
export class Delay {
  private readonly w: Window;
  constructor(m: Memory, n: number) {
    this.w = new Window(m, n + 1);
  }
  update(x: number): number {
    return this.w.push(x) ? this.w.get(this.w.n - 1) : Number.NaN;
  }
}

/** The previous value (NaN on the first). */
export class Previous {
  private readonly at: number;
  constructor(private readonly m: Memory) {
    this.at = m.alloc(2); // [seen, previous value]
  }
  update(x: number): number {
    const f = this.m.f;
    if (f[this.at] === 0) {
      if (Number.isNaN(x)) return Number.NaN;
      f[this.at] = 1;
      f[this.at + 1] = x;
      return Number.NaN;
    }
    const p = f[this.at + 1]!;
    f[this.at + 1] = x;
    return p;
  }
}

/**
 * Highest or lowest of the last `n` values and how many bars ago it was; on ties the most recent bar wins
 * (TA-Lib's AROON convention). Amortised O(1): the window is rescanned only when the extreme leaves it.
 */
export class Extreme {
  private readonly at: number;
  constructor(
    private readonly m: Memory,
    readonly n: number,
    private readonly highest: boolean,
  ) {
    this.at = m.alloc(4 + n); // [count, extreme value, extreme index, ring position, ring...]
  }

  update(x: number): number {
    const f = this.m.f;
    const at = this.at;
    const c = f[at]!;
    if (c === 0 && Number.isNaN(x)) return Number.NaN;
    const n = this.n;
    const ring = at + 4;
    const next = ringPush(f, at + 3, ring, n, x);
    f[at] = c + 1;
    const trailing = c - n + 1;
    if (c === 0 || f[at + 2]! < trailing) {
      // rescan the window, oldest first: the oldest value sits at `next` once the ring is full, else at 0
      let from = trailing < 0 ? 0 : trailing;
      let slot = trailing < 0 ? 0 : next;
      let best = f[ring + slot]!;
      let bestIdx = from;
      for (from++; from <= c; from++) {
        slot = slot + 1 === n ? 0 : slot + 1;
        const v = f[ring + slot]!;
        if (this.highest ? v >= best : v <= best) {
          best = v;
          bestIdx = from;
        }
      }
      f[at + 1] = best;
      f[at + 2] = bestIdx;
    } else if (this.highest ? x >= f[at + 1]! : x <= f[at + 1]!) {
      f[at + 1] = x;
      f[at + 2] = c;
    }
    return c + 1 >= n ? f[at + 1]! : Number.NaN;
  }

  /** Bars since the extreme returned by the last update (0 = the newest bar). */
  get barsAgo(): number {
    const f = this.m.f;
    return f[this.at]! - 1 - f[this.at + 2]!;
  }
}

/**
 * Population variance of the last `n` values from running sums of x and x^2 (TA-Lib's VAR); may come out
 * a hair below zero for a flat window, so callers clamp before taking a root.
 */
export class Variance {
  private readonly at: number;
  constructor(
    private readonly m: Memory,
    readonly n: number,
  ) {
    this.at = m.alloc(4 + n); // [count, sum, sum of squares, ring position, ring...]
  }

  update(x: number): number {
    const f = this.m.f;
    const at = this.at;
    const c = f[at]!;
    if (c === 0 && Number.isNaN(x)) return Number.NaN;
    const n = this.n;
    const next = ringPush(f, at + 3, at + 4, n, x);
    if (c < n) f[at] = c + 1; // stops once past warm-up
    const s1 = f[at + 1]! + x;
    const s2 = f[at + 2]! + x * x;
    if (c + 1 < n) {
      f[at + 1] = s1;
      f[at + 2] = s2;
      return Number.NaN;
    }
    const mean1 = s1 / n;
    const mean2 = s2 / n;
    const old = f[at + 4 + next]!;
    f[at + 1] = s1 - old;
    f[at + 2] = s2 - old * old;
    return mean2 - mean1 * mean1;
  }
}

/** Population standard deviation of the last `n` values (TA-Lib's STDDEV with nbDev 1). */
export class StdDev {
  private readonly v: Variance;
  constructor(m: Memory, n: number) {
    this.v = new Variance(m, n);
  }
  update(x: number): number {
    const v = this.v.update(x);
    return v > 0 ? Math.sqrt(v) : !Number.isNaN(v) ? 0 : Number.NaN;
  }
}

/** True range; the first bar (no previous close) has none, as in TA-Lib's TRANGE. */
export class TrueRange {
  private readonly at: number;
  constructor(private readonly m: Memory) {
    this.at = m.alloc(2); // [count, previous close]
  }
  update(high: number, low: number, close: number): number {
    const f = this.m.f;
    const c = f[this.at]!;
    const prevClose = f[this.at + 1]!;
    f[this.at] = c + 1;
    f[this.at + 1] = close;
    if (c === 0) return Number.NaN;
    return trueRange(high, low, prevClose);
  }
}

/** max(high, prevClose) - min(low, prevClose), in TA-Lib's order of comparisons. */
export function trueRange(high: number, low: number, prevClose: number): number {
  let range = high - low;
  const up = Math.abs(prevClose - high);
  if (up > range) range = up;
  const down = Math.abs(prevClose - low);
  if (down > range) range = down;
  return range;
}

/** Linear regression over the last `n` values, evaluated at the newest bar (TA-Lib's LINEARREG), or its slope. */
export class LinReg {
  private readonly w: Window;
  private readonly sumX: number;
  private readonly divisor: number;
  /** Slope per bar of the fit made by the last `update` (a result, not state: read it before the next call). */
  slope = 0;
  /** Fitted value at the newest bar from the last `update` (a result, not state). */
  end = 0;
  constructor(
    m: Memory,
    readonly n: number,
  ) {
    this.w = new Window(m, n);
    this.sumX = (n * (n - 1)) / 2;
    const sumXSqr = (n * (n - 1) * (2 * n - 1)) / 6;
    this.divisor = this.sumX * this.sumX - n * sumXSqr;
  }

  /** The fitted value at the newest bar. `slope` holds the fit's slope until the next call. */
  update(x: number): number {
    if (!this.w.push(x)) return Number.NaN;
    const n = this.n;
    let sumXY = 0;
    let sumY = 0;
    // Summed from the oldest bar, weighting each value by its bars-back count, as TA-Lib does; with TA-Lib's
    // negative divisor this yields the slope forward in time and b, the fitted value at the oldest bar.
    for (let i = n - 1; i >= 0; i--) {
      const y = this.w.get(i);
      sumY += y;
      sumXY += i * y;
    }
    const m = (n * sumXY - this.sumX * sumY) / this.divisor;
    const b = (sumY - m * this.sumX) / n;
    this.slope = m;
    this.end = b + m * (n - 1);
    return this.end;
  }

  /** Root mean square distance of the window's values from the last fit (population convention). */
  residualDeviation(): number {
    const n = this.n;
    let sum = 0;
    for (let j = 0; j < n; j++) {
      const r = this.w.get(j) - (this.end - this.slope * j);
      sum += r * r;
    }
    return Math.sqrt(sum / n);
  }
}
