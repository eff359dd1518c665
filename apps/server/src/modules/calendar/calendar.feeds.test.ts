import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEconomicFeed, parseFigure, weeklyTime } from './calendar.feeds.js';
import { parseCalendarFile } from './calendar.import.js';
import { createCalendarFeedJob, feedSourceName, parseIcsFeeds } from './calendar.job.js';
import type { CalendarEventInput } from './calendar.repository.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/calendar/${name}`, import.meta.url), 'utf8');

describe('weekly XML and JSON economic feeds', () => {
  it('reads the weekly XML shape: times in the feed zone, currency as country, figures and units', () => {
    const events = parseEconomicFeed(fixture('weekly.xml'), 'feed.test', 'America/New_York');
    // the row without a date is skipped
    expect(events.map((e) => e.title)).toEqual([
      'Non-Farm Employment Change',
      'Unemployment Rate',
      'German Factory Orders m/m',
      'Bank Holiday',
    ]);
    const nfp = events[0]!;
    expect(nfp).toMatchObject({ kind: 'economic', source: 'feed.test', country: 'US' });
    // 8:30am New York on 6 March 2026 (EST, UTC-5)
    expect(new Date(nfp.timeMs).toISOString()).toBe('2026-03-06T13:30:00.000Z');
    expect(nfp.data).toMatchObject({ currency: 'USD', impact: 'high', forecast: 160, prior: 143, actual: null, unit: 'K' });
    expect(events[2]!.data).toMatchObject({ currency: 'EUR', impact: 'low', forecast: -2.1, prior: 6.9, unit: '%' });
    expect(events[2]!.country).toBe('EU');
    // All Day: the start of the day; Holiday: low impact
    expect(new Date(events[3]!.timeMs).toISOString()).toBe('2026-03-05T05:00:00.000Z');
    expect(events[3]!.data.impact).toBe('low');
  });

  it('moves with daylight saving time: 8:30am New York is 12:30 UTC after the March change', () => {
    expect(new Date(weeklyTime('03-06-2026', '8:30am', 'America/New_York')!).toISOString()).toBe(
      '2026-03-06T13:30:00.000Z',
    );
    expect(new Date(weeklyTime('03-13-2026', '8:30am', 'America/New_York')!).toISOString()).toBe(
      '2026-03-13T12:30:00.000Z',
    );
    expect(new Date(weeklyTime('03-13-2026', '12:15pm', 'UTC')!).toISOString()).toBe('2026-03-13T12:15:00.000Z');
    expect(weeklyTime('13-40-2026', '8:30am', 'UTC')).toBeNull();
  });

  it('reads the JSON shape with ISO dates and an actual', () => {
    const events = parseEconomicFeed(fixture('weekly.json'), 'json.test', 'UTC');
    expect(events).toHaveLength(2);
    expect(new Date(events[0]!.timeMs).toISOString()).toBe('2026-03-11T12:30:00.000Z');
    expect(events[0]!.data).toMatchObject({ forecast: 0.3, prior: 0.5, actual: 0.2, impact: 'high', currency: 'USD' });
    expect(events[1]).toMatchObject({ country: 'EU', title: 'Main Refinancing Rate' });
  });

  it('reads figures as a number and a unit', () => {
    expect(parseFigure('185K')).toEqual({ value: 185, unit: 'K' });
    expect(parseFigure('-0.2%')).toEqual({ value: -0.2, unit: '%' });
    expect(parseFigure('52.1')).toEqual({ value: 52.1, unit: null });
    expect(parseFigure('')).toEqual({ value: null, unit: null });
    expect(parseFigure('n/a')).toEqual({ value: null, unit: null });
  });

  it('refuses a cut-off XML document', () => {
    expect(() => parseEconomicFeed(fixture('broken.xml'), 'x', 'UTC')).toThrow(/XML|weeklyevents/);
  });
});

describe('earnings and IPO imports (CSV and ICS)', () => {
  it('reads an earnings CSV with amounts in B and T', () => {
    const events = parseCalendarFile(fixture('earnings.csv'), 'earnings', 'earnings.csv');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ kind: 'earnings', title: 'Apple Inc.', country: 'US', source: 'earnings.csv' });
    expect(new Date(events[0]!.timeMs).toISOString()).toBe('2026-04-30T20:30:00.000Z');
    expect(events[0]!.data).toMatchObject({
      instrumentId: 'AAPL',
      epsEstimate: 1.62,
      epsActual: 1.65,
      revenueEstimate: 94.5e9,
      revenueActual: 95.4e9,
      marketCap: 3.1e12,
      session: 'after_close',
      fiscalPeriod: 'Q2 2026',
    });
    expect(events[1]!.data).toMatchObject({ epsActual: null, revenueActual: null });
  });

  it('reads an IPO CSV', () => {
    const [ipo] = parseCalendarFile(fixture('ipos.csv'), 'ipos', 'ipos.csv');
    expect(ipo).toMatchObject({ kind: 'ipo', title: 'Northwind Robotics' });
    expect(ipo!.data).toMatchObject({ ticker: 'NWRB', priceLow: 18, priceHigh: 21, sharesOffered: 12e6, status: 'expected' });
  });

  it('refuses a CSV with bad lines, naming each line', () => {
    expect(() => parseCalendarFile(fixture('earnings-bad.csv'), 'earnings', 'bad')).toThrow(
      /line 3: company is missing[\s\S]*line 4: date is missing or not a date/,
    );
  });

  it('reads an ICS calendar: summary without "Earnings", fields from the description', () => {
    const events = parseCalendarFile(fixture('earnings.ics'), 'earnings', 'ics');
    expect(events.map((e) => e.title)).toEqual(['Apple Inc.', 'Tesla']);
    expect(new Date(events[0]!.timeMs).toISOString()).toBe('2026-04-30T20:30:00.000Z');
    expect(events[0]!.data).toMatchObject({ instrumentId: 'AAPL', epsEstimate: 1.62, revenueEstimate: 94.5e9 });
  });

  it('reads CALENDAR_ICS_URL entries with their kind', () => {
    expect(parseIcsFeeds(['ipos=http://a/x.ics', 'http://b/y.ics'])).toEqual([
      { kind: 'ipos', url: 'http://a/x.ics' },
      { kind: 'earnings', url: 'http://b/y.ics' },
    ]);
    expect(feedSourceName('http://127.0.0.1:9/feed.xml')).toBe('127.0.0.1:9');
  });
});

describe('the feed job against a local HTTP server', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const send = (type: string, body: string) => {
        res.writeHead(200, { 'content-type': type });
        res.end(body);
      };
      if (req.url === '/weekly.xml') send('application/xml', fixture('weekly.xml'));
      else if (req.url === '/weekly.json') send('application/json', fixture('weekly.json'));
      else if (req.url === '/earnings.ics') send('text/calendar', fixture('earnings.ics'));
      else if (req.url === '/broken.xml') send('application/xml', fixture('broken.xml'));
      else if (req.url === '/slow.xml') setTimeout(() => send('application/xml', fixture('weekly.xml')), 5_000).unref();
      else {
        res.writeHead(500);
        res.end('down');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  function jobWith(feeds: string[], ics: string[] = []) {
    const stored: CalendarEventInput[] = [];
    const warnings: Array<{ feed: string; reason: string }> = [];
    const job = createCalendarFeedJob({
      feeds: feeds.map((f) => `${base}${f}`),
      ics: parseIcsFeeds(ics.map((f) => `${base}${f}`)),
      timeZone: 'America/New_York',
      intervalMs: 3_600_000,
      timeoutMs: 300,
      store: async (events) => {
        stored.push(...events);
        return events.length;
      },
      log: { info: () => {}, warn: (obj) => void warnings.push(obj as { feed: string; reason: string }) },
    });
    return { job, stored, warnings };
  }

  it('stores the events of an XML feed, a JSON feed and an ICS calendar, labelled with the feed host', async () => {
    const { job, stored, warnings } = jobWith(['/weekly.xml', '/weekly.json'], ['/earnings.ics']);
    const counts = await job.runOnce();
    expect(Object.values(counts)).toEqual([4, 2, 2]);
    expect(warnings).toEqual([]);
    expect(new Set(stored.map((e) => e.source))).toEqual(new Set([new URL(base).host]));
    expect(stored.filter((e) => e.kind === 'earnings').map((e) => e.title)).toEqual(['Apple Inc.', 'Tesla']);
  });

  it('logs and skips a broken feed (HTTP error, bad XML, time-out) and still stores the good one', async () => {
    const { job, stored, warnings } = jobWith(['/missing.xml', '/broken.xml', '/slow.xml', '/weekly.xml']);
    await expect(job.job.run({ signal: new AbortController().signal })).resolves.toBeUndefined();
    expect(stored).toHaveLength(4);
    expect(warnings.map((w) => w.feed.slice(base.length))).toEqual(['/missing.xml', '/broken.xml', '/slow.xml']);
    expect(warnings[0]!.reason).toBe('HTTP 500');
    expect(warnings[1]!.reason).toMatch(/XML|weeklyevents/);
    expect(warnings[2]!.reason).toMatch(/abort|timeout|time/i);
  });
});
