import { describe, expect, it } from 'vitest';
import { importBucketStart, importNextBucketStart, importTimeframeDivides } from './timeframes.js';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('import timeframes', () => {
  it.each([
    ['1m', '2024-01-03T10:07:59Z', '2024-01-03T10:07:00Z', '2024-01-03T10:08:00Z'],
    ['15m', '2024-01-03T10:07:00Z', '2024-01-03T10:00:00Z', '2024-01-03T10:15:00Z'],
    ['4h', '2024-01-03T10:07:00Z', '2024-01-03T08:00:00Z', '2024-01-03T12:00:00Z'],
    ['1D', '2024-01-03T10:07:00Z', '2024-01-03T00:00:00Z', '2024-01-04T00:00:00Z'],
    // 2024-01-03 is a Wednesday; the week starts on Monday the 1st
    ['1W', '2024-01-03T10:07:00Z', '2024-01-01T00:00:00Z', '2024-01-08T00:00:00Z'],
    ['1W', '2024-01-07T23:59:00Z', '2024-01-01T00:00:00Z', '2024-01-08T00:00:00Z'],
    ['1M', '2024-02-29T10:07:00Z', '2024-02-01T00:00:00Z', '2024-03-01T00:00:00Z'],
    ['1M', '2023-12-31T23:00:00Z', '2023-12-01T00:00:00Z', '2024-01-01T00:00:00Z'],
  ] as const)('%s: the bar holding %s starts at %s, the next at %s', (tf, at, start, next) => {
    expect(importBucketStart(tf, utc(at))).toBe(utc(start));
    expect(importNextBucketStart(tf, utc(start))).toBe(utc(next));
  });

  it.each([
    ['1m', '15m', true],
    ['5m', '15m', true],
    ['15m', '1h', true],
    ['30m', '4h', true],
    ['15m', '5m', false],
    ['1h', '1D', false],
    ['1D', '1W', true],
    ['1D', '1M', true],
    ['1W', '1M', false],
    ['1M', '1M', true],
  ] as const)('%s bars build %s bars: %s', (source, target, expected) => {
    expect(importTimeframeDivides(source, target)).toBe(expected);
  });
});
