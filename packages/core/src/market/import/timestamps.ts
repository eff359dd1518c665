/**
 * Timestamps as candle files write them, read into unix seconds. A time either names an instant (unix seconds
 * or milliseconds, ISO 8601 with `Z` or an offset, Dukascopy's `GMT+0200`) or is a wall-clock time of a zone
 * the file does not state ("naive"); the caller places the latter in the time zone it was told.
 */

export type ParsedTimestamp =
  /**
   * An instant: `utc` in unix seconds. `hasOffset` when written with a numeric offset, and `wall` is then the clock
   * of that offset; unix times and `Z` times have no clock of their own.
   */
  | { kind: 'instant'; utc: number; wall: number; hasOffset: boolean }
  /** A wall-clock time of an unstated zone, as unix seconds of the same clock reading in UTC. */
  | { kind: 'naive'; wall: number };

export type TimestampResult = { ok: true; value: ParsedTimestamp } | { ok: false; reason: string };

/** Unix times from this value up are milliseconds (1e11 seconds is the year 5138, 1e11 ms is March 1973). */
const MS_THRESHOLD = 1e11;

// 2024-01-02, 2024.01.02, 2024/01/02, optionally followed by T or space and hh:mm[:ss[.fff]], then an optional zone
const YEAR_FIRST =
  /^(\d{4})([-./])(\d{1,2})\2(\d{1,2})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|(?:GMT|UTC)?\s*[+-]\d{2}(?::?\d{2})?)?$/i;
// 02.01.2024 (day first, as Dukascopy and most European tools write it), optional time and zone
const DAY_FIRST =
  /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|(?:GMT|UTC)?\s*[+-]\d{2}(?::?\d{2})?)?$/i;
// 20240102 or 20240102 00:00[:00] (compact, as some exporters write it)
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:[T ]+(\d{2}):?(\d{2})(?::?(\d{2}))?)?$/;

/** Reads one timestamp; `reason` completes "time X ..." when it cannot be read. */
export function parseTimestamp(text: string): TimestampResult {
  const s = text.trim();
  if (s === '') return { ok: false, reason: 'is empty' };
  const fast = commonForm(s);
  if (fast !== undefined) return { ok: true, value: { kind: 'naive', wall: fast } };
  if (/^\d{1,16}$/.test(s) && !/^\d{8}$/.test(s)) return unixTime(Number(s));
  let m = YEAR_FIRST.exec(s);
  if (m) return calendar(m[1]!, m[3]!, m[4]!, m[5], m[6], m[7], m[8], m[9]);
  m = DAY_FIRST.exec(s);
  if (m) return calendar(m[3]!, m[2]!, m[1]!, m[4], m[5], m[6], m[7], m[8]);
  m = COMPACT.exec(s);
  if (m) return calendar(m[1]!, m[2]!, m[3]!, m[4], m[5], m[6], undefined, undefined);
  return {
    ok: false,
    reason:
      'is not a date and time this import reads (unix seconds or milliseconds, 2024-01-02 13:45, 2024-01-02T13:45:00Z, 2024.01.02 13:45 or 02.01.2024 13:45:00.000)',
  };
}

/**
 * The forms most files use, read without a regular expression (a file may hold millions of rows):
 * `2024.01.02 13:45[:00]`, `2024-01-02 13:45[:00]` and `02.01.2024 13:45:00.000`, naive, with a valid date and
 * time. Anything else (or anything odd) is left to the full parser, which also words the reasons.
 */
function commonForm(s: string): number | undefined {
  const n = s.length;
  let year: number;
  let month: number;
  let day: number;
  if (n >= 16 && isDigit(s, 0) && isDigit(s, 3) && s[4] === s[7] && (s[4] === '.' || s[4] === '-')) {
    year = digits(s, 0, 4);
    month = digits(s, 5, 2);
    day = digits(s, 8, 2);
  } else if (n >= 16 && s[2] === '.' && s[5] === '.' && isDigit(s, 6)) {
    day = digits(s, 0, 2);
    month = digits(s, 3, 2);
    year = digits(s, 6, 4);
  } else return undefined;
  if (s[10] !== ' ' && s[10] !== 'T') return undefined;
  if (s[13] !== ':') return undefined;
  const hour = digits(s, 11, 2);
  const minute = digits(s, 14, 2);
  let second = 0;
  if (n > 16) {
    if (s[16] !== ':' || n < 19) return undefined;
    second = digits(s, 17, 2);
    if (n > 19) {
      // only a zero fraction: `.000`
      if (s[19] !== '.') return undefined;
      for (let i = 20; i < n; i++) if (s[i] !== '0') return undefined;
    }
  }
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return undefined;
  return Date.UTC(year, month - 1, day) / 1000 + hour * 3600 + minute * 60 + second;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  if (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) return 29;
  return MONTH_DAYS[month - 1]!;
}

function isDigit(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
}

/** The number written by `count` digits from `at`, or -1 when any of them is not a digit. */
function digits(s: string, at: number, count: number): number {
  let v = 0;
  for (let i = at; i < at + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

function unixTime(n: number): TimestampResult {
  const seconds = n >= MS_THRESHOLD ? n / 1000 : n;
  if (!Number.isInteger(seconds)) return { ok: false, reason: 'is not on a whole second' };
  return { ok: true, value: { kind: 'instant', utc: seconds, wall: seconds, hasOffset: false } };
}

function calendar(
  y: string,
  mo: string,
  d: string,
  h: string | undefined,
  mi: string | undefined,
  sec: string | undefined,
  fraction: string | undefined,
  zone: string | undefined,
): TimestampResult {
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h ?? 0);
  const minute = Number(mi ?? 0);
  const second = Number(sec ?? 0);
  if (month < 1 || month > 12) return { ok: false, reason: `has no month ${month}` };
  const ms = Date.UTC(year, month - 1, day);
  if (day < 1 || new Date(ms).getUTCDate() !== day) return { ok: false, reason: 'is not a date of the calendar' };
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, reason: 'is not a time of day' };
  if (fraction && /[1-9]/.test(fraction)) return { ok: false, reason: 'is not on a whole second' };
  const wall = ms / 1000 + hour * 3600 + minute * 60 + second;
  if (zone === undefined) return { ok: true, value: { kind: 'naive', wall } };
  const offset = zoneOffsetSeconds(zone);
  if (offset === undefined) return { ok: false, reason: 'has a UTC offset this import does not read' };
  // `Z` says the time is UTC, not that the file's days run on UTC: like a unix time, its clock is the caller's zone.
  const hasOffset = !/^z$/i.test(zone);
  return { ok: true, value: { kind: 'instant', utc: wall - offset, wall, hasOffset } };
}

/** `Z`, `+02:00`, `-0530`, `GMT+0200`, `UTC+02` as seconds east of UTC. */
function zoneOffsetSeconds(zone: string): number | undefined {
  if (/^z$/i.test(zone)) return 0;
  const m = /^(?:GMT|UTC)?\s*([+-])(\d{2}):?(\d{2})?$/i.exec(zone);
  if (!m) return undefined;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? 0);
  if (hours > 18 || minutes > 59) return undefined;
  return (m[1] === '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
}

/** `2024-01-02 13:45` (seconds shown when not zero): a wall-clock time written as unix seconds, for messages. */
export function formatWallClock(wall: number): string {
  const iso = new Date(wall * 1000).toISOString();
  const seconds = iso.slice(17, 19);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}${seconds === '00' ? '' : `:${seconds}`}`;
}
