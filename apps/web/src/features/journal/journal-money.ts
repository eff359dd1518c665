/**
 * The journal's amounts are exact decimal strings in an account's currency ("-12.50"); sums of them (a week, a
 * month, a group of accounts) are added exactly, as scaled integers, and per currency: amounts in different
 * currencies are never added together.
 */

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

function parse(value: string): { units: bigint; scale: number } {
  const m = DECIMAL.exec(value.trim());
  if (!m) throw new Error(`not a decimal amount: ${value}`);
  const fraction = m[3] ?? '';
  const units = BigInt(`${m[2]}${fraction}`);
  return { units: m[1] === '-' ? -units : units, scale: fraction.length };
}

/** The exact sum of decimal strings, written with the most decimals any of them has. */
export function addDecimals(values: readonly string[]): string {
  if (values.length === 0) return '0';
  const parsed = values.map(parse);
  const scale = Math.max(...parsed.map((p) => p.scale));
  const total = parsed.reduce((sum, p) => sum + p.units * 10n ** BigInt(scale - p.scale), 0n);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const text = scale ? `${whole}.${digits.slice(-scale)}` : whole;
  return negative ? `-${text}` : text;
}

export type CurrencyAmount = { currency: string; net: string };

/** Sums amounts per currency, currencies in the order first met. */
export function sumByCurrency(amounts: readonly CurrencyAmount[]): CurrencyAmount[] {
  const groups = new Map<string, string[]>();
  for (const a of amounts) groups.set(a.currency, [...(groups.get(a.currency) ?? []), a.net]);
  return [...groups].map(([currency, nets]) => ({ currency, net: addDecimals(nets) }));
}

/** -1, 0 or 1: the sign of a decimal string. */
export function signOf(value: string): -1 | 0 | 1 {
  const { units } = parse(value);
  return units < 0n ? -1 : units > 0n ? 1 : 0;
}
