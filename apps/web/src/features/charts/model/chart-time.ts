import type { TimePreferences } from '../../../shared/format/dates';
import { dateTimeFormat } from '../../../shared/format/intl-cache';

/** Which part of a time a tick mark of the time axis names (lightweight-charts' TickMarkType, by value). */
export type TickKind = 0 | 1 | 2 | 3 | 4;

function zoned(prefs: TimePreferences, options: Intl.DateTimeFormatOptions, locale?: string) {
  const h12 = prefs.timeFormat === '12h';
  const withClock =
    options.hour !== undefined
      ? { ...options, hour: h12 ? 'numeric' : '2-digit', hourCycle: h12 ? 'h12' : 'h23' }
      : options;
  try {
    return dateTimeFormat(locale, { ...withClock, timeZone: prefs.timeZone } as Intl.DateTimeFormatOptions);
  } catch {
    return dateTimeFormat(locale, withClock as Intl.DateTimeFormatOptions);
  }
}

/**
 * The chart's time labels in the user's zone and clock. The library places bars by UTC seconds; only the text
 * is zoned, so bars never reorder at a daylight-saving change. Daily and longer bars name their trade date,
 * which they carry as 00:00 UTC, so they are shown in UTC.
 */
export function chartTimeFormatters(prefs: TimePreferences, options: { daily: boolean; locale?: string }) {
  const p: TimePreferences = options.daily ? { ...prefs, timeZone: 'UTC' } : prefs;
  const crosshair = options.daily
    ? zoned(p, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }, options.locale)
    : zoned(
        p,
        { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
        options.locale,
      );
  const year = zoned(p, { year: 'numeric' }, options.locale);
  const month = zoned(p, { month: 'short' }, options.locale);
  const day = zoned(p, { day: 'numeric', month: 'short' }, options.locale);
  const time = zoned(p, { hour: 'numeric', minute: '2-digit' }, options.locale);
  const seconds = zoned(p, { hour: 'numeric', minute: '2-digit', second: '2-digit' }, options.locale);
  return {
    /** The crosshair's time label and the legend's date. */
    crosshair: (unixSeconds: number) => crosshair.format(new Date(unixSeconds * 1000)),
    tick: (unixSeconds: number, kind: TickKind) => {
      const date = new Date(unixSeconds * 1000);
      switch (kind) {
        case 0:
          return year.format(date);
        case 1:
          return month.format(date);
        case 2:
          return day.format(date);
        case 3:
          return time.format(date);
        default:
          return seconds.format(date);
      }
    },
  };
}
