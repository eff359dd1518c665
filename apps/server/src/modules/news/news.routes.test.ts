import type { NewsFolder, NewsItem, NewsPage, NewsUnread } from '@tradedesk/contracts';
import { economicEventById } from '@tradedesk/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp, testConfig } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import { titleKeyOf } from './news.feeds.js';
import { createNewsRepository, type NewsItemInsert } from './news.repository.js';

const NOW = Date.parse('2026-03-20T12:00:00Z');
const H = 60 * 60 * 1000;
const D = 24 * H;
const clock = createManualClock(new Date(NOW));
let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;

/** Items by name, published `ago` ms before NOW. */
const seed: Record<
  string,
  { ago: number; provider: 'wire' | 'desk'; sentiment: string; symbols?: string[]; eventId?: string }
> = {
  fresh: { ago: 1 * H, provider: 'wire', sentiment: 'Positive', symbols: ['EURUSD'] },
  halfDay: { ago: 12 * H, provider: 'desk', sentiment: 'Negative', symbols: ['AAPL'] },
  twoDays: { ago: 2 * D, provider: 'wire', sentiment: 'Neutral', eventId: 'US-NFP-2026-03-18' },
  sixDays: { ago: 6 * D + 23 * H, provider: 'desk', sentiment: 'Positive', symbols: ['AAPL', 'MSFT'] },
  eightDays: { ago: 8 * D, provider: 'wire', sentiment: 'Negative' },
  feb21: { ago: NOW - Date.parse('2026-02-21T12:00:00Z'), provider: 'desk', sentiment: 'Neutral' },
  // 29 days back: inside "30 days" but before one calendar month back (2026-02-20T12:00Z)
  feb19: { ago: NOW - Date.parse('2026-02-19T12:00:00Z'), provider: 'wire', sentiment: 'Positive' },
  future: { ago: -2 * H, provider: 'wire', sentiment: 'Positive' },
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  const t = await createTestApp({
    build: { clock },
    config: {
      news: {
        ...testConfig().news,
        simulated: false,
        feeds: [
          { id: 'wire', name: 'Wire', url: 'http://127.0.0.1:9/wire.xml' },
          { id: 'desk', name: 'Desk', url: 'http://127.0.0.1:9/desk.xml' },
        ],
      },
    },
  });
  app = t.app;
  const repo = createNewsRepository(t.database.db);
  const rows: NewsItemInsert[] = Object.entries(seed).map(([name, s]) => {
    ids[name] = newId();
    const title = `Headline ${name}`;
    return {
      id: ids[name] as string,
      providerId: s.provider,
      providerName: s.provider === 'wire' ? 'Wire' : 'Desk',
      source: s.provider === 'wire' ? 'Wire' : 'Desk',
      simulated: false,
      title,
      description: `Story ${name} in detail`,
      link: `https://example.test/${name}`,
      linkKey: `example.test/${name}`,
      titleKey: titleKeyOf(title),
      guid: null,
      categories: [],
      symbols: s.symbols ?? [],
      sentiment: s.sentiment,
      eventId: s.eventId ?? null,
      publishedAt: new Date(NOW - s.ago),
      createdAt: new Date(NOW),
    };
  });
  expect(await repo.insertItems(rows)).toBe(rows.length);
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function page(user: SignedInUser, query: string): Promise<NewsPage> {
  const res = await call(user, 'GET', `/market/news?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NewsPage;
}
const namesOf = (items: NewsItem[]) => items.map((i) => Object.keys(ids).find((k) => ids[k] === i.id));

describe('GET /market/news', () => {
  it('sorts latest and oldest, and never shows an item dated after now', async () => {
    const latest = await page(ada, 'limit=100');
    expect(namesOf(latest.items)).toEqual(['fresh', 'halfDay', 'twoDays', 'sixDays', 'eightDays', 'feb21', 'feb19']);
    expect(latest.nextCursor).toBeNull();
    const oldest = await page(ada, 'sort=oldest&limit=100');
    expect(namesOf(oldest.items)).toEqual(namesOf(latest.items).reverse());
    expect(latest.items[0]).toMatchObject({
      title: 'Headline fresh',
      date: '2026-03-20',
      time: '11:00',
      publishedAt: '2026-03-20T11:00:00.000Z',
      unread: true,
      isSaved: false,
      provider: { id: 'wire', name: 'Wire' },
      source: 'Wire',
      simulated: false,
      link: 'https://example.test/fresh',
      symbols: ['EURUSD'],
    });
    expect((await call(ada, 'GET', `/market/news/article/read/${ids.future}`)).statusCode).toBe(404);
  });

  it('this week is the 7 days before now; this month goes back one calendar month, not 30 days', async () => {
    expect(namesOf((await page(ada, 'sort=this%20week')).items)).toEqual(['fresh', 'halfDay', 'twoDays', 'sixDays']);
    expect(namesOf((await page(ada, 'sort=this_month')).items)).toEqual([
      'fresh',
      'halfDay',
      'twoDays',
      'sixDays',
      'eightDays',
      'feb21',
    ]);
  });

  it('filters by sentiments (any case), symbols, segments, events, search and from/to', async () => {
    expect(namesOf((await page(ada, 'sentiments[]=positive&sentiments[]=NEUTRAL')).items)).toEqual([
      'fresh',
      'twoDays',
      'sixDays',
      'feb21',
      'feb19',
    ]);
    expect(namesOf((await page(ada, 'symbols[]=AAPL')).items)).toEqual(['halfDay', 'sixDays']);
    expect(namesOf((await page(ada, 'segments[]=desk')).items)).toEqual(['halfDay', 'sixDays', 'feb21']);
    expect(namesOf((await page(ada, 'events[]=US-NFP-2026-03-18')).items)).toEqual(['twoDays']);
    expect(namesOf((await page(ada, 'search=story%20eight')).items)).toEqual(['eightDays']);
    expect(namesOf((await page(ada, 'from=2026-03-12&to=2026-03-19T00:00:00Z')).items)).toEqual([
      'twoDays',
      'sixDays',
      'eightDays',
    ]);
  });

  it('pages by cursor without repeating or skipping an item', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null && pages < 10) {
      const p: NewsPage = await page(ada, `sort=oldest&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...(namesOf(p.items) as string[]));
      cursor = p.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['feb19', 'feb21', 'eightDays', 'sixDays', 'twoDays', 'halfDay', 'fresh']);
  });

  it('answers a bad query with 400 naming the field', async () => {
    expectFieldError(await call(ada, 'GET', '/market/news?sort=newest'), {
      field: 'sort',
      message: /^sort must be one of/,
    });
    expectFieldError(await call(ada, 'GET', '/market/news?sentiments=happy'), { field: 'sentiments.0' });
    expectFieldError(await call(ada, 'GET', '/market/news?limit=0'), { field: 'limit' });
    expectFieldError(await call(ada, 'GET', '/market/news?from=yesterday'), { field: 'from' });
    expectFieldError(await call(ada, 'GET', '/market/news?cursor=bm90LWEtY3Vyc29y'), { field: 'cursor' });
    expect((await call(null, 'GET', '/market/news')).statusCode).toBe(401);
  });
});

describe('read, save, recent, read-all and unread', () => {
  it('save twice keeps one saved item; unsave removes it', async () => {
    const carol = await signUpAndLogin(app);
    for (let i = 0; i < 2; i++) {
      const res = await call(carol, 'PUT', `/market/news/article/${ids.halfDay}/save`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: ids.halfDay, isSaved: true });
    }
    const favorites = (await call(carol, 'GET', '/market/news/favorites')).json() as NewsPage;
    expect(namesOf(favorites.items)).toEqual(['halfDay']);
    expect((await page(carol, 'limit=1&segments=desk')).items[0]?.isSaved).toBe(true);
    // another user's state is their own
    expect((await page(bob, 'limit=1&segments=desk')).items[0]?.isSaved).toBe(false);
    const removed = await call(carol, 'DELETE', `/market/news/article/${ids.halfDay}/unsave`);
    expect(removed.json()).toMatchObject({ isSaved: false });
    expect(((await call(carol, 'GET', '/market/news/favorites')).json() as NewsPage).items).toEqual([]);
    expect((await call(carol, 'PUT', `/market/news/article/${newId()}/save`)).statusCode).toBe(404);
  });

  it('reading an item marks it read and puts it first in recently watched', async () => {
    const dan = await signUpAndLogin(app);
    expect(((await call(dan, 'GET', '/market/news/recent')).json() as { items: NewsItem[] }).items).toEqual([]);
    for (const name of ['twoDays', 'fresh', 'twoDays']) {
      const res = await call(dan, 'GET', `/market/news/article/read/${ids[name]}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: ids[name], unread: false });
    }
    const recent = (await call(dan, 'GET', '/market/news/recent')).json() as { items: NewsItem[] };
    expect(namesOf(recent.items)).toEqual(['twoDays', 'fresh']);
    const unread = (await page(dan, 'unread=true&limit=100')).items;
    expect(namesOf(unread)).toEqual(['halfDay', 'sixDays', 'eightDays', 'feb21', 'feb19']);
  });

  it('read-all day marks items older than 1 day, week those older than 7 days, all the rest', async () => {
    const eve = await signUpAndLogin(app);
    const unreadNames = async () => namesOf((await page(eve, 'unread=true&limit=100')).items);
    const week = await call(eve, 'PUT', '/market/news/read-all', { option: 'week' });
    expect(week.json()).toEqual({ marked: 3 });
    expect(await unreadNames()).toEqual(['fresh', 'halfDay', 'twoDays', 'sixDays']);
    expect((await call(eve, 'PUT', '/market/news/read-all', { option: 'day' })).json()).toEqual({ marked: 2 });
    expect(await unreadNames()).toEqual(['fresh', 'halfDay']);
    const counts = (await call(eve, 'GET', '/market/news/unread')).json() as NewsUnread;
    expect(counts).toEqual({
      total: 2,
      providers: [
        { id: 'wire', name: 'Wire', unread: 1 },
        { id: 'desk', name: 'Desk', unread: 1 },
      ],
    });
    expect((await call(eve, 'PUT', '/market/news/read-all', { option: 'all' })).json()).toEqual({ marked: 2 });
    expect(((await call(eve, 'GET', '/market/news/unread')).json() as NewsUnread).total).toBe(0);
    expectFieldError(await call(eve, 'PUT', '/market/news/read-all', { option: 'month' }), { field: 'option' });
  });
});

describe('folders', () => {
  it('makes, lists, changes and deletes a folder; providers land in their section', async () => {
    const res = await call(ada, 'POST', '/market/news/folders', { name: 'Macro', providers: ['wire', 'desk', 'wire'] });
    expect(res.statusCode, res.body).toBe(201);
    const folder = res.json() as NewsFolder;
    expect(folder).toMatchObject({
      name: 'Macro',
      color: '#8861E4',
      isOpen: true,
      sections: {
        providers: [],
        integrations: [
          { id: 'wire', name: 'Wire' },
          { id: 'desk', name: 'Desk' },
        ],
      },
    });
    expect((await call(ada, 'GET', '/market/news/folders')).json()).toEqual({ folders: [folder] });
    expect((await call(ada, 'GET', `/market/news/folders/${folder.id}`)).json()).toEqual(folder);
    const changed = await call(ada, 'PUT', `/market/news/folders/${folder.id}`, {
      name: 'Desk only',
      color: '#00DF80',
      is_open: false,
      providers: ['desk'],
    });
    expect(changed.json()).toMatchObject({ name: 'Desk only', color: '#00DF80', isOpen: false });
    expect(namesOf((await page(ada, `segments[]=${folder.id}`)).items)).toEqual(['halfDay', 'sixDays', 'feb21']);
    expect(namesOf((await page(ada, `segments[]=${folder.id}:providers`)).items)).toEqual([]);
    expect((await call(ada, 'DELETE', `/market/news/folders/${folder.id}`)).json()).toEqual({ ok: true });
    expect((await call(ada, 'GET', `/market/news/folders/${folder.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's folder, on every route and as a segment", async () => {
    const folder = (await call(ada, 'POST', '/market/news/folders', { name: 'Mine' })).json() as NewsFolder;
    expect((await call(bob, 'GET', `/market/news/folders/${folder.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'PUT', `/market/news/folders/${folder.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/market/news/folders/${folder.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/market/news?segments=${folder.id}`)).json()).toMatchObject({
      code: 'NEWS_FOLDER_NOT_FOUND',
    });
    expect((await call(ada, 'GET', `/market/news/folders/${folder.id}`)).json()).toMatchObject({ name: 'Mine' });
  });

  it('refuses an unknown provider or a bad colour, naming the field', async () => {
    expectFieldError(await call(ada, 'POST', '/market/news/folders', { name: 'X', providers: ['nope'] }), {
      field: 'providers',
      code: 'NEWS_UNKNOWN_PROVIDER',
    });
    expectFieldError(await call(ada, 'POST', '/market/news/folders', { name: 'X', color: 'red' }), { field: 'color' });
    expectFieldError(await call(ada, 'POST', '/market/news/folders', { name: '' }), { field: 'name' });
  });

  it('sends no currencies on feed items, even one with an event id', async () => {
    const items = (await page(ada, 'limit=100')).items;
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) expect(i).not.toHaveProperty('currencies');
  });

  it('lists the providers the operator configured', async () => {
    const res = (await call(ada, 'GET', '/market/news/providers')).json() as { providers: Array<{ id: string }> };
    expect(res.providers.map((p) => p.id)).toEqual(['wire', 'desk']);
  });
});

describe('the Simulated provider, as a fresh deployment runs it', () => {
  it('fills the news from the simulated calendar on start, every item labelled Simulated', async () => {
    const sim = await createTestApp({
      build: { clock: createManualClock(new Date(NOW)) },
      config: { news: { ...testConfig().news, simulated: true } },
    });
    const user = await signUpAndLogin(sim.app);
    let items: NewsItem[] = [];
    for (let i = 0; i < 100 && items.length === 0; i++) {
      const res = await sim.app.inject({ method: 'GET', url: '/api/market/news?limit=100', headers: user.auth });
      items = (res.json() as NewsPage).items;
      if (items.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(items.length).toBeGreaterThan(0);
    for (const item of items)
      expect(item).toMatchObject({
        source: 'Simulated',
        simulated: true,
        provider: { id: 'simulated', name: 'Simulated' },
      });
    expect(items.every((i) => i.eventId !== null && Date.parse(i.publishedAt) <= NOW)).toBe(true);
    // a release's sentiment is for its currency, which the item carries; earnings carry none
    const releases = items.filter((i) => !i.eventId?.startsWith('ER-'));
    expect(releases.length).toBeGreaterThan(0);
    for (const r of releases) expect(r.currencies).toEqual([economicEventById(r.eventId ?? '')?.currency]);
    expect(releases.some((r) => r.eventId?.startsWith('US_') && r.currencies?.[0] === 'USD')).toBe(true);
    for (const e of items.filter((i) => i.eventId?.startsWith('ER-'))) expect(e).not.toHaveProperty('currencies');
    const providers = (
      await sim.app.inject({ method: 'GET', url: '/api/market/news/providers', headers: user.auth })
    ).json() as { providers: Array<{ id: string; simulated: boolean }> };
    expect(providers.providers).toEqual([expect.objectContaining({ id: 'simulated', simulated: true })]);
  });
});
