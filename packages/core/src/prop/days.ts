import { localToUtcMs, MS_PER_DAY, toLocal } from '../market/time-zones.js';
import type { LocalTimeOfDay } from './types.js';

/**
 * Day boundaries of a rule set: the daily snapshot ("HH:MM" in an IANA zone) read through the market's
 * DST-aware zone arithmetic, so 00:00 Europe/Prague and 17:00 America/New_York move with their own clocks.
 */

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minute of day of "HH:MM"; throws a RangeError naming `field` when it is not a 24-hour time. */
export function minuteOfDayOf(time: string, field = 'time'): number {
  const m = TIME_RE.exec(time);
  if (!m) throw new RangeError(`${field} must be a 24-hour time "HH:MM", got "${time}".`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The snapshot instant that started the day containing `t` (the latest snapshot at or before `t`). */
export function dayStartAt(day: LocalTimeOfDay, t: number): number {
  const minute = minuteOfDayOf(day.time, 'day.time');
  const local = toLocal(day.timeZone, t);
  const today = localToUtcMs(day.timeZone, local.epochDay, minute);
  return today <= t ? today : localToUtcMs(day.timeZone, local.epochDay - 1, minute);
}

/** The first snapshot instant strictly after `t` (the next daily reset). */
export function nextResetAfter(day: LocalTimeOfDay, t: number): number {
  const minute = minuteOfDayOf(day.time, 'day.time');
  const local = toLocal(day.timeZone, t);
  const today = localToUtcMs(day.timeZone, local.epochDay, minute);
  return today > t ? today : localToUtcMs(day.timeZone, local.epochDay + 1, minute);
}

/** The first instant strictly after `t` that is `close` local time on a Friday (the weekly close). */
export function nextFridayCloseAfter(close: LocalTimeOfDay, t: number): number {
  const minute = minuteOfDayOf(close.time, 'weekend.close.time');
  const local = toLocal(close.timeZone, t);
  const ahead = (5 - local.weekday + 7) % 7;
  const candidate = localToUtcMs(close.timeZone, local.epochDay + ahead, minute);
  return candidate > t ? candidate : localToUtcMs(close.timeZone, local.epochDay + ahead + 7, minute);
}

/** Whole calendar days (24 h) from `from` to `to`, never negative. */
export function wholeDaysBetween(from: number, to: number): number {
  return Math.max(0, Math.floor((to - from) / MS_PER_DAY));
}
