import { useTheme } from '@mui/material/styles';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type DateInput, type DateTimeStyle, formatDateTime, type TimePreferences } from './dates';
import {
  formatMoney,
  formatMoneyMinor,
  formatPercent,
  formatPrice,
  formatVolume,
  type MoneyOptions,
  type PercentOptions,
  type VolumeOptions,
} from './numbers';
import { formatPnl, type PnlColorScheme, type PnlDirection, pnlColor, type SignedPnl } from './pnl';

/** Everything the formatters take from the user: the account's time settings and the P/L colours. */
export type FormatPreferences = TimePreferences & {
  pnlColors: PnlColorScheme;
  /** BCP 47 tag; undefined uses the browser's locale. */
  locale: string | undefined;
};

/** The account defaults of a new user (UTC, 24-hour, profit green). */
export const defaultFormatPreferences: FormatPreferences = {
  timeZone: 'UTC',
  timeFormat: '24h',
  pnlColors: 'green-up',
  locale: undefined,
};

const FormatPreferencesContext = createContext<FormatPreferences>(defaultFormatPreferences);

/**
 * Sets preferences for the formatters below it, over those of an outer provider (so a screen can override
 * one field). Without any provider the defaults apply.
 */
export function FormatPreferencesProvider(props: { value: Partial<FormatPreferences>; children: ReactNode }) {
  const outer = useContext(FormatPreferencesContext);
  const { timeZone, timeFormat, pnlColors, locale } = props.value;
  const setsLocale = 'locale' in props.value;
  const merged = useMemo(
    () => ({
      timeZone: timeZone ?? outer.timeZone,
      timeFormat: timeFormat ?? outer.timeFormat,
      pnlColors: pnlColors ?? outer.pnlColors,
      locale: setsLocale ? locale : outer.locale,
    }),
    [outer, timeZone, timeFormat, pnlColors, locale, setsLocale],
  );
  return <FormatPreferencesContext.Provider value={merged}>{props.children}</FormatPreferencesContext.Provider>;
}

export function useFormatPreferences(): FormatPreferences {
  return useContext(FormatPreferencesContext);
}

/** The formatting helpers bound to the user's preferences and the theme on screen. */
export type Formatters = {
  preferences: FormatPreferences;
  price(value: number | null | undefined, digits: number): string;
  money(amount: number | null | undefined, currency: string, options?: Omit<MoneyOptions, 'locale'>): string;
  moneyMinor(
    minor: number | bigint | null | undefined,
    currency: string,
    options?: Omit<MoneyOptions, 'locale'>,
  ): string;
  percent(points: number | null | undefined, options?: Omit<PercentOptions, 'locale'>): string;
  volume(value: number | null | undefined, options: Omit<VolumeOptions, 'locale'>): string;
  pnl(value: number | null | undefined, currency?: string, options?: { digits?: number }): SignedPnl;
  /** The text colour for a P/L direction under the user's scheme and the current theme. */
  pnlColor(direction: PnlDirection): string;
  dateTime(value: DateInput | null | undefined, style?: DateTimeStyle): string;
  date(value: DateInput | null | undefined): string;
  time(value: DateInput | null | undefined, options?: { seconds?: boolean }): string;
};

export function useFormatters(): Formatters {
  const preferences = useFormatPreferences();
  const mode = useTheme().palette.mode;
  return useMemo(() => {
    const { locale } = preferences;
    return {
      preferences,
      price: (value, digits) => formatPrice(value, digits, { locale }),
      money: (amount, currency, options) => formatMoney(amount, currency, { ...options, locale }),
      moneyMinor: (minor, currency, options) => formatMoneyMinor(minor, currency, { ...options, locale }),
      percent: (points, options) => formatPercent(points, { ...options, locale }),
      volume: (value, options) => formatVolume(value, { ...options, locale }),
      pnl: (value, currency, options) => formatPnl(value, currency, { ...options, locale }),
      pnlColor: (direction) => pnlColor(direction, preferences.pnlColors, mode),
      dateTime: (value, style) => formatDateTime(value, preferences, { style, locale }),
      date: (value) => formatDateTime(value, preferences, { style: 'date', locale }),
      time: (value, options) =>
        formatDateTime(value, preferences, { style: options?.seconds ? 'timeSeconds' : 'time', locale }),
    } satisfies Formatters;
  }, [preferences, mode]);
}
