import { describe, expect, it } from 'vitest';
import { isTimeframeKey, parseTypedTimeframe } from './timeframes';

describe('parseTypedTimeframe', () => {
  it.each([
    ['1h', '1h'],
    ['4h', '4h'],
    ['4H', '4h'],
    ['d', '1D'],
    ['D', '1D'],
    ['1d', '1D'],
    ['w', '1W'],
    ['1W', '1W'],
    ['M', '1M'],
    ['m', '1M'],
    ['1M', '1M'],
    ['1m', '1m'],
    ['5', '5m'],
    ['15', '15m'],
    ['15m', '15m'],
    ['30', '30m'],
    ['60', '1h'],
    ['240', '4h'],
    [' 1h ', '1h'],
  ])('%s is %s', (typed, expected) => {
    expect(parseTypedTimeframe(typed)).toBe(expected);
  });

  it.each(['', '7', '2h', '2d', '0', 'x', '1hh', '3w', 'h1'])('%s names no chart timeframe', (typed) => {
    expect(parseTypedTimeframe(typed)).toBeNull();
  });

  it('knows which keys start an entry', () => {
    expect(['1', 'h', 'd', 'D', 'w', 'M'].every(isTimeframeKey)).toBe(true);
    expect(['t', 'g', '?', 'Enter', 'x'].some(isTimeframeKey)).toBe(false);
  });
});
