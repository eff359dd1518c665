import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, fromUnixSeconds, type TimePreferences } from './dates';
import {
  currencyDigits,
  formatMoney,
  formatMoneyMinor,
  formatPercent,
  formatPrice,
  formatVolume,
  MISSING_VALUE,
} from './numbers';
import { formatPnl, pnlColor, pnlDirection, pnlPalette } from './pnl';

const en = { locale: 'en-US' };
const de = { locale: 'de-DE' };

describe('formatPrice', () => {
  it.each([
    ['EURUSD, 5 digits', 1.083456, 5, en, '1.08346'],
    ['USDJPY, 3 digits', 151.2, 3, en, '151.200'],
    ['BTCUSD, 2 digits, grouped', 67123.4, 2, en, '67,123.40'],
    ['an index, no decimals', 18234.6, 0, en, '18,235'],
    ['German separators', 1234.5, 2, de, '1.234,50'],
    ['a negative price (spreads, oil 2020)', -37.63, 2, en, '-37.63'],
    ['a negative that rounds to zero shows no sign', -0.000001, 5, en, '0.00000'],
    ['digits out of range are clamped', 1.5, 40, en, '1.500000000000'],
    ['missing', null, 5, en, MISSING_VALUE],
    ['not a number', Number.NaN, 5, en, MISSING_VALUE],
    ['infinite', Number.POSITIVE_INFINITY, 2, en, MISSING_VALUE],
  ])('%s', (_name, value, digits, options, expected) => {
    expect(formatPrice(value, digits, options)).toBe(expected);
  });

  it('can leave out grouping separators', () => {
    expect(formatPrice(67123.4, 2, { ...en, grouping: false })).toBe('67123.40');
  });
});

describe('money', () => {
  it.each([
    ['USD has 2 minor digits', 'USD', 2],
    ['JPY has none', 'JPY', 0],
    ['KWD has 3', 'KWD', 3],
    ['an unknown code falls back to 2', 'USDT', 2],
  ])('currencyDigits: %s', (_name, currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits);
  });

  it.each([
    ['dollars, rounded to cents', 1234.567, 'USD', {}, '$1,234.57'],
    ['yen, rounded to whole yen', 1234.5, 'JPY', {}, '¥1,235'],
    ['dinars, three digits', 1.2345, 'KWD', {}, 'KWD\u00a01.235'],
    ['a loss', -12, 'EUR', {}, '-€12.00'],
    ['signed profit', 12, 'USD', { signed: true }, '+$12.00'],
    ['signed zero has no sign', 0, 'USD', { signed: true }, '$0.00'],
    ['a loss that rounds to zero has no sign', -0.004, 'USD', {}, '$0.00'],
    ['compact', 1_234_567, 'USD', { compact: true }, '$1.2M'],
    ['a code that is not ISO 4217', 1234.5, 'USDT', {}, '1,234.50 USDT'],
    ['missing', undefined, 'USD', {}, MISSING_VALUE],
  ])('formatMoney: %s', (_name, amount, currency, options, expected) => {
    expect(formatMoney(amount, currency, { ...en, ...options })).toBe(expected);
  });

  it.each([
    ['cents to dollars', 123456, 'USD', '$1,234.56'],
    ['yen have no minor unit', 5, 'JPY', '¥5'],
    ['fils to dinars', 1234, 'KWD', 'KWD\u00a01.234'],
    ['a bigint', 10n ** 12n, 'USD', '$10,000,000,000.00'],
    ['negative cents', -1, 'USD', '-$0.01'],
  ])('formatMoneyMinor: %s', (_name, minor, currency, expected) => {
    expect(formatMoneyMinor(minor, currency, en)).toBe(expected);
  });

  it('formats money in the locale given', () => {
    expect(formatMoney(1234.5, 'EUR', de)).toBe('1.234,50\u00a0€');
  });
});

describe('formatPercent', () => {
  it.each([
    ['points, two decimals', 12.345, {}, '12.35%'],
    ['a ratio is not assumed: 0.5 is half a percent', 0.5, {}, '0.50%'],
    ['signed gain', 3.2, { signed: true }, '+3.20%'],
    ['signed loss', -0.5, { signed: true }, '-0.50%'],
    ['one decimal', 56.25, { digits: 1 }, '56.3%'],
    ['zero stays unsigned', 0, { signed: true }, '0.00%'],
    ['missing', null, {}, MISSING_VALUE],
  ])('%s', (_name, points, options, expected) => {
    expect(formatPercent(points, { ...en, ...options })).toBe(expected);
  });
});

describe('formatVolume', () => {
  it.each([
    ['lots, two decimals', 1.5, { unit: 'lots' as const }, '1.50'],
    ['micro lot', 0.01, { unit: 'lots' as const }, '0.01'],
    ['lots with the word', 1, { unit: 'lots' as const, withUnit: true }, '1.00 lots'],
    ['units grouped', 125000, { unit: 'units' as const }, '125,000'],
    ['fractional coins', 0.125, { unit: 'units' as const }, '0.125'],
    ['one unit with the word', 1, { unit: 'units' as const, withUnit: true }, '1 unit'],
    ['compact thousands', 1234, { unit: 'units' as const, compact: true }, '1.2K'],
    ['compact millions', 3_400_000, { unit: 'units' as const, compact: true }, '3.4M'],
    ['compact small stays whole', 950, { unit: 'units' as const, compact: true }, '950'],
    ['missing', undefined, { unit: 'lots' as const }, MISSING_VALUE],
  ])('%s', (_name, value, options, expected) => {
    expect(formatVolume(value, { ...en, ...options })).toBe(expected);
  });
});

describe('P/L', () => {
  it.each([
    ['profit in dollars', 12.5, 'USD', undefined, '+$12.50', 'up'],
    ['loss in dollars', -3, 'USD', undefined, '-$3.00', 'down'],
    ['zero', 0, 'USD', undefined, '$0.00', 'flat'],
    ['a loss that rounds to zero is flat', -0.004, 'USD', undefined, '$0.00', 'flat'],
    ['yen: half a yen rounds up to a profit', 0.5, 'JPY', undefined, '+¥1', 'up'],
    ['points without a currency', 12.345, undefined, 1, '+12.3', 'up'],
    ['negative points', -0.5, undefined, 2, '-0.50', 'down'],
    ['missing', null, 'USD', undefined, MISSING_VALUE, 'flat'],
  ])('formatPnl: %s', (_name, value, currency, digits, text, direction) => {
    expect(formatPnl(value, currency, { ...en, digits })).toEqual({ text, direction });
  });

  it.each([
    [0.004, 2, 'flat'],
    [0.005, 2, 'up'],
    [-0.006, 2, 'down'],
    [-0.4, 0, 'flat'],
    [Number.NaN, 2, 'flat'],
  ] as const)('pnlDirection(%s, %s) is %s', (value, digits, direction) => {
    expect(pnlDirection(value, digits)).toBe(direction);
  });

  it.each([
    ['green-up, dark: profit is green', 'up', 'green-up', 'dark', pnlPalette.dark.green],
    ['green-up, dark: loss is red', 'down', 'green-up', 'dark', pnlPalette.dark.red],
    ['red-up, dark: profit is red', 'up', 'red-up', 'dark', pnlPalette.dark.red],
    ['red-up, light: loss is green', 'down', 'red-up', 'light', pnlPalette.light.green],
    ['flat is neutral whatever the scheme', 'flat', 'red-up', 'light', pnlPalette.light.flat],
  ] as const)('pnlColor: %s', (_name, direction, scheme, mode, colour) => {
    expect(pnlColor(direction, scheme, mode)).toBe(colour);
  });
});

describe('dates and times', () => {
  const utc24: TimePreferences = { timeZone: 'UTC', timeFormat: '24h' };
  const ny12: TimePreferences = { timeZone: 'America/New_York', timeFormat: '12h' };
  const tokyo24: TimePreferences = { timeZone: 'Asia/Tokyo', timeFormat: '24h' };
  const instant = '2026-03-02T14:05:09Z';

  it.each([
    ['UTC, 24-hour', instant, utc24, 'dateTime', 'Mar 2, 2026, 14:05'],
    ['New York, 12-hour (EST, UTC-5)', instant, ny12, 'dateTime', 'Mar 2, 2026, 9:05 AM'],
    ['Tokyo crosses midnight into the next day', '2026-03-02T15:30:00Z', tokyo24, 'dateTime', 'Mar 3, 2026, 00:30'],
    ['midnight is 00, never 24', '2026-03-02T00:05:00Z', utc24, 'time', '00:05'],
    ['midnight in 12-hour is 12 AM', '2026-03-02T00:05:00Z', { ...utc24, timeFormat: '12h' }, 'time', '12:05 AM'],
    ['with seconds', instant, utc24, 'dateTimeSeconds', 'Mar 2, 2026, 14:05:09'],
    ['a date only', instant, ny12, 'date', 'Mar 2, 2026'],
    ['epoch milliseconds', Date.parse(instant), utc24, 'time', '14:05'],
    ['a Date', new Date(instant), utc24, 'time', '14:05'],
    ['candle time in unix seconds', fromUnixSeconds(Date.parse(instant) / 1000), utc24, 'time', '14:05'],
    ['a text that is not a date comes back as it is', 'soon', utc24, 'dateTime', 'soon'],
    ['a number that is not a date', Number.NaN, utc24, 'dateTime', MISSING_VALUE],
    ['missing', null, utc24, 'dateTime', MISSING_VALUE],
  ] as const)('formatDateTime: %s', (_name, value, prefs, style, expected) => {
    expect(formatDateTime(value, prefs, { style, locale: 'en-US' })).toBe(expected);
  });

  it('follows daylight saving time in the zone (New York in July is UTC-4)', () => {
    expect(formatTime('2026-07-01T14:05:00Z', ny12, { locale: 'en-US' })).toBe('10:05 AM');
  });

  it('falls back to the browser’s zone for a zone it does not know, instead of failing', () => {
    const text = formatDateTime(instant, { timeZone: 'Mars/Olympus_Mons', timeFormat: '24h' }, { locale: 'en-US' });
    expect(text).toMatch(/^Mar [23], 2026, \d\d:\d\d$/);
  });

  it('has shorthands for a date and a time', () => {
    expect(formatDate(instant, utc24, { locale: 'en-GB' })).toBe('2 Mar 2026');
    expect(formatTime(instant, utc24, { locale: 'en-US', seconds: true })).toBe('14:05:09');
  });
});
