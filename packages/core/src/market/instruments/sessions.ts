import { LruCache } from '../lru.js';
import { isoWeekday, localToUtcMs, MS_PER_MINUTE, toLocal } from '../time-zones.js';

/** A wall-clock time relative to a trade date: dayOffset -1 is the calendar day before it. */
export interface LocalTime {
  dayOffset: -1 | 0;
  /** Minutes after local midnight (1440 is the next midnight). */
  minute: number;
}

export interface SessionInterval {
  open: LocalTime;
  close: LocalTime;
}

/**
 * A weekly trading schedule in an exchange's time zone. A trade date ("label", an epoch day) runs from the
 * daily cut on the day before (cut > 0, e.g. 17:00 New York for FX) or from midnight (cut = 0) to the next cut;
 * daily bars are cut there. Holidays are not modelled: every listed weekday trades.
 */
export interface SessionTemplate {
  id: string;
  name: string;
  timeZone: string;
  /** Local minute of day where a trade date ends and the next begins (0 = midnight). */
  dayCut: number;
  /** Where intraday buckets (1h, 4h...) are aligned, e.g. 09:30 for US shares. */
  anchor: LocalTime;
  /** ISO weekdays (1 = Monday) of the trade dates that trade. */
  weekdays: readonly number[];
  intervals: readonly SessionInterval[];
}

const MON_FRI = [1, 2, 3, 4, 5] as const;
const hm = (h: number, m = 0) => h * 60 + m;
const today = (h: number, m = 0): LocalTime => ({ dayOffset: 0, minute: hm(h, m) });
const previousDay = (h: number, m = 0): LocalTime => ({ dayOffset: -1, minute: hm(h, m) });

function cash(id: string, name: string, timeZone: string, open: number, close: number, lunch?: [number, number]) {
  const intervals: SessionInterval[] = lunch
    ? [
        { open: { dayOffset: 0, minute: open }, close: { dayOffset: 0, minute: lunch[0] } },
        { open: { dayOffset: 0, minute: lunch[1] }, close: { dayOffset: 0, minute: close } },
      ]
    : [{ open: { dayOffset: 0, minute: open }, close: { dayOffset: 0, minute: close } }];
  return {
    id,
    name,
    timeZone,
    dayCut: 0,
    anchor: { dayOffset: 0, minute: open },
    weekdays: MON_FRI,
    intervals,
  } satisfies SessionTemplate;
}

/** Extended (CFD / futures) hours that start after midnight; hourly buckets stay on whole hours. */
function extended(id: string, name: string, timeZone: string, open: number, close: number): SessionTemplate {
  return { ...cash(id, name, timeZone, open, close), anchor: { dayOffset: 0, minute: 0 } };
}

export const SESSION_TEMPLATES = {
  /** Spot FX: Sunday 17:05 to Friday 17:00 New York, a five-minute rollover break at 17:00 each day. */
  forex: {
    id: 'forex',
    name: 'Forex 24/5',
    timeZone: 'America/New_York',
    dayCut: hm(17),
    anchor: previousDay(17),
    weekdays: MON_FRI,
    intervals: [{ open: previousDay(17, 5), close: today(17) }],
  },
  /** CME Globex: Sunday to Friday 17:00 to 16:00 Chicago time, a one-hour break each day. */
  'cme-globex': {
    id: 'cme-globex',
    name: 'CME Globex',
    timeZone: 'America/Chicago',
    dayCut: hm(16),
    anchor: previousDay(17),
    weekdays: MON_FRI,
    intervals: [{ open: previousDay(17), close: today(16) }],
  },
  /** ICE Brent: 01:00 to 23:00 London, Monday to Friday. */
  'ice-brent': extended('ice-brent', 'ICE Futures Europe (Brent)', 'Europe/London', hm(1), hm(23)),
  /** Crypto trades around the clock; days are cut at 00:00 UTC. */
  crypto: {
    id: 'crypto',
    name: 'Crypto 24/7',
    timeZone: 'UTC',
    dayCut: 0,
    anchor: today(0),
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    intervals: [{ open: today(0), close: today(24) }],
  },
  'us-equities': cash('us-equities', 'US equities (NYSE, Nasdaq)', 'America/New_York', hm(9, 30), hm(16)),
  xetra: cash('xetra', 'Xetra', 'Europe/Berlin', hm(9), hm(17, 30)),
  'euronext-paris': cash('euronext-paris', 'Euronext Paris', 'Europe/Paris', hm(9), hm(17, 30)),
  'euronext-amsterdam': cash('euronext-amsterdam', 'Euronext Amsterdam', 'Europe/Amsterdam', hm(9), hm(17, 30)),
  'borsa-italiana': cash('borsa-italiana', 'Borsa Italiana', 'Europe/Rome', hm(9), hm(17, 30)),
  bme: cash('bme', 'Bolsa de Madrid', 'Europe/Madrid', hm(9), hm(17, 30)),
  six: cash('six', 'SIX Swiss Exchange', 'Europe/Zurich', hm(9), hm(17, 30)),
  lse: cash('lse', 'London Stock Exchange', 'Europe/London', hm(8), hm(16, 30)),
  'eurex-index': extended('eurex-index', 'Eurex index futures hours', 'Europe/Berlin', hm(1, 15), hm(22)),
  'ice-uk-index': extended('ice-uk-index', 'ICE FTSE 100 futures hours', 'Europe/London', hm(1), hm(21)),
  'euronext-index': extended('euronext-index', 'Euronext index futures hours', 'Europe/Paris', hm(8), hm(22)),
  'meff-index': extended('meff-index', 'MEFF IBEX 35 futures hours', 'Europe/Madrid', hm(8), hm(20)),
  'idem-index': extended('idem-index', 'IDEM FTSE MIB futures hours', 'Europe/Rome', hm(8), hm(17, 40)),
  'six-index': extended('six-index', 'Eurex SMI futures hours', 'Europe/Zurich', hm(8), hm(22)),
  tse: cash('tse', 'Tokyo Stock Exchange', 'Asia/Tokyo', hm(9), hm(15, 30), [hm(11, 30), hm(12, 30)]),
  hkex: cash('hkex', 'Hong Kong Exchanges', 'Asia/Hong_Kong', hm(9, 30), hm(16), [hm(12), hm(13)]),
  asx: cash('asx', 'Australian Securities Exchange', 'Australia/Sydney', hm(10), hm(16)),
} as const satisfies Record<string, SessionTemplate>;

export type SessionTemplateId = keyof typeof SESSION_TEMPLATES;

/** The schedule with this id; throws a RangeError for an unknown id. */
export function sessionTemplate(id: string): SessionTemplate {
  const t = (SESSION_TEMPLATES as Record<string, SessionTemplate>)[id];
  if (!t) throw new RangeError(`Unknown session schedule "${id}".`);
  return t;
}

/** One trade date of a schedule, in UTC: its span, its bucket anchor and its open minutes. */
export interface SessionDay {
  /** Trade date as an epoch day (days since 1970-01-01); daily candles are stamped label * 86400 seconds. */
  label: number;
  /** First and last-plus-one UTC millisecond of the trade date. */
  startMs: number;
  endMs: number;
  /** UTC millisecond that intraday buckets of this day are aligned to. */
  anchorMs: number;
  /** Open UTC minutes (minutes since the epoch) as [from, to) pairs, ascending; empty when the date does not trade. */
  open: readonly (readonly [number, number])[];
}

const sessionDays = new LruCache<string, SessionDay>(20_000);

/** The trade date `label` (an epoch day) of a schedule, in UTC minutes. */
export function sessionDay(template: SessionTemplate, label: number): SessionDay {
  return sessionDays.getOrCompute(`${template.id}|${label}`, () => {
    const z = template.timeZone;
    const startMs = localToUtcMs(z, label + (template.dayCut > 0 ? -1 : 0), template.dayCut);
    const endMs = localToUtcMs(z, label + (template.dayCut > 0 ? 0 : 1), template.dayCut);
    const anchorMs = localToUtcMs(z, label + template.anchor.dayOffset, template.anchor.minute);
    const open: [number, number][] = [];
    if (template.weekdays.includes(isoWeekday(label))) {
      for (const iv of template.intervals) {
        const a = localToUtcMs(z, label + iv.open.dayOffset, iv.open.minute) / MS_PER_MINUTE;
        const b = localToUtcMs(z, label + iv.close.dayOffset, iv.close.minute) / MS_PER_MINUTE;
        if (b > a) open.push([a, b]);
      }
    }
    return { label, startMs, endMs, anchorMs, open };
  });
}

/** The trade date (epoch day) an instant belongs to under a schedule, whether or not that date trades. */
export function tradeDateAt(template: SessionTemplate, utcMs: number): number {
  const local = toLocal(template.timeZone, utcMs);
  if (template.dayCut > 0 && local.minuteOfDay >= template.dayCut) return local.epochDay + 1;
  return local.epochDay;
}

/** Whether the schedule is open during the UTC minute that contains the instant. */
export function isSessionOpen(template: SessionTemplate, utcMs: number): boolean {
  const minute = Math.floor(utcMs / MS_PER_MINUTE);
  const day = sessionDay(template, tradeDateAt(template, utcMs));
  for (const [a, b] of day.open) if (minute >= a && minute < b) return true;
  return false;
}

export interface SessionStatus {
  /** Whether the market is open at the instant. */
  open: boolean;
  /** Next opening instant (UTC ms) after the instant, or null if it never closes. */
  nextOpenMs: number | null;
  /** When open, the close of the running session; when closed, the close of the next one (UTC ms); null if it never closes. */
  nextCloseMs: number | null;
}

const STATUS_HORIZON_DAYS = 15;

/** Open or closed at an instant (UTC ms), with the next open and next close; consecutive sessions without a gap count as one. */
export function sessionStatus(template: SessionTemplate, utcMs: number): SessionStatus {
  const first = tradeDateAt(template, utcMs);
  const merged: [number, number][] = [];
  for (let label = first - 1; label <= first + STATUS_HORIZON_DAYS; label++) {
    for (const [a, b] of sessionDay(template, label).open) {
      const last = merged[merged.length - 1];
      if (last && last[1] === a * MS_PER_MINUTE) last[1] = b * MS_PER_MINUTE;
      else merged.push([a * MS_PER_MINUTE, b * MS_PER_MINUTE]);
    }
  }
  const horizonEnd = merged.length > 0 ? merged[merged.length - 1]![1] : Number.POSITIVE_INFINITY;
  const closeOrNull = (end: number) => (end >= horizonEnd ? null : end);
  for (let i = 0; i < merged.length; i++) {
    const [a, b] = merged[i]!;
    if (utcMs >= a && utcMs < b) {
      const next = merged[i + 1];
      return { open: true, nextCloseMs: closeOrNull(b), nextOpenMs: next ? next[0] : null };
    }
    if (a > utcMs) return { open: false, nextOpenMs: a, nextCloseMs: closeOrNull(b) };
  }
  return { open: false, nextOpenMs: null, nextCloseMs: null };
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

export interface TradingHours {
  timeZone: string;
  /** Local time at which trade dates (and daily candles) are cut, HH:MM. */
  dailyClose: string;
  /** Weekly sessions in local wall time. */
  sessions: { openDay: WeekdayName; open: string; closeDay: WeekdayName; close: string }[];
}

function clock(minute: number): string {
  const m = minute % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

function weekdayName(isoDay: number, offsetDays: number): WeekdayName {
  return WEEKDAY_NAMES[(((isoDay - 1 + offsetDays) % 7) + 7) % 7]!;
}

/** The weekly schedule in local wall time, for display and the symbol specification. */
export function describeTradingHours(template: SessionTemplate): TradingHours {
  const sessions: TradingHours['sessions'] = [];
  for (const d of template.weekdays) {
    for (const iv of template.intervals) {
      sessions.push({
        openDay: weekdayName(d, iv.open.dayOffset + Math.floor(iv.open.minute / 1440)),
        open: clock(iv.open.minute),
        closeDay: weekdayName(d, iv.close.dayOffset + Math.floor(iv.close.minute / 1440)),
        close: clock(iv.close.minute),
      });
    }
  }
  return { timeZone: template.timeZone, dailyClose: clock(template.dayCut), sessions };
}
