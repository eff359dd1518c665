import type { SimEconomicEvent } from '@tradedesk/core';
import * as core from '@tradedesk/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { createCalendarRepository } from './calendar.repository.js';
import { createCalendarService, type SimCalendar } from './calendar.service.js';

let db: Db;
beforeAll(async () => {
  db = (await createTestDatabase()).database.db;
});

const t = (iso: string) => Date.parse(iso);
const simEvent = (id: string, iso: string, impact: SimEconomicEvent['impact']): SimEconomicEvent => ({
  id,
  code: 'US_TEST',
  title: 'Simulated index',
  country: 'US',
  currency: 'USD',
  impact,
  timeMs: t(iso),
  period: 'Mar 2026',
  unit: '%',
  decimals: 1,
  forecast: 1,
  prior: 1,
  actual: 1.4,
  surprise: 0.8,
  instruments: ['EURUSD'],
});
/** A tiny simulated world: two US releases on 10 March. */
const sim: SimCalendar = {
  ...core,
  economicEvents: (from, to) =>
    [simEvent('US_TEST-a', '2026-03-10T12:30:00Z', 'high'), simEvent('US_TEST-b', '2026-03-10T18:00:00Z', 'low')].filter(
      (e) => e.timeMs >= from && e.timeMs < to,
    ),
  earningsEvents: () => [],
  ipoEvents: () => [],
};

describe('CalendarService', () => {
  it('merges simulated and feed events by time, each with its source; CALENDAR_SIMULATED=false leaves the feed only', async () => {
    const clock = createManualClock('2026-03-10T15:00:00Z');
    const repo = createCalendarRepository(db);
    const both = createCalendarService({ repo, clock, sim, simulated: true });
    await both.store([
      {
        kind: 'economic',
        source: 'merge.test',
        title: 'CPI m/m',
        country: 'US',
        timeMs: t('2026-03-10T12:30:00Z'),
        data: { currency: 'USD', impact: 'high', forecast: 0.3, prior: 0.5, actual: 0.2 },
      },
    ]);
    const from = t('2026-03-10T00:00:00Z');
    const to = t('2026-03-11T00:00:00Z');
    const merged = await both.economic(from, to);
    expect(merged.map((e) => [e.source, e.title, e.time])).toEqual([
      ['merge.test', 'CPI m/m', '2026-03-10T12:30:00.000Z'],
      ['Simulated', 'Simulated index', '2026-03-10T12:30:00.000Z'],
      ['Simulated', 'Simulated index', '2026-03-10T18:00:00.000Z'],
    ]);
    // released before 15:00, so the actual shows; the 18:00 one is still hidden
    expect(merged.map((e) => e.actual)).toEqual([0.2, 1.4, null]);
    expect(merged[1]!.tone).toBe('positive');
    expect(merged[0]!.tone).toBeNull(); // a feed does not say which direction is good

    const feedOnly = createCalendarService({ repo, clock, sim, simulated: false });
    expect((await feedOnly.economic(from, to)).map((e) => e.source)).toEqual(['merge.test']);
  });

  it('near: events either side of an instant, with impact filters, and feed events stored since', async () => {
    const clock = createManualClock('2026-03-10T12:00:00Z');
    const service = createCalendarService({ repo: createCalendarRepository(db), clock, sim, simulated: true });
    const at = t('2026-03-10T12:40:00Z');
    const near = await service.near(at, 30 * 60_000, { impact: ['high'] });
    expect(near.map((e) => e.id)).toContain('US_TEST-a');
    expect(near.every((e) => e.impact === 'high')).toBe(true);
    expect((await service.near(at, 5 * 60_000)).filter((e) => e.source === 'Simulated')).toEqual([]);

    await service.store([
      {
        kind: 'economic',
        source: 'near.test',
        title: 'Rate decision',
        country: 'GB',
        timeMs: t('2026-03-10T12:45:00Z'),
        data: { impact: 'high' },
      },
    ]);
    const after = await service.near(at, 10 * 60_000);
    expect(after.map((e) => [e.source, e.currency])).toContainEqual(['near.test', 'GBP']);
  });

  it('upserts by source, title, country and time: a feed fetched again updates its event', async () => {
    const clock = createManualClock('2026-03-20T00:00:00Z');
    const service = createCalendarService({ repo: createCalendarRepository(db), clock, sim, simulated: false });
    const event = {
      kind: 'economic' as const,
      source: 'upsert.test',
      title: 'Retail Sales',
      country: 'US',
      timeMs: t('2026-03-17T12:30:00Z'),
      data: { impact: 'medium', forecast: 0.4, actual: null },
    };
    await service.store([event]);
    await service.store([{ ...event, data: { ...event.data, actual: 0.6 } }]);
    const list = (await service.economic(t('2026-03-17T00:00:00Z'), t('2026-03-18T00:00:00Z'))).filter(
      (e) => e.source === 'upsert.test',
    );
    expect(list).toHaveLength(1);
    expect(list[0]!.actual).toBe(0.6);
  });
});
