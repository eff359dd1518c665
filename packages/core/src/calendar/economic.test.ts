import { describe, expect, it } from 'vitest';
import { isoWeekday, toLocal } from '../market/time-zones.js';
import { ECONOMIC_INDICATORS, economicEventById, economicEvents, pastReleases } from './economic.js';
import { holidayName } from './holidays.js';
import type { SimEconomicEvent } from './types.js';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const of = (code: string, from: number, to: number) => economicEvents(from, to).filter((e) => e.code === code);
const YEAR_2026: [number, number] = [Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)];

describe('economic calendar schedules', () => {
  it.each([
    // US daylight saving time starts on 8 March 2026 and ends on 1 November 2026
    ['March, before the change (EST)', '2026-03-06T13:30'],
    ['April, after the change (EDT)', '2026-04-03T12:30'],
    ['July (EDT), Thursday 2 July as Friday 3 July is the observed Independence Day', '2026-07-02T12:30'],
    ['October (EDT)', '2026-10-02T12:30'],
    ['November, after the change back (EST)', '2026-11-06T13:30'],
    ['December (EST)', '2026-12-04T13:30'],
  ])('puts non-farm payrolls on the first Friday at 08:30 New York: %s', (_, utc) => {
    const nfp = of('US_NFP', ...YEAR_2026);
    expect(nfp).toHaveLength(12);
    expect(nfp.map((e) => iso(e.timeMs))).toContain(utc);
    for (const e of nfp) {
      const local = toLocal('America/New_York', e.timeMs);
      expect(local.minuteOfDay).toBe(8 * 60 + 30);
      // Friday 3 July 2026 is the observed Independence Day: payrolls come on Thursday 2 July
      expect(local.weekday).toBe(e.period === 'Jun 2026' ? 4 : 5);
      expect(new Date(e.timeMs).getUTCDate()).toBeLessThanOrEqual(7);
    }
  });

  it.each([
    ['Independence Day on Friday 4 July 2025', 'US_NFP', 2025, 6, '2025-07-03T12:30'],
    ['the observed Independence Day, Friday 3 July 2026', 'US_NFP', 2026, 6, '2026-07-02T12:30'],
    ["New Year's Day on Friday 1 January 2027: a week later", 'US_NFP', 2027, 0, '2027-01-08T13:30'],
    ['Thanksgiving, Thursday 26 November 2026', 'US_JOBLESS_CLAIMS', 2026, 10, '2026-11-25T13:30'],
    ['Christmas Day, Thursday 25 December 2025', 'US_JOBLESS_CLAIMS', 2025, 11, '2025-12-24T13:30'],
    ["New Year's Day, Thursday 1 January 2026", 'US_JOBLESS_CLAIMS', 2025, 11, '2025-12-31T13:30'],
  ])('moves a release off a US holiday to the previous business day: %s', (_, code, year, month, utc) => {
    const times = of(code, Date.UTC(year, month, 1), Date.UTC(year, month + 1, 1)).map((e) => iso(e.timeMs));
    expect(times).toContain(utc);
    for (const e of of(code, Date.UTC(year, month, 1), Date.UTC(year, month + 1, 1)))
      expect(economicEventById(e.id)).toEqual(e);
  });

  it.each([
    // [case, code, year, month (0-based), the release moved to (UTC), the holiday it left (local date)]
    [
      'Juneteenth, Thursday 19 June 2025: claims the day before',
      'US_JOBLESS_CLAIMS',
      2025,
      5,
      '2025-06-18T12:30',
      '2025-06-19',
    ],
    [
      'Veterans Day, Thursday 11 November 2027: claims the day before',
      'US_JOBLESS_CLAIMS',
      2027,
      10,
      '2027-11-10T13:30',
      '2027-11-11',
    ],
    [
      'Labor Day, Monday 7 September 2026: EIA inventories a day late',
      'US_CRUDE_INVENTORIES',
      2026,
      8,
      '2026-09-10T14:30',
      '2026-09-09',
    ],
    [
      'Juneteenth, Wednesday 19 June 2024: EIA inventories on Thursday',
      'US_CRUDE_INVENTORIES',
      2024,
      5,
      '2024-06-20T14:30',
      '2024-06-19',
    ],
    [
      'the vernal equinox, Friday 20 March 2026: Japan CPI on Thursday',
      'JP_CPI_YOY',
      2026,
      2,
      '2026-03-18T23:30',
      '2026-03-20',
    ],
    ['Good Friday, 3 April 2026: Canada jobs a week later', 'CA_EMPLOYMENT', 2026, 3, '2026-04-10T12:30', '2026-04-03'],
    [
      'Ascension Day, Thursday 6 May 2027: Swiss CPI on Friday',
      'CH_CPI_MOM',
      2027,
      4,
      '2027-05-07T06:30',
      '2027-05-06',
    ],
    [
      'National Day week, October 2026: the S&P Global China PMI after it',
      'CN_SP_PMI',
      2026,
      9,
      '2026-10-08T01:45',
      '2026-10-01',
    ],
    [
      'Good Friday and Easter Monday 2025: UK retail sales after Easter',
      'GB_RETAIL_SALES',
      2025,
      3,
      '2025-04-22T06:00',
      '2025-04-18',
    ],
    [
      'the observed Independence Day, Friday 3 July 2026: ISM services on Monday',
      'US_ISM_SERVICES',
      2026,
      6,
      '2026-07-06T14:00',
      '2026-07-03',
    ],
    [
      'Juneteenth, Wednesday 19 June 2024: the FOMC decision on Thursday',
      'US_FOMC',
      2024,
      5,
      '2024-06-20T18:00',
      '2024-06-19',
    ],
  ])('moves a release off its agency’s holiday as the agency does: %s', (_, code, year, month, utc, holiday) => {
    const events = of(code, Date.UTC(year, month, 1), Date.UTC(year, month + 1, 1));
    expect(events.map((e) => iso(e.timeMs))).toContain(utc);
    expect(events.map((e) => e.id)).not.toContain(`${code}-${holiday}`);
    for (const e of events) expect(economicEventById(e.id)).toEqual(e);
  });

  it('leaves payrolls on Good Friday, which is no federal holiday (BLS practice)', () => {
    expect(of('US_NFP', Date.UTC(2026, 3, 1), Date.UTC(2026, 4, 1)).map((e) => iso(e.timeMs))).toEqual([
      '2026-04-03T12:30',
    ]);
  });

  it('publishes nothing on any holiday of the agency’s country (weekdays only, except the NBS PMI)', () => {
    const events = economicEvents(Date.UTC(2024, 0, 1), Date.UTC(2028, 0, 1));
    expect(events.length).toBeGreaterThan(2500);
    for (const e of events) {
      const local = toLocal(ECONOMIC_INDICATORS.find((i) => i.code === e.code)!.timeZone, e.timeMs);
      if (e.code === 'CN_NBS_PMI') continue;
      expect(holidayName(e.country, local.epochDay), e.id).toBeNull();
      expect(isoWeekday(local.epochDay), e.id).toBeLessThanOrEqual(5);
    }
  });

  it('releases nothing on the holidays of the release country', () => {
    const holidays = ['2026-01-01', '2026-07-03', '2026-11-26', '2026-12-25', '2027-01-01'];
    const events = economicEvents(Date.UTC(2025, 11, 1), Date.UTC(2027, 1, 1));
    for (const e of events) {
      if (e.country === 'CN' && e.code === 'CN_NBS_PMI') continue; // the last day of the month, weekends included
      const local = toLocal(ECONOMIC_INDICATORS.find((i) => i.code === e.code)!.timeZone, e.timeMs);
      const d = new Date(local.epochDay * 86_400_000).toISOString().slice(0, 10);
      if (e.country === 'US') expect(holidays, e.id).not.toContain(d);
      else expect(d.endsWith('-01-01') || d.endsWith('-12-25'), e.id).toBe(false);
      if (e.country !== 'CN') expect(isoWeekday(local.epochDay), e.id).toBeLessThanOrEqual(5);
    }
  });

  it('has US, UK, German and euro-area flash PMIs together after the 20th and a realistic count every week', () => {
    const week = economicEvents(Date.UTC(2026, 10, 23), Date.UTC(2026, 10, 30));
    const flash = week.filter((e) => e.title.includes('PMI Flash'));
    expect(new Set(flash.map((e) => e.country))).toEqual(new Set(['US', 'GB', 'DE', 'EU']));
    expect(new Set(flash.map((e) => e.id.slice(-10)))).toEqual(new Set(['2026-11-23']));
    const ism = of('US_ISM_MANUFACTURING', ...YEAR_2026).map((e) => iso(e.timeMs).slice(0, 10));
    expect(ism.slice(0, 2)).toEqual(['2026-01-02', '2026-02-02']); // 1 January is a holiday
    const counts: number[] = [];
    for (let w = 0; w < 104; w++) {
      const from = Date.UTC(2026, 0, 5 + 7 * w);
      counts.push(economicEvents(from, from + 7 * 86_400_000).length);
    }
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...counts)).toBeLessThanOrEqual(40);
    expect(counts.sort((a, b) => a - b)[52]).toBeGreaterThanOrEqual(12);
  });

  it('releases the unemployment rate in the same slot as payrolls', () => {
    const nfp = of('US_NFP', ...YEAR_2026).map((e) => e.timeMs);
    expect(of('US_UNEMPLOYMENT', ...YEAR_2026).map((e) => e.timeMs)).toEqual(nfp);
  });

  it('holds the eight FOMC decisions of 2026 on Wednesdays at 14:00 New York', () => {
    expect(of('US_FOMC', ...YEAR_2026).map((e) => iso(e.timeMs))).toEqual([
      '2026-01-28T19:00',
      '2026-03-18T18:00',
      '2026-05-06T18:00',
      '2026-06-17T18:00',
      '2026-07-29T18:00',
      '2026-09-16T18:00',
      '2026-11-04T19:00',
      '2026-12-09T19:00',
    ]);
  });

  it('holds the ECB decisions on Thursdays at 14:15 Frankfurt, 13:15Z in winter and 12:15Z in summer', () => {
    expect(of('EU_ECB', ...YEAR_2026).map((e) => iso(e.timeMs))).toEqual([
      '2026-01-29T13:15',
      '2026-03-05T13:15',
      '2026-04-16T12:15',
      '2026-06-04T12:15',
      '2026-07-23T12:15',
      '2026-09-10T12:15',
      '2026-10-29T13:15',
      '2026-12-17T13:15',
    ]);
  });

  it('publishes initial jobless claims every Thursday at 08:30 New York', () => {
    const claims = of('US_JOBLESS_CLAIMS', ...YEAR_2026);
    // 2026 starts and ends on a Thursday; the claims of 1 January come out on Wednesday 31 December 2025
    expect(claims).toHaveLength(52);
    for (let i = 0; i < claims.length; i++) {
      const local = toLocal('America/New_York', claims[i]!.timeMs);
      const thanksgiving = claims[i]!.period === 'Week to Nov 21';
      expect(local.weekday).toBe(thanksgiving ? 3 : 4);
      expect(local.minuteOfDay).toBe(8 * 60 + 30);
      if (i > 0)
        expect(Math.round((local.epochDay - toLocal('America/New_York', claims[i - 1]!.timeMs).epochDay) / 7)).toBe(1);
    }
  });

  it('releases every indicator at its local time in its own time zone, across DST changes', () => {
    const events = economicEvents(Date.UTC(2025, 0, 1), Date.UTC(2027, 0, 1));
    for (const ind of ECONOMIC_INDICATORS) {
      const mine = events.filter((e) => e.code === ind.code);
      expect(mine.length, ind.code).toBeGreaterThanOrEqual(8);
      const [h, m] = ind.localTime.split(':').map(Number) as [number, number];
      for (const e of mine) {
        const local = toLocal(ind.timeZone, e.timeMs);
        expect(local.minuteOfDay, e.id).toBe(h * 60 + m);
        // ids carry the local release date
        expect(e.id.endsWith(new Date(local.epochDay * 86_400_000).toISOString().slice(0, 10)), e.id).toBe(true);
        if (ind.code !== 'CN_NBS_PMI') expect(isoWeekday(local.epochDay), e.id).toBeLessThanOrEqual(5);
      }
    }
  });

  it('covers the required countries with central-bank decisions', () => {
    const countries = new Set(ECONOMIC_INDICATORS.map((i) => i.country));
    for (const c of ['US', 'EU', 'GB', 'JP', 'CA', 'AU', 'NZ', 'CH', 'CN']) expect(countries).toContain(c);
    for (const code of ['US_FOMC', 'EU_ECB', 'GB_BOE', 'JP_BOJ', 'CA_BOC', 'AU_RBA', 'NZ_RBNZ', 'CH_SNB'])
      expect(ECONOMIC_INDICATORS.find((i) => i.code === code)?.impact).toBe('high');
  });
});

describe('economic calendar values', () => {
  it('are the same whatever the query order and range', () => {
    const from = Date.UTC(2031, 2, 2);
    const week = 7 * 86_400_000;
    const whole = economicEvents(from, from + 12 * week);
    const pieces: SimEconomicEvent[][] = [];
    for (let w = 11; w >= 0; w--) pieces[w] = economicEvents(from + w * week, from + (w + 1) * week);
    expect(pieces.flat()).toEqual(whole);
    expect(whole.length).toBeGreaterThan(60);
    for (let i = 1; i < whole.length; i++) {
      const a = whole[i - 1]!;
      const b = whole[i]!;
      expect(a.timeMs < b.timeMs || (a.timeMs === b.timeMs && a.id < b.id)).toBe(true);
    }
  });

  it('are found by id exactly as in a range', () => {
    for (const e of economicEvents(Date.UTC(2027, 4, 1), Date.UTC(2027, 7, 1)))
      expect(economicEventById(e.id)).toEqual(e);
    expect(economicEventById('US_NFP-2027-05-06')).toBeNull(); // a Thursday
    expect(economicEventById('NOPE-2027-05-07')).toBeNull();
    expect(economicEventById('US_NFP-2027-13-07')).toBeNull();
  });

  it('take the prior from the previous release’s actual', () => {
    for (const ind of ECONOMIC_INDICATORS) {
      const history = pastReleases(ind.code, Date.UTC(2029, 0, 1), 14);
      expect(history, ind.code).toHaveLength(14);
      for (let i = 0; i + 1 < history.length; i++) {
        expect(history[i]!.timeMs).toBeGreaterThan(history[i + 1]!.timeMs);
        expect(history[i]!.prior, history[i]!.id).toBe(history[i + 1]!.actual);
      }
    }
  });

  it('sign the surprise so that > 0 is good for the currency, in typical surprises', () => {
    const events = economicEvents(Date.UTC(2020, 0, 1), Date.UTC(2022, 0, 1));
    let nonZero = 0;
    for (const e of events) {
      const ind = ECONOMIC_INDICATORS.find((i) => i.code === e.code)!;
      const diff = (e.actual! - e.forecast!) * (ind.higherIsPositive ? 1 : -1);
      expect(Math.sign(e.surprise), e.id).toBe(Math.sign(Math.round(diff * 1e6)) || 0);
      if (e.surprise !== 0) nonZero++;
      expect(Math.abs(e.surprise), e.id).toBeLessThan(8);
    }
    expect(nonZero / events.length).toBeGreaterThan(0.5);
  });

  it('keep forecasts near the prior and values plausible', () => {
    const nfp = pastReleases('US_NFP', Date.UTC(2040, 0, 1), 240);
    const gaps = nfp.map((e) => Math.abs(e.forecast! - e.prior!)).sort((a, b) => a - b);
    expect(gaps[120]).toBeLessThan(120); // median gap from the prior, thousands of jobs
    const rates = pastReleases('US_FOMC', Date.UTC(2040, 0, 1), 160);
    for (const r of rates) {
      expect(r.actual! % 0.25).toBeCloseTo(0, 9);
      expect(r.actual!).toBeGreaterThanOrEqual(0);
    }
    const changed = rates.filter((r) => r.actual !== r.prior).length;
    expect(changed).toBeGreaterThan(10);
    expect(changed).toBeLessThan(rates.length * 0.8);
    const unemployment = pastReleases('US_UNEMPLOYMENT', Date.UTC(2040, 0, 1), 240);
    for (const u of unemployment) expect(u.actual!).toBeGreaterThanOrEqual(2.5);
  });

  it('labels the reported period', () => {
    expect(economicEventById('US_NFP-2026-11-06')?.period).toBe('Oct 2026');
    expect(economicEventById('US_GDP_ADVANCE-2026-01-29')?.period).toBe('Q4 2025');
    expect(economicEventById('EU_HICP_FLASH-2026-11-30')?.period).toBe('Nov 2026');
    expect(economicEventById('US_JOBLESS_CLAIMS-2026-11-19')?.period).toBe('Week to Nov 14');
  });
});
