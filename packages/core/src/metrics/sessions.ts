import { MS_PER_DAY, toLocal } from '../market/time-zones.js';

/**
 * Trading sessions, each in its own market's zone so each follows its own daylight saving time: Asia 09:00-18:00
 * Asia/Tokyo, London 08:00-17:00 Europe/London, New York 08:00-17:00 America/New_York. An instant is in the
 * session(s) open then; two at once is their overlap, none is off hours. Weekends count like weekdays (a crypto
 * trade opened on Saturday at 10:00 London time is in the London session).
 */
export const SESSION_HOURS = {
  asia: { zone: 'Asia/Tokyo', open: 9, close: 18 },
  london: { zone: 'Europe/London', open: 8, close: 17 },
  new_york: { zone: 'America/New_York', open: 8, close: 17 },
} as const;

export const SESSION_LABELS = ['asia', 'asia_london', 'london', 'london_new_york', 'new_york', 'off_hours'] as const;
export type SessionLabel = (typeof SESSION_LABELS)[number];

function isOpen(session: keyof typeof SESSION_HOURS, utcMs: number): boolean {
  const h = SESSION_HOURS[session];
  const minute = toLocal(h.zone, utcMs).minuteOfDay;
  return minute >= h.open * 60 && minute < h.close * 60;
}

const HOUR_MS = 3_600_000;
const byHour = new Map<number, SessionLabel>();

/**
 * The session label of an instant (Tokyo and New York never overlap: 18:00 Tokyo is before 08:00 New York).
 * Sessions open and close on whole local hours of zones with whole-hour offsets, so the label is the same for a
 * whole UTC hour and is kept per hour.
 */
export function sessionOf(utcMs: number): SessionLabel {
  const hour = Math.floor(utcMs / HOUR_MS);
  let label = byHour.get(hour);
  if (label === undefined) {
    label = sessionAt(hour * HOUR_MS);
    if (byHour.size >= 200_000) byHour.clear();
    byHour.set(hour, label);
  }
  return label;
}

function sessionAt(utcMs: number): SessionLabel {
  const asia = isOpen('asia', utcMs);
  const london = isOpen('london', utcMs);
  if (asia) return london ? 'asia_london' : 'asia';
  const newYork = isOpen('new_york', utcMs);
  if (london) return newYork ? 'london_new_york' : 'london';
  return newYork ? 'new_york' : 'off_hours';
}

/**
 * Whether a trade whose session label is `label` passes the `session` filter: a base session (asia, london,
 * new_york) keeps its overlaps too; an overlap or off_hours keeps only itself.
 */
export function sessionMatches(label: SessionLabel, filter: SessionLabel): boolean {
  if (label === filter) return true;
  if (filter === 'asia') return label === 'asia_london';
  if (filter === 'london') return label === 'asia_london' || label === 'london_new_york';
  if (filter === 'new_york') return label === 'london_new_york';
  return false;
}

/** Epoch day (local calendar date) as YYYY-MM-DD. */
export function epochDayToDate(epochDay: number): string {
  return new Date(epochDay * MS_PER_DAY).toISOString().slice(0, 10);
}

/** YYYY-MM-DD as an epoch day. */
export function dateToEpochDay(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY);
}
