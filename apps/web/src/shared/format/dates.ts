import type { TimeFormat } from '@tradedesk/contracts';
import { dateTimeFormat } from './intl-cache';
import { type LocaleOption, MISSING_VALUE } from './numbers';

/** The account settings that shape times (`timeZone`, `timeFormat` of GET /customer/configuration). */
export type TimePreferences = { timeZone: string; timeFormat: TimeFormat };

export type DateTimeStyle = 'dateTime' | 'dateTimeSeconds' | 'date' | 'time' | 'timeSeconds';

const styles: Record<DateTimeStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
  timeSeconds: { timeStyle: 'medium' },
};

/** A date, an ISO 8601 string or epoch milliseconds; candle times in unix seconds go through fromUnixSeconds. */
export type DateInput = Date | string | number;

export function fromUnixSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date and time in the user's zone and clock: "Mar 2, 2026, 14:05" (24h) or "Mar 2, 2026, 2:05 PM" (12h).
 * A string that is not a date comes back as it is; another invalid value shows as "—". A zone this browser
 * does not know falls back to the browser's own zone.
 */
export function formatDateTime(
  value: DateInput | null | undefined,
  prefs: TimePreferences,
  options: LocaleOption & { style?: DateTimeStyle } = {},
): string {
  if (value === null || value === undefined) return MISSING_VALUE;
  const date = toDate(value);
  if (!date) return typeof value === 'string' ? value : MISSING_VALUE;
  const style = styles[options.style ?? 'dateTime'];
  // hourCycle, not hour12: hour12 false shows midnight as "24:05" in some locales.
  const clock: Intl.DateTimeFormatOptions =
    style.timeStyle === undefined ? {} : { hourCycle: prefs.timeFormat === '12h' ? 'h12' : 'h23' };
  try {
    return dateTimeFormat(options.locale, { ...style, ...clock, timeZone: prefs.timeZone }).format(date);
  } catch {
    return dateTimeFormat(options.locale, { ...style, ...clock }).format(date);
  }
}

export function formatDate(value: DateInput | null | undefined, prefs: TimePreferences, options: LocaleOption = {}) {
  return formatDateTime(value, prefs, { ...options, style: 'date' });
}

export function formatTime(
  value: DateInput | null | undefined,
  prefs: TimePreferences,
  options: LocaleOption & { seconds?: boolean } = {},
) {
  return formatDateTime(value, prefs, { ...options, style: options.seconds ? 'timeSeconds' : 'time' });
}
