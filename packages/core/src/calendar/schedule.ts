import { dateOfEpochDay, epochDayOf, isoWeekday } from '../market/time-zones.js';
import { isHoliday, nthWeekdayOf } from './holidays.js';

export { isHoliday, nthWeekdayOf };

/**
 * Release-date rules of recurring macro releases. Every rule yields at most one release per month (weekly rules
 * one per week) with a release index that counts releases without gaps, so the previous release is index - 1.
 * Holidays are each agency's public holidays (`holidays.ts`, computed by rule). Rules that count business days
 * skip them; a release of a fixed weekday whose date is a holiday moves as its agency does (`HolidayShift`).
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

/**
 * How an agency moves a fixed-weekday release off a holiday:
 * - previous: to the previous business day (the BLS for payrolls, the Labor Department for jobless claims, Japan's
 *   statistics bureau); a monthly release that would leave its month (New Year's Day) comes a week later instead;
 * - next: to the next business day;
 * - nextWeek: to the same weekday a week later (Statistics Canada's Labour Force Survey);
 * - weekDelay: one business day later for every holiday of its week up to its day (the EIA's weekly petroleum
 *   report, a day late after a Monday holiday).
 */
export type HolidayShift = 'previous' | 'next' | 'nextWeek' | 'weekDelay';

export interface Occurrence {
  /** Local release date as an epoch day. */
  epochDay: number;
  /** Release counter: consecutive releases have consecutive indices. */
  index: number;
  /** The rule's date before a holiday moved it (the reported period follows it); absent when unmoved. */
  scheduledDay?: number;
}

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

function daysInMonth(year: number, month: number): number {
  return month === 12 ? 31 : epochDayOf(year, month + 1, 1) - epochDayOf(year, month, 1);
}

function isBusinessDay(day: number, country = ''): boolean {
  return isoWeekday(day) <= 5 && !isHoliday(country, day);
}

/** The day itself when it is a business day of the country, else the previous business day. */
export function previousBusinessDay(country: string, day: number): number {
  let d = day;
  while (!isBusinessDay(d, country)) d--;
  return d;
}

/** The day itself when it is a business day of the country, else the next business day. */
export function nextBusinessDay(country: string, day: number): number {
  let d = day;
  while (!isBusinessDay(d, country)) d++;
  return d;
}

/** Where a fixed-weekday release goes when its day is a holiday of its agency (see `HolidayShift`). */
export function shiftOffHoliday(rule: ScheduleRule, shift: HolidayShift, country: string, day: number): number {
  switch (shift) {
    case 'previous': {
      const before = previousBusinessDay(country, day);
      // a monthly release does not leave its month: on New Year's Day it moves to the next week (BLS practice)
      if (rule.kind === 'nthWeekday' && monthOf(before).month !== monthOf(day).month)
        return nextBusinessDay(country, day + 7);
      return before;
    }
    case 'nextWeek':
      return isBusinessDay(day, country) ? day : nextBusinessDay(country, day + 7);
    case 'weekDelay': {
      // one business day later for every holiday from the Monday of its week to its day
      let late = 0;
      for (let x = day - isoWeekday(day) + 1; x <= day; x++) if (isoWeekday(x) <= 5 && isHoliday(country, x)) late++;
      let out = nextBusinessDay(country, day);
      for (let i = out === day ? 0 : 1; i < late; i++) out = nextBusinessDay(country, out + 1);
      return out;
    }
    default:
      return nextBusinessDay(country, day);
  }
}

function nthBusinessDay(year: number, month: number, n: number, country: string): number {
  if (n > 0) {
    let day = epochDayOf(year, month, 1);
    let seen = 0;
    for (;;) {
      if (isBusinessDay(day, country) && ++seen === n) return day;
      day++;
    }
  }
  return previousBusinessDay(country, epochDayOf(year, month, daysInMonth(year, month)));
}

/**
 * Releases of a rule whose scheduled local date falls in (year, month), for a country's holidays: business-day
 * rules skip holidays, fixed-weekday rules on a holiday move as `shift` says (which may take them into the month
 * before or after; `releasesInMonth` gathers releases by their actual date). Central banks' meetings move to the
 * next business day whatever the shift.
 */
export function occurrencesInMonth(
  rule: ScheduleRule,
  year: number,
  month: number,
  country = '',
  shift: HolidayShift = 'previous',
): Occurrence[] {
  if (rule.kind === 'lastDay' || rule.kind === 'businessDay' || rule.kind === 'onOrAfter')
    return scheduled(rule, year, month, country);
  return scheduled(rule, year, month, country).map((o) => {
    const day = shiftOffHoliday(rule, rule.kind === 'meetings' ? 'next' : shift, country, o.epochDay);
    return day === o.epochDay ? o : { ...o, epochDay: day, scheduledDay: o.epochDay };
  });
}

/** Releases of a rule whose actual local date (after the holiday moves) falls in (year, month). */
export function releasesInMonth(
  rule: ScheduleRule,
  year: number,
  month: number,
  country = '',
  shift: HolidayShift = 'previous',
): Occurrence[] {
  const key = year * 12 + month - 1;
  const out: Occurrence[] = [];
  for (const k of [key - 1, key, key + 1]) {
    for (const o of occurrencesInMonth(rule, Math.floor(k / 12), (k % 12) + 1, country, shift)) {
      const d = dateOfEpochDay(o.epochDay);
      if (d.year === year && d.month === month) out.push(o);
    }
  }
  return out;
}

function scheduled(rule: ScheduleRule, year: number, month: number, country: string): Occurrence[] {
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
      if (rule.kind === 'businessDay') return [{ epochDay: nthBusinessDay(year, month, rule.n, country), index }];
      const day = epochDayOf(year, month, Math.min(rule.day, daysInMonth(year, month)));
      return [{ epochDay: nextBusinessDay(country, day), index }];
    }
  }
}

/** Year and month (1-12) of an epoch day. */
export function monthOf(epochDay: number): { year: number; month: number } {
  const d = dateOfEpochDay(epochDay);
  return { year: d.year, month: d.month };
}
