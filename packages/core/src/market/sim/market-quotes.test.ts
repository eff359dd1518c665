import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundToDigits } from '../instruments/build.js';
import { getInstrument, INSTRUMENTS } from '../instruments/catalogue.js';
import { COINS, CURRENCIES, METALS } from '../instruments/reference-data.js';
import { createSimulatedMarket } from './market.js';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi) / 1000;
const market = createSimulatedMarket();
const ids = INSTRUMENTS.map((i) => i.id);
/** A weekday minute (Tuesday to Thursday, 02:00-19:59 UTC), when every FX, metal and crypto pair trades. */
const weekdayMinute = fc
  .record({
    week: fc.integer({ min: 0, max: 52 * 30 }),
    day: fc.integer({ min: 0, max: 2 }),
    minute: fc.integer({ min: 120, max: 1199 }),
  })
  .map(({ week, day, minute }) => utc(2000, 1, 4) + week * 7 * 86400 + day * 86400 + minute * 60);
const pairs = INSTRUMENTS.filter(
  (i) => ['FOREX', 'CRYPTO'].includes(i.source) || (i.category === 'metals' && i.id.startsWith('X')),
);

/** USD value of a currency, metal or coin from the catalogue's USD pairs, at a minute boundary. */
function usdValue(code: string, t: number): number {
  if (code === 'USD') return 1;
  if (getInstrumentOrNull(`${code}USD`)) return market.boundaryMid(`${code}USD`, t);
  return 1 / market.boundaryMid(`USD${code}`, t);
}
function getInstrumentOrNull(id: string) {
  return INSTRUMENTS.find((i) => i.id === id) ?? null;
}

describe('live ticks', () => {
  it('follow the minute path within its high and low and end exactly at its close', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), weekdayMinute, fc.integer({ min: 0, max: 59_999 }), (id, t, offset) => {
        const bar = market.minuteBar(id, t);
        if (!bar) return;
        const tick = market.tick(id, t * 1000 + offset)!;
        expect(tick).toBeGreaterThanOrEqual(bar.low);
        expect(tick).toBeLessThanOrEqual(bar.high);
        expect(market.tick(id, t * 1000 + 59_999)).toBe(bar.close);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('start near the open, move during the minute and are deterministic', () => {
    const t = utc(2024, 3, 12, 13, 31) * 1000;
    const bar = market.minuteBar('EURUSD', t / 1000)!;
    const ticks = Array.from({ length: 600 }, (_, k) => market.tick('EURUSD', t + k * 100)!);
    expect(Math.abs(ticks[0]! - bar.open)).toBeLessThanOrEqual((bar.high - bar.low) / 2 + 1e-9);
    expect(new Set(ticks).size).toBeGreaterThan(3);
    expect(createSimulatedMarket().tick('EURUSD', t + 12_345)).toBe(market.tick('EURUSD', t + 12_345));
    expect(market.tick('EURUSD', Date.UTC(2024, 2, 9, 12))).toBeNull();
  });

  it('quote bid and ask around the mid with the spread in points', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), weekdayMinute, fc.integer({ min: 0, max: 59_999 }), (id, t, offset) => {
        const i = getInstrument(id);
        const q = market.quote(id, t * 1000 + offset);
        expect(q.ask - q.bid).toBeCloseTo(q.spread * i.pointSize, i.digits + 2);
        expect(q.spread).toBeGreaterThanOrEqual(i.typicalSpread);
        expect(q.bid).toBeLessThanOrEqual(q.mid);
        expect(q.ask).toBeGreaterThanOrEqual(q.mid);
        if (q.open) expect(q.mid).toBe(market.tick(id, t * 1000 + offset));
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('show the last close while the market is closed', () => {
    const q = market.quote('AAPL', Date.UTC(2024, 2, 9, 12));
    expect(q.open).toBe(false);
    expect(q.time).toBe(utc(2024, 3, 8, 21) * 1000);
    expect(q.mid).toBe(market.minuteBar('AAPL', utc(2024, 3, 8, 20, 59))!.close);
  });

  it('widen the spread outside the busy hours', () => {
    // EUR/USD: London morning vs the hour after the New York close; Germany 40 at 10:00 Berlin vs 03:00 Berlin
    expect(market.spreadAt('EURUSD', Date.UTC(2024, 2, 12, 9, 15))).toBe(getInstrument('EURUSD').typicalSpread);
    expect(market.spreadAt('EURUSD', Date.UTC(2024, 2, 12, 21, 10))).toBeGreaterThan(
      getInstrument('EURUSD').typicalSpread,
    );
    expect(market.spreadAt('DE40', Date.UTC(2024, 2, 12, 2))).toBeGreaterThan(
      market.spreadAt('DE40', Date.UTC(2024, 2, 12, 9)),
    );
  });
});

describe('FX crosses and conversion', () => {
  it('price a cross of two USD pairs exactly as the ratio of its legs, then rounded half up to its digits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('EURGBP', 'EURAUD', 'GBPNZD', 'AUDNZD', 'XAUEUR', 'BTCEUR'),
        weekdayMinute,
        (id, t) => {
          const i = getInstrument(id);
          const legs = [`${i.baseCurrency}USD`, `${i.quoteCurrency}USD`] as const;
          const exact = market.boundaryMid(legs[0], t + 60) / market.boundaryMid(legs[1], t + 60);
          expect(market.boundaryMid(id, t + 60)).toBe(exact);
          const bar = market.minuteBar(id, t);
          if (bar) expect(bar.close).toBe(roundToDigits(exact, i.digits));
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('price every pair as the ratio of its currencies USD values (within float rounding)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...pairs), weekdayMinute, (i, t) => {
        const ratio = usdValue(i.baseCurrency, t) / usdValue(i.quoteCurrency, t);
        expect(Math.abs(market.boundaryMid(i.id, t) / ratio - 1)).toBeLessThan(1e-12);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('keep ticks of a cross consistent with ticks of its legs', () => {
    fc.assert(
      fc.property(weekdayMinute, fc.integer({ min: 0, max: 59_999 }), (t, offset) => {
        const ms = t * 1000 + offset;
        const cross = market.tick('EURGBP', ms)!;
        const ratio = market.tick('EURUSD', ms)! / market.tick('GBPUSD', ms)!;
        // each price is rounded to 5 digits: the ratio of the rounded legs is within a couple of points
        expect(Math.abs(cross - ratio)).toBeLessThan(3e-5);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('convert through any chain of currencies at the same rate', () => {
    const codes = [...CURRENCIES, ...METALS, ...COINS.slice(0, 3)].map((c) => c.code).concat('GBX');
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        fc.constantFrom(...codes),
        fc.constantFrom(...codes),
        weekdayMinute,
        (a, b, c, t) => {
          const ms = t * 1000 + 17_000;
          const direct = market.convert(1000, a, c, ms);
          const viaB = market.convert(market.convert(1000, a, b, ms), b, c, ms);
          expect(Math.abs(viaB / direct - 1)).toBeLessThan(1e-12);
          expect(market.rate(a, a, ms)).toBe(1);
          expect(Math.abs(market.rate(a, b, ms) * market.rate(b, a, ms) - 1)).toBeLessThan(1e-12);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('convert at the quoted mid', () => {
    const ms = Date.UTC(2024, 2, 12, 10, 0, 30);
    expect(market.rate('EUR', 'USD', ms)).toBeCloseTo(market.tick('EURUSD', ms)!, 5);
    expect(market.rate('USD', 'JPY', ms)).toBeCloseTo(market.tick('USDJPY', ms)!, 3);
    expect(market.rate('GBX', 'GBP', ms)).toBeCloseTo(0.01, 15);
    expect(market.convert(250, 'USD', 'USD', ms)).toBe(250);
    expect(() => market.convert(1, 'EUR', 'XYZ', ms)).toThrow(
      'to must be a known currency, metal or coin code; "XYZ" is not.',
    );
  });
});

describe('partialMinuteBar', () => {
  it('is the forming minute of candles at that instant, and null while the market is closed', () => {
    fc.assert(
      fc.property(
        weekdayMinute,
        fc.integer({ min: 0, max: 59_999 }),
        fc.constantFrom('EURUSD', 'XAUUSD', 'BTCUSD'),
        (minute, offset, id) => {
          const ms = minute * 1000 + offset;
          const expected = market.candles(id, '1m', { asOfMs: ms, limit: 1 })[0];
          expect(market.partialMinuteBar(id, ms)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
    expect(market.partialMinuteBar('EURUSD', Date.UTC(2026, 0, 10, 12, 0, 0))).toBeNull();
  });
});
