import { LruCache } from '../market/lru.js';
import { dateOfEpochDay, epochDayOf, isoWeekday } from '../market/time-zones.js';

/**
 * Public holidays of the simulated calendar's agencies and exchanges, computed by rule for any year: Easter from
 * the Gregorian computus, fixed dates with each country's weekend rule (US observed Friday/Monday, UK and
 * Commonwealth substitute days, Japan's substitute and citizens' holidays), n-th weekdays, the equinoxes (Japan)
 * and the Chinese lunisolar festivals from an astronomical model of the Sun and the Moon. Only what no rule gives is
 * listed by year (one-off closures such as the UK's 2022 state funeral, New Zealand's Matariki dates set in law).
 * Pure and cached: every process computes the same days.
 */

/** Holiday calendars: agencies by country or area (US, EU, DE, GB, JP, CA, AU, NZ, CH, CN) and exchanges. */
export type HolidayCalendarId =
  | 'US'
  | 'EU'
  | 'DE'
  | 'GB'
  | 'JP'
  | 'CA'
  | 'AU'
  | 'NZ'
  | 'CH'
  | 'CN'
  | 'NYSE'
  | 'NASDAQ'
  | 'LSE'
  | 'XETRA'
  | 'EURONEXT'
  | 'BIT'
  | 'BME'
  | 'SIX'
  | 'TSE';

export interface Holiday {
  /** Epoch day of the (observed) holiday. */
  day: number;
  name: string;
}

const d = epochDayOf;
const MON = 1;
const THU = 4;
const SAT = 6;
const SUN = 7;

/** The n-th (or last, n = -1) ISO weekday of a month, as an epoch day. */
export function nthWeekdayOf(year: number, month: number, n: number, weekday: number): number {
  if (n > 0) {
    const first = epochDayOf(year, month, 1);
    return first + ((weekday - isoWeekday(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = (month === 12 ? epochDayOf(year + 1, 1, 1) : epochDayOf(year, month + 1, 1)) - 1;
  return last - ((isoWeekday(last) - weekday + 7) % 7);
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher), as an epoch day. */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const dd = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - dd - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return d(year, month, day);
}

/** US federal rule: a Saturday holiday is observed on the Friday, a Sunday one on the Monday. */
function usObserved(day: number): number {
  const w = isoWeekday(day);
  return w === SAT ? day - 1 : w === SUN ? day + 1 : day;
}

/** Substitute-day rule (UK, Canada, Australia, New Zealand): a weekend holiday moves to the Monday. */
function mondayised(day: number): number {
  const w = isoWeekday(day);
  return w === SAT ? day + 2 : w === SUN ? day + 1 : day;
}

/**
 * A pair of consecutive holidays (Christmas and Boxing Day; New Zealand's 1 and 2 January) with substitute days:
 * each one on a weekend moves to the first weekday after the weekend not already taken by the other.
 */
function pairWithSubstitutes(first: number, names: readonly [string, string]): Holiday[] {
  const out: Holiday[] = [];
  const taken = new Set<number>();
  for (const day of [first, first + 1]) if (isoWeekday(day) <= 5) taken.add(day);
  for (const [i, day] of [first, first + 1].entries()) {
    let observed = day;
    if (isoWeekday(day) > 5) {
      observed = day + (isoWeekday(day) === SAT ? 2 : 1);
      while (taken.has(observed)) observed++;
      taken.add(observed);
    }
    out.push({ day: observed, name: names[i]! });
  }
  return out;
}

function easterHolidays(year: number, which: readonly ('goodFriday' | 'easterMonday' | 'ascension' | 'whitMonday')[]) {
  const easter = easterSunday(year);
  const offsets = { goodFriday: -2, easterMonday: 1, ascension: 39, whitMonday: 50 } as const;
  const names = {
    goodFriday: 'Good Friday',
    easterMonday: 'Easter Monday',
    ascension: 'Ascension Day',
    whitMonday: 'Whit Monday',
  } as const;
  return which.map((w) => ({ day: easter + offsets[w], name: names[w] }));
}

const fixed = (year: number, month: number, day: number, name: string): Holiday => ({ day: d(year, month, day), name });

/** Days listed by date because no rule gives them (one-off closures and holidays moved for an occasion). */
function listed(dates: readonly (readonly [string, string])[], year: number): Holiday[] {
  return dates
    .filter(([iso]) => Number(iso.slice(0, 4)) === year)
    .map(([iso, name]) => ({
      day: d(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))),
      name,
    }));
}

// ----- United States -----

function usFederal(year: number): Holiday[] {
  const out: Holiday[] = [
    // 1 January of the next year may be observed on 31 December of this one
    { day: usObserved(d(year, 1, 1)), name: "New Year's Day" },
    { day: usObserved(d(year + 1, 1, 1)), name: "New Year's Day" },
    { day: nthWeekdayOf(year, 2, 3, MON), name: "Washington's Birthday (Presidents' Day)" },
    { day: nthWeekdayOf(year, 5, -1, MON), name: 'Memorial Day' },
    { day: usObserved(d(year, 7, 4)), name: 'Independence Day' },
    { day: nthWeekdayOf(year, 9, 1, MON), name: 'Labor Day' },
    { day: nthWeekdayOf(year, 10, 2, MON), name: 'Columbus Day' },
    // Veterans Day was the fourth Monday of October from 1971 to 1977
    { day: year < 1978 ? nthWeekdayOf(year, 10, 4, MON) : usObserved(d(year, 11, 11)), name: 'Veterans Day' },
    { day: nthWeekdayOf(year, 11, 4, THU), name: 'Thanksgiving Day' },
    { day: usObserved(d(year, 12, 25)), name: 'Christmas Day' },
  ];
  if (year >= 1986) out.push({ day: nthWeekdayOf(year, 1, 3, MON), name: 'Martin Luther King Jr. Day' });
  if (year >= 2021) out.push({ day: usObserved(d(year, 6, 19)), name: 'Juneteenth National Independence Day' });
  return out;
}

/** National days of mourning and other closures of the New York exchanges. */
const NYSE_CLOSURES = [
  ['2001-09-11', 'Closed after the attacks of 11 September'],
  ['2001-09-12', 'Closed after the attacks of 11 September'],
  ['2001-09-13', 'Closed after the attacks of 11 September'],
  ['2001-09-14', 'Closed after the attacks of 11 September'],
  ['2004-06-11', 'National Day of Mourning (President Reagan)'],
  ['2007-01-02', 'National Day of Mourning (President Ford)'],
  ['2012-10-29', 'Hurricane Sandy'],
  ['2012-10-30', 'Hurricane Sandy'],
  ['2018-12-05', 'National Day of Mourning (President George H. W. Bush)'],
  ['2025-01-09', 'National Day of Mourning (President Carter)'],
] as const;

/** NYSE and Nasdaq (NYSE Rule 7.2): a Saturday New Year's Day is not made up on the Friday before. */
function nyse(year: number): Holiday[] {
  const out: Holiday[] = [
    ...(isoWeekday(d(year, 1, 1)) === SAT ? [] : [{ day: usObserved(d(year, 1, 1)), name: "New Year's Day" }]),
    { day: nthWeekdayOf(year, 2, 3, MON), name: "Washington's Birthday (Presidents' Day)" },
    ...easterHolidays(year, ['goodFriday']),
    { day: nthWeekdayOf(year, 5, -1, MON), name: 'Memorial Day' },
    { day: usObserved(d(year, 7, 4)), name: 'Independence Day' },
    { day: nthWeekdayOf(year, 9, 1, MON), name: 'Labor Day' },
    { day: nthWeekdayOf(year, 11, 4, THU), name: 'Thanksgiving Day' },
    { day: usObserved(d(year, 12, 25)), name: 'Christmas Day' },
    ...listed(NYSE_CLOSURES, year),
  ];
  if (year >= 1998) out.push({ day: nthWeekdayOf(year, 1, 3, MON), name: 'Martin Luther King Jr. Day' });
  if (year >= 2022) out.push({ day: usObserved(d(year, 6, 19)), name: 'Juneteenth National Independence Day' });
  return out;
}

// ----- United Kingdom (England and Wales bank holidays) -----

/** Bank holidays moved or added by proclamation. */
const GB_EARLY_MAY_MOVED: Record<number, number> = { 1995: 8, 2020: 8 };
const GB_SPRING_MOVED: Record<number, readonly [number, number]> = { 2002: [6, 4], 2012: [6, 4], 2022: [6, 2] };
const GB_EXTRA = [
  ['1999-12-31', 'Millennium Eve'],
  ['2002-06-03', 'Golden Jubilee'],
  ['2011-04-29', 'Royal Wedding'],
  ['2012-06-05', 'Diamond Jubilee'],
  ['2022-06-03', 'Platinum Jubilee'],
  ['2022-09-19', 'State Funeral of Queen Elizabeth II'],
  ['2023-05-08', 'Coronation of King Charles III'],
] as const;

function gb(year: number): Holiday[] {
  const earlyMay = GB_EARLY_MAY_MOVED[year];
  const spring = GB_SPRING_MOVED[year];
  const out: Holiday[] = [
    { day: mondayised(d(year, 1, 1)), name: "New Year's Day" },
    ...easterHolidays(year, ['goodFriday', 'easterMonday']),
    { day: spring ? d(year, spring[0], spring[1]) : nthWeekdayOf(year, 5, -1, MON), name: 'Spring bank holiday' },
    { day: nthWeekdayOf(year, 8, -1, MON), name: 'Summer bank holiday' },
    ...pairWithSubstitutes(d(year, 12, 25), ['Christmas Day', 'Boxing Day']),
    ...listed(GB_EXTRA, year),
  ];
  if (year >= 1978)
    out.push({ day: earlyMay ? d(year, 5, earlyMay) : nthWeekdayOf(year, 5, 1, MON), name: 'Early May bank holiday' });
  return out;
}

// ----- Euro area and its exchanges -----

/** TARGET2 closing days (the ECB and Eurostat publish nothing on them). */
function target(year: number): Holiday[] {
  return [
    fixed(year, 1, 1, "New Year's Day"),
    ...easterHolidays(year, ['goodFriday', 'easterMonday']),
    fixed(year, 5, 1, 'Labour Day'),
    fixed(year, 12, 25, 'Christmas Day'),
    fixed(year, 12, 26, "St Stephen's Day"),
  ];
}

/** Germany's nationwide public holidays (Destatis, the Ifo and ZEW institutes, the Bundesbank). */
function germany(year: number): Holiday[] {
  const out = [
    ...target(year),
    ...easterHolidays(year, ['ascension', 'whitMonday']),
    ...listed([['2017-10-31', 'Reformation Day (500th anniversary)']], year),
  ];
  if (year >= 1990) out.push(fixed(year, 10, 3, 'Day of German Unity'));
  // Repentance Day (the Wednesday before 23 November) was a national holiday until 1994
  if (year <= 1994) {
    const nov22 = d(year, 11, 22);
    out.push({ day: nov22 - ((isoWeekday(nov22) - 3 + 7) % 7), name: 'Repentance Day' });
  }
  return out;
}

const yearEnd = (year: number, days: readonly number[], name: string) => days.map((day) => fixed(year, 12, day, name));

function xetra(year: number): Holiday[] {
  return [...target(year), fixed(year, 12, 24, 'Christmas Eve'), fixed(year, 12, 31, "New Year's Eve")];
}

function borsaItaliana(year: number): Holiday[] {
  return [...xetra(year), fixed(year, 8, 15, 'Assumption Day')];
}

// ----- Switzerland -----

function switzerland(year: number, exchange: boolean): Holiday[] {
  const out = [
    fixed(year, 1, 1, "New Year's Day"),
    fixed(year, 1, 2, "Berchtold's Day"),
    ...easterHolidays(year, ['goodFriday', 'easterMonday', 'ascension', 'whitMonday']),
    fixed(year, 8, 1, 'Swiss National Day'),
    fixed(year, 12, 25, 'Christmas Day'),
    fixed(year, 12, 26, "St Stephen's Day"),
  ];
  if (exchange) out.push(fixed(year, 5, 1, 'Labour Day'), ...yearEnd(year, [24, 31], 'Year-end closing'));
  return out;
}

// ----- Canada (federal holidays in Ottawa: Statistics Canada, the Bank of Canada) -----

function canada(year: number): Holiday[] {
  const out: Holiday[] = [
    { day: mondayised(d(year, 1, 1)), name: "New Year's Day" },
    ...easterHolidays(year, ['goodFriday', 'easterMonday']),
    // the Monday before 25 May
    { day: nthWeekdayOf(year, 5, -1, MON) - 7, name: 'Victoria Day' },
    { day: mondayised(d(year, 7, 1)), name: 'Canada Day' },
    { day: nthWeekdayOf(year, 8, 1, MON), name: 'Civic Holiday' },
    { day: nthWeekdayOf(year, 9, 1, MON), name: 'Labour Day' },
    { day: nthWeekdayOf(year, 10, 2, MON), name: 'Thanksgiving' },
    { day: mondayised(d(year, 11, 11)), name: 'Remembrance Day' },
    ...pairWithSubstitutes(d(year, 12, 25), ['Christmas Day', 'Boxing Day']),
  ];
  if (year >= 2021) out.push({ day: mondayised(d(year, 9, 30)), name: 'National Day for Truth and Reconciliation' });
  return out;
}

// ----- Australia (national and New South Wales: the ABS and the Reserve Bank) -----

function australia(year: number): Holiday[] {
  return [
    { day: mondayised(d(year, 1, 1)), name: "New Year's Day" },
    { day: mondayised(d(year, 1, 26)), name: 'Australia Day' },
    ...easterHolidays(year, ['goodFriday', 'easterMonday']),
    fixed(year, 4, 25, 'Anzac Day'),
    { day: nthWeekdayOf(year, 6, 2, MON), name: "King's Birthday" },
    { day: nthWeekdayOf(year, 10, 1, MON), name: 'Labour Day' },
    ...pairWithSubstitutes(d(year, 12, 25), ['Christmas Day', 'Boxing Day']),
  ];
}

// ----- New Zealand (national and Wellington: Stats NZ, the Reserve Bank) -----

/** Matariki, set in law by the Te Kāhui o Matariki Public Holiday Act 2022 (from the Māori lunar calendar). */
const MATARIKI: Record<number, readonly [number, number]> = {
  2022: [6, 24],
  2023: [7, 14],
  2024: [6, 28],
  2025: [6, 20],
  2026: [7, 10],
  2027: [6, 25],
  2028: [7, 14],
  2029: [7, 6],
  2030: [6, 21],
  2031: [7, 11],
  2032: [7, 2],
  2033: [6, 24],
  2034: [7, 7],
  2035: [6, 29],
  2036: [7, 18],
  2037: [7, 10],
  2038: [6, 25],
  2039: [7, 15],
  2040: [7, 6],
  2041: [7, 19],
  2042: [7, 11],
  2043: [7, 3],
  2044: [6, 24],
  2045: [7, 7],
  2046: [6, 29],
  2047: [7, 19],
  2048: [7, 3],
  2049: [6, 25],
  2050: [7, 15],
  2051: [6, 30],
  2052: [6, 21],
};

function newZealand(year: number): Holiday[] {
  // Waitangi and Anzac Day are "Mondayised" since 2014
  const mondayisedSince2014 = (day: number) => (year >= 2014 ? mondayised(day) : day);
  // Wellington Anniversary: the Monday nearest 22 January
  const jan22 = d(year, 1, 22);
  const wellington = jan22 - ((isoWeekday(jan22) + 6) % 7) + ((isoWeekday(jan22) + 6) % 7 > 3 ? 7 : 0);
  const out: Holiday[] = [
    ...pairWithSubstitutes(d(year, 1, 1), ["New Year's Day", 'Day after New Year']),
    { day: wellington, name: 'Wellington Anniversary Day' },
    { day: mondayisedSince2014(d(year, 2, 6)), name: 'Waitangi Day' },
    ...easterHolidays(year, ['goodFriday', 'easterMonday']),
    { day: mondayisedSince2014(d(year, 4, 25)), name: 'Anzac Day' },
    { day: nthWeekdayOf(year, 6, 1, MON), name: "King's Birthday" },
    { day: nthWeekdayOf(year, 10, 4, MON), name: 'Labour Day' },
    ...pairWithSubstitutes(d(year, 12, 25), ['Christmas Day', 'Boxing Day']),
  ];
  const matariki = MATARIKI[year];
  if (matariki) out.push(fixed(year, matariki[0], matariki[1], 'Matariki'));
  return out;
}

// ----- Astronomy: the Sun's longitude and new moons (Meeus, Astronomical Algorithms, chapters 25 and 49) -----

const RAD = Math.PI / 180;
const JD_UNIX_EPOCH = 2_440_587.5;
/** TT - UT, about 69 s in the 2020s; close enough for the dates of equinoxes and new moons. */
const DELTA_T_DAYS = 69 / 86_400;

/** The Sun's apparent ecliptic longitude in degrees at a Julian ephemeris day (low accuracy: about 0.01°). */
function sunLongitude(jde: number): number {
  const t = (jde - 2_451_545) / 36_525;
  const l0 = 280.46646 + 36_000.76983 * t + 0.0003032 * t * t;
  const m = (357.52911 + 35_999.05029 * t - 0.0001537 * t * t) * RAD;
  const c =
    (1.914602 - 0.004817 * t - 0.000014 * t * t) * Math.sin(m) +
    (0.019993 - 0.000101 * t) * Math.sin(2 * m) +
    0.000289 * Math.sin(3 * m);
  const omega = (125.04 - 1934.136 * t) * RAD;
  const apparent = l0 + c - 0.00569 - 0.00478 * Math.sin(omega);
  return ((apparent % 360) + 360) % 360;
}

/** The local date (epoch day at a fixed UTC offset) on which the Sun reaches a longitude, near a guess day. */
function solarTermDay(guessDay: number, longitude: number, utcOffsetHours: number): number {
  let jde = guessDay + JD_UNIX_EPOCH;
  for (let i = 0; i < 6; i++) {
    const delta = ((longitude - sunLongitude(jde) + 540) % 360) - 180;
    jde += (delta / 360) * 365.2422;
  }
  return Math.floor(jde - DELTA_T_DAYS - JD_UNIX_EPOCH + utcOffsetHours / 24);
}

/** The Julian ephemeris day of new moon number k (k = 0 the new moon of 6 January 2000). */
function newMoonJde(k: number): number {
  const t = k / 1236.85;
  const jde = 2_451_550.09766 + 29.530588861 * k + 0.00015437 * t * t - 0.00000015 * t ** 3;
  const e = 1 - 0.002516 * t - 0.0000074 * t * t;
  const m = (2.5534 + 29.1053567 * k - 0.0000014 * t * t) * RAD;
  const mp = (201.5643 + 385.81693528 * k + 0.0107582 * t * t + 0.00001238 * t ** 3) * RAD;
  const f = (160.7108 + 390.67050284 * k - 0.0016118 * t * t - 0.00000227 * t ** 3) * RAD;
  const om = (124.7746 - 1.56375588 * k + 0.0020672 * t * t) * RAD;
  const s = Math.sin;
  return (
    jde -
    0.4072 * s(mp) +
    0.17241 * e * s(m) +
    0.01608 * s(2 * mp) +
    0.01039 * s(2 * f) +
    0.00739 * e * s(mp - m) -
    0.00514 * e * s(mp + m) +
    0.00208 * e * e * s(2 * m) -
    0.00111 * s(mp - 2 * f) -
    0.00057 * s(mp + 2 * f) +
    0.00056 * e * s(2 * mp + m) -
    0.00042 * s(3 * mp) +
    0.00042 * e * s(m + 2 * f) +
    0.00038 * e * s(m - 2 * f) -
    0.00024 * e * s(2 * mp - m) -
    0.00017 * s(om) -
    0.00007 * s(mp + 2 * m) +
    0.00004 * s(2 * mp - 2 * f) +
    0.00004 * s(3 * m) +
    0.00003 * s(mp + m - 2 * f) +
    0.00003 * s(2 * mp + 2 * f) -
    0.00003 * s(mp + m + 2 * f) +
    0.00003 * s(mp - m + 2 * f) -
    0.00002 * s(mp - m - 2 * f) -
    0.00002 * s(3 * mp + m) +
    0.00002 * s(4 * mp)
  );
}

/** The local date of the last new moon on or before a local date (epoch days at a fixed UTC offset). */
function newMoonOnOrBefore(day: number, utcOffsetHours: number): number {
  const localDay = (k: number) => Math.floor(newMoonJde(k) - DELTA_T_DAYS - JD_UNIX_EPOCH + utcOffsetHours / 24);
  let k = Math.round((day + JD_UNIX_EPOCH - 2_451_550.09766) / 29.530588861) + 1;
  while (localDay(k) > day) k--;
  return localDay(k);
}

// ----- Japan -----

const JST = 9;

const JP_LISTED = [
  ['1989-02-24', 'Funeral of Emperor Shōwa'],
  ['1990-11-12', 'Enthronement of Emperor Akihito'],
  ['1993-06-09', 'Wedding of Crown Prince Naruhito'],
  ['2019-04-30', 'National holiday (abdication)'],
  ['2019-05-01', 'Enthronement of Emperor Naruhito'],
  ['2019-05-02', 'National holiday (enthronement)'],
  ['2019-10-22', 'Enthronement ceremony'],
] as const;
/** Marine, Sports and Mountain Day moved for the Tokyo Olympics. */
const JP_OLYMPICS: Record<number, readonly [string, string, string]> = {
  2020: ['07-23', '07-24', '08-10'],
  2021: ['07-22', '07-23', '08-08'],
};

/** Japan's national holidays (Act on National Holidays) with substitute and citizens' holidays. */
function japanNational(year: number): Holiday[] {
  const olympics = JP_OLYMPICS[year];
  const md = (s: string) => d(year, Number(s.slice(0, 2)), Number(s.slice(3, 5)));
  const base: Holiday[] = [
    fixed(year, 1, 1, "New Year's Day"),
    { day: year >= 2000 ? nthWeekdayOf(year, 1, 2, MON) : d(year, 1, 15), name: 'Coming of Age Day' },
    fixed(year, 2, 11, 'National Foundation Day'),
    { day: solarTermDay(d(year, 3, 20), 0, JST), name: 'Vernal Equinox Day' },
    fixed(year, 4, 29, year >= 2007 ? 'Shōwa Day' : year >= 1989 ? 'Greenery Day' : "Emperor's Birthday"),
    fixed(year, 5, 3, 'Constitution Memorial Day'),
    fixed(year, 5, 5, "Children's Day"),
    {
      day: year >= 2003 ? nthWeekdayOf(year, 9, 3, MON) : d(year, 9, 15),
      name: 'Respect for the Aged Day',
    },
    { day: solarTermDay(d(year, 9, 22), 180, JST), name: 'Autumnal Equinox Day' },
    fixed(year, 11, 3, 'Culture Day'),
    fixed(year, 11, 23, 'Labour Thanksgiving Day'),
    ...listed(JP_LISTED, year),
  ];
  if (year >= 1988) base.push(fixed(year, 5, 4, year >= 2007 ? 'Greenery Day' : "Citizens' Holiday"));
  if (year >= 2020) base.push(fixed(year, 2, 23, "Emperor's Birthday"));
  else if (year >= 1989 && year <= 2018) base.push(fixed(year, 12, 23, "Emperor's Birthday"));
  if (year >= 1996)
    base.push({
      day: olympics ? md(olympics[0]) : year >= 2003 ? nthWeekdayOf(year, 7, 3, MON) : d(year, 7, 20),
      name: 'Marine Day',
    });
  base.push({
    day: olympics ? md(olympics[1]) : year >= 2000 ? nthWeekdayOf(year, 10, 2, MON) : d(year, 10, 10),
    name: 'Sports Day',
  });
  if (year >= 2016) base.push({ day: olympics ? md(olympics[2]) : d(year, 8, 11), name: 'Mountain Day' });
  const days = new Set(base.map((h) => h.day));
  const out = [...base];
  // substitute holiday: a holiday on a Sunday makes the next day that is not a holiday one
  for (const h of base) {
    if (isoWeekday(h.day) !== SUN || year < 1973) continue;
    let sub = h.day + 1;
    while (days.has(sub)) sub++;
    days.add(sub);
    out.push({ day: sub, name: 'Substitute holiday' });
  }
  // citizens' holiday: a weekday between two national holidays
  for (const h of base) {
    const between = h.day + 1;
    if (year >= 1988 && !days.has(between) && days.has(between + 1) && isoWeekday(between) !== SUN) {
      days.add(between);
      out.push({ day: between, name: "Citizens' Holiday" });
    }
  }
  return out;
}

/** Japan's agencies, the Bank of Japan and the Tokyo exchange: national holidays and the bank holidays of the New Year. */
function japan(year: number): Holiday[] {
  return [
    ...japanNational(year),
    fixed(year, 1, 2, 'Bank holiday'),
    fixed(year, 1, 3, 'Bank holiday'),
    fixed(year, 12, 31, 'Bank holiday'),
  ];
}

// ----- China (the National Bureau of Statistics, Caixin) -----

const CST = 8;

/** China's public holidays: the lunisolar festivals from the months containing their principal solar terms. */
function china(year: number): Holiday[] {
  // a lunar month starts at a new moon (Beijing date) and is numbered by the principal term it contains:
  // month 1 holds Rain Water (330°), month 5 the summer solstice (90°), month 8 the autumnal equinox (180°)
  const newYear = newMoonOnOrBefore(solarTermDay(d(year, 2, 19), 330, CST), CST);
  const month5 = newMoonOnOrBefore(solarTermDay(d(year, 6, 21), 90, CST), CST);
  const month8 = newMoonOnOrBefore(solarTermDay(d(year, 9, 23), 180, CST), CST);
  const out: Holiday[] = [fixed(year, 1, 1, "New Year's Day")];
  // Spring Festival: New Year's Eve to the seventh day (the eight days the State Council has set since 2025)
  for (let i = -1; i <= 6; i++) out.push({ day: newYear + i, name: 'Spring Festival' });
  out.push({ day: solarTermDay(d(year, 4, 5), 15, CST), name: 'Qingming Festival' });
  for (let i = 1; i <= 5; i++) out.push(fixed(year, 5, i, 'Labour Day'));
  out.push({ day: month5 + 4, name: 'Dragon Boat Festival' });
  out.push({ day: month8 + 14, name: 'Mid-Autumn Festival' });
  for (let i = 1; i <= 7; i++) out.push(fixed(year, 10, i, 'National Day'));
  return out;
}

// ----- the calendars -----

const RULES: Record<HolidayCalendarId, (year: number) => Holiday[]> = {
  US: usFederal,
  EU: target,
  DE: germany,
  GB: gb,
  JP: japan,
  CA: canada,
  AU: australia,
  NZ: newZealand,
  CH: (year) => switzerland(year, false),
  CN: china,
  NYSE: nyse,
  NASDAQ: nyse,
  LSE: gb,
  XETRA: xetra,
  EURONEXT: target,
  BIT: borsaItaliana,
  BME: target,
  SIX: (year) => switzerland(year, true),
  TSE: japan,
};

/** Whether a string names a holiday calendar of this module. */
export function isHolidayCalendar(id: string): id is HolidayCalendarId {
  return Object.hasOwn(RULES, id);
}

const yearCache = new LruCache<string, ReadonlyMap<number, string>>(4096);

function holidayMap(calendar: HolidayCalendarId, year: number): ReadonlyMap<number, string> {
  return yearCache.getOrCompute(`${calendar}:${year}`, () => {
    const first = d(year, 1, 1);
    const end = d(year + 1, 1, 1);
    const map = new Map<number, string>();
    // rules of the neighbouring years can observe a holiday in this one (1 January on 31 December)
    for (const y of [year - 1, year, year + 1])
      for (const h of RULES[calendar](y)) if (h.day >= first && h.day < end && !map.has(h.day)) map.set(h.day, h.name);
    return map;
  });
}

/** The holidays of a calendar in a Gregorian year, by date (weekend days included when a rule puts one there). */
export function holidaysOf(calendar: HolidayCalendarId, year: number): Holiday[] {
  return [...holidayMap(calendar, year)].map(([day, name]) => ({ day, name })).sort((a, b) => a.day - b.day);
}

/**
 * The holiday's name when an epoch day is a holiday of the calendar, else null. An id that is no calendar of this
 * module (a feed's country) has New Year's Day and Christmas Day.
 */
export function holidayName(calendar: string, day: number): string | null {
  if (!isHolidayCalendar(calendar)) {
    const { month, day: dom } = dateOfEpochDay(day);
    return month === 1 && dom === 1 ? "New Year's Day" : month === 12 && dom === 25 ? 'Christmas Day' : null;
  }
  return holidayMap(calendar, dateOfEpochDay(day).year).get(day) ?? null;
}

/** Whether an epoch day is a holiday of the calendar (see `holidayName`). */
export function isHoliday(calendar: string, day: number): boolean {
  return holidayName(calendar, day) !== null;
}
