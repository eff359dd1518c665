import { describe, expect, it } from 'vitest';
import {
  addMonths,
  couponApplies,
  couponDiscount,
  divRoundHalfAway,
  nextPeriodEnd,
  prorate,
} from './subscriptions.money.js';

const d = (iso: string) => new Date(iso);

describe('divRoundHalfAway', () => {
  it('rounds half away from zero, once', () => {
    const cases: Array<[number, number, number]> = [
      [5, 2, 3],
      [-5, 2, -3],
      [4, 2, 2],
      [7, 3, 2],
      [-7, 3, -2],
      [1, 3, 0],
      [3, 2, 2],
      [0, 9, 0],
    ];
    for (const [num, den, want] of cases) expect(divRoundHalfAway(num, den), `${num}/${den}`).toBe(want);
  });
});

describe('coupon discounts, to the cent', () => {
  const pct = (bp: number) => ({ percentOffBp: bp, amountOffMinor: null, currency: null });
  const off = (minor: number, currency: string) => ({ percentOffBp: null, amountOffMinor: minor, currency });
  it.each([
    ['20 % of 19.00', 1900, pct(2000), 'USD', 380],
    ['20 % of 19.99 (399.8 -> 4.00)', 1999, pct(2000), 'USD', 400],
    ['15 % of 9.90 (148.5 -> 1.49, half away from zero)', 990, pct(1500), 'USD', 149],
    ['12.5 % of 0.99 (12.375 -> 0.12)', 99, pct(1250), 'USD', 12],
    ['33.33 % of 190.00 (6332.7 -> 63.33)', 19000, pct(3333), 'USD', 6333],
    ['100 % of 19.00', 1900, pct(10000), 'USD', 1900],
    ['5.00 USD off 19.00', 1900, off(500, 'USD'), 'USD', 500],
    ['50.00 USD off 19.00 is capped at 19.00', 1900, off(5000, 'USD'), 'USD', 1900],
    ['5.00 USD off a EUR price gives nothing', 1900, off(500, 'USD'), 'EUR', 0],
    ['nothing off nothing', 0, pct(2000), 'USD', 0],
  ])('%s', (_name, amount, terms, currency, want) => {
    expect(couponDiscount(amount, terms, currency)).toBe(want);
  });

  it('applies once, for N months from redemption, or forever', () => {
    const redeemedAt = d('2026-01-15T10:00:00Z');
    const cases: Array<[string, 'once' | 'repeating' | 'forever', number | null, string, number, boolean]> = [
      ['once: the first invoice', 'once', null, '2026-01-15T10:00:00Z', 0, true],
      ['once: not the second', 'once', null, '2026-02-15T10:00:00Z', 1, false],
      ['3 months: the third monthly period', 'repeating', 3, '2026-03-15T10:00:00Z', 2, true],
      ['3 months: not the fourth', 'repeating', 3, '2026-04-15T10:00:00Z', 3, false],
      ['3 months: the first yearly period', 'repeating', 3, '2026-01-15T10:00:00Z', 0, true],
      ['3 months: not the second yearly period', 'repeating', 3, '2027-01-15T10:00:00Z', 1, false],
      ['forever: ten years on', 'forever', null, '2036-01-15T10:00:00Z', 120, true],
    ];
    for (const [name, duration, durationMonths, start, index, want] of cases) {
      expect(couponApplies({ duration, durationMonths, redeemedAt }, d(start), index), name).toBe(want);
    }
  });
});

describe('periods', () => {
  it('adds calendar months in UTC, clamping to the month end', () => {
    const cases: Array<[string, number, string]> = [
      ['2026-01-15T10:00:00Z', 1, '2026-02-15T10:00:00Z'],
      ['2026-01-31T10:00:00Z', 1, '2026-02-28T10:00:00Z'],
      ['2028-01-31T10:00:00Z', 1, '2028-02-29T10:00:00Z'],
      ['2026-11-30T23:59:59Z', 3, '2027-02-28T23:59:59Z'],
      ['2026-03-01T00:00:00Z', 12, '2027-03-01T00:00:00Z'],
    ];
    for (const [from, n, want] of cases) expect(addMonths(d(from), n).toISOString(), from).toBe(d(want).toISOString());
  });

  it('counts each period end from the anchor, so a short month does not shift later ones', () => {
    const anchor = d('2026-01-31T08:00:00Z');
    const ends: string[] = [];
    let end = anchor;
    for (let i = 0; i < 4; i++) {
      end = nextPeriodEnd(anchor, end, 'monthly');
      ends.push(end.toISOString().slice(0, 10));
    }
    expect(ends).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(nextPeriodEnd(anchor, anchor, 'yearly').toISOString()).toBe('2027-01-31T08:00:00.000Z');
    expect(nextPeriodEnd(anchor, d('2027-01-31T08:00:00Z'), 'yearly').toISOString()).toBe('2028-01-31T08:00:00.000Z');
  });
});

describe('proration by remaining seconds, to the cent', () => {
  // a 30-day period (April): 2,592,000 s
  const periodStart = d('2026-04-01T00:00:00Z');
  const periodEnd = d('2026-05-01T00:00:00Z');
  it.each([
    ['half way, 19.00 -> 49.00: 15.00 due', '2026-04-16T00:00:00Z', 1900, 4900, 1_296_000, 1500],
    ['at the start: the whole difference', '2026-04-01T00:00:00Z', 1900, 4900, 2_592_000, 3000],
    ['one second left: 30.00 x 1/2592000 rounds to 0', '2026-04-30T23:59:59Z', 1900, 4900, 1, 0],
    ['one third left (10 days), 19.99 -> 49.99: 10.00', '2026-04-21T00:00:00Z', 1999, 4999, 864_000, 1000],
    ['7 days 12 h left, 9.99 -> 29.99 (4.99999 -> 5.00)', '2026-04-23T12:00:00Z', 999, 2999, 648_000, 500],
    ['1 day left, 0 -> 10.00 (33.33 -> 0.33)', '2026-04-30T00:00:00Z', 0, 1000, 86_400, 33],
    ['1 h 30 min left, 0 -> 99.00 (20.625 -> 0.21)', '2026-04-30T22:30:00Z', 0, 9900, 5400, 21],
    ['a downgrade half way: negative, nothing due now', '2026-04-16T00:00:00Z', 4900, 1900, 1_296_000, -1500],
    ['after the period end: nothing remains', '2026-05-02T00:00:00Z', 1900, 4900, 0, 0],
  ])('%s', (_name, at, oldAmountMinor, newAmountMinor, remaining, net) => {
    const p = prorate({ periodStart, periodEnd, at: d(at), oldAmountMinor, newAmountMinor });
    expect(p).toEqual({ remainingSeconds: remaining, periodSeconds: 2_592_000, netMinor: net });
  });
});
