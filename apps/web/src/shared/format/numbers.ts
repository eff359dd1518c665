import { numberFormat, pluralRule } from './intl-cache';

/** What every formatter shows for a value that is missing or not a finite number. */
export const MISSING_VALUE = '—';

/** `locale`: a BCP 47 tag; undefined uses the browser's. */
export type LocaleOption = { locale?: string | undefined };

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Fraction digits clamped to what Intl accepts and a price can sensibly have. */
function clampDigits(digits: number): number {
  return Math.min(12, Math.max(0, Math.round(Number.isFinite(digits) ? digits : 0)));
}

/**
 * A price with exactly the instrument's `digits` decimals: formatPrice(1.083456, 5) = "1.08346",
 * formatPrice(67123.4, 2) = "67,123.40". Grouping separators on by default.
 */
export function formatPrice(
  value: number | null | undefined,
  digits: number,
  options: LocaleOption & { grouping?: boolean } = {},
): string {
  if (!isNumber(value)) return MISSING_VALUE;
  const d = clampDigits(digits);
  return numberFormat(options.locale, {
    minimumFractionDigits: d,
    maximumFractionDigits: d,
    useGrouping: options.grouping ?? true,
    signDisplay: 'negative',
  }).format(value);
}

/** Digits of a currency's minor unit (USD 2, JPY 0, KWD 3); 2 for a code Intl does not know as a currency. */
export function currencyDigits(currency: string): number {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

export type MoneyOptions = LocaleOption & {
  /** Show "+" before positive amounts too (P/L, changes). */
  signed?: boolean;
  /** Short form for large amounts: $1.2M. */
  compact?: boolean;
};

/**
 * An amount in major units of `currency`, rounded to its minor unit: formatMoney(1234.567, 'USD') = "$1,234.57",
 * formatMoney(1234.5, 'JPY') = "¥1,235". A code that is not an ISO 4217 currency (USDT) shows as "1,234.57 USDT".
 * A negative amount that rounds to zero shows without a sign.
 */
export function formatMoney(amount: number | null | undefined, currency: string, options: MoneyOptions = {}): string {
  if (!isNumber(amount)) return MISSING_VALUE;
  const signDisplay = options.signed ? 'exceptZero' : 'negative';
  const compact: Intl.NumberFormatOptions = options.compact
    ? { notation: 'compact', maximumFractionDigits: 1, minimumFractionDigits: 0 }
    : {};
  try {
    return numberFormat(options.locale, { style: 'currency', currency, signDisplay, ...compact }).format(amount);
  } catch {
    const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    return `${numberFormat(options.locale, { signDisplay, ...digits, ...compact }).format(amount)} ${currency}`;
  }
}

/** An amount given in minor units (cents): formatMoneyMinor(123456, 'USD') = "$1,234.56"; formatMoneyMinor(5, 'JPY') = "¥5". */
export function formatMoneyMinor(
  minor: number | bigint | null | undefined,
  currency: string,
  options: MoneyOptions = {},
): string {
  if (minor === null || minor === undefined) return MISSING_VALUE;
  const units = typeof minor === 'bigint' ? Number(minor) : minor;
  return formatMoney(units / 10 ** currencyDigits(currency), currency, options);
}

export type PercentOptions = LocaleOption & {
  /** Decimals shown; 2 by default. */
  digits?: number;
  /** Show "+" before positive values too. */
  signed?: boolean;
};

/** A percentage given in points (not a ratio): formatPercent(12.345) = "12.35%", formatPercent(-0.5, { signed: true }) = "-0.50%". */
export function formatPercent(points: number | null | undefined, options: PercentOptions = {}): string {
  if (!isNumber(points)) return MISSING_VALUE;
  const d = clampDigits(options.digits ?? 2);
  return numberFormat(options.locale, {
    style: 'percent',
    minimumFractionDigits: d,
    maximumFractionDigits: d,
    signDisplay: options.signed ? 'exceptZero' : 'negative',
  }).format(points / 100);
}

export type VolumeOptions = LocaleOption & {
  /** 'lots' (0.01 steps, two decimals) or 'units' (whole units: shares, contracts, coins). */
  unit: 'lots' | 'units';
  /** Units only: 1.2K, 3.4M. */
  compact?: boolean;
  /** Append the unit's word: "1.50 lots", "1 unit". */
  withUnit?: boolean;
};

/** A trade size: formatVolume(1.5, { unit: 'lots' }) = "1.50"; formatVolume(3_400_000, { unit: 'units', compact: true }) = "3.4M". */
export function formatVolume(value: number | null | undefined, options: VolumeOptions): string {
  if (!isNumber(value)) return MISSING_VALUE;
  const format: Intl.NumberFormatOptions =
    options.unit === 'lots'
      ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
      : options.compact
        ? { notation: 'compact', maximumFractionDigits: 1 }
        : { maximumFractionDigits: 8 };
  const text = numberFormat(options.locale, { ...format, signDisplay: 'negative' }).format(value);
  if (!options.withUnit) return text;
  // Plural rules of the number as shown: "1.00 lots" but "1 unit".
  const plural = pluralRule(options.locale, {
    minimumFractionDigits: options.unit === 'lots' ? 2 : 0,
  }).select(Math.abs(value));
  const word = options.unit === 'lots' ? 'lot' : 'unit';
  return `${text} ${plural === 'one' ? word : `${word}s`}`;
}
