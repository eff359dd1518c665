import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from '../market/instruments/catalogue.js';
import { EXCHANGES } from '../market/instruments/reference-data.js';
import { toLocal } from '../market/time-zones.js';
import { earningsEventById, earningsEvents, ipoEventAsOf, ipoEventById, ipoEvents, pastEarnings } from './corporate.js';

const STOCKS = INSTRUMENTS.filter((i) => i.source === 'STOCKS');
const zoneOf = (exchange: string) => EXCHANGES.find((x) => x.id === exchange)!.timeZone;

describe('simulated earnings', () => {
  const year = earningsEvents(Date.UTC(2027, 0, 1), Date.UTC(2028, 0, 1));

  it('has every stock report once a quarter, 3 to 7 weeks after the quarter ends', () => {
    expect(year).toHaveLength(STOCKS.length * 4);
    for (const s of STOCKS) {
      const mine = year.filter((e) => e.instrumentId === s.id);
      expect(mine.map((e) => e.fiscalPeriod)).toEqual(['Q4 2026', 'Q1 2027', 'Q2 2027', 'Q3 2027']);
      const weekdays = new Set(mine.map((e) => toLocal(zoneOf(s.exchange), e.timeMs).weekday));
      expect(weekdays.size, s.id).toBe(1); // its own stable slot
      expect([...weekdays][0]).toBeGreaterThanOrEqual(2);
      expect([...weekdays][0]).toBeLessThanOrEqual(5);
    }
    for (const e of year) {
      const [q, y] = [Number(e.fiscalPeriod[1]), Number(e.fiscalPeriod.slice(3))];
      const quarterEnd = Date.UTC(y, q * 3, 1);
      const days = (e.timeMs - quarterEnd) / 86_400_000;
      expect(days, e.id).toBeGreaterThan(14);
      expect(days, e.id).toBeLessThan(50);
    }
  });

  it('releases before the open or after the close in the exchange time zone; shares react at the next open', () => {
    for (const e of year) {
      const local = toLocal(zoneOf(e.exchange), e.timeMs);
      if (e.session === 'before_open') expect(local.minuteOfDay, e.id).toBe(7 * 60);
      else expect(local.minuteOfDay, e.id).toBeGreaterThanOrEqual(16 * 60);
      expect(e.reactionMs).toBeGreaterThan(e.timeMs);
      expect(e.reactionMs - e.timeMs).toBeLessThan(4 * 86_400_000);
    }
  });

  it('has plausible figures: positive EPS and revenue, actuals near estimates, more beats than misses', () => {
    let beats = 0;
    for (const e of year) {
      expect(e.epsEstimate).toBeGreaterThan(0);
      expect(e.revenueEstimate).toBeGreaterThan(1e8);
      expect(e.marketCap).toBeGreaterThanOrEqual(2e10);
      expect(e.marketCap).toBeLessThanOrEqual(1.6e12);
      expect(Math.abs(e.epsActual / e.epsEstimate - 1)).toBeLessThan(0.4);
      expect(Math.abs(e.revenueActual / e.revenueEstimate - 1)).toBeLessThan(0.15);
      if (e.epsActual > e.epsEstimate) beats++;
      expect(Math.sign(e.surprise) === Math.sign(e.epsActual - e.epsEstimate) || Math.abs(e.surprise) < 1).toBe(true);
    }
    expect(beats / year.length).toBeGreaterThan(0.5);
    expect(beats / year.length).toBeLessThan(0.85);
  });

  it('is deterministic: by id equals by range, pieces equal the whole', () => {
    for (const e of year.slice(0, 50)) expect(earningsEventById(e.id)).toEqual(e);
    const from = Date.UTC(2027, 0, 1);
    const pieces = [];
    for (let m = 11; m >= 0; m--) pieces[m] = earningsEvents(Date.UTC(2027, m, 1), Date.UTC(2027, m + 1, 1));
    expect(pieces.flat()).toEqual(earningsEvents(from, Date.UTC(2028, 0, 1)));
    expect(earningsEventById('ER-NOPE-2027Q1')).toBeNull();
    const history = pastEarnings('AAPL', Date.UTC(2028, 0, 1), 4);
    expect(history.map((e) => e.fiscalPeriod)).toEqual(['Q3 2027', 'Q2 2027', 'Q1 2027', 'Q4 2026']);
  });
});

describe('simulated IPOs', () => {
  const ipos = ipoEvents(Date.UTC(2027, 0, 4), Date.UTC(2027, 3, 5));

  it('lists a few fictional companies a week on US and European exchanges', () => {
    expect(ipos.length).toBeGreaterThanOrEqual(13);
    expect(ipos.length).toBeLessThanOrEqual(13 * 4);
    for (const e of ipos) {
      expect(['NASDAQ', 'NYSE', 'LSE', 'XETRA', 'EURONEXT', 'SIX']).toContain(e.exchange);
      expect(e.description).toContain('fictional');
      expect(e.priceHigh).toBeGreaterThan(e.priceLow);
      expect(e.sharesOffered).toBeGreaterThan(1e6);
      expect(e.marketCap).toBeGreaterThan(e.priceLow * e.sharesOffered);
      expect(INSTRUMENTS.some((i) => i.name === e.company)).toBe(false);
      expect(toLocal(zoneOf(e.exchange), e.timeMs).weekday).toBeLessThanOrEqual(5);
    }
  });

  it('is deterministic and hides the final price before the first trade', () => {
    for (const e of ipos) expect(ipoEventById(e.id)).toEqual(e);
    const e = ipos[0]!;
    expect(ipoEventAsOf(e, e.timeMs - 1)).toMatchObject({ status: 'expected', finalPrice: null });
    expect(ipoEventAsOf(e, e.timeMs)).toMatchObject({ status: 'priced', finalPrice: e.finalPrice });
    expect(ipoEventById('IPO-2027-01-05-1')).toBeNull(); // not a Monday
  });
});
