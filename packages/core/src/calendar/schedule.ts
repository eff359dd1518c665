import { dateOfEpochDay, epochDayOf, isoWeekday } from '../market/time-zones.js';

/**
 * Release-date rules of recurring macro releases. Every rule yields at most one release per month (weekly rules
 * one per week) with a release index that counts releases without gaps, so the previous release is index - 1.
 * Holidays: none are modelled; rules that name business days skip Saturdays and Sundays only.
 */
export type ScheduleRule =
  /** The n-th (1-4, or -1 for the last) ISO weekday (1 Monday ... 7 Sunday) of each listed month. */
  | { kind: 'nthWeekday'; n: number; weekday: number; months?: readonly number[] }
  /** The n-th business day (1-based, or -1 for the last) of each listed month. */
  | { kind: 'businessDay'; n: number; months?: readonly number[] }
  /** The first business day on or after a day of the month. */
  | { kind: 'onOrAfter'; day: number; months?: readonly number[] }
  /** The last calendar day of each month, weekend or not. */
  | { kind: 'lastDay' }
  /** Every week on an ISO weekday. */
  | { kind: 'weekly'; weekday: number }
  /** Meetings: [month, n-th (or -1 last), ISO weekday] per meeting of the year. */
  | { kind: 'meetings'; dates: readonly (readonly [number, number, number])[] };

export interface Occurrence {
  /** Local release date as an epoch day. */
  epochDay: number;
  /** Release counter: consecutive releases have consecutive indices. */
  index: number;
}

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

function daysInMonth(year: number, month: number): number {
  return month === 12 ? 31 : epochDayOf(year, month + 1, 1) - epochDayOf(year, month, 1);
}

function isBusinessDay(day: number): boolean {
  return isoWeekday(day) <= 5;
}

/** The n-th (or last, n = -1) ISO weekday of a month, as an epoch day. */
export function nthWeekdayOf(year: number, month: number, n: number, weekday: number): number {
  if (n > 0) {
    const first = epochDayOf(year, month, 1);
    return first + ((weekday - isoWeekday(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = epochDayOf(year, month, daysInMonth(year, month));
  return last - ((isoWeekday(last) - weekday + 7) % 7);
}

function nthBusinessDay(year: number, month: number, n: number): number {
  if (n > 0) {
    let day = epochDayOf(year, month, 1);
    let seen = 0;
    for (;;) {
      if (isBusinessDay(day) && ++seen === n) return day;
      day++;
    }
  }
  let day = epochDayOf(year, month, daysInMonth(year, month));
  while (!isBusinessDay(day)) day--;
  return day;
}

/** Releases of a rule whose local date falls in (year, month). */
export function occurrencesInMonth(rule: ScheduleRule, year: number, month: number): Occurrence[] {
  switch (rule.kind) {
    case 'weekly': {
      const first = epochDayOf(year, month, 1);
      const out: Occurrence[] = [];
      const end = first + daysInMonth(year, month);
      // epoch day 0 is a Thursday: weeks counted from there keep consecutive indices
      for (let d = first + ((rule.weekday - isoWeekday(first) + 7) % 7); d < end; d += 7)
        out.push({ epochDay: d, index: Math.floor((d + 3) / 7) });
      return out;
    }
    case 'lastDay':
      return [{ epochDay: epochDayOf(year, month, daysInMonth(year, month)), index: year * 12 + month - 1 }];
    case 'meetings': {
      const out: Occurrence[] = [];
      rule.dates.forEach(([m, n, weekday], i) => {
        if (m === month)
          out.push({ epochDay: nthWeekdayOf(year, month, n, weekday), index: year * rule.dates.length + i });
      });
      return out;
    }
    default: {
      const months = rule.months ?? ALL_MONTHS;
      const position = months.indexOf(month);
      if (position < 0) return [];
      const index = year * months.length + position;
      if (rule.kind === 'nthWeekday') return [{ epochDay: nthWeekdayOf(year, month, rule.n, rule.weekday), index }];
      if (rule.kind === 'businessDay') return [{ epochDay: nthBusinessDay(year, month, rule.n), index }];
      let day = epochDayOf(year, month, Math.min(rule.day, daysInMonth(year, month)));
      while (!isBusinessDay(day)) day++;
      return [{ epochDay: day, index }];
    }
  }
}

/** Year and month (1-12) of an epoch day. */
export function monthOf(epochDay: number): { year: number; month: number } {
  const d = dateOfEpochDay(epochDay);
  return { year: d.year, month: d.month };
}
