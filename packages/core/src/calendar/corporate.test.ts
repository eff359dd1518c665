import { describe, expect, it } from 'vitest';
import { getInstrument, INSTRUMENTS } from '../market/instruments/catalogue.js';
import { EXCHANGES } from '../market/instruments/reference-data.js';
import { toLocal } from '../market/time-zones.js';
import {
  earningsEventById,
  earningsEvents,
  earningsMarketCap,
  ipoEventAsOf,
  ipoEventById,
  ipoEvents,
  ipoPriceHistory,
  pastEarnings,
} from './corporate.js';
import { fundamentalsOf } from './fundamentals.js';
import { isHoliday } from './holidays.js';

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
      expect(e.revenueEstimate).toBeGreaterThan(1e9);
      const cap = earningsMarketCap(e, getInstrument(e.instrumentId).referencePrice);
      expect(cap).toBeGreaterThanOrEqual(1e10);
      expect(cap).toBeLessThanOrEqual(4e12);
      expect(Math.abs(e.epsActual / e.epsEstimate - 1)).toBeLessThan(0.4);
      expect(Math.abs(e.revenueActual / e.revenueEstimate - 1)).toBeLessThan(0.15);
      if (e.epsActual > e.epsEstimate) beats++;
      expect(Math.sign(e.surprise) === Math.sign(e.epsActual - e.epsEstimate) || Math.abs(e.surprise) < 1).toBe(true);
    }
    expect(beats / year.length).toBeGreaterThan(0.5);
    expect(beats / year.length).toBeLessThan(0.85);
  });

  it('sizes every stock from the fundamentals table; market cap is a share price times the shares', () => {
    for (const s of STOCKS) {
      const f = fundamentalsOf(s.id);
      expect(f, s.id).toBeDefined();
      const mine = year.filter((e) => e.instrumentId === s.id);
      const price = s.quoteCurrency === 'GBX' ? s.referencePrice / 100 : s.referencePrice;
      expect(mine[0]!.sharesOutstanding / (f!.sharesB * 1e9), s.id).toBeCloseTo(1, 3);
      expect(earningsMarketCap(mine[0]!, s.referencePrice) / (price * f!.sharesB * 1e9), s.id).toBeCloseTo(1, 3);
      const revenue = mine.reduce((sum, e) => sum + e.revenueActual, 0);
      expect(revenue / (f!.revenueB * 1e9), s.id).toBeGreaterThan(0.75);
      expect(revenue / (f!.revenueB * 1e9), s.id).toBeLessThan(1.33);
      const eps = mine.reduce((sum, e) => sum + e.epsActual, 0);
      expect(eps / f!.eps, s.id).toBeGreaterThan(0.6);
      expect(eps / f!.eps, s.id).toBeLessThan(1.6);
    }
  });

  it.each([
    // [id, quarterly revenue range, market cap range, quarterly EPS range], in the quote currency (GBP for London)
    ['WMT', [140e9, 210e9], [5e11, 1e12], [0.4, 0.9]],
    ['MSFT', [50e9, 80e9], [2e12, 4e12], [2.2, 4]],
    ['COST', [50e9, 80e9], [3e11, 6e11], [3, 6]],
    ['TSLA', [18e9, 35e9], [5e11, 1.5e12], [0.3, 1]],
    ['MA', [5e9, 9e9], [3e11, 7e11], [2.5, 5]],
    ['DIS', [18e9, 30e9], [1.2e11, 3e11], [0.8, 2]],
    ['RACE.MI', [1.2e9, 2.3e9], [5e10, 1e11], [1.5, 3]],
    ['IBE.MC', [8e9, 15e9], [6e10, 1.5e11], [0.1, 0.35]],
    ['DTE.DE', [22e9, 36e9], [1e11, 2e11], [0.3, 0.7]],
    ['AZN.L', [8e9, 14e9], [1.2e11, 2.5e11], [1.1, 2.2]],
  ] as const)('reports %s at its real scale', (id, [revLow, revHigh], [capLow, capHigh], [epsLow, epsHigh]) => {
    for (const e of year.filter((x) => x.instrumentId === id)) {
      expect(e.revenueActual, e.id).toBeGreaterThan(revLow);
      expect(e.revenueActual, e.id).toBeLessThan(revHigh);
      const cap = earningsMarketCap(e, getInstrument(id).referencePrice);
      expect(cap, e.id).toBeGreaterThan(capLow);
      expect(cap, e.id).toBeLessThan(capHigh);
      expect(e.epsEstimate, e.id).toBeGreaterThan(epsLow);
      expect(e.epsEstimate, e.id).toBeLessThan(epsHigh);
    }
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

  it('gives the last eight quarters of a report from the same model, each as listed', () => {
    const report = year.find((e) => e.instrumentId === 'MSFT' && e.fiscalPeriod === 'Q3 2027')!;
    const past = pastEarnings('MSFT', report.timeMs, 8);
    expect(past.map((e) => e.fiscalPeriod)).toEqual([
      'Q2 2027',
      'Q1 2027',
      'Q4 2026',
      'Q3 2026',
      'Q2 2026',
      'Q1 2026',
      'Q4 2025',
      'Q3 2025',
    ]);
    for (const e of past) expect(earningsEventById(e.id)).toEqual(e);
  });

  it('reports on trading days of its exchange: never on its holidays (Good Friday in New York, Whit Monday in Zurich)', () => {
    const decade = earningsEvents(Date.UTC(2024, 0, 1), Date.UTC(2034, 0, 1));
    for (const e of decade) {
      const local = toLocal(zoneOf(e.exchange), e.timeMs);
      expect(isHoliday(e.exchange, local.epochDay), e.id).toBe(false);
      expect(local.weekday, e.id).toBeLessThanOrEqual(5);
    }
  });

  it('values a London share in pounds from its price in pence', () => {
    const e = year.find((x) => x.instrumentId === 'AZN.L')!;
    expect(earningsMarketCap(e, 10_000)).toBe(Math.round((100 * e.sharesOutstanding) / 1e6) * 1e6);
    const us = year.find((x) => x.instrumentId === 'AAPL')!;
    expect(earningsMarketCap(us, 200)).toBe(Math.round((200 * us.sharesOutstanding) / 1e6) * 1e6);
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

  it('gives every IPO over ten years its own ticker and name, none of them a catalogue ticker', () => {
    const decade = ipoEvents(Date.UTC(2026, 0, 1), Date.UTC(2036, 0, 1));
    expect(decade.length).toBeGreaterThan(500);
    expect(new Set(decade.map((e) => e.ticker)).size).toBe(decade.length);
    expect(new Set(decade.map((e) => e.company)).size).toBe(decade.length);
    const catalogue = new Set(INSTRUMENTS.map((i) => i.ticker));
    for (const e of decade) {
      expect(catalogue.has(e.ticker), e.ticker).toBe(false);
      expect(e.ticker).toMatch(/^[A-Z]{4}$/);
      expect(e.ticker[0]).toBe(e.company[0]);
    }
  });

  it('lists on trading days of its exchange', () => {
    for (const e of ipoEvents(Date.UTC(2026, 0, 1), Date.UTC(2036, 0, 1)))
      expect(isHoliday(e.exchange, toLocal(zoneOf(e.exchange), e.timeMs).epochDay), e.id).toBe(false);
  });

  it('lists on business days: never on Christmas, New Year or, in the US, Thanksgiving', () => {
    const decade = ipoEvents(Date.UTC(2026, 0, 1), Date.UTC(2036, 0, 1));
    // the fourth Thursday of November
    const thanksgiving = (y: number) => 1 + ((4 - new Date(Date.UTC(y, 10, 1)).getUTCDay() + 7) % 7) + 21;
    for (const e of decade) {
      const local = toLocal(zoneOf(e.exchange), e.timeMs);
      const d = new Date(local.epochDay * 86_400_000);
      const [m, day] = [d.getUTCMonth() + 1, d.getUTCDate()];
      expect(local.weekday, e.id).toBeLessThanOrEqual(5);
      expect((m === 12 && day === 25) || (m === 1 && day === 1), e.id).toBe(false);
      if (e.country === 'US') expect(m === 11 && day === thanksgiving(d.getUTCFullYear()), e.id).toBe(false);
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

describe('simulated IPO prices after the listing', () => {
  const ipos = ipoEvents(Date.UTC(2026, 0, 5), Date.UTC(2026, 6, 6));

  it('starts at the final price on the listing day and closes every trading day of the exchange after it', () => {
    for (const e of ipos.slice(0, 30)) {
      const path = ipoPriceHistory(e, e.timeMs + 30 * 86_400_000);
      expect(path.length, e.id).toBeGreaterThanOrEqual(18);
      expect(path.length, e.id).toBeLessThanOrEqual(23);
      expect(toLocal(zoneOf(e.exchange), path[0]!.timeMs).epochDay).toBe(
        toLocal(zoneOf(e.exchange), e.timeMs).epochDay,
      );
      for (const p of path) {
        expect(p.timeMs).toBeGreaterThan(e.timeMs);
        expect(p.close).toBeGreaterThan(0);
        const day = toLocal(zoneOf(e.exchange), p.timeMs);
        expect(day.weekday).toBeLessThanOrEqual(5);
        expect(isHoliday(e.exchange, day.epochDay)).toBe(false);
      }
      // the first close is the final price moved by the first day's pop (within -40 % and +120 %)
      expect(path[0]!.close / e.finalPrice!).toBeGreaterThan(0.6);
      expect(path[0]!.close / e.finalPrice!).toBeLessThan(2.2);
    }
  });

  it('has nothing before the first trade, and the same closes whenever and however often it is asked', () => {
    const e = ipos[3]!;
    expect(ipoPriceHistory(e, e.timeMs - 1)).toEqual([]);
    const long = ipoPriceHistory(e, e.timeMs + 100 * 86_400_000);
    const short = ipoPriceHistory(e, e.timeMs + 50 * 86_400_000);
    expect(long.slice(0, short.length)).toEqual(short);
    expect(ipoPriceHistory(ipoEventById(e.id)!, e.timeMs + 50 * 86_400_000)).toEqual(short);
  });

  it('pops more on the first day when priced above the range than below it, on average', () => {
    const many = ipoEvents(Date.UTC(2020, 0, 1), Date.UTC(2026, 0, 1));
    const pop = (list: typeof many) =>
      list.reduce((s, e) => s + Math.log(ipoPriceHistory(e, e.timeMs + 86_400_000)[0]!.close / e.finalPrice!), 0) /
      list.length;
    const above = many.filter((e) => e.finalPrice! > e.priceHigh);
    const below = many.filter((e) => e.finalPrice! < e.priceLow);
    expect(above.length).toBeGreaterThan(50);
    expect(below.length).toBeGreaterThan(50);
    expect(pop(above)).toBeGreaterThan(pop(below) + 0.15);
  });

  it('thins a long history to weekly closes, keeping the first day and the latest close', () => {
    const e = ipos[0]!;
    const until = e.timeMs + 3 * 365 * 86_400_000;
    const path = ipoPriceHistory(e, until);
    expect(path.length).toBeGreaterThan(150);
    expect(path.length).toBeLessThan(170);
    expect(path[0]).toEqual(ipoPriceHistory(e, e.timeMs + 86_400_000)[0]);
    expect(until - path.at(-1)!.timeMs).toBeLessThan(5 * 86_400_000);
  });
});
