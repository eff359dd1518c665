import type { AiPeriod } from '@tradedesk/contracts';
import { dateOfEpochDay, epochDayOf, epochDayToDate, isoWeekday, toLocal } from '@tradedesk/core';

/** A range of whole local days (YYYY-MM-DD, both inclusive); null ends for "all". */
export type DayRange = { from: string | null; to: string | null; label: string };

/**
 * The days a period stands for in the user's time zone at `nowMs`: weeks run Monday to Sunday, `this_week` /
 * `this_month` / `this_year` end today. Explicit `from`/`to` win over the period; with neither, `fallback`.
 */
export function resolvePeriod(
  input: { period?: AiPeriod | undefined; from?: string | undefined; to?: string | undefined },
  zone: string,
  nowMs: number,
  fallback: AiPeriod = 'all',
): DayRange {
  const today = toLocal(zone, nowMs).epochDay;
  if (input.from || input.to) {
    const from = input.from ?? null;
    const to = input.to ?? null;
    return { from, to, label: from && to ? `${from} to ${to}` : from ? `since ${from}` : `until ${to}` };
  }
  const period = input.period ?? fallback;
  const day = (n: number) => epochDayToDate(n);
  const weekStart = today - (isoWeekday(today) - 1);
  const { year, month } = dateOfEpochDay(today);
  switch (period) {
    case 'today':
      return { from: day(today), to: day(today), label: 'today' };
    case 'yesterday':
      return { from: day(today - 1), to: day(today - 1), label: 'yesterday' };
    case 'this_week':
      return { from: day(weekStart), to: day(today), label: 'this week' };
    case 'last_week':
      return { from: day(weekStart - 7), to: day(weekStart - 1), label: 'last week' };
    case 'this_month':
      return { from: day(epochDayOf(year, month, 1)), to: day(today), label: 'this month' };
    case 'last_month': {
      const first = epochDayOf(year, month, 1);
      const prev = dateOfEpochDay(first - 1);
      return { from: day(epochDayOf(prev.year, prev.month, 1)), to: day(first - 1), label: 'last month' };
    }
    case 'this_year':
      return { from: day(epochDayOf(year, 1, 1)), to: day(today), label: 'this year' };
    default:
      return { from: null, to: null, label: 'all time' };
  }
}

/** Today's local date (YYYY-MM-DD) in the zone. */
export function localToday(zone: string, nowMs: number): string {
  return epochDayToDate(toLocal(zone, nowMs).epochDay);
}
