import { describe, expect, it } from 'vitest';
import { chartTimeFormatters } from './chart-time';

// 2026-03-02 14:05 UTC
const t = Date.UTC(2026, 2, 2, 14, 5) / 1000;

describe('chartTimeFormatters', () => {
  it('shows intraday times in the user’s zone and clock', () => {
    const ny12 = chartTimeFormatters(
      { timeZone: 'America/New_York', timeFormat: '12h' },
      { daily: false, locale: 'en-US' },
    );
    expect(ny12.tick(t, 3)).toBe('9:05 AM');
    const tokyo24 = chartTimeFormatters(
      { timeZone: 'Asia/Tokyo', timeFormat: '24h' },
      { daily: false, locale: 'en-GB' },
    );
    expect(tokyo24.tick(t, 3)).toBe('23:05');
    expect(tokyo24.crosshair(t)).toContain('23:05');
  });

  it('names a daily bar by its trade date whatever the zone', () => {
    const day = Date.UTC(2026, 2, 2) / 1000;
    const f = chartTimeFormatters(
      { timeZone: 'America/New_York', timeFormat: '24h' },
      { daily: true, locale: 'en-GB' },
    );
    expect(f.tick(day, 2)).toBe('2 Mar');
    expect(f.crosshair(day)).toContain('2 Mar');
  });

  it('falls back to the browser’s zone for a zone it does not know', () => {
    const f = chartTimeFormatters({ timeZone: 'Not/AZone', timeFormat: '24h' }, { daily: false, locale: 'en-GB' });
    expect(f.tick(t, 3)).toMatch(/^\d\d:05$/);
  });
});
