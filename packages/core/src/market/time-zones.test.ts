import { describe, expect, it } from 'vitest';
import { epochDayOf, isoWeekday, isValidTimeZone, localToUtcMs, toLocal, zoneOffsetMinutes } from './time-zones.js';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);

describe('time zones', () => {
  it('follows New York across the 2024 DST changes (second Sunday of March, first Sunday of November)', () => {
    expect(zoneOffsetMinutes('America/New_York', utc(2024, 3, 10, 6, 59))).toBe(-300);
    expect(zoneOffsetMinutes('America/New_York', utc(2024, 3, 10, 7, 0))).toBe(-240);
    expect(zoneOffsetMinutes('America/New_York', utc(2024, 11, 3, 5, 59))).toBe(-240);
    expect(zoneOffsetMinutes('America/New_York', utc(2024, 11, 3, 6, 0))).toBe(-300);
  });

  it('follows Berlin (last Sundays of March and October, 01:00 UTC) and Sydney (southern hemisphere)', () => {
    expect(zoneOffsetMinutes('Europe/Berlin', utc(2024, 3, 31, 0, 59))).toBe(60);
    expect(zoneOffsetMinutes('Europe/Berlin', utc(2024, 3, 31, 1, 0))).toBe(120);
    expect(zoneOffsetMinutes('Europe/Berlin', utc(2024, 10, 27, 1, 0))).toBe(60);
    expect(zoneOffsetMinutes('Australia/Sydney', utc(2024, 1, 15))).toBe(660);
    expect(zoneOffsetMinutes('Australia/Sydney', utc(2024, 7, 15))).toBe(600);
    expect(zoneOffsetMinutes('UTC', utc(2024, 7, 15))).toBe(0);
  });

  it('converts local wall time to UTC, moving a skipped time forward and taking the earlier of a repeated one', () => {
    const day = epochDayOf(2024, 3, 10);
    expect(localToUtcMs('America/New_York', day, 9 * 60 + 30)).toBe(utc(2024, 3, 10, 13, 30));
    // 02:30 does not exist on 10 March 2024 in New York; a wall clock reads 03:30 EDT then
    expect(localToUtcMs('America/New_York', day, 2 * 60 + 30)).toBe(utc(2024, 3, 10, 7, 30));
    // 01:30 happens twice on 3 November 2024: the first time is EDT
    expect(localToUtcMs('America/New_York', epochDayOf(2024, 11, 3), 90)).toBe(utc(2024, 11, 3, 5, 30));
    expect(localToUtcMs('Asia/Tokyo', epochDayOf(2024, 7, 1), 9 * 60)).toBe(utc(2024, 7, 1, 0, 0));
  });

  it('gives the local date, minute and ISO weekday of an instant', () => {
    expect(toLocal('America/New_York', utc(2024, 3, 11, 3, 0))).toEqual({
      epochDay: epochDayOf(2024, 3, 10),
      minuteOfDay: 23 * 60,
      weekday: 7,
    });
    expect(isoWeekday(epochDayOf(2024, 3, 11))).toBe(1);
    expect(isoWeekday(0)).toBe(4); // 1970-01-01 was a Thursday
  });

  it('recognises IANA zone names', () => {
    expect(isValidTimeZone('Europe/Zurich')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
