import { describe, expect, it } from 'vitest';
import { applyPercent, percentText, toDecimal, toMinor } from './money.js';
import { EU_STANDARD_VAT, vatFor, vatNote } from './vat.js';

describe('money', () => {
  it('converts minor units and decimal strings exactly, both ways', () => {
    for (const [minor, text] of [
      [0, '0.00'],
      [5, '0.05'],
      [1900, '19.00'],
      [-5, '-0.05'],
      [123456789, '1234567.89'],
    ] as const) {
      expect(toDecimal(minor)).toBe(text);
      expect(toMinor(text)).toBe(minor);
    }
    expect(toMinor('19.5')).toBe(1950);
    expect(toMinor('19')).toBe(1900);
    expect(() => toMinor('1.234')).toThrow();
    expect(percentText(2550)).toBe('25.5');
    expect(percentText(2100)).toBe('21');
    expect(percentText(0)).toBe('0');
  });

  it.each([
    // amount, rate (hundredths of %), expected: rounded once, half away from zero
    [1598, 2100, 336], // 3.3558
    [1598, 1900, 304], // 3.0362
    [1598, 2550, 407], // 4.0749
    [50, 2100, 11], // 10.5 -> 11
    [-50, 2100, -11], // -10.5 -> -11 (away from zero)
    [150, 1700, 26], // 25.5 -> 26
    [149, 1700, 25], // 25.33
    [1, 2100, 0], // 0.21
    [999_999_999, 2700, 270_000_000], // 269,999,999.73
    [0, 2100, 0],
  ])('%i cents at %i/100 %% is %i cents', (amount, rate, expected) => {
    expect(applyPercent(amount, rate)).toBe(expected);
  });
});

describe('VAT by the billing country (seller in NL)', () => {
  it.each([
    ['NL consumer', { country: 'NL', vat: '' }, '21', false],
    ['NL business (domestic: VAT charged)', { country: 'NL', vat: 'NL123456789B01' }, '21', false],
    ['DE consumer', { country: 'DE', vat: '' }, '19', false],
    ['DE business with a VAT number', { country: 'DE', vat: 'DE123456789' }, '0', true],
    ['FI consumer', { country: 'FI', vat: '' }, '25.5', false],
    ['US', { country: 'US', vat: '' }, '0', false],
    ['US with a tax id', { country: 'US', vat: '12-3456789' }, '0', false],
    ['GB (outside the EU)', { country: 'GB', vat: 'GB123456789' }, '0', false],
    ['no country given: the seller’s', { country: '', vat: '' }, '21', false],
    ['a blank VAT number is no VAT number', { country: 'FR', vat: '  ' }, '20', false],
  ])('%s', (_case, billing, rate, reverse) => {
    const t = vatFor(billing);
    expect([t.rateText, t.reverseCharge]).toEqual([rate, reverse]);
    expect(vatNote({ reverseCharge: t.reverseCharge, taxRatePercent: t.rateText, country: billing.country })).toBe(
      t.note,
    );
  });

  it('knows the 27 member states, NL at 21 %', () => {
    expect(Object.keys(EU_STANDARD_VAT)).toHaveLength(27);
    expect(EU_STANDARD_VAT.NL).toBe(2100);
    expect(vatFor({ country: 'DE', vat: 'DE1' }).note).toMatch(/reverse charge/i);
    expect(vatFor({ country: 'US', vat: '' }).note).toMatch(/outside the EU/);
  });
});
