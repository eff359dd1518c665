/**
 * IANA time-zone arithmetic on top of Intl, fast enough for per-minute use: the offsets of a zone are read from
 * Intl once per (zone, year) and kept as a short list of segments, so later look-ups are plain arithmetic.
 * Local dates are "epoch days" (whole days since 1970-01-01 of the local calendar date).
 */

export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;
export const MINUTES_PER_DAY = 1440;

interface OffsetSegment {
  /** First UTC millisecond of the segment. */
  from: number;
  /** UTC offset in minutes (local = UTC + offset). */
  offset: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const yearSegments = new Map<string, OffsetSegment[]>();
const MAX_CACHED_YEARS = 4096;

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the string names an IANA time zone this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

function intlOffsetMinutes(zone: string, utcMs: number): number {
  const parts = formatterFor(zone).formatToParts(new Date(utcMs));
  let y = 0;
  let mo = 0;
  let d = 0;
  let h = 0;
  let mi = 0;
  let s = 0;
  for (const p of parts) {
    if (p.type === 'year') y = Number(p.value);
    else if (p.type === 'month') mo = Number(p.value);
    else if (p.type === 'day') d = Number(p.value);
    else if (p.type === 'hour') h = Number(p.value);
    else if (p.type === 'minute') mi = Number(p.value);
    else if (p.type === 'second') s = Number(p.value);
  }
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const whole = utcMs - (((utcMs % 1000) + 1000) % 1000);
  return Math.round((asUtc - whole) / MS_PER_MINUTE);
}

function segmentsOfYear(zone: string, year: number): OffsetSegment[] {
  const key = `${zone}|${year}`;
  const cached = yearSegments.get(key);
  if (cached) return cached;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const step = 7 * MS_PER_DAY;
  const segments: OffsetSegment[] = [{ from: start, offset: intlOffsetMinutes(zone, start) }];
  let prevT = start;
  let prevOffset = segments[0]!.offset;
  for (let t = Math.min(start + step, end); ; t = Math.min(t + step, end)) {
    const o = intlOffsetMinutes(zone, t);
    if (o !== prevOffset) {
      // binary search, to the minute, for the first instant with the new offset
      let lo = prevT / MS_PER_MINUTE;
      let hi = t / MS_PER_MINUTE;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (intlOffsetMinutes(zone, mid * MS_PER_MINUTE) === prevOffset) lo = mid;
        else hi = mid;
      }
      segments.push({ from: hi * MS_PER_MINUTE, offset: o });
      prevOffset = o;
    }
    prevT = t;
    if (t >= end) break;
  }
  if (yearSegments.size >= MAX_CACHED_YEARS) yearSegments.clear();
  yearSegments.set(key, segments);
  return segments;
}

/** UTC offset of an IANA zone at an instant, in minutes (local wall time = UTC + offset). */
export function zoneOffsetMinutes(zone: string, utcMs: number): number {
  if (zone === 'UTC') return 0;
  const year = new Date(utcMs).getUTCFullYear();
  const segments = segmentsOfYear(zone, year);
  let offset = segments[0]!.offset;
  for (let i = 1; i < segments.length; i++) {
    const s = segments[i]!;
    if (s.from > utcMs) break;
    offset = s.offset;
  }
  return offset;
}

/**
 * The zone's offset at an instant (as zoneOffsetMinutes) and the span [fromMs, toMs) of instants around it that
 * share it (bounded by the instant's UTC year), so a caller walking through time asks again only on leaving it.
 */
export function zoneOffsetSpan(zone: string, utcMs: number): { offsetMinutes: number; fromMs: number; toMs: number } {
  if (zone === 'UTC') return { offsetMinutes: 0, fromMs: Number.NEGATIVE_INFINITY, toMs: Number.POSITIVE_INFINITY };
  const year = new Date(utcMs).getUTCFullYear();
  const segments = segmentsOfYear(zone, year);
  let i = 0;
  while (i + 1 < segments.length && segments[i + 1]!.from <= utcMs) i++;
  const next = segments[i + 1];
  return {
    offsetMinutes: segments[i]!.offset,
    fromMs: segments[i]!.from,
    toMs: next ? next.from : Date.UTC(year + 1, 0, 1),
  };
}

/** Local calendar date (epoch day), minute of day (0-1439) and ISO weekday (1 = Monday ... 7 = Sunday) of an instant. */
export function toLocal(zone: string, utcMs: number): { epochDay: number; minuteOfDay: number; weekday: number } {
  const local = utcMs + zoneOffsetMinutes(zone, utcMs) * MS_PER_MINUTE;
  const epochDay = Math.floor(local / MS_PER_DAY);
  const minuteOfDay = Math.floor((local - epochDay * MS_PER_DAY) / MS_PER_MINUTE);
  return { epochDay, minuteOfDay, weekday: isoWeekday(epochDay) };
}

/**
 * UTC instant (ms) of a local wall-clock time (epoch day + minute of day, minute may exceed a day). A time that
 * occurs twice (autumn) resolves to the earlier instant; a time skipped by a spring-forward gap moves forward by
 * the gap, as a wall clock would read it.
 */
export function localToUtcMs(zone: string, epochDay: number, minuteOfDay: number): number {
  const wall = epochDay * MS_PER_DAY + minuteOfDay * MS_PER_MINUTE;
  if (zone === 'UTC') return wall;
  const before = zoneOffsetMinutes(zone, wall - 18 * 3_600_000);
  const after = zoneOffsetMinutes(zone, wall + 18 * 3_600_000);
  // the larger offset gives the earlier instant
  const candidates = before >= after ? [before, after] : [after, before];
  for (const o of candidates) {
    const t = wall - o * MS_PER_MINUTE;
    if (zoneOffsetMinutes(zone, t) === o) return t;
  }
  return wall - before * MS_PER_MINUTE;
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of an epoch day. */
export function isoWeekday(epochDay: number): number {
  return ((((epochDay + 3) % 7) + 7) % 7) + 1;
}

/** Epoch day of a UTC calendar date (month 1-12). */
export function epochDayOf(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

/** UTC calendar date (year, month 1-12, day) of an epoch day. */
export function dateOfEpochDay(epochDay: number): { year: number; month: number; day: number } {
  const d = new Date(epochDay * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
