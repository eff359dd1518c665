/**
 * Periods in a question, as the tools take them: a named `period` (today, this_week...) that the tools resolve in
 * the user's time zone, or explicit `from`/`to` dates (YYYY-MM-DD) for months by name, explicit dates and "the last
 * N days". Explicit dates are computed from the clock's UTC date (the analyst does not know the user's zone; at
 * most the first or last day of a range differs near midnight, and the tool applies the zone to the dates).
 */

export const NAMED_PERIODS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'all',
] as const;
export type NamedPeriod = (typeof NAMED_PERIODS)[number];

export type PeriodArgs = { period?: NamedPeriod; from?: string; to?: string };

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_RE = MONTHS.map((m) => `${m}|${m.slice(0, 3)}`).join('|');

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

function validDate(s: string): boolean {
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && isoDay(t) === s;
}

/** The period a question names, or null when it names none. */
export function parsePeriod(text: string, nowMs: number): PeriodArgs | null {
  const t = text.toLowerCase();
  const today = new Date(nowMs);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;

  // Explicit dates: "from 2026-03-01 to 2026-03-15", "between ... and ...", "since 2026-01-01", "on 2026-03-05".
  const dates = [...t.matchAll(/\b(\d{4}-\d{2}-\d{2})\b/g)].map((m) => m[1]!).filter(validDate);
  if (dates.length >= 2) {
    const [a, b] = [dates[0]!, dates[1]!].sort();
    return { from: a, to: b };
  }
  if (dates.length === 1) {
    const d = dates[0]!;
    if (/\b(since|from|after)\s+\d{4}-/.test(t)) return { from: d, to: isoDay(nowMs) };
    if (/\b(until|till|to|before)\s+\d{4}-/.test(t)) return { to: d };
    return { from: d, to: d };
  }

  const lastN = /\b(?:last|past|previous)\s+(\d{1,3})\s+(day|week|month)s?\b/.exec(t);
  if (lastN) {
    const n = Number(lastN[1]);
    const unitDays = lastN[2] === 'day' ? 1 : lastN[2] === 'week' ? 7 : 30;
    if (n >= 1) return { from: isoDay(nowMs - (n * unitDays - 1) * DAY_MS), to: isoDay(nowMs) };
  }

  if (/\btoday\b|\bthis (morning|afternoon|session)\b/.test(t)) return { period: 'today' };
  if (/\byesterday\b/.test(t)) return { period: 'yesterday' };
  if (/\b(this|current) week\b|\bthe week\b|\bweek so far\b|\bweekly review\b/.test(t)) return { period: 'this_week' };
  if (/\b(last|previous|past) week\b/.test(t)) return { period: 'last_week' };
  if (/\b(this|current) month\b|\bmonth so far\b|\bmonthly review\b/.test(t)) return { period: 'this_month' };
  if (/\b(last|previous|past) month\b/.test(t)) return { period: 'last_month' };
  if (/\b(this|current) year\b|\bytd\b|\byear to date\b/.test(t)) return { period: 'this_year' };
  if (/\b(last|previous|past) year\b/.test(t)) return { from: ymd(year - 1, 1, 1), to: ymd(year - 1, 12, 31) };
  if (/\b(all[- ]time|ever|overall|since (i|the) start(ed)?|in total|all my trades)\b/.test(t))
    return { period: 'all' };

  // A month by name, with or without a year: "in March", "March 2025", "for feb".
  // "may" and "march" are also verbs: a month only with a preposition before it or a year after it.
  for (const mm of t.matchAll(new RegExp(`\\b(in |for |during |of |over )?(${MONTH_RE})\\b(?:\\s+(\\d{4}))?`, 'g'))) {
    if (!mm[1] && !mm[3]) continue;
    const name = mm[2]!;
    const m = MONTHS.findIndex((x) => x === name || x.slice(0, 3) === name) + 1;
    const y = mm[3] ? Number(mm[3]) : m > month ? year - 1 : year;
    return { from: ymd(y, m, 1), to: ymd(y, m, daysIn(y, m)) };
  }
  const yOnly = /\b(?:in|for|during)\s+(20\d{2})\b/.exec(t);
  if (yOnly) {
    const y = Number(yOnly[1]);
    return { from: ymd(y, 1, 1), to: ymd(y, 12, 31) };
  }
  return null;
}

/** Words for a period in an answer: "this week", "from 2026-03-01 to 2026-03-31". */
export function describePeriod(p: PeriodArgs | null): string {
  if (!p) return '';
  if (p.period) return p.period === 'all' ? 'over all your trades' : p.period.replace('_', ' ');
  if (p.from && p.to) return p.from === p.to ? `on ${p.from}` : `from ${p.from} to ${p.to}`;
  if (p.from) return `since ${p.from}`;
  if (p.to) return `until ${p.to}`;
  return '';
}

/** A named period as from/to dates (for tools that take only dates, such as the calendar), from the clock's day. */
export function periodDates(p: PeriodArgs, nowMs: number): { from?: string; to?: string } {
  if (!p.period) return { from: p.from, to: p.to };
  const d = new Date(nowMs);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  const monday = nowMs - weekday * DAY_MS;
  switch (p.period) {
    case 'today':
      return { from: isoDay(nowMs), to: isoDay(nowMs) };
    case 'yesterday':
      return { from: isoDay(nowMs - DAY_MS), to: isoDay(nowMs - DAY_MS) };
    case 'this_week':
      return { from: isoDay(monday), to: isoDay(monday + 6 * DAY_MS) };
    case 'last_week':
      return { from: isoDay(monday - 7 * DAY_MS), to: isoDay(monday - DAY_MS) };
    case 'this_month':
      return { from: ymd(y, m, 1), to: ymd(y, m, daysIn(y, m)) };
    case 'last_month': {
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      return { from: ymd(py, pm, 1), to: ymd(py, pm, daysIn(py, pm)) };
    }
    case 'this_year':
      return { from: ymd(y, 1, 1), to: ymd(y, 12, 31) };
    case 'all':
      return {};
  }
}

/** Upcoming: "next week", "tomorrow", "next 3 days" (for the calendar). */
export function parseUpcoming(text: string, nowMs: number): { from: string; to: string } | null {
  const t = text.toLowerCase();
  if (/\btomorrow\b/.test(t)) return { from: isoDay(nowMs + DAY_MS), to: isoDay(nowMs + DAY_MS) };
  const n = /\bnext\s+(\d{1,2})\s+days?\b/.exec(t);
  if (n) return { from: isoDay(nowMs), to: isoDay(nowMs + Number(n[1]) * DAY_MS) };
  if (/\bnext week\b/.test(t)) {
    const weekday = (new Date(nowMs).getUTCDay() + 6) % 7;
    const monday = nowMs + (7 - weekday) * DAY_MS;
    return { from: isoDay(monday), to: isoDay(monday + 6 * DAY_MS) };
  }
  return null;
}
