/**
 * The calendar's week (spec section 9: a week runs Monday to Friday, dates YYYY-MM-DD). Days are calendar days
 * of the user's time zone; the arithmetic on YYYY-MM-DD strings involves no zone.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

export const isDay = (value: string | null | undefined): value is string =>
  typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** YYYY-MM-DD of the calendar day `date` falls on in `timeZone` (the browser's zone if it is unknown). */
export function dayIn(date: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', options);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day `n` days after a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** The Monday of the week a day is in (a Saturday or Sunday belongs to the week that just ended). */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** The five days of a week, Monday to Friday. */
export function weekDays(monday: string): string[] {
  return [0, 1, 2, 3, 4].map((n) => addDays(monday, n));
}

/** The week's range as the routes take it: Monday to Friday, both inclusive. */
export function weekRange(monday: string): { from: string; to: string } {
  return { from: monday, to: addDays(monday, 4) };
}

export type DayGroup<T> = { day: string; items: T[] };

/**
 * Items grouped by the day (in `timeZone`) of their time, one group for each day Monday to Friday of the week, in
 * order, empty days included; items of another day (the weekend, a neighbouring week) are left out. Each group
 * keeps its items in time order.
 */
export function groupByDay<T>(
  items: readonly T[],
  monday: string,
  timeZone: string,
  timeOf: (item: T) => string,
): DayGroup<T>[] {
  const groups = weekDays(monday).map((day) => ({ day, items: [] as T[] }));
  const byDay = new Map(groups.map((g) => [g.day, g]));
  const sorted = [...items].sort((a, b) => Date.parse(timeOf(a)) - Date.parse(timeOf(b)));
  for (const item of sorted) byDay.get(dayIn(new Date(timeOf(item)), timeZone))?.items.push(item);
  return groups;
}
