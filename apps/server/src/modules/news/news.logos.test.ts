import { createHash } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NewsItem, NewsPage, NewsProvider } from '@tradedesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp, createTestDatabase, testConfig } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import type { JobDefinition } from '../../platform/jobs/job-runner.js';
import type { FeedConfig } from './news.feeds.js';
import { createFeedIngest } from './news.ingest.js';
import { imageTypeOf, LOGO_MAX_BYTES } from './news.logos.js';
import { createNewsRepository, type NewsRepository } from './news.repository.js';

const NOW = Date.parse('2026-03-20T12:00:00Z');
const H = 60 * 60 * 1000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let server: Server;
let base: string;
const pending = new Set<ServerResponse>();
/** Requests per path, to see what was fetched and how often. */
const hits = new Map<string, number>();
/** The logo address each feed names (a path on this server, a full address, or null for none). */
const logoOf: Record<string, string | null> = {};

function rss(id: string): string {
  const logo = logoOf[id] ?? null;
  const url = logo === null ? '' : logo.startsWith('http') ? logo : `${base}${logo}`;
  return (
    `<?xml version="1.0"?><rss version="2.0"><channel><title>${id}</title>${
      url ? `<image><url>${url}</url><title>${id}</title><link>${base}/</link></image>` : ''
    }<item><title>Story of the ${id} feed number one</title><link>https://${id}.example.test/1</link>` +
    '<pubDate>Fri, 20 Mar 2026 10:00:00 GMT</pubDate></item></channel></rss>'
  );
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const feed = /^\/(\w+)\.xml$/.exec(path)?.[1];
    if (feed && feed in logoOf) {
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(feed));
      return;
    }
    switch (path) {
      case '/logo.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        return;
      case '/logo.gif':
        res.writeHead(200, { 'content-type': 'image/gif; charset=binary' }).end(GIF);
        return;
      case '/moved.png':
        res.writeHead(302, { location: '/logo.gif' }).end();
        return;
      case '/huge.png': {
        // no content-length: the cap is met while reading
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG);
        for (let i = 0; i < 40; i++) res.write(Buffer.alloc(8 * 1024));
        res.end();
        return;
      }
      case '/page.png':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>not an image</body></html>');
        return;
      case '/liar.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
        return;
      case '/logo.svg':
        res
          .writeHead(200, { 'content-type': 'image/svg+xml' })
          .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
        return;
      case '/slow.png':
        pending.add(res); // never answers
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of pending) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const feed = (id: string): FeedConfig => ({ id, name: id[0]?.toUpperCase() + id.slice(1), url: `${base}/${id}.xml` });

describe('feed logos at ingest', () => {
  let repo: NewsRepository;
  let now = NOW;
  const warnings: Array<{ feed: string; reason: string }> = [];
  const ingestOf = (ids: string[]) =>
    createFeedIngest({
      repo,
      feeds: ids.map(feed),
      now: () => now,
      log: {
        info: () => {},
        warn: (obj, msg) => {
          if (msg === 'News feed logo skipped.') warnings.push(obj as { feed: string; reason: string });
        },
      },
      timeoutMs: 3000,
      maxBytes: 64 * 1024,
      logoTimeoutMs: 300,
    });

  /** The leader's feed job: the same one through these tests, as it remembers failed addresses. */
  let ingest: ReturnType<typeof ingestOf>;

  beforeAll(async () => {
    repo = createNewsRepository((await createTestDatabase()).database.db);
  });

  it('keeps a good logo and leaves none for a bad one, while every feed’s items still load', async () => {
    Object.assign(logoOf, {
      good: '/logo.png',
      moved: '/moved.png',
      huge: '/huge.png',
      page: '/page.png',
      liar: '/liar.png',
      svg: '/logo.svg',
      gone: '/missing.png',
      slow: '/slow.png',
      private: `${base.replace('127.0.0.1', 'localhost')}/logo.png`,
      ftp: 'ftp://127.0.0.1/logo.png',
      none: null,
    });
    const ids = Object.keys(logoOf);
    ingest = ingestOf(ids);
    const result = await ingest.run();
    expect(result).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));

    const stamps = await repo.logoStamps();
    expect(stamps.map((s) => s.providerId).sort()).toEqual(['good', 'moved']);
    const good = await repo.logo('good');
    expect(good).toMatchObject({
      sourceUrl: `${base}/logo.png`,
      contentType: 'image/png',
      hash: sha256(PNG),
      fetchedAt: new Date(NOW),
    });
    expect(Buffer.compare(good?.data ?? Buffer.alloc(0), PNG)).toBe(0);
    // followed the redirect; the type is the one of the bytes
    expect(await repo.logo('moved')).toMatchObject({ sourceUrl: `${base}/moved.png`, contentType: 'image/gif' });

    const reasons = Object.fromEntries(warnings.map((w) => [w.feed, w.reason]));
    expect(reasons).toEqual({
      huge: `The logo is larger than ${LOGO_MAX_BYTES} bytes.`,
      page: 'The logo is text/html, not a PNG, JPEG, GIF, WebP or icon image.',
      liar: 'The logo’s bytes are not the image/png image it says it is.',
      svg: 'The logo is image/svg+xml, not a PNG, JPEG, GIF, WebP or icon image.',
      gone: 'The logo answered HTTP 404.',
      slow: 'The logo did not answer within 300 ms.',
      private: 'The logo is on a private network address.',
    });
    // the private address was never asked (only the feed's own origin may be private)
    expect(hits.get('/logo.png')).toBe(1);
  });

  it('fetches a logo at most once a day, again when the address changes, and drops it when the feed names none', async () => {
    warnings.length = 0;
    hits.clear();
    now = NOW + 1 * H;
    await ingest.run();
    // the stored copy is fresh, and the failed address waits (no second timeout)
    expect([hits.get('/logo.png'), hits.get('/slow.png')]).toEqual([undefined, undefined]);
    expect(warnings).toEqual([]);

    now = NOW + 25 * H;
    await ingest.run();
    expect(hits.get('/logo.png')).toBe(1);
    expect(hits.get('/slow.png')).toBe(1); // tried again after 6 hours, and still failing
    expect(warnings.map((w) => w.feed).sort()).toEqual(['gone', 'huge', 'liar', 'page', 'private', 'slow', 'svg']);
    expect((await repo.logo('good'))?.fetchedAt).toEqual(new Date(NOW + 25 * H));

    logoOf.good = '/logo.gif';
    await ingest.run();
    expect(await repo.logo('good')).toMatchObject({ sourceUrl: `${base}/logo.gif`, hash: sha256(GIF) });

    // a new address that fails takes the old copy away (it is of an address the feed no longer names)
    logoOf.good = '/missing.png';
    await ingest.run();
    expect(await repo.logo('good')).toBeUndefined();

    logoOf.good = '/logo.png';
    await ingest.run();
    expect(await repo.logo('good')).toBeDefined();
    logoOf.good = null;
    await ingest.run();
    expect(await repo.logo('good')).toBeUndefined();
  });

  it('knows the kept image types by their bytes', () => {
    expect(imageTypeOf(PNG)).toBe('image/png');
    expect(imageTypeOf(GIF)).toBe('image/gif');
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(imageTypeOf(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]))).toBe('image/x-icon');
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });
});

describe('GET /market/news/providers/{id}/logo', () => {
  const clock = createManualClock(new Date(NOW));
  let leader: Awaited<ReturnType<typeof createTestApp>>;
  let follower: Awaited<ReturnType<typeof createTestApp>>;
  let user: SignedInUser;
  const held: JobDefinition[] = [];

  beforeAll(async () => {
    Object.assign(logoOf, { wire: '/logo.png', plain: '/logo.svg' });
    const news = { ...testConfig().news, simulated: true, feeds: [feed('wire'), feed('plain')] };
    leader = await createTestApp({
      build: { clock, holdJobs: { names: ['news-feeds', 'news-simulated'], held } },
      config: { news },
    });
    // another process of the same deployment: it never reads the feeds itself
    follower = await createTestApp({
      database: leader.database,
      build: { clock, holdJobs: { names: ['news-feeds', 'news-simulated'], held: [] } },
      config: { news },
    });
    await held.find((j) => j.name === 'news-feeds')?.run({ signal: new AbortController().signal });
    user = await signUpAndLogin(follower.app);
  });

  it('lists the same-origin address as the provider’s logo, and on its items, in every process', async () => {
    const url = `/api/market/news/providers/wire/logo?v=${sha256(PNG).slice(0, 16)}`;
    for (const { app } of [follower, leader]) {
      const res = await app.inject({ method: 'GET', url: '/api/market/news/providers', headers: user.auth });
      expect(res.statusCode).toBe(200);
      const providers = (res.json() as { providers: NewsProvider[] }).providers;
      expect(providers.map((p) => [p.id, p.logo])).toEqual([
        ['simulated', null],
        ['wire', url],
        ['plain', null],
      ]);
    }
    const page = await follower.app.inject({ method: 'GET', url: '/api/market/news', headers: user.auth });
    const items = (page.json() as NewsPage).items;
    expect(items.map((i: NewsItem) => [i.provider.id, i.logos])).toEqual(
      expect.arrayContaining([
        ['wire', [url]],
        ['plain', []],
      ]),
    );
  });

  it('serves the bytes with their type, an ETag, a day’s cache, and 304 for the same ETag', async () => {
    const res = await follower.app.inject({
      method: 'GET',
      url: `/api/market/news/providers/wire/logo?v=${sha256(PNG).slice(0, 16)}`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      etag: `"${sha256(PNG)}"`,
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
    expect(Buffer.compare(res.rawPayload, PNG)).toBe(0);

    for (const tag of [`"${sha256(PNG)}"`, `W/"${sha256(PNG)}", "other"`, '*']) {
      const again = await follower.app.inject({
        method: 'GET',
        url: '/api/market/news/providers/wire/logo',
        headers: { ...user.auth, 'if-none-match': tag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers.etag).toBe(`"${sha256(PNG)}"`);
      expect(again.body).toBe('');
    }
    const changed = await follower.app.inject({
      method: 'GET',
      url: '/api/market/news/providers/wire/logo',
      headers: { ...user.auth, 'if-none-match': '"something-else"' },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('answers 404 without a stored logo, 400 for a malformed id, 401 when signed out', async () => {
    for (const id of ['plain', 'simulated', 'nobody']) {
      const res = await follower.app.inject({
        method: 'GET',
        url: `/api/market/news/providers/${id}/logo`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        code: 'NEWS_LOGO_NOT_FOUND',
        message: 'This news provider has no logo.',
      });
    }
    const bad = await follower.app.inject({
      method: 'GET',
      url: '/api/market/news/providers/Not_An_Id/logo',
      headers: user.auth,
    });
    expect(bad.statusCode).toBe(400);
    const out = await follower.app.inject({ method: 'GET', url: '/api/market/news/providers/wire/logo' });
    expect(out.statusCode).toBe(401);
  });
});
