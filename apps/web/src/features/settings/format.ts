import type { TimeFormat } from '@tradedesk/contracts';

export type TimePreferences = { timeZone: string; timeFormat: TimeFormat };

/** A date and time in the user's chosen zone and clock (24h or 12h); the raw value if it is not a date. */
export function formatDateTime(iso: string, prefs: TimePreferences): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = {
    dateStyle: 'medium',
    timeStyle: 'short',
    hour12: prefs.timeFormat === '12h',
  };
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone: prefs.timeZone }).format(date);
  } catch {
    // A zone this browser does not know: the browser's own zone is better than nothing.
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}
