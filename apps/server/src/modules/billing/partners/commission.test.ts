import { describe, expect, it } from 'vitest';
import { addMonths, commissionOf, fromHundredths, toHundredths } from './commission.js';

describe('commission math', () => {
  it('computes commission to the cent, rounding half away from zero once', () => {
    const cases: Array<[string, number, number, number]> = [
      // name, net (minor units), rate (hundredths of a percent), commission (minor units)
      ['20 % of 19.99 (399.8 c)', 1999, 2000, 400],
      ['20 % of 0.02 (0.4 c)', 2, 2000, 0],
      ['20 % of 123.45', 12345, 2000, 2469],
      ['12.5 % of 0.04 (exactly half a cent)', 4, 1250, 1],
      ['12.5 % of 0.12 (1.5 c)', 12, 1250, 2],
      ['12.5 % of 0.20 (2.5 c, away from zero, not to even)', 20, 1250, 3],
      ['12.5 % of -0.04 (half away from zero, negative)', -4, 1250, -1],
      ['33.33 % of 100.00', 10000, 3333, 3333],
      ['33.33 % of 0.15 (4.9995 c)', 15, 3333, 5],
      ['0 % of 100.00', 10000, 0, 0],
      ['100 % of 99.99', 9999, 10000, 9999],
      ['20 % of 9,999,999.99', 999_999_999, 2000, 200_000_000],
    ];
    for (const [name, net, rate, expected] of cases) expect(commissionOf(net, rate), name).toBe(expected);
  });

  it('reads and writes decimal amounts exactly', () => {
    const cases: Array<[string, number]> = [
      ['0.00', 0],
      ['19.05', 1905],
      ['20', 2000],
      ['12.5', 1250],
      ['-4.00', -400],
      ['9999999.99', 999_999_999],
    ];
    for (const [text, value] of cases) expect(toHundredths(text), text).toBe(value);
    expect([1905, 5, -5, -400, 0].map(fromHundredths)).toEqual(['19.05', '0.05', '-0.05', '-4.00', '0.00']);
    expect(() => toHundredths('1e3')).toThrow();
  });

  it('adds calendar months, clamped to the end of a shorter month', () => {
    const cases: Array<[string, number, string]> = [
      ['2026-05-05T09:00:00.000Z', 12, '2027-05-05T09:00:00.000Z'],
      ['2026-01-31T12:00:00.000Z', 1, '2026-02-28T12:00:00.000Z'],
      ['2028-01-31T00:00:00.000Z', 1, '2028-02-29T00:00:00.000Z'],
      ['2026-12-15T00:00:00.000Z', 3, '2027-03-15T00:00:00.000Z'],
    ];
    for (const [from, months, to] of cases) expect(addMonths(new Date(from), months).toISOString(), from).toBe(to);
  });
});
