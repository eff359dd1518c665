import { dateOfEpochDay, epochDayOf, isoWeekday } from '../market/time-zones.js';

/**
 * Release-date rules of recurring macro releases. Every rule yields at most one release per month (weekly rules
 * one per week) with a release index that counts releases without gaps, so the previous release is index - 1.
 * Holidays: a small table per country (`isHoliday`): New Year's Day and Christmas Day everywhere, plus
 * Independence Day and Thanksgiving in the US (federal dates observed on the Friday or Monday when they fall
 * on a weekend). Rules that count business days skip them; a release whose date is a holiday moves to the
 * previous business day, as the BLS does for payrolls and the Labor Department for jobless claims, except a
 * monthly release that would leave its month (New Year's Day), which moves a week later.
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
  /** The rule's date before a holiday moved it (the reported period follows it); absent when unmoved. */
  scheduledDay?: number;
}

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

function daysInMonth(year: number, month: number): number {
  return month === 12 ? 31 : epochDayOf(year, month + 1, 1) - epochDayOf(year, month, 1);
}

/** US federal holiday observed on a weekday: Saturday dates move to Friday, Sunday dates to Monday. */
function observed(day: number): number {
  const w = isoWeekday(day);
  return w === 6 ? day - 1 : w === 7 ? day + 1 : day;
}

function usHoliday(day: number): boolean {
  const { year, month } = dateOfEpochDay(day);
  // New Year's Day of next year may be observed on 31 Dec
  for (const y of month === 12 ? [year, year + 1] : [year]) {
    if (day === observed(epochDayOf(y, 1, 1))) return true;
  }
  return (
    day === observed(epochDayOf(year, 7, 4)) ||
    day === nthWeekdayOf(year, 11, 4, 4) ||
    day === observed(epochDayOf(year, 12, 25))
  );
}

/** Whether an epoch day is a holiday of the country's statistical agencies and exchanges (see the table above). */
export function isHoliday(country: string, day: number): boolean {
  if (country === 'US') return usHoliday(day);
  const { month, day: dom } = dateOfEpochDay(day);
  return (month === 1 && dom === 1) || (month === 12 && dom === 25);
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

/** The n-th (or last, n = -1) ISO weekday of a month, as an epoch day. */
export function nthWeekdayOf(year: number, month: number, n: number, weekday: number): number {
  if (n > 0) {
    const first = epochDayOf(year, month, 1);
    return first + ((weekday - isoWeekday(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = epochDayOf(year, month, daysInMonth(year, month));
  return last - ((isoWeekday(last) - weekday + 7) % 7);
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
 * rules skip holidays, fixed-weekday rules on a holiday move to the previous business day (which may lie in the
 * month before; `releasesInMonth` gathers releases by their actual date).
 */
export function occurrencesInMonth(rule: ScheduleRule, year: number, month: number, country = ''): Occurrence[] {
  if (rule.kind === 'lastDay' || rule.kind === 'businessDay' || rule.kind === 'onOrAfter')
    return scheduled(rule, year, month, country);
  return scheduled(rule, year, month, country).map((o) => {
    let day = previousBusinessDay(country, o.epochDay);
    // a monthly release does not leave its month: on New Year's Day it moves to the next week (BLS practice)
    if (rule.kind === 'nthWeekday' && monthOf(day).month !== month) day = previousBusinessDay(country, o.epochDay + 7);
    return day === o.epochDay ? o : { ...o, epochDay: day, scheduledDay: o.epochDay };
  });
}

/** Releases of a rule whose actual local date (after the holiday moves) falls in (year, month). */
export function releasesInMonth(rule: ScheduleRule, year: number, month: number, country = ''): Occurrence[] {
  const key = year * 12 + month - 1;
  const out: Occurrence[] = [];
  for (const k of [key - 1, key, key + 1]) {
    for (const o of occurrencesInMonth(rule, Math.floor(k / 12), (k % 12) + 1, country)) {
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
