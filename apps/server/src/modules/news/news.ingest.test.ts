import { earningsEvents, economicEvents } from '@tradedesk/core';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.js';
import { coreCalendar, createSimulatedWriter } from './news.ingest.js';
import { createNewsRepository } from './news.repository.js';

const D = 24 * 60 * 60 * 1000;
const NOBODY = '00000000-0000-4000-8000-000000000000';

describe('the simulated news writer', () => {
  it('backfills 30 days of passed releases and earnings once, then writes only what has newly passed', async () => {
    const repo = createNewsRepository((await createTestDatabase()).database.db);
    let now = Date.parse('2026-03-20T12:00:00Z');
    const writer = createSimulatedWriter({ repo, calendar: coreCalendar, now: () => now });

    const expected = [
      ...economicEvents(now - 30 * D, now + 1).filter((e) => e.timeMs <= now && e.actual !== null),
      ...earningsEvents(now - 30 * D, now + 1).filter((e) => e.timeMs <= now),
    ];
    expect(expected.length).toBeGreaterThan(20);
    expect(await writer.run()).toBe(expected.length);
    // idempotent: the same minute again, and a fresh writer (another leader) backfilling the same days
    expect(await writer.run()).toBe(0);
    expect(await createSimulatedWriter({ repo, calendar: coreCalendar, now: () => now }).run()).toBe(0);

    const items = await repo.page(NOBODY, { providerIds: ['simulated'] }, now, 'desc', undefined, 1000);
    expect(items).toHaveLength(expected.length);
    expect(new Set(items.map((i) => i.eventId))).toEqual(new Set(expected.map((e) => e.id)));
    for (const item of items) {
      expect(item).toMatchObject({ source: 'Simulated', simulated: true, providerName: 'Simulated', link: null });
      expect(item.publishedAt.getTime()).toBeLessThanOrEqual(now);
    }
    // linked to the event's instruments
    const first = expected.find((e) => 'instruments' in e && e.instruments.length > 0);
    if (first && 'instruments' in first) {
      const item = items.find((i) => i.eventId === first.id);
      expect(item?.symbols).toEqual([...first.instruments]);
    }

    // a day later only that day's events are written
    const before = now;
    now += D;
    const nextDay = [
      ...economicEvents(before, now + 1).filter((e) => e.timeMs > before && e.timeMs <= now && e.actual !== null),
      ...earningsEvents(before, now + 1).filter((e) => e.timeMs > before && e.timeMs <= now),
    ];
    expect(await writer.run()).toBe(nextDay.length);
  });

  it('reads a release’s sentiment from its surprise for the currency', async () => {
    const repo = createNewsRepository((await createTestDatabase()).database.db);
    const now = Date.parse('2026-03-20T12:00:00Z');
    await createSimulatedWriter({ repo, calendar: coreCalendar, now: () => now }).run();
    const items = await repo.page(NOBODY, {}, now, 'desc', undefined, 1000);
    const releases = economicEvents(now - 30 * D, now + 1).filter((e) => e.timeMs <= now && e.actual !== null);
    for (const e of releases) {
      const item = items.find((i) => i.eventId === e.id);
      expect(item?.sentiment).toBe(e.surprise > 0 ? 'Positive' : e.surprise < 0 ? 'Negative' : 'Neutral');
    }
  });
});
