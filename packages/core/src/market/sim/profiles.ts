import { SESSION_TEMPLATES, type SessionTemplate, sessionDay } from '../instruments/sessions.js';
import { epochDayOf, isoWeekday, localToUtcMs, MINUTES_PER_DAY, MS_PER_MINUTE } from '../time-zones.js';

/**
 * Intraday activity: how much of a day's variance each minute carries. It rises at the session opens (and a
 * little before the close), is low in the breaks and overnight and nearly zero at weekends, so prices are quiet
 * when a market is closed and busiest when its traders arrive. Windows are in their own time zones, so DST moves them.
 */
export interface ActivityWindow {
  zone: string;
  /** ISO weekdays of the local date the window opens on. */
  weekdays: readonly number[];
  /** Local minutes of day; close > open. */
  open: number;
  close: number;
  level: number;
  openBoost: number;
  openDecay: number;
  closeBoost: number;
  closeDecay: number;
}

export interface ActivityProfile {
  id: string;
  /** When the market of the profile is open; the windows count only inside it. */
  calendar: SessionTemplate;
  /** Activity while open, before windows. */
  open: number;
  /** Activity in closures shorter than a day (overnight, daily breaks). */
  offHours: number;
  /** Activity in longer closures (weekends). */
  weekend: number;
  windows: readonly ActivityWindow[];
}

const MON_FRI = [1, 2, 3, 4, 5] as const;
const hm = (h: number, m = 0) => h * 60 + m;

function win(zone: string, open: number, close: number, level: number, openBoost = 0, closeBoost = 0): ActivityWindow {
  return { zone, weekdays: MON_FRI, open, close, level, openBoost, openDecay: 25, closeBoost, closeDecay: 15 };
}

const LONDON = (level: number, boost: number, closeBoost = 0) =>
  win('Europe/London', hm(8), hm(16, 30), level, boost, closeBoost);
const NEW_YORK_CASH = (level: number, boost: number, closeBoost = 0) =>
  win('America/New_York', hm(9, 30), hm(16), level, boost, closeBoost);
const NEW_YORK_MORNING = (level: number, boost: number) => win('America/New_York', hm(9, 30), hm(11, 30), level, boost);

function profile(
  id: string,
  calendar: SessionTemplate,
  open: number,
  windows: ActivityWindow[],
  closed: { offHours: number; weekend: number } = { offHours: 0.05, weekend: 0.004 },
): ActivityProfile {
  return { id, calendar, open, offHours: closed.offHours, weekend: closed.weekend, windows };
}

/** Cash equity hours: every session interval is a window with an opening burst and a closing rise. */
function cashProfile(calendar: SessionTemplate, extra: ActivityWindow[] = []): ActivityProfile {
  const windows: ActivityWindow[] = calendar.intervals.map((iv, i) => ({
    zone: calendar.timeZone,
    weekdays: calendar.weekdays,
    open: iv.open.minute,
    close: iv.close.minute,
    level: 1,
    openBoost: i === 0 ? 2.5 : 0.8,
    openDecay: 20,
    closeBoost: 0.7,
    closeDecay: 15,
  }));
  return profile(calendar.id, calendar, 0, [...windows, ...extra], { offHours: 0.06, weekend: 0.006 });
}

/** Index futures hours around a cash session: quiet outside it, busy inside and at the US open. */
function extendedIndexProfile(calendar: SessionTemplate, zone: string, open: number, close: number): ActivityProfile {
  return profile(calendar.id, calendar, 0.2, [win(zone, open, close, 1, 1.3, 0.5), NEW_YORK_MORNING(0.4, 0.4)]);
}

const T = SESSION_TEMPLATES;

const PROFILES: readonly ActivityProfile[] = [
  profile('fx', T.forex, 0.3, [
    win('Asia/Tokyo', hm(9), hm(15), 0.3, 0.5),
    win('Europe/London', hm(8), hm(17), 0.8, 1, 0.4),
    win('America/New_York', hm(8, 30), hm(17), 0.7, 1.4),
  ]),
  profile('metals', T['cme-globex'], 0.25, [
    LONDON(0.5, 0.6),
    win('America/New_York', hm(8, 20), hm(13, 30), 0.9, 1.2),
  ]),
  profile('energy', T['cme-globex'], 0.25, [LONDON(0.3, 0.3), win('America/New_York', hm(9), hm(14, 30), 1, 1.2)]),
  profile('brent', T['ice-brent'], 0.25, [LONDON(0.6, 0.6), win('America/New_York', hm(9), hm(14, 30), 0.9, 1)]),
  profile('us-index', T['cme-globex'], 0.2, [LONDON(0.25, 0.3), NEW_YORK_CASH(1, 1.6, 0.6)]),
  profile('global-equity', T['cme-globex'], 0.2, [
    win('Europe/Berlin', hm(9), hm(17, 30), 0.6, 0.8),
    NEW_YORK_CASH(1, 1.4, 0.4),
  ]),
  profile('crypto', T.crypto, 0.5, [NEW_YORK_CASH(0.5, 0.3), LONDON(0.3, 0.2)]),
  cashProfile(T['us-equities']),
  cashProfile(T.xetra, [NEW_YORK_MORNING(0.35, 0.3)]),
  cashProfile(T['euronext-paris'], [NEW_YORK_MORNING(0.35, 0.3)]),
  cashProfile(T['euronext-amsterdam'], [NEW_YORK_MORNING(0.35, 0.3)]),
  cashProfile(T['borsa-italiana'], [NEW_YORK_MORNING(0.35, 0.3)]),
  cashProfile(T.bme, [NEW_YORK_MORNING(0.35, 0.3)]),
  cashProfile(T.six, [NEW_YORK_MORNING(0.35, 0.3)]),
  cashProfile(T.lse, [NEW_YORK_MORNING(0.35, 0.3)]),
  cashProfile(T.tse),
  cashProfile(T.hkex),
  cashProfile(T.asx),
  extendedIndexProfile(T['eurex-index'], 'Europe/Berlin', hm(9), hm(17, 30)),
  extendedIndexProfile(T['ice-uk-index'], 'Europe/London', hm(8), hm(16, 30)),
  extendedIndexProfile(T['euronext-index'], 'Europe/Paris', hm(9), hm(17, 30)),
  extendedIndexProfile(T['meff-index'], 'Europe/Madrid', hm(9), hm(17, 30)),
  extendedIndexProfile(T['idem-index'], 'Europe/Rome', hm(9), hm(17, 30)),
  extendedIndexProfile(T['six-index'], 'Europe/Zurich', hm(9), hm(17, 30)),
];

const byId = new Map(PROFILES.map((p) => [p.id, p]));

/** The activity profile with this id; throws a RangeError for an unknown id. */
export function activityProfile(id: string): ActivityProfile {
  const p = byId.get(id);
  if (!p) throw new RangeError(`Unknown activity profile "${id}".`);
  return p;
}

/** Ids of all activity profiles. */
export const ACTIVITY_PROFILE_IDS: readonly string[] = PROFILES.map((p) => p.id);

/** Activity of each minute of one UTC day, its running sum (length 1441) and whether the profile's market is open. */
export interface ActivityDay {
  weights: Float64Array;
  cumulative: Float64Array;
  open: Uint8Array;
  total: number;
}

/** Activity of every minute of UTC day `day` (days since 1970-01-01) under a profile. */
export function activityDay(p: ActivityProfile, day: number): ActivityDay {
  const first = day * MINUTES_PER_DAY;
  const last = first + MINUTES_PER_DAY;
  const weights = new Float64Array(MINUTES_PER_DAY);
  const open = new Uint8Array(MINUTES_PER_DAY);

  // calendar intervals around the day, merged, to tell short closures from weekends
  const merged: [number, number][] = [];
  for (let label = day - 4; label <= day + 5; label++) {
    for (const [a, b] of sessionDay(p.calendar, label).open) {
      const prev = merged[merged.length - 1];
      if (prev && a <= prev[1]) prev[1] = Math.max(prev[1], b);
      else merged.push([a, b]);
    }
  }
  weights.fill(p.weekend);
  for (let k = 0; k < merged.length; k++) {
    const [a, b] = merged[k]!;
    const next = merged[k + 1];
    if (next && next[0] - b < MINUTES_PER_DAY) fill(weights, p.offHours, b, next[0], first);
    for (let t = Math.max(a, first); t < Math.min(b, last); t++) {
      weights[t - first] = p.open;
      open[t - first] = 1;
    }
  }

  for (const w of p.windows) {
    for (let local = day - 1; local <= day + 1; local++) {
      if (!w.weekdays.includes(isoWeekday(local))) continue;
      const a = localToUtcMs(w.zone, local, w.open) / MS_PER_MINUTE;
      const b = localToUtcMs(w.zone, local, w.close) / MS_PER_MINUTE;
      for (let t = Math.max(a, first); t < Math.min(b, last); t++) {
        const i = t - first;
        if (open[i] === 0) continue;
        weights[i]! +=
          w.level +
          w.openBoost * Math.exp(-(t - a) / w.openDecay) +
          w.closeBoost * Math.exp(-(b - 1 - t) / w.closeDecay);
      }
    }
  }

  const cumulative = new Float64Array(MINUTES_PER_DAY + 1);
  for (let i = 0; i < MINUTES_PER_DAY; i++) cumulative[i + 1] = cumulative[i]! + weights[i]!;
  return { weights, cumulative, open, total: cumulative[MINUTES_PER_DAY]! };
}

function fill(weights: Float64Array, value: number, from: number, to: number, first: number): void {
  const a = Math.max(from, first) - first;
  const b = Math.min(to, first + MINUTES_PER_DAY) - first;
  for (let i = a; i < b; i++) weights[i] = value;
}

const zonesOfProfile = new Map<string, string[]>();

/** Time zones a profile's activity depends on (its calendar's and its windows'). */
export function profileZones(p: ActivityProfile): readonly string[] {
  let z = zonesOfProfile.get(p.id);
  if (!z) {
    z = [...new Set([p.calendar.timeZone, ...p.windows.map((w) => w.zone)])].filter((x) => x !== 'UTC');
    zonesOfProfile.set(p.id, z);
  }
  return z;
}

interface ProfileScale {
  /** Mean activity of a UTC day over a reference fortnight (one winter week, one summer week). */
  meanDaily: number;
  /** Half the 75th percentile of open minutes' activity: at or above it a market is in its main hours. */
  busyLevel: number;
}

const scales = new Map<string, ProfileScale>();

/** Reference figures of a profile, used to scale variances and spreads. */
export function profileScale(p: ActivityProfile): ProfileScale {
  let s = scales.get(p.id);
  if (!s) {
    const days = [...range(epochDayOf(2024, 1, 8), 7), ...range(epochDayOf(2024, 7, 8), 7)];
    let total = 0;
    const openWeights: number[] = [];
    for (const d of days) {
      const a = activityDay(p, d);
      total += a.total;
      for (let i = 0; i < MINUTES_PER_DAY; i++) if (a.open[i]) openWeights.push(a.weights[i]!);
    }
    openWeights.sort((x, y) => x - y);
    s = { meanDaily: total / days.length, busyLevel: 0.5 * (openWeights[Math.floor(openWeights.length * 0.75)] ?? 1) };
    scales.set(p.id, s);
  }
  return s;
}

function range(start: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => start + i);
}
