import {
  CHARTING_SAVED_EVENT,
  type IndicatorCollectionsResponse,
  type ManualSetupsResponse,
  type RecentInstrumentsResponse,
} from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import type { BusMessage } from '../../platform/bus/event-bus.js';
import { createManualClock } from '../../platform/clock.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-02T09:30:00Z');
const base = '/api/user-data/v1/store';
const urls = {
  setups: `${base}/activeCharts/manualSetups`,
  collections: `${base}/indicators/indicatorCollections`,
  recent: `${base}/instrument/recentlyList`,
};

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

function get(user: SignedInUser | null, url: string) {
  return app.inject({ method: 'GET', url, headers: user ? user.auth : {} });
}
function put(user: SignedInUser | null, url: string, payload: unknown) {
  return app.inject({ method: 'PUT', url, headers: user ? user.auth : {}, payload: payload as object });
}

/** A setup saved without a trade idea: no levels, not tracked. */
const noIdea = {
  direction: null,
  entryFrom: null,
  entryTo: null,
  stopLoss: null,
  takeProfit: null,
  strategyId: null,
  status: null,
  statusAt: null,
  statusPrice: null,
};

describe('activeCharts/manualSetups', () => {
  it('is an empty state at version 0 until saved, then answers data.payload.state', async () => {
    expect((await get(ada, urls.setups)).json()).toEqual({ payload: { state: [], version: 0, updatedAt: null } });
    const saved = await put(ada, urls.setups, {
      version: 0,
      state: [
        { id: 'a', symbol: 'eurusd', timeframe: '15m' },
        { id: 'b', name: 'Gold', symbol: 'XAUUSD', timeframe: '4h' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as ManualSetupsResponse;
    expect(body.payload).toEqual({
      state: [
        { id: 'a', name: 'EURUSD 15m', symbol: 'EURUSD', source: 'FOREX', timeframe: '15m', chartId: null, ...noIdea },
        { id: 'b', name: 'Gold', symbol: 'XAUUSD', source: 'COMMODITIES', timeframe: '4h', chartId: null, ...noIdea },
      ],
      version: 1,
      updatedAt: '2026-03-02T09:30:00.000Z',
    });
    expect((await get(ada, urls.setups)).json()).toEqual(body);
    expect(((await get(bob, urls.setups)).json() as ManualSetupsResponse).payload.state).toEqual([]);
  });

  it.each([
    ['an unknown symbol', { state: [{ id: 'a', symbol: 'NOPE', timeframe: '15m' }] }, 'state.0.symbol'],
    ['a bad timeframe', { state: [{ id: 'a', symbol: 'EURUSD', timeframe: '2d' }] }, 'state.0.timeframe'],
    [
      'an id used twice',
      {
        state: [
          { id: 'a', symbol: 'EURUSD', timeframe: '15m' },
          { id: 'a', symbol: 'EURUSD', timeframe: '1h' },
        ],
      },
      'state.1.id',
    ],
    ['a missing state', { version: 0 }, 'state'],
    ['a bad chart id', { state: [{ id: 'a', symbol: 'EURUSD', timeframe: '15m', chart_id: 'x' }] }, 'state.0.chart_id'],
  ])('refuses %s with a 400 naming the field', async (_case, body, field) => {
    expectFieldError(await put(ada, urls.setups, body), { field });
  });
});

describe('indicators/indicatorCollections', () => {
  it('answers 404 while none are saved, so the client creates the default Favorite collection', async () => {
    const carol = await signUpAndLogin(app);
    const none = await get(carol, urls.collections);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'USER_DATA_NOT_FOUND' });
    const saved = await put(carol, urls.collections, { list: [{ id: 'fav', indicators: ['RSI', 'bb', 'rsi'] }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as IndicatorCollectionsResponse).payload).toMatchObject({
      list: [{ id: 'fav', tabName: 'Favorite', indicators: ['rsi', 'bollinger'] }],
      version: 1,
    });
    expect((await get(carol, urls.collections)).json()).toEqual(saved.json());
    expect((await get(bob, urls.collections)).statusCode).toBe(404);
  });

  it('refuses an unknown indicator, naming it', async () => {
    expectFieldError(
      await put(ada, urls.collections, { list: [{ id: 'x', tab_name: 'Mine', indicators: ['sma', 'voodoo'] }] }),
      {
        code: 'USER_DATA_INVALID_ENTRY',
        field: 'list.0.indicators.1',
        message: 'Indicator "voodoo" is not an indicator of the catalogue.',
      },
    );
    expectFieldError(await put(ada, urls.collections, { list: [{ id: 'x', tab_name: '', indicators: [] }] }), {
      field: 'list.0.tab_name',
    });
  });
});

describe('instrument/recentlyList', () => {
  it('keeps the first 4 distinct instruments, newest first, as data.payload.list', async () => {
    const dora = await signUpAndLogin(app);
    expect((await get(dora, urls.recent)).json()).toEqual({ payload: { list: [], version: 0, updatedAt: null } });
    const saved = await put(dora, urls.recent, {
      list: [
        { symbol: 'BTCUSD' },
        { symbol: 'EURUSD', source: 'FOREX' },
        { symbol: 'btcusd' },
        { symbol: 'AAPL' },
        { symbol: 'XAUUSD' },
        { symbol: 'GBPUSD' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { payload } = saved.json() as RecentInstrumentsResponse;
    expect(payload.list.map((i) => i.symbol)).toEqual(['BTCUSD', 'EURUSD', 'AAPL', 'XAUUSD']);
    expect(payload.list[0]).toMatchObject({ source: 'CRYPTO', name: expect.any(String), digits: expect.any(Number) });
    expect((await get(dora, urls.recent)).json()).toEqual(saved.json());
  });

  it('refuses a symbol that is not an instrument, naming it', async () => {
    expectFieldError(await put(ada, urls.recent, { list: [{ symbol: 'EURUSD' }, { symbol: 'ZZZZ' }] }), {
      field: 'list.1.symbol',
    });
    expectFieldError(await put(ada, urls.recent, { list: [{ symbol: 'EURUSD', source: 'CRYPTO' }] }), {
      field: 'list.0.source',
    });
    expectFieldError(await put(ada, urls.recent, {}), { field: 'list', message: 'list is required.' });
  });
});

describe('versions: two tabs never overwrite each other silently', () => {
  it.each([
    ['manual setups', urls.setups, (n: number) => ({ state: [{ id: `s${n}`, symbol: 'EURUSD', timeframe: '15m' }] })],
    ['indicator collections', urls.collections, (n: number) => ({ list: [{ id: `c${n}`, indicators: ['rsi'] }] })],
    ['recent instruments', urls.recent, (n: number) => ({ list: [{ symbol: n === 1 ? 'EURUSD' : 'GBPUSD' }] })],
  ])('%s: a save made to an older version is a 409 and the first tab’s save stays', async (what, url, body) => {
    const erin = await signUpAndLogin(app);
    expect((await put(erin, url, { version: 0, ...body(0) })).json().payload.version).toBe(1);
    // both tabs read version 1; the first saves
    const first = await put(erin, url, { version: 1, ...body(1) });
    expect(first.json().payload.version).toBe(2);
    const second = await put(erin, url, { version: 1, ...body(2) });
    const message = expectFieldError(second, { status: 409, code: 'USER_DATA_VERSION_CONFLICT', field: 'version' });
    expect(message).toBe(
      `Your ${what} were saved elsewhere in the meantime (version 2; this change was made to version 1). Reload them and make the change again.`,
    );
    expect((await get(erin, url)).json()).toEqual(first.json());
    // creating when something is saved already is a conflict too
    expect((await put(erin, url, { version: 0, ...body(3) })).statusCode).toBe(409);
    // without a version (the spec's plain body) the save replaces what is saved
    expect((await put(erin, url, body(4))).json().payload.version).toBe(3);
  });

  it('tells the user’s other tabs when an entry is saved', async () => {
    const seen: BusMessage[] = [];
    const stop = app.ctx.bus.subscribe((message) => void seen.push(message));
    const fay = await signUpAndLogin(app);
    await put(fay, urls.recent, { list: [{ symbol: 'EURUSD' }] });
    stop();
    expect(seen.filter((m) => m.channel === `user:${fay.userId}` && m.event === CHARTING_SAVED_EVENT)).toEqual([
      expect.objectContaining({ data: { resource: 'recentlyList', id: null, version: 1 } }),
    ]);
  });

  it('refuses a version that is not a whole number, naming it', async () => {
    expectFieldError(await put(ada, urls.recent, { version: 1.5, list: [] }), { field: 'version' });
  });
});

it('requires a signed-in caller on every entry', async () => {
  for (const [url, body] of [
    [urls.setups, { state: [] }],
    [urls.collections, { list: [] }],
    [urls.recent, { list: [] }],
  ] as const) {
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await put(null, url, body)).statusCode).toBe(401);
  }
});
