import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookAmount, bookMinor, decimalToMinor, minorToDecimal, sumBooked } from './money.js';

describe('booking money to the minor unit', () => {
  it.each([
    // [case, amount, currency, booked]
    ['1.005 is stored as 1.00499999... yet books as the 1.01 the caller meant', 1.005, 'USD', '1.01'],
    ['a negative half rounds away from zero', -1.005, 'USD', '-1.01'],
    ['2.675 (stored as 2.67499...) books as 2.68', 2.675, 'EUR', '2.68'],
    ['just under a half rounds down', 1.004999, 'USD', '1.00'],
    ['0.045 books as 0.05', 0.045, 'GBP', '0.05'],
    ['yen have no minor unit: 0.5 rounds to 1', 0.5, 'JPY', '1'],
    ['and -0.5 to -1', -0.5, 'JPY', '-1'],
    ['a tiny loss books as zero, not "-0.00"', -0.004, 'CHF', '0.00'],
    ['0.1 + 0.2 books as 0.30', 0.1 + 0.2, 'AUD', '0.30'],
    ['large amounts keep their cents', 123_456_789.125, 'CAD', '123456789.13'],
  ])('%s', (_case, amount, currency, booked) => {
    expect(bookAmount(amount, currency)).toBe(booked);
  });

  it('reads decimal strings back as minor units and refuses digits that were never booked', () => {
    expect(decimalToMinor('12.3400', 'USD')).toBe(1234);
    expect(decimalToMinor('-0.05', 'USD')).toBe(-5);
    expect(decimalToMinor('1500', 'JPY')).toBe(1500);
    expect(() => decimalToMinor('12.345', 'USD')).toThrow(/more decimals than USD books/);
    expect(() => decimalToMinor('abc', 'USD')).toThrow(/not a decimal amount/);
    expect(() => bookMinor(1, 'XYZ')).toThrow(/XYZ/);
    expect(() => bookMinor(Number.NaN, 'USD')).toThrow(/finite/);
  });

  it('property: minor units and decimal strings round-trip, and sums of booked strings are exact', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e11, max: 1e11 }), { maxLength: 50 }), (minors) => {
        const decimals = minors.map((m) => minorToDecimal(m, 'USD'));
        for (let i = 0; i < minors.length; i++) expect(decimalToMinor(decimals[i]!, 'USD')).toBe(minors[i]);
        expect(sumBooked(decimals, 'USD')).toBe(
          minorToDecimal(
            minors.reduce((a, b) => a + b, 0),
            'USD',
          ),
        );
      }),
    );
  });

  it('property: booking is within half a minor unit of the amount and never a fraction', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        const m = bookMinor(x, 'EUR');
        expect(Number.isSafeInteger(m)).toBe(true);
        expect(Math.abs(m / 100 - x)).toBeLessThanOrEqual(0.005 + 1e-6);
      }),
    );
  });
});
