import { currencyDigits, formatMoney, formatPrice, type LocaleOption, MISSING_VALUE } from './numbers';

export type PnlDirection = 'up' | 'down' | 'flat';

/**
 * Which colour means profit. 'green-up' (profit green, loss red) is the default; 'red-up' is the reverse
 * convention of East Asian markets. A user preference, kept in the workspace preferences of the user-data store.
 */
export const pnlColorSchemes = ['green-up', 'red-up'] as const;
export type PnlColorScheme = (typeof pnlColorSchemes)[number];

/** P/L text colours per theme; each reaches 4.5:1 on the theme's background and paper. */
export const pnlPalette = {
  dark: { green: '#00DF80', red: '#FF5C5C', flat: '#9AA3AF' },
  light: { green: '#067A46', red: '#B42318', flat: '#4B5563' },
} as const;

/** Up, down or flat as shown: a value that rounds to zero at `digits` decimals is flat. */
export function pnlDirection(value: number | null | undefined, digits = 2): PnlDirection {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'flat';
  const rounded = Math.round(Math.abs(value) * 10 ** digits);
  if (rounded === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** The text colour of a direction under a scheme and theme mode. */
export function pnlColor(direction: PnlDirection, scheme: PnlColorScheme, mode: 'dark' | 'light'): string {
  const palette = pnlPalette[mode];
  if (direction === 'flat') return palette.flat;
  const profitIsGreen = scheme === 'green-up';
  return (direction === 'up') === profitIsGreen ? palette.green : palette.red;
}

export type SignedPnl = { text: string; direction: PnlDirection };

/**
 * A signed profit or loss: "+$12.50", "-$3.00", "$0.00" with a currency; "+12.50" without one (points, pips).
 * `digits` (without a currency) defaults to 2.
 */
export function formatPnl(
  value: number | null | undefined,
  currency?: string,
  options: LocaleOption & { digits?: number } = {},
): SignedPnl {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { text: MISSING_VALUE, direction: 'flat' };
  if (currency) {
    return {
      text: formatMoney(value, currency, { signed: true, locale: options.locale }),
      direction: pnlDirection(value, currencyDigits(currency)),
    };
  }
  const digits = options.digits ?? 2;
  const direction = pnlDirection(value, digits);
  const text = formatPrice(Math.abs(value), digits, { locale: options.locale });
  return { text: direction === 'up' ? `+${text}` : direction === 'down' ? `-${text}` : text, direction };
}
