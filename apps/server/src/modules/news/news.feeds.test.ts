import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.js';
import { htmlToText, linkKeyOf, parseFeed, parseNewsFeeds, titleKeyOf } from './news.feeds.js';
import { createFeedIngest } from './news.ingest.js';
import { createNewsRepository, type NewsRepository } from './news.repository.js';

const fixtures = join(import.meta.dirname, '../../../test/fixtures/news');
const rss = readFileSync(join(fixtures, 'market-wire.rss.xml'), 'utf8');
const atom = readFileSync(join(fixtures, 'desk.atom.xml'), 'utf8');
const NOW = Date.parse('2026-03-20T12:00:00Z');

let server: Server;
let base: string;
let repo: NewsRepository;
const pending = new Set<import('node:http').ServerResponse>();

beforeAll(async () => {
  server = createServer((req, res) => {
    switch (req.url) {
      case '/wire.xml':
        res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss);
        return;
      case '/desk.xml':
        res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(atom);
        return;
      case '/down.xml':
        res.writeHead(503).end('maintenance');
        return;
      case '/bad.xml':
        res.writeHead(200, { 'content-type': 'application/xml' }).end('<rss><channel><item><title>cut off');
        return;
      case '/page.html':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>not a feed</body></html>');
        return;
      case '/slow.xml':
        pending.add(res); // never answers
        return;
      case '/huge.xml': {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.write('<rss version="2.0"><channel>');
        const chunk = `<item><title>${'x'.repeat(1000)}</title></item>`;
        for (let i = 0; i < 200; i++) res.write(chunk);
        res.end('</channel></rss>');
        return;
      }
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  repo = createNewsRepository((await createTestDatabase()).database.db);
});
afterAll(async () => {
  for (const res of pending) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('parsing', () => {
  it('reads RSS 2.0: title, link, description as text, pubDate, guid, categories, logo', () => {
    const feed = parseFeed(rss, 'https://wire.example.test/rss');
    expect(feed.title).toBe('Market Wire (sample feed)');
    expect(feed.logo).toBe('https://wire.example.test/logo.png');
    expect(feed.items).toHaveLength(3);
    expect(feed.items[0]).toEqual({
      title: 'Apple beats quarterly revenue estimates on strong iPhone sales',
      link: 'https://wire.example.test/news/apple-beats?utm_source=rss',
      description: 'Apple Inc. (AAPL) reported revenue above forecasts & raised its dividend.',
      publishedMs: Date.parse('2026-03-20T10:15:00Z'),
      guid: 'wire-1001',
      categories: ['Earnings', 'Technology'],
    });
    // escaped HTML in a plain description is stripped too; the time zone offset is honoured
    expect(feed.items[1]).toMatchObject({
      description: 'The euro fell against the dollar after weak data.',
      publishedMs: Date.parse('2026-03-20T08:00:00Z'),
    });
    expect(feed.items[2]?.guid).toBeNull();
    // a channel without an image has no logo (not the feed's own address)
    expect(
      parseFeed('<rss version="2.0"><channel><title>x</title></channel></rss>', 'https://a.test/rss').logo,
    ).toBeNull();
  });

  it('reads Atom: the alternate link, summary as text, published (else updated), id, category terms', () => {
    const feed = parseFeed(atom);
    expect(feed.logo).toBe('https://desk.example.test/logo.svg');
    expect(feed.items[0]).toEqual({
      title: 'Gold climbs to a record high as investors seek safety',
      link: 'https://desk.example.test/a/gold-record',
      description: 'Spot gold rose 1.2% to a new high.',
      publishedMs: Date.parse('2026-03-20T11:00:00Z'),
      guid: 'tag:desk.example.test,2026:gold-record',
      categories: ['Commodities'],
    });
    expect(feed.items[1]?.publishedMs).toBe(Date.parse('2026-03-20T10:20:00Z'));
  });

  it('refuses what is not XML or not a feed', () => {
    expect(() => parseFeed('<rss><channel>')).toThrow(/not well-formed XML/);
    expect(() => parseFeed('<html><body/></html>')).toThrow(/neither an RSS nor an Atom feed/);
  });

  it('strips HTML and keys links and titles for de-duplication', () => {
    expect(htmlToText('<p>A&nbsp;<b>bold</b> move &#8212; &lt;up&gt;</p><style>p{}</style>')).toBe(
      'A bold move — <up>',
    );
    expect(linkKeyOf('https://Wire.example.test/news/x/?utm_source=rss&id=3#top')).toBe(
      'wire.example.test/news/x?id=3',
    );
    expect(titleKeyOf('Apple beats estimates!')).toBe(titleKeyOf('  apple BEATS estimates ')); // same key
  });

  it('reads NEWS_FEEDS as name=url pairs and refuses a bad entry by name', () => {
    expect(parseNewsFeeds('Market Wire=https://a.test/rss, Desk=http://b.test/atom.xml')).toEqual([
      { id: 'market-wire', name: 'Market Wire', url: 'https://a.test/rss' },
      { id: 'desk', name: 'Desk', url: 'http://b.test/atom.xml' },
    ]);
    expect(parseNewsFeeds(undefined)).toEqual([]);
    expect(() => parseNewsFeeds('Wire=ftp://a.test/rss')).toThrow(
      '"Wire=ftp://a.test/rss" is not name=http(s)://address',
    );
    expect(() => parseNewsFeeds('A=https://a.test,a=https://b.test')).toThrow(/used twice/);
    expect(() => parseNewsFeeds('Simulated=https://a.test')).toThrow(/reserved/);
  });
});

describe('the feed job', () => {
  it('loads the good feeds, logs and skips each broken one, de-duplicates by link and title, links instruments', async () => {
    const warnings: Array<{ feed: string; reason: string }> = [];
    const logoWarnings: Array<{ feed: string; reason: string }> = [];
    const feeds = ['wire', 'down', 'bad', 'page', 'slow', 'huge', 'desk'].map((id) => ({
      id,
      name: id[0]?.toUpperCase() + id.slice(1),
      url: `${base}/${id === 'page' ? 'page.html' : `${id}.xml`}`,
    }));
    const ingest = createFeedIngest({
      repo,
      feeds,
      now: () => NOW,
      log: {
        info: () => {},
        warn: (obj, msg) =>
          void (msg === 'News feed logo skipped.' ? logoWarnings : warnings).push(
            obj as { feed: string; reason: string },
          ),
      },
      timeoutMs: 3000,
      maxBytes: 64 * 1024,
      logoTimeoutMs: 500,
    });
    const result = await ingest.run();
    expect(result).toEqual({
      wire: 3,
      down: 'The feed answered HTTP 503.',
      bad: expect.stringMatching(/^The feed is not well-formed XML/),
      page: 'The document is neither an RSS nor an Atom feed.',
      slow: 'The feed did not answer within 3000 ms.',
      huge: 'The feed is larger than 65536 bytes.',
      // the Apple copy (same title) and the entry linking to the wire's article are left out
      desk: 1,
    });
    expect(warnings.map((w) => w.feed)).toEqual(['down', 'bad', 'page', 'slow', 'huge']);
    // the sample feeds' logos are on hosts that do not exist (the logo tests are in news.logos.test.ts)
    expect(logoWarnings.map((w) => w.feed).sort()).toEqual(['desk', 'wire']);
    expect(await repo.logoStamps()).toEqual([]);

    const items = await repo.page('00000000-0000-4000-8000-000000000000', {}, NOW, 'desc', undefined, 10);
    expect(items.map((i) => [i.providerId, i.title, i.sentiment, i.symbols])).toEqual([
      ['desk', 'Gold climbs to a record high as investors seek safety', 'Positive', ['XAUUSD']],
      ['wire', 'Apple beats quarterly revenue estimates on strong iPhone sales', 'Positive', ['AAPL']],
      ['wire', 'EUR/USD slides as German factory orders plunge', 'Negative', ['EURUSD']],
      ['wire', 'Treasury to auction 10-year notes this week', 'Neutral', []],
    ]);
    expect(items.every((i) => i.source !== 'Simulated' && !i.simulated)).toBe(true);

    // a second run adds nothing
    const again = await ingest.run();
    expect([again.wire, again.desk]).toEqual([0, 0]);
  });
});
