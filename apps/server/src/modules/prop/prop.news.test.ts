import { createSimulatedMarket } from '@tradedesk/core';
import { describe, expect, it } from 'vitest';
import { calendarNewsNear, type NewsSource } from './prop.feed.js';

describe('the news blackout’s events', () => {
  const market = createSimulatedMarket();
  const at = Date.parse('2026-03-06T13:31:00Z'); // a minute after the simulated US payrolls of March 2026

  it('takes the calendar’s events (feed ones too) and the market’s it does not list, once each', async () => {
    const fromMarket = await calendarNewsNear(undefined, market, at, 10 * 60_000);
    expect(fromMarket.length).toBeGreaterThan(0);
    const calendar: NewsSource = async () => [
      // the calendar lists the simulated release under the same id as the market, and a feed's event
      ...fromMarket.map((e) => ({
        id: e.id!,
        time: new Date(e.timeMs).toISOString(),
        impact: e.impact,
        currency: e.currencies?.[0] ?? 'USD',
        instruments: e.symbols ?? [],
      })),
      { id: 'feed-1', time: '2026-03-06T13:30:00.000Z', impact: 'high', currency: 'USD', instruments: ['EURUSD'] },
    ];
    const merged = await calendarNewsNear(calendar, market, at, 10 * 60_000);
    expect(merged.map((e) => e.id).sort()).toEqual([...fromMarket.map((e) => e.id), 'feed-1'].sort());
    expect(merged.find((e) => e.id === 'feed-1')).toEqual({
      id: 'feed-1',
      timeMs: Date.parse('2026-03-06T13:30:00Z'),
      impact: 'high',
      currencies: ['USD'],
      symbols: ['EURUSD'],
    });
  });
});
