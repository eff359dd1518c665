/**
 * Booked money. A booked amount is an integer count of the currency's minor unit (cents, yen...), held in a
 * JavaScript number that stays a safe integer; `minorToDecimal` writes it as an exact decimal string for a
 * numeric database column and `decimalToMinor` reads one back. Sums of minor units are exact, so
 * balance = starting balance + sum of booked deals holds to the last cent. Live marks (floating profit,
 * equity, margin) stay doubles and are rounded only when something is booked.
 */

/** Currencies a trading account can be kept in. */
export const ACCOUNT_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'AUD', 'CAD', 'NZD'] as const;
export type AccountCurrency = (typeof ACCOUNT_CURRENCIES)[number];

/** Decimal places of the minor unit (ISO 4217) of every fiat currency the market prices. */
export const MINOR_UNIT_DIGITS: Readonly<Record<string, number>> = Object.freeze({
  USD: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  CHF: 2,
  AUD: 2,
  NZD: 2,
  CAD: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  HUF: 2,
  CZK: 2,
  TRY: 2,
  ZAR: 2,
  MXN: 2,
  SGD: 2,
  HKD: 2,
  CNH: 2,
});

/** Largest magnitude, in minor units, that booking accepts (well inside the exact range of doubles). */
export const MAX_BOOKED_MINOR = 1e15;

/** Whether the code is a currency an account can be kept in. */
export function isAccountCurrency(code: string): code is AccountCurrency {
  return (ACCOUNT_CURRENCIES as readonly string[]).includes(code);
}

/** Decimal places of the currency's minor unit; throws a RangeError naming an unknown currency. */
export function minorUnitDigits(currency: string): number {
  const d = MINOR_UNIT_DIGITS[currency];
  if (d === undefined) throw new RangeError(`Currency "${currency}" cannot be booked: it has no minor unit here.`);
  return d;
}

/**
 * `amount` (a double in major units) rounded half away from zero to the minor unit, as an integer count of minor
 * units. The scaled value is first read back at 15 significant digits, so 1.005 (stored as 1.00499999...) books
 * as 101 cents, like the decimal the caller meant.
 */
export function bookMinor(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Amount to book in ${currency} must be a finite number.`);
  const scaled = Math.abs(amount) * 10 ** minorUnitDigits(currency);
  if (scaled >= MAX_BOOKED_MINOR) throw new RangeError(`Amount ${amount} ${currency} is too large to book.`);
  const cleaned = Number(scaled.toPrecision(15));
  const minor = Math.floor(cleaned + 0.5);
  return amount < 0 && minor !== 0 ? -minor : minor;
}

/** `amount` rounded half away from zero to the currency's minor unit, as an exact decimal string ("-12.35"). */
export function bookAmount(amount: number, currency: string): string {
  return minorToDecimal(bookMinor(amount, currency), currency);
}

/** Minor units as an exact decimal string with the currency's decimals: 1234 USD -> "12.34", 1500 JPY -> "1500". */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Minor units of ${currency} must be a safe integer.`);
  const d = minorUnitDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(d + 1, '0');
  if (d === 0) return sign + digits;
  return `${sign}${digits.slice(0, -d)}.${digits.slice(-d)}`;
}

/**
 * An exact decimal string (as a numeric column returns it, e.g. "12.3400") as minor units. Digits beyond the
 * minor unit must be zeros: a value that was never booked is refused rather than rounded silently.
 */
export function decimalToMinor(decimal: string, currency: string): number {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) throw new RangeError(`"${decimal}" is not a decimal amount of ${currency}.`);
  const d = minorUnitDigits(currency);
  const frac = m[3] ?? '';
  if (/[^0]/.test(frac.slice(d))) throw new RangeError(`"${decimal}" has more decimals than ${currency} books.`);
  const minor = Number(m[2] + frac.slice(0, d).padEnd(d, '0'));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`"${decimal}" is too large to book.`);
  return m[1] === '-' && minor !== 0 ? -minor : minor;
}

/** Minor units as a double in major units (for display and live marks). */
export function minorToNumber(minor: number, currency: string): number {
  return minor / 10 ** minorUnitDigits(currency);
}

/** Exact sum of booked decimal strings of one currency, as a decimal string. */
export function sumBooked(amounts: readonly string[], currency: string): string {
  let total = 0;
  for (const a of amounts) total += decimalToMinor(a, currency);
  if (!Number.isSafeInteger(total)) throw new RangeError(`Sum of ${currency} amounts is too large.`);
  return minorToDecimal(total, currency);
}
