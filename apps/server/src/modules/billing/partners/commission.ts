/** Money of the partner program: integers of minor units (cents) in code, decimal strings in SQL and on the wire. */

/** "19.05" (numeric of scale 2, or a percentage) -> 1905: hundredths as an exact integer. */
export function toHundredths(decimal: string): number {
  const m = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(decimal.trim());
  if (!m) throw new Error(`not a decimal amount: ${decimal}`);
  const whole = Number(m[2]);
  const frac = Number((m[3] ?? '').padEnd(2, '0'));
  const value = whole * 100 + frac;
  return m[1] ? -value : value;
}

/** 1905 -> "19.05"; -5 -> "-0.05". */
export function fromHundredths(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The commission on `netMinor` (minor units) at `percentHundredths` (20 % = 2000), in minor units, rounded
 * half away from zero once. Exact: the product stays an integer far below 2^53 for any invoice.
 */
export function commissionOf(netMinor: number, percentHundredths: number): number {
  const product = Math.abs(netMinor) * percentHundredths; // in 1/10000 of a minor unit
  const whole = Math.floor(product / 10_000);
  const rounded = (product % 10_000) * 2 >= 10_000 ? whole + 1 : whole;
  return netMinor < 0 ? -rounded : rounded;
}

/** `date` plus `months` calendar months (UTC), clamped to the month's last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
