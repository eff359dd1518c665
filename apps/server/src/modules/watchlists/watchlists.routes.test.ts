import type { SharedWatchlist, Watchlist } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { holdPlanForEveryone } from '../../../test/billing-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { createWatchlistsRepository } from './watchlists.repository.js';
import { createWatchlistsService } from './watchlists.service.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-02T09:30:00Z');

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  // its users make more (accounts, lists, layouts...) than the free plan allows; the plan is not what it tests
  holdPlanForEveryone(app);
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

async function newList(user: SignedInUser, body: object = {}): Promise<Watchlist> {
  const res = await call(user, 'POST', '/watchlist', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Watchlist;
}

const tickers = (list: Watchlist) => list.symbols.map((s) => s.ticker);

describe('POST/GET /watchlist', () => {
  it('makes the first list the default, with its symbols in order', async () => {
    const carol = await signUpAndLogin(app);
    expect((await call(carol, 'GET', '/watchlist')).json()).toEqual({ watchlists: [] });
    const first = await newList(carol, {
      name: 'Majors',
      symbols: [
        { source: 'FOREX', ticker: 'EURUSD' },
        { source: 'CRYPTO', ticker: 'btcusd' },
      ],
    });
    expect(first).toMatchObject({ name: 'Majors', isDefault: true, shareToken: null });
    expect(first.symbols).toEqual([
      expect.objectContaining({ source: 'FOREX', ticker: 'EURUSD', digits: 5, name: expect.any(String) }),
      expect.objectContaining({ source: 'CRYPTO', ticker: 'BTCUSD' }),
    ]);
    const second = await newList(carol);
    expect(second).toMatchObject({ name: 'My watchlist', isDefault: false, symbols: [] });
    const all = (await call(carol, 'GET', '/watchlist')).json() as { watchlists: Watchlist[] };
    expect(all.watchlists.map((w) => w.id)).toEqual([first.id, second.id]);
    expect((await call(carol, 'GET', `/watchlist/${first.id}`)).json()).toEqual(first);
  });

  it.each([
    ['an unknown ticker', { symbols: [{ source: 'FOREX', ticker: 'NOPE' }] }, 'symbols.0.ticker', 400],
    [
      'a source that is not the ticker’s',
      { symbols: [{ source: 'STOCKS', ticker: 'EURUSD' }] },
      'symbols.0.source',
      400,
    ],
    [
      'a ticker given twice',
      {
        symbols: [
          { source: 'FOREX', ticker: 'EURUSD' },
          { source: 'FOREX', ticker: 'eurusd' },
        ],
      },
      'symbols.1.ticker',
      409,
    ],
    ['a blank name', { name: ' ' }, 'name', 400],
    ['an unknown field', { colour: 'red' }, 'colour', 400],
  ])('refuses %s, naming the field', async (_case, body, field, status) => {
    expectFieldError(await call(ada, 'POST', '/watchlist', body), { field, status });
  });
});

describe('symbols of a watchlist', () => {
  it('adds by { source, ticker } and refuses a symbol already in the list with a clear message', async () => {
    const list = await newList(ada);
    const added = await call(ada, 'POST', `/watchlist/${list.id}/symbol`, { source: 'STOCKS', ticker: 'AAPL' });
    expect(added.statusCode, added.body).toBe(201);
    expect(tickers(added.json() as Watchlist)).toEqual(['AAPL']);
    const again = await call(ada, 'POST', `/watchlist/${list.id}/symbol`, { source: 'STOCKS', ticker: 'aapl' });
    expectFieldError(again, {
      status: 409,
      code: 'WATCHLIST_SYMBOL_DUPLICATE',
      field: 'ticker',
      message: 'AAPL is already in this watchlist.',
    });
    expectFieldError(await call(ada, 'POST', `/watchlist/${list.id}/symbol`, { source: 'FOREX', ticker: 'XXXYYY' }), {
      code: 'WATCHLIST_INVALID_SYMBOL',
      field: 'ticker',
    });
    expectFieldError(await call(ada, 'POST', `/watchlist/${list.id}/symbol`, { ticker: 'EURUSD' }), {
      field: 'source',
      message: 'Source is required.',
    });
  });

  it('removes a symbol and reorders them', async () => {
    const list = await newList(ada, {
      symbols: ['EURUSD', 'GBPUSD', 'USDJPY'].map((ticker) => ({ source: 'FOREX', ticker })),
    });
    const [eur, gbp, jpy] = list.symbols.map((s) => s.id);
    const reordered = await call(ada, 'PUT', `/watchlist/${list.id}`, { symbol_ids: [jpy, eur, gbp] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(tickers(reordered.json() as Watchlist)).toEqual(['USDJPY', 'EURUSD', 'GBPUSD']);
    const removed = await call(ada, 'DELETE', `/watchlist/${list.id}/symbol/${eur}`);
    expect(tickers(removed.json() as Watchlist)).toEqual(['USDJPY', 'GBPUSD']);
    expect((await call(ada, 'DELETE', `/watchlist/${list.id}/symbol/${eur}`)).json()).toMatchObject({
      code: 'WATCHLIST_SYMBOL_NOT_FOUND',
    });
    const added = (
      await call(ada, 'POST', `/watchlist/${list.id}/symbol`, { source: 'FOREX', ticker: 'EURUSD' })
    ).json();
    expect(tickers(added as Watchlist)).toEqual(['USDJPY', 'GBPUSD', 'EURUSD']);
    expectFieldError(await call(ada, 'PUT', `/watchlist/${list.id}`, { symbol_ids: [jpy] }), {
      code: 'WATCHLIST_INVALID_ORDER',
      field: 'symbol_ids',
      message: 'symbol_ids must list every symbol of this watchlist exactly once (it has 3).',
    });
  });

  it('adds a symbol once when the same one is added twice at the same moment', async () => {
    const list = await newList(ada);
    const results = await Promise.all(
      [1, 2].map(() => call(ada, 'POST', `/watchlist/${list.id}/symbol`, { source: 'CRYPTO', ticker: 'ETHUSD' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(tickers((await call(ada, 'GET', `/watchlist/${list.id}`)).json() as Watchlist)).toEqual(['ETHUSD']);
  });

  it('keeps one default when the first lists are made at the same moment', async () => {
    const erin = await signUpAndLogin(app);
    await Promise.all([1, 2, 3].map(() => newList(erin)));
    const all = ((await call(erin, 'GET', '/watchlist')).json() as { watchlists: Watchlist[] }).watchlists;
    expect(all.filter((w) => w.isDefault)).toHaveLength(1);
  });

  it('refuses a symbol past the limit', async () => {
    const service = createWatchlistsService({
      repo: createWatchlistsRepository(app.ctx.db),
      clock,
      limits: { maxLists: 50, maxSymbols: 1 },
    });
    const list = await service.create(ada.userId, { symbols: [{ source: 'FOREX', ticker: 'EURUSD' }] });
    await expect(service.addSymbol(ada.userId, list.id, { source: 'FOREX', ticker: 'GBPUSD' })).rejects.toMatchObject({
      code: 'WATCHLIST_SYMBOL_LIMIT_REACHED',
    });
  });
});

describe('rename, duplicate, default, delete', () => {
  it('renames, duplicates as a copy and moves the default', async () => {
    const dora = await signUpAndLogin(app);
    const list = await newList(dora, { name: 'Tech', symbols: [{ source: 'STOCKS', ticker: 'MSFT' }] });
    expect((await call(dora, 'PUT', `/watchlist/${list.id}`, { name: 'Big tech' })).json()).toMatchObject({
      name: 'Big tech',
    });
    const copy = await call(dora, 'GET', `/watchlist/${list.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    const dup = copy.json() as Watchlist;
    expect(dup).toMatchObject({ name: 'Big tech (copy)', isDefault: false, shareToken: null });
    expect(tickers(dup)).toEqual(['MSFT']);
    expect(dup.symbols[0]?.id).not.toBe(list.symbols[0]?.id);

    expect((await call(dora, 'PUT', `/watchlist/${dup.id}/default`)).json()).toMatchObject({ isDefault: true });
    const all = ((await call(dora, 'GET', '/watchlist')).json() as { watchlists: Watchlist[] }).watchlists;
    expect(all.filter((w) => w.isDefault).map((w) => w.id)).toEqual([dup.id]);
    expect(all[0]?.id).toBe(dup.id);

    // deleting the default passes it to the oldest list left
    expect((await call(dora, 'DELETE', `/watchlist/${dup.id}`)).json()).toEqual({ ok: true });
    expect((await call(dora, 'GET', `/watchlist/${list.id}`)).json()).toMatchObject({ isDefault: true });
  });

  it('refuses a duplicate made by a cross-site page, like a POST', async () => {
    const list = await newList(ada);
    const res = await app.inject({
      method: 'GET',
      url: `/api/watchlist/${list.id}/duplicate`,
      headers: { cookie: ada.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('another user’s watchlist', () => {
  it('is answered 404 on every call, and nothing of it changes', async () => {
    const list = await newList(ada, { name: 'Private', symbols: [{ source: 'FOREX', ticker: 'EURUSD' }] });
    const symbolId = list.symbols[0]?.id;
    for (const [method, url, body] of [
      ['GET', `/watchlist/${list.id}`],
      ['PUT', `/watchlist/${list.id}`, { name: 'Mine', shared: true }],
      ['DELETE', `/watchlist/${list.id}`],
      ['POST', `/watchlist/${list.id}/symbol`, { source: 'FOREX', ticker: 'GBPUSD' }],
      ['DELETE', `/watchlist/${list.id}/symbol/${symbolId}`],
      ['GET', `/watchlist/${list.id}/duplicate`],
      ['PUT', `/watchlist/${list.id}/default`],
    ] as Array<[Method, string, unknown?]>) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('WATCHLIST_NOT_FOUND');
    }
    const after = (await call(ada, 'GET', `/watchlist/${list.id}`)).json() as Watchlist;
    expect(after).toEqual(list);
    expect(((await call(bob, 'GET', '/watchlist')).json() as { watchlists: Watchlist[] }).watchlists).toEqual([]);
  });
});

describe('sharing a watchlist', () => {
  it('gives a public read-only link showing the list as it is now; revoking it answers 404', async () => {
    const list = await newList(ada, { name: 'Shared', symbols: [{ source: 'INDICES', ticker: 'US500' }] });
    const shared = (await call(ada, 'PUT', `/watchlist/${list.id}`, { shared: true })).json() as Watchlist;
    const token = shared.shareToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // sharing again keeps the link
    expect(((await call(ada, 'PUT', `/watchlist/${list.id}`, { shared: true })).json() as Watchlist).shareToken).toBe(
      token,
    );
    await call(ada, 'POST', `/watchlist/${list.id}/symbol`, { source: 'FOREX', ticker: 'EURUSD' });

    const view = await call(null, 'GET', `/watchlist/share/${token}`);
    expect(view.statusCode).toBe(200);
    const body = view.json() as SharedWatchlist;
    expect(body.name).toBe('Shared');
    expect(body.symbols.map((s) => s.ticker)).toEqual(['US500', 'EURUSD']);
    expect(body.symbols[0]).not.toHaveProperty('id');

    // read-only: nothing writes through the token
    for (const method of ['PUT', 'POST', 'DELETE'] as const) {
      const res = await call(null, method, `/watchlist/share/${token}`, method === 'DELETE' ? undefined : {});
      expect([401, 404], method).toContain(res.statusCode);
    }
    expect(
      (await call(bob, 'POST', `/watchlist/share/${token}/symbol`, { source: 'FOREX', ticker: 'USDJPY' })).statusCode,
    ).toBe(404);

    const revoked = (await call(ada, 'PUT', `/watchlist/${list.id}`, { shared: false })).json() as Watchlist;
    expect(revoked.shareToken).toBeNull();
    const gone = await call(null, 'GET', `/watchlist/share/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'WATCHLIST_SHARE_NOT_FOUND' });
    expectFieldError(await call(null, 'GET', '/watchlist/share/a%00b'), { field: 'token' });
  });
});

it('requires a signed-in caller', async () => {
  expect((await call(null, 'GET', '/watchlist')).statusCode).toBe(401);
  expect((await call(null, 'POST', '/watchlist', {})).statusCode).toBe(401);
});

describe('account deletion', () => {
  it('takes the account’s watchlists, charts and their share links with it', async () => {
    const gil = await signUpAndLogin(app);
    const list = await newList(gil, { symbols: [{ source: 'FOREX', ticker: 'EURUSD' }] });
    const listToken = ((await call(gil, 'PUT', `/watchlist/${list.id}`, { shared: true })).json() as Watchlist)
      .shareToken;
    const chart = (await call(gil, 'POST', '/charts', {})).json() as { id: string };
    const chartToken = (await call(gil, 'POST', `/charts/${chart.id}/share`)).json().token as string;
    expect((await call(null, 'GET', `/charts/share/${chartToken}`)).statusCode).toBe(200);

    const deleted = await call(gil, 'DELETE', '/customer/delete', { password: gil.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(null, 'GET', `/watchlist/share/${listToken}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/charts/share/${chartToken}`)).statusCode).toBe(404);
  });
});
