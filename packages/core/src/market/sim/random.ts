/**
 * Counter-based randomness: every random number is a pure hash of its coordinates (seed, index, sub-index), so
 * any draw can be made directly, in any order, in any process, with the same result. 32-bit integer mixing
 * (Math.imul) keeps it exact and fast; normals come from a quantile table, so no state and no Math.random.
 */

/**
 * Finalising mixer of a 32-bit integer (xor-shift / multiply rounds). Returns a signed 32-bit integer, which
 * stays a small integer in V8 (no heap numbers in the hot loops); `uniform` and `normal` read it as 32 bits.
 */
export function mix32(x: number): number {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x21f0aaad);
  h = Math.imul(h ^ (h >>> 15), 0x735a2d97);
  return h ^ (h >>> 15);
}

/** Hash of three 32-bit integers (seed, counter, sub-counter) to a 32-bit integer. */
export function hash3(a: number, b: number, c: number): number {
  return mix32((mix32(mix32(a ^ 0x2545f491) ^ b) + Math.imul(c, 0x9e3779b1)) | 0);
}

/** The j-th draw of a stream whose key was hashed to `base` (one mixing round per draw). */
export function stream(base: number, j: number): number {
  return mix32((base + Math.imul(j, 0x9e3779b9)) | 0);
}

/** A stable 32-bit seed for a name (FNV-1a over UTF-16 code units, then mixed). */
export function seedOf(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  // seeds are non-negative 31-bit integers so that they stay small integers when stored
  return mix32(h) & 0x7fffffff;
}

/** Uniform number in [0, 1) from a 32-bit hash. */
export function uniform(h: number): number {
  return (h >>> 0) / 4_294_967_296;
}

/** Inverse of the standard normal distribution function (Acklam's rational approximation, relative error < 1.2e-9). */
export function inverseNormalCdf(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError('p must lie strictly between 0 and 1.');
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const pLow = 0.02425;
  if (p < pLow) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  if (p > 1 - pLow) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return (
      -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

const TABLE_BITS = 12;
const TABLE_SIZE = 1 << TABLE_BITS;
/** Normal quantiles at i / 4096 (ends at 0.25 / 4096 from 0 and 1), interpolated linearly between. */
const QUANTILES = (() => {
  const t = new Float64Array(TABLE_SIZE + 1);
  for (let i = 1; i < TABLE_SIZE; i++) t[i] = inverseNormalCdf(i / TABLE_SIZE);
  t[0] = inverseNormalCdf(0.25 / TABLE_SIZE);
  t[TABLE_SIZE] = -t[0];
  return t;
})();
const FRACTION_SCALE = 1 / (1 << (32 - TABLE_BITS));
/** Largest absolute value `normal` and `normalHalf` can return (the table's ends). */
export const NORMAL_MAX = Math.max(Math.abs(QUANTILES[0]!), Math.abs(QUANTILES[TABLE_SIZE]!));

const HALF_FRACTION_SCALE = 1 / 16;

/**
 * Two standard normal draws from one 32-bit hash (16 bits each: the table index and 4 bits of interpolation);
 * coarser than `normal`, ample for the intraminute path. `high` picks the upper or the lower half.
 */
export function normalHalf(h: number, high: boolean): number {
  const x = high ? h >>> 16 : h & 0xffff;
  const i = x >>> 4;
  const lo = QUANTILES[i]!;
  return lo + (x & 15) * HALF_FRACTION_SCALE * (QUANTILES[i + 1]! - lo);
}

/** A standard normal draw (mean 0, variance 1, tails cut at about 3.8) from a 32-bit hash. */
export function normal(h: number): number {
  const i = h >>> (32 - TABLE_BITS);
  const f = (h & ((1 << (32 - TABLE_BITS)) - 1)) * FRACTION_SCALE;
  const lo = QUANTILES[i]!;
  return lo + f * (QUANTILES[i + 1]! - lo);
}
