import { describe, expect, it } from 'vitest';
import { periodKey } from './periods.js';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('periodKey', () => {
  it('starts a new day at the session start minute', () => {
    expect(periodKey(at('2024-03-05T23:59:00Z'), 'day', 0)).not.toBe(periodKey(at('2024-03-06T00:00:00Z'), 'day', 0));
    // FX-style session starting 22:00 UTC: 21:59 and 22:00 fall in different sessions, 22:00 and 21:59 next day not
    const start = 22 * 60;
    expect(periodKey(at('2024-03-05T21:59:00Z'), 'day', start)).not.toBe(
      periodKey(at('2024-03-05T22:00:00Z'), 'day', start),
    );
    expect(periodKey(at('2024-03-05T22:00:00Z'), 'day', start)).toBe(
      periodKey(at('2024-03-06T21:59:00Z'), 'day', start),
    );
  });

  it('starts weeks on Monday', () => {
    // 2024-03-03 is a Sunday, 2024-03-04 a Monday
    expect(periodKey(at('2024-03-03T23:00:00Z'), 'week', 0)).not.toBe(periodKey(at('2024-03-04T00:00:00Z'), 'week', 0));
    expect(periodKey(at('2024-03-04T00:00:00Z'), 'week', 0)).toBe(periodKey(at('2024-03-10T23:59:00Z'), 'week', 0));
  });

  it('starts months on the 1st, leap days included', () => {
    const feb29 = periodKey(at('2024-02-29T12:00:00Z'), 'month', 0);
    expect(feb29).toBe(periodKey(at('2024-02-01T00:00:00Z'), 'month', 0));
    expect(periodKey(at('2024-03-01T00:00:00Z'), 'month', 0)).toBe(feb29 + 1);
    expect(periodKey(at('2023-12-31T23:59:00Z'), 'month', 0) + 1).toBe(
      periodKey(at('2024-01-01T00:00:00Z'), 'month', 0),
    );
    expect(periodKey(at('1999-12-15T00:00:00Z'), 'month', 0)).toBe(1999 * 12 + 11);
  });
});
