/**
 * Exact money: integers of minor units (cents) in code, decimal strings ("19.00") on the wire and in numeric
 * columns. Every currency of the catalogue (USD, EUR, GBP) has two decimals.
 */

/** 1900 -> "19.00", -5 -> "-0.05". */
export function toDecimal(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`Not an amount in minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "19.00" (or "19", "19.5", as numeric columns answer) -> 1900, exactly (no floating point). */
export function toMinor(decimal: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!m) throw new Error(`Not a decimal amount with at most two decimals: ${decimal}`);
  const minor = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -minor : minor;
}

/** A percentage in hundredths of a percent (2550 = 25.5 %) as a short decimal: "25.5", "21", "0". */
export function percentText(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const frac = String(Math.abs(hundredths % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** "25.50" -> 2550. */
export function percentHundredths(text: string): number {
  return toMinor(text);
}

/**
 * `amountMinor * hundredths / 10000` rounded once, half away from zero (tax = round(net * rate)), in integer
 * arithmetic.
 */
export function applyPercent(amountMinor: number, hundredths: number): number {
  const product = BigInt(amountMinor) * BigInt(hundredths);
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = (abs * 2n + 10_000n) / 20_000n;
  const result = Number(rounded);
  return negative ? -result : result;
}
