import { describe, expect, it } from 'vitest';
import { dateOfEpochDay, epochDayOf } from '../market/time-zones.js';
import { easterSunday, type HolidayCalendarId, holidayName, holidaysOf, isHoliday } from './holidays.js';

const iso = (day: number) => {
  const x = dateOfEpochDay(day);
  return `${x.year}-${String(x.month).padStart(2, '0')}-${String(x.day).padStart(2, '0')}`;
};
const dayOf = (s: string) => epochDayOf(Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10)));
const datesOf = (calendar: HolidayCalendarId, year: number) => holidaysOf(calendar, year).map((h) => iso(h.day));

describe('Easter (Gregorian computus)', () => {
  it.each([
    [1971, '1971-04-11'],
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('Easter Sunday %i is %s', (year, date) => {
    expect(iso(easterSunday(year))).toBe(date);
  });
});

describe('holiday calendars by rule', () => {
  it.each<[HolidayCalendarId, number, string[]]>([
    [
      'US',
      2026,
      [
        '2026-01-01',
        '2026-01-19',
        '2026-02-16',
        '2026-05-25',
        '2026-06-19',
        '2026-07-03',
        '2026-09-07',
        '2026-10-12',
        '2026-11-11',
        '2026-11-26',
        '2026-12-25',
      ],
    ],
    // Juneteenth on a Saturday is observed on Friday 18 June; 4 July on a Sunday on Monday 5 July; Christmas on a
    // Saturday on Friday 24 December; New Year's Day 2028 (a Saturday) on Friday 31 December 2027
    [
      'US',
      2027,
      [
        '2027-01-01',
        '2027-01-18',
        '2027-02-15',
        '2027-05-31',
        '2027-06-18',
        '2027-07-05',
        '2027-09-06',
        '2027-10-11',
        '2027-11-11',
        '2027-11-25',
        '2027-12-24',
        '2027-12-31',
      ],
    ],
    // Veterans Day on a Saturday is observed on Friday 10 November
    [
      'US',
      2023,
      [
        '2023-01-02',
        '2023-01-16',
        '2023-02-20',
        '2023-05-29',
        '2023-06-19',
        '2023-07-04',
        '2023-09-04',
        '2023-10-09',
        '2023-11-10',
        '2023-11-23',
        '2023-12-25',
      ],
    ],
    // the exchanges: Good Friday, no Columbus or Veterans Day, and no Friday off for a Saturday New Year's Day
    [
      'NYSE',
      2027,
      [
        '2027-01-01',
        '2027-01-18',
        '2027-02-15',
        '2027-03-26',
        '2027-05-31',
        '2027-06-18',
        '2027-07-05',
        '2027-09-06',
        '2027-11-25',
        '2027-12-24',
      ],
    ],
    // Boxing Day on a Saturday: the substitute day is Monday 28 December
    [
      'GB',
      2026,
      ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28'],
    ],
    // Christmas on a Saturday: substitutes on Monday 27 and Tuesday 28 December
    [
      'GB',
      2027,
      ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28'],
    ],
    // New Year's Day on a Saturday, the Platinum Jubilee and the state funeral; Christmas on a Sunday
    [
      'GB',
      2022,
      [
        '2022-01-03',
        '2022-04-15',
        '2022-04-18',
        '2022-05-02',
        '2022-06-02',
        '2022-06-03',
        '2022-08-29',
        '2022-09-19',
        '2022-12-26',
        '2022-12-27',
      ],
    ],
    ['EU', 2026, ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-12-26']],
    [
      'DE',
      2026,
      [
        '2026-01-01',
        '2026-04-03',
        '2026-04-06',
        '2026-05-01',
        '2026-05-14',
        '2026-05-25',
        '2026-10-03',
        '2026-12-25',
        '2026-12-26',
      ],
    ],
    [
      'CH',
      2026,
      [
        '2026-01-01',
        '2026-01-02',
        '2026-04-03',
        '2026-04-06',
        '2026-05-14',
        '2026-05-25',
        '2026-08-01',
        '2026-12-25',
        '2026-12-26',
      ],
    ],
    // Japan: a substitute holiday after Constitution Day on a Sunday and a citizens' holiday between Respect for
    // the Aged Day and the autumnal equinox
    [
      'JP',
      2026,
      [
        '2026-01-01',
        '2026-01-02',
        '2026-01-03',
        '2026-01-12',
        '2026-02-11',
        '2026-02-23',
        '2026-03-20',
        '2026-04-29',
        '2026-05-03',
        '2026-05-04',
        '2026-05-05',
        '2026-05-06',
        '2026-07-20',
        '2026-08-11',
        '2026-09-21',
        '2026-09-22',
        '2026-09-23',
        '2026-10-12',
        '2026-11-03',
        '2026-11-23',
        '2026-12-31',
      ],
    ],
    [
      'JP',
      2025,
      [
        '2025-01-01',
        '2025-01-02',
        '2025-01-03',
        '2025-01-13',
        '2025-02-11',
        '2025-02-23',
        '2025-02-24',
        '2025-03-20',
        '2025-04-29',
        '2025-05-03',
        '2025-05-04',
        '2025-05-05',
        '2025-05-06',
        '2025-07-21',
        '2025-08-11',
        '2025-09-15',
        '2025-09-23',
        '2025-10-13',
        '2025-11-03',
        '2025-11-23',
        '2025-11-24',
        '2025-12-31',
      ],
    ],
    [
      'CA',
      2026,
      [
        '2026-01-01',
        '2026-04-03',
        '2026-04-06',
        '2026-05-18',
        '2026-07-01',
        '2026-08-03',
        '2026-09-07',
        '2026-09-30',
        '2026-10-12',
        '2026-11-11',
        '2026-12-25',
        '2026-12-28',
      ],
    ],
    // Anzac Day on a Saturday is not made up in New South Wales
    [
      'AU',
      2026,
      [
        '2026-01-01',
        '2026-01-26',
        '2026-04-03',
        '2026-04-06',
        '2026-04-25',
        '2026-06-08',
        '2026-10-05',
        '2026-12-25',
        '2026-12-28',
      ],
    ],
    // New Zealand: Anzac Day on a Saturday is Mondayised, Matariki on its date in law, Wellington's anniversary
    [
      'NZ',
      2026,
      [
        '2026-01-01',
        '2026-01-02',
        '2026-01-19',
        '2026-02-06',
        '2026-04-03',
        '2026-04-06',
        '2026-04-27',
        '2026-06-01',
        '2026-07-10',
        '2026-10-26',
        '2026-12-25',
        '2026-12-28',
      ],
    ],
  ])('%s %i', (calendar, year, dates) => {
    expect(datesOf(calendar, year)).toEqual(dates);
  });

  it.each([
    // [year, Spring Festival (lunar New Year's Day), Qingming, Dragon Boat, Mid-Autumn]
    // Mid-Autumn on National Day itself
    [2020, '2020-01-25', '2020-04-04', '2020-06-25', '2020-10-01'],
    [2023, '2023-01-22', '2023-04-05', '2023-06-22', '2023-09-29'],
    [2024, '2024-02-10', '2024-04-04', '2024-06-10', '2024-09-17'],
    [2025, '2025-01-29', '2025-04-04', '2025-05-31', '2025-10-06'],
    [2026, '2026-02-17', '2026-04-05', '2026-06-19', '2026-09-25'],
    [2027, '2027-02-06', '2027-04-05', '2027-06-09', '2027-09-15'],
  ])('China %i: the lunisolar festivals', (year, newYear, qingming, dragonBoat, midAutumn) => {
    expect(holidayName('CN', dayOf(newYear))).toBe('Spring Festival');
    expect(holidayName('CN', dayOf(newYear) - 1)).toBe('Spring Festival');
    expect(holidayName('CN', dayOf(newYear) - 2)).toBeNull();
    expect(holidayName('CN', dayOf(qingming))).toBe('Qingming Festival');
    expect(holidayName('CN', dayOf(dragonBoat))).toBe('Dragon Boat Festival');
    expect(holidayName('CN', dayOf(midAutumn))).toBe('Mid-Autumn Festival');
    expect(isHoliday('CN', dayOf(`${year}-10-07`))).toBe(true);
    expect(isHoliday('CN', dayOf(`${year}-10-08`))).toBe(false);
  });

  it('gives a feed country without rules only New Year and Christmas', () => {
    expect(isHoliday('BR', dayOf('2026-01-01'))).toBe(true);
    expect(isHoliday('BR', dayOf('2026-04-03'))).toBe(false);
  });

  it('is the same whatever order years are asked in', () => {
    const later = datesOf('GB', 2031);
    for (let y = 1971; y < 2300; y += 37) datesOf('JP', y);
    expect(datesOf('GB', 2031)).toEqual(later);
  });
});
