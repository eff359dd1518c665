import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csvField (RFC 4180)', () => {
  it.each([
    ['plain text', 'EURUSD', 'EURUSD'],
    ['a comma is quoted', 'Buy, then hold', '"Buy, then hold"'],
    ['quotes are doubled inside quotes', 'the "breakout"', '"the ""breakout"""'],
    ['a line break is quoted', 'line one\nline two', '"line one\nline two"'],
    ['a carriage return is quoted', 'a\r\nb', '"a\r\nb"'],
    ['leading spaces survive by quoting', '  indented', '"  indented"'],
    ['an integer', 42, '42'],
    ['a price in full precision', 1.083456, '1.083456'],
    ['a negative number stays a number', -3.5, '-3.5'],
    ['not a number is empty', Number.NaN, ''],
    ['infinity is empty', Number.POSITIVE_INFINITY, ''],
    ['null is empty', null, ''],
    ['undefined is empty', undefined, ''],
    ['true', true, 'true'],
    ['a date in ISO 8601 UTC', new Date('2026-03-02T14:05:09.123Z'), '2026-03-02T14:05:09.123Z'],
    ['an invalid date is empty', new Date('nope'), ''],
    ['a formula is defused', '=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['a command after a sign is defused', "-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['an at-sign formula is defused', '@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['a formatted loss is left alone', '-$3.00', '-$3.00'],
    ['a formatted gain with a percent sign is left alone', '+1.25%', '+1.25%'],
    ['a formatted amount with a code is quoted for its comma, not defused', '-1,234.50 USDT', '"-1,234.50 USDT"'],
  ])('%s', (_name, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes a header line and one line per row, each ended by CRLF', () => {
    const csv = toCsv(
      ['Symbol', 'Side', 'Note'],
      [
        ['EURUSD', 'Buy', 'first, small'],
        ['XAUUSD', 'Sell', null],
      ],
    );
    expect(csv).toBe('Symbol,Side,Note\r\nEURUSD,Buy,"first, small"\r\nXAUUSD,Sell,\r\n');
  });
});
