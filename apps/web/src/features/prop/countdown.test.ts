import { describe, expect, it } from 'vitest';
import { countdownText, zoneName } from './countdown';

describe('countdownText', () => {
  it.each([
    ['hours, minutes and seconds', 5 * 3600_000 + 7 * 60_000 + 3_000, '5 h 07 min 03 s'],
    ['under an hour', 7 * 60_000 + 3_000 + 999, '7 min 03 s'],
    ['the reset passed', -10_000, '0 min 00 s'],
  ])('%s', (_name, leftMs, text) => {
    expect(countdownText(1_000_000 + leftMs, 1_000_000)).toBe(text);
  });
});

describe('zoneName', () => {
  it('names the zone as it is at that instant (winter and summer in New York)', () => {
    expect(zoneName('America/New_York', Date.UTC(2026, 0, 15))).toBe('EST');
    expect(zoneName('America/New_York', Date.UTC(2026, 6, 15))).toBe('EDT');
  });
  it('falls back to the zone id for an unknown zone', () => {
    expect(zoneName('Mars/Olympus', 0)).toBe('Mars/Olympus');
  });
});
