import { MINUTES_PER_DAY } from '../time-zones.js';
import type { FactorSpec } from './model.js';
import { hash3, mix32, normal, stream, uniform } from './random.js';

/**
 * One factor's log path, computable at any minute without storage or history.
 *
 * Two hierarchies of Brownian bridges. The day level covers 2^17 UTC days from 1970-01-01: the path value at
 * every midnight is found by bisecting [0, 2^17] down to the wanted day, each midpoint drawn from the bridge
 * between its two ends (17 draws per day, keyed by (factor, midpoint)). Inside a day, the 1,440 minutes are
 * bisected the same way between the day's two midnight values. A day's total variance is split between the two
 * halves of every segment in proportion to their activity (intraday pattern, sessions, weekends) times a random
 * cascade weight, so volatility clusters at every scale (a multiplicative cascade, GARCH-like) while each split
 * is still an exact bridge: minute n's open is minute n-1's close, and the same inputs give the same path in
 * every process. Above ~1.4 years the displacements are damped, so prices wander around their reference level.
 */

export const DAY_LEVELS = 17;
export const ROOT_DAYS = 2 ** DAY_LEVELS;
/** Levels (segment length 2^level days) up to which the path is a plain random walk. */
const UNDAMPED_LEVELS = 9;
/** Segments of at most this many days split by their exact activity; longer ones by length. */
const EXACT_SPLIT_DAYS = 4;
const TAG_DAY_Z = 0x7f4a7c15;
const TAG_DAY_M = 0x3c6ef372;

function dayCascade(level: number): number {
  if (level <= 6) return 0.35;
  if (level <= 10) return 0.25;
  return 0;
}

function damping(level: number): number {
  return level <= UNDAMPED_LEVELS ? 1 : 4 ** -(level - UNDAMPED_LEVELS);
}

/** Path values at the start and end of a UTC day and the day's variance budget. */
export interface DayAnchor {
  start: number;
  end: number;
  variance: number;
}

/**
 * Anchor of UTC day `day` (0 <= day < 2^17) of a factor. `dayActivity(d)` is the total activity of day d and
 * `meanDailyActivity` its typical value; the factor's annual variance is spread in proportion to activity.
 */
export function dayAnchor(
  factor: FactorSpec,
  day: number,
  dayActivity: (day: number) => number,
  meanDailyActivity: number,
): DayAnchor {
  let a = 0;
  let b = ROOT_DAYS;
  let xa = 0;
  let xb = 0;
  let variance = (factor.vol * factor.vol * ROOT_DAYS) / 365.25;
  for (let level = DAY_LEVELS; level >= 1; level--) {
    const half = (b - a) / 2;
    const mid = a + half;
    let sl: number;
    let sr: number;
    if (half <= EXACT_SPLIT_DAYS) {
      sl = 0;
      sr = 0;
      for (let d = a; d < mid; d++) sl += dayActivity(d);
      for (let d = mid; d < b; d++) sr += dayActivity(d);
    } else {
      sl = half * meanDailyActivity;
      sr = sl;
    }
    const c = dayCascade(level);
    const m = 0.5 + c * (2 * uniform(hash3(factor.regimeSeed, TAG_DAY_M, mid)) - 1);
    const w = sl + sr > 0 ? (sl * m) / (sl * m + sr * (1 - m)) : 0.5;
    const xm =
      xa +
      w * (xb - xa) +
      Math.sqrt(w * (1 - w) * variance * damping(level)) * normal(hash3(factor.seed, TAG_DAY_Z, mid));
    if (day < mid) {
      b = mid;
      xb = xm;
      variance *= w;
    } else {
      a = mid;
      xa = xm;
      variance *= 1 - w;
    }
  }
  return { start: xa, end: xb, variance };
}

/** Minutes per lazily computed block of a day (the bisection of 1,440 minutes reaches 90-minute segments after 4 levels). */
export const BLOCK_MINUTES = 90;
const BLOCKS = MINUTES_PER_DAY / BLOCK_MINUTES;
const ALL_BLOCKS = (1 << BLOCKS) - 1;
const INTRADAY_CASCADE = 0.2;

/**
 * A factor's path over one UTC day: values at the 1,441 minute boundaries (values[i] is the start of minute i,
 * values[1440] the next midnight) and each minute's variance. The bisection runs down to 90-minute blocks at
 * once and inside a block only when asked (`ensure`), so a market open 6.5 hours a day pays for about a third
 * of the day; the numbers do not depend on which blocks were asked for first.
 */
export class FactorDay {
  readonly values: Float64Array;
  readonly variances: Float64Array;
  readonly #blockVariance: Float64Array;
  readonly #hash: number;
  readonly #cumulative: Float64Array;
  #done = 0;

  constructor(factor: FactorSpec, day: number, anchor: DayAnchor, cumulative: Float64Array) {
    // one buffer for the three arrays: fewer external allocations for the garbage collector
    const buffer = new ArrayBuffer((2 * MINUTES_PER_DAY + 1 + BLOCKS) * 8);
    this.values = new Float64Array(buffer, 0, MINUTES_PER_DAY + 1);
    this.variances = new Float64Array(buffer, (MINUTES_PER_DAY + 1) * 8, MINUTES_PER_DAY);
    this.#blockVariance = new Float64Array(buffer, (2 * MINUTES_PER_DAY + 1) * 8, BLOCKS);
    this.#hash = hash3(factor.seed, day, 0x4f1bbcdc);
    this.#cumulative = cumulative;
    this.values[0] = anchor.start;
    this.values[MINUTES_PER_DAY] = anchor.end;
    this.#bisect(0, MINUTES_PER_DAY, anchor.variance, BLOCK_MINUTES);
  }

  /** Computes the blocks that cover minutes [from, to) of the day (0 <= from < to <= 1440). */
  ensure(from: number, to: number): void {
    if (this.#done === ALL_BLOCKS) return;
    const last = Math.min(BLOCKS - 1, Math.floor((to - 1) / BLOCK_MINUTES));
    for (let k = Math.floor(from / BLOCK_MINUTES); k <= last; k++) {
      if (this.#done & (1 << k)) continue;
      this.#bisect(k * BLOCK_MINUTES, (k + 1) * BLOCK_MINUTES, this.#blockVariance[k]!, 1);
      this.#done |= 1 << k;
    }
  }

  /** Bisects [a0, b0) down to segments of `leaf` minutes (iteratively: no recursion, no boxed numbers). */
  #bisect(a0: number, b0: number, v0: number, leaf: number): void {
    const cumulative = this.#cumulative;
    const values = this.values;
    const stackA = STACK_A;
    const stackB = STACK_B;
    const stackV = STACK_V;
    stackA[0] = a0;
    stackB[0] = b0;
    stackV[0] = v0;
    let top = 1;
    while (top > 0) {
      top--;
      const a = stackA[top]!;
      const b = stackB[top]!;
      const variance = stackV[top]!;
      if (b - a === leaf) {
        if (leaf === 1) this.variances[a] = variance;
        else this.#blockVariance[a / leaf] = variance;
        continue;
      }
      const mid = (a + b) >>> 1;
      const sl = cumulative[mid]! - cumulative[a]!;
      const sr = cumulative[b]! - cumulative[mid]!;
      const h = stream(this.#hash, mid);
      const m = 0.5 + INTRADAY_CASCADE * (2 * uniform(mix32(h ^ 0x68e31da4)) - 1);
      const w = sl + sr > 0 ? (sl * m) / (sl * m + sr * (1 - m)) : (mid - a) / (b - a);
      const xa = values[a]!;
      values[mid] = xa + w * (values[b]! - xa) + Math.sqrt(w * (1 - w) * variance) * normal(h);
      stackA[top] = mid;
      stackB[top] = b;
      stackV[top] = variance * (1 - w);
      stackA[top + 1] = a;
      stackB[top + 1] = mid;
      stackV[top + 1] = variance * w;
      top += 2;
    }
  }
}

// scratch stacks of the bisection (depth <= 11, two entries per level)
const STACK_A = new Int32Array(64);
const STACK_B = new Int32Array(64);
const STACK_V = new Float64Array(64);

/** Minute values and variances of a day, some blocks possibly not computed yet (see `FactorDay.ensure`). */
export interface MinutePath {
  readonly values: Float64Array;
  readonly variances: Float64Array;
  ensure(from: number, to: number): void;
}
