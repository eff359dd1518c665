import { randomUUID } from 'node:crypto';
import {
  HOLDING_BUCKETS,
  MARKET_SESSION_HOURS,
  METRICS_SESSIONS,
  METRICS_TRADING_DAYS_PER_YEAR,
  type MetricsResponse,
  type PlaceOrderResult,
  type TradeList,
  type TradingAccount,
} from '@tradedesk/contracts';
import {
  createSimulatedMarket,
  HOLDING_BUCKET_BOUNDS,
  SESSION_HOURS,
  SESSION_LABELS,
  TRADING_DAYS_PER_YEAR,
} from '@tradedesk/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { strategies } from '../strategies/strategies.table.js';
import { tradingAccounts } from '../trading/trading.table.js';
import type { UserRow } from '../users/users.table.js';
import { createMetricsRepository } from './metrics.repository.js';
import { createMetricsService } from './metrics.service.js';
import { tradingPositionExcursions } from './metrics.table.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let usd: TradingAccount;
let eur: TradingAccount;
let bobs: TradingAccount;
// Monday 2 March 2026, the FX market open; the clock moves only when a test moves it
const clock = createManualClock('2026-03-02T09:30:00Z');
const market = createSimulatedMarket();
const ids: { first: string; second: string; partial: string; open: string } = {
  first: '',
  second: '',
  partial: '',
  open: '',
};

function call(user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user ? { authorization: `Bearer ${user.tradingAccessToken}` } : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

async function openAccount(user: SignedInUser, body: object = {}): Promise<TradingAccount> {
  const res = await call(user, 'POST', '/accounts', { kind: 'virtual', name: 'Practice', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TradingAccount;
}

async function place(account: TradingAccount, body: object): Promise<string> {
  const res = await call(ada, 'PUT', `/middleware/${account.token}/orders`, { type: 'market', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PlaceOrderResult).position!.id;
}

async function close(account: TradingAccount, positionId: string, volume?: number) {
  const path = volume === undefined ? 'close' : 'close-partially';
  const res = await call(ada, 'PUT', `/middleware/${account.token}/orders/positions/${path}`, {
    position_id: positionId,
    ...(volume === undefined ? {} : { volume }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Signs in again at the clock's time: the access tokens of an earlier time have expired. */
async function relogin(user: SignedInUser): Promise<SignedInUser> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/customer/login',
    payload: { email: user.email, password: user.password, return_tokens: true },
  });
  expect(login.statusCode, login.body).toBe(200);
  const tokens = (login.json() as { tokens: Record<string, string> }).tokens;
  return { ...user, accessToken: tokens.accessToken!, tradingAccessToken: tokens.tradingAccessToken! };
}

/** Moves the clock and signs both users in again. */
async function moveTo(iso: string) {
  clock.set(iso);
  [ada, bob] = await Promise.all([relogin(ada), relogin(bob)]);
}

async function metrics(user: SignedInUser, accountID: string, query = ''): Promise<MetricsResponse> {
  const res = await call(user, 'GET', `/trading/metrics/${accountID}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MetricsResponse;
}

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
  usd = await openAccount(ada);
  eur = await openAccount(ada, { currency: 'EUR', name: 'Euro' });
  bobs = await openAccount(bob);

  // Mon 09:30 buy 1 EURUSD with a 20-pip stop, closed at 10:00
  ids.first = await place(usd, { symbol: 'EURUSD', side: 'buy', size: 1, stop_loss_pips: 20 });
  await moveTo('2026-03-02T10:00:00Z');
  await close(usd, ids.first);
  // Mon 11:00 sell 1 EURUSD, closed at 13:00
  await moveTo('2026-03-02T11:00:00Z');
  ids.second = await place(usd, { symbol: 'EURUSD', side: 'sell', size: 1 });
  await moveTo('2026-03-02T13:00:00Z');
  await close(usd, ids.second);
  // Tue 14:00 buy 0.5 GBPUSD, 0.2 closed at 15:00, the rest at 16:00: one trade
  await moveTo('2026-03-03T14:00:00Z');
  ids.partial = await place(usd, { symbol: 'GBPUSD', side: 'buy', size: 0.5 });
  await moveTo('2026-03-03T15:00:00Z');
  await close(usd, ids.partial, 0.2);
  await moveTo('2026-03-03T16:00:00Z');
  await close(usd, ids.partial);
  // still open: not a trade yet
  ids.open = await place(usd, { symbol: 'EURUSD', side: 'buy', size: 0.1 });
  await moveTo('2026-03-04T09:00:00Z');
}, 60_000);

describe('the contract’s constants', () => {
  it('are the core’s: holding buckets, sessions and their hours, annualisation days', () => {
    expect(HOLDING_BUCKETS).toEqual(HOLDING_BUCKET_BOUNDS);
    expect(METRICS_SESSIONS).toEqual(SESSION_LABELS);
    expect(MARKET_SESSION_HOURS).toEqual(SESSION_HOURS);
    expect(METRICS_TRADING_DAYS_PER_YEAR).toBe(TRADING_DAYS_PER_YEAR);
  });
});

describe('GET /trading/metrics/{accountID}', () => {
  it('counts the closed positions once each, with their booked totals, and leaves open ones out', async () => {
    const m = await metrics(ada, usd.id);
    const closed = await call(ada, 'GET', `/trading/accounts/${usd.id}/trades?status=closed`);
    const booked = (closed.json() as TradeList).trades;
    expect(m.accountIds).toEqual([usd.id]);
    expect(m.currency).toBe('USD');
    expect(m.timeZone).toBe('UTC');
    expect(m.overview.count).toBe(3);
    expect(m.overview.tradeIds).toEqual([ids.first, ids.second, ids.partial]);
    expect(m.trades.map((t) => t.id)).not.toContain(ids.open);
    const cents = (n: number) => Math.round(n * 100);
    expect(cents(m.overview.net)).toBe(booked.reduce((s, t) => s + cents(t.net), 0));
    expect(cents(m.overview.commission)).toBe(booked.reduce((s, t) => s + cents(t.commission), 0));
    expect(m.overview.wins + m.overview.losses + m.overview.breakEven).toBe(3);
    expect([m.overview.longCount, m.overview.shortCount]).toEqual([2, 1]);
    expect(m.overview.startingBalance).toBe(10_000);
    // the balance curve ends at the starting balance plus the closed trades' net
    const last = m.curves.points.filter((p) => p.kind === 'close').at(-1)!;
    expect(cents(last.balance)).toBe(cents(10_000) + cents(m.overview.net));
  });

  it('a partly closed position is one trade with the volume-weighted exit and its total profit', async () => {
    const m = await metrics(ada, usd.id);
    const trade = m.trades.find((t) => t.id === ids.partial)!;
    const detail = await call(ada, 'GET', `/trading/accounts/${usd.id}/trades/${ids.partial}`);
    const { trade: booked, deals } = detail.json() as {
      trade: { profit: number; net: number; initialVolume: number };
      deals: { entry: string; kind: string; volume: number; price: number }[];
    };
    const outs = deals.filter((d) => d.kind === 'trade' && d.entry === 'out');
    expect(outs).toHaveLength(2);
    const vwap = outs.reduce((s, d) => s + d.volume * d.price, 0) / outs.reduce((s, d) => s + d.volume, 0);
    expect(trade.closePrice).toBeCloseTo(vwap, 10);
    expect(trade.volume).toBe(0.5);
    expect(trade.gross).toBe(booked.profit);
    expect(trade.net).toBe(booked.net);
    expect(trade.closedAt).toBe('2026-03-03T16:00:00.000Z');
    expect(trade.holdingSeconds).toBe(2 * 3600);
  });

  it('MFE and MAE come from the 1-minute bars of the market, with R from the initial stop', async () => {
    const m = await metrics(ada, usd.id);
    const t = m.trades.find((x) => x.id === ids.first)!;
    const from = Date.parse(t.openedAt) / 1000;
    const to = Date.parse(t.closedAt) / 1000;
    const bars = market.candles('EURUSD', '1m', { from, to: to + 1, limit: 100, asOfMs: Date.parse(t.closedAt) });
    expect(bars.length).toBeGreaterThan(20);
    const high = Math.max(t.closePrice, ...bars.map((b) => b.high));
    const low = Math.min(t.openPrice, t.closePrice, ...bars.map((b) => b.low));
    expect(t.mfe!.price).toBe(high);
    expect(t.mae!.price).toBe(low);
    expect(Date.parse(t.mfe!.time)).toBeGreaterThanOrEqual(Date.parse(t.openedAt));
    expect(Date.parse(t.mfe!.time)).toBeLessThanOrEqual(Date.parse(t.closedAt));
    // 1 lot of EURUSD in USD: 100,000 USD per 1.0 of price, so money = price move x 100,000 (to the cent)
    expect(t.mfe!.money).toBeCloseTo((high - t.openPrice) * 100_000, 1);
    expect(t.mae!.money).toBeCloseTo((low - t.openPrice) * 100_000, 1);
    // a 20-pip stop risks 200 USD on 1 lot
    expect(t.initialStopLoss).toBeCloseTo(t.openPrice - 0.002, 5);
    expect(t.risk).toBeCloseTo(200, 1);
    expect(t.r).toBeCloseTo(t.net / t.risk!, 10);
    expect(t.mfe!.r).toBeCloseTo(t.mfe!.money / t.risk!, 2);
    expect(t.bestExitNet).toBeCloseTo(t.mfe!.money + t.commission + t.swap, 6);
    // a trade without a stop has no R
    expect(m.trades.find((x) => x.id === ids.second)!.r).toBeNull();
  });

  it('keeps the excursions per closed position, read back unless imported candles now cover the trade', async () => {
    const m = await metrics(ada, usd.id);
    const kept = await app.ctx.db.select().from(tradingPositionExcursions);
    const byId = new Map(kept.map((k) => [k.positionId, k]));
    for (const t of m.trades) {
      expect(byId.get(t.id)?.mfePrice).toBe(t.mfe!.price);
      expect(byId.get(t.id)?.maeTime.toISOString()).toBe(t.mae!.time);
    }
    expect(byId.has(ids.open)).toBe(false);
    // another process (nothing in memory) whose market cannot serve a bar: the kept rows answer
    const [row] = await app.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, usd.id));
    const fresh = (ranges: { from: number; to: number }[]) =>
      createMetricsService({
        repo: createMetricsRepository(app.ctx.db),
        accounts: { owned: async () => row! },
        users: { getById: async () => ({ timeZone: 'UTC' }) as UserRow },
        history: {
          candles: async () => {
            throw new Error('no bars here');
          },
        },
        candles: { importsVersion: async () => 1, findImportedBars: async () => ({ bars: [], ranges }) },
        market,
        strategies: { strategiesOf: async () => new Map() },
        compliance: { annotationsOf: async () => [], playbookOf: async () => [] },
      });
    const again = await fresh([]).metrics(ada.userId, usd.id, {});
    expect(again.trades.map((t) => t.mfe)).toEqual(m.trades.map((t) => t.mfe));
    expect(again.trades.map((t) => t.mae)).toEqual(m.trades.map((t) => t.mae));
    // imported candles over the whole week: the kept rows no longer stand for the bars, so they are not used
    const week = { from: Date.parse('2026-03-02T00:00:00Z') / 1000, to: Date.parse('2026-03-08T00:00:00Z') / 1000 };
    const covered = await fresh([week]).metrics(ada.userId, usd.id, {});
    expect(covered.trades.map((t) => t.mfe)).toEqual([null, null, null]);
  });

  it('buckets hours and days in the user’s time zone, or in tz', async () => {
    const utc = await metrics(ada, usd.id);
    const hours = (m: MetricsResponse) => m.timeAnalysis.byHour.filter((b) => b.count > 0).map((b) => b.hour);
    expect(hours(utc)).toEqual([9, 11, 14]);
    expect(utc.dailyPerf.days.map((d) => [d.date, d.count])).toEqual([
      ['2026-03-02', 2],
      ['2026-03-03', 1],
    ]);
    expect(utc.dailyPerf.weeks.map((w) => [w.weekStart, w.count])).toEqual([['2026-03-02', 3]]);
    const tokyo = await metrics(ada, usd.id, '?tz=Asia/Tokyo');
    expect(tokyo.timeZone).toBe('Asia/Tokyo');
    expect(hours(tokyo)).toEqual([18, 20, 23]);
    // the user's own zone from their settings
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/customer/settings/general',
      headers: { authorization: `Bearer ${ada.accessToken}` },
      payload: { time_zone: 'America/New_York' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ny = await metrics(ada, usd.id);
    expect(ny.timeZone).toBe('America/New_York');
    expect(hours(ny)).toEqual([4, 6, 9]);
    expect(ny.dayOfWeek.map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 0, 0]);
  });

  it('filters by period, symbol (with its detail), direction and session', async () => {
    const day = await metrics(ada, usd.id, '?from=2026-03-03&to=2026-03-03&tz=UTC');
    expect(day.overview.tradeIds).toEqual([ids.partial]);
    expect(day.from).toBe('2026-03-03T00:00:00.000Z');
    expect(day.to).toBe('2026-03-04T00:00:00.000Z');
    // the period starts after the first two trades: they are in its starting balance
    const all = await metrics(ada, usd.id);
    const firstTwo = all.trades.slice(0, 2).reduce((s, t) => s + Math.round(t.net * 100), 0);
    expect(Math.round(day.overview.startingBalance * 100)).toBe(1_000_000 + firstTwo);

    const gbp = await metrics(ada, usd.id, '?symbol=gbpusd');
    expect(gbp.overview.tradeIds).toEqual([ids.partial]);
    expect(gbp.symbol?.symbol).toBe('GBPUSD');
    expect(gbp.symbol?.overview.count).toBe(1);
    expect(gbp.symbols.map((s) => s.symbol)).toEqual(['GBPUSD']);
    expect((await metrics(ada, usd.id)).symbol).toBeNull();

    const short = await metrics(ada, usd.id, '?direction=short');
    expect(short.overview.tradeIds).toEqual([ids.second]);
    // 09:30Z and 11:00Z are London hours (Tokyo closed at 09:00Z); 14:00Z is London and New York
    const overlap = await metrics(ada, usd.id, '?session=london_new_york&tz=UTC');
    expect(overlap.overview.tradeIds).toEqual([ids.partial]);
    const london = await metrics(ada, usd.id, '?session=london&tz=UTC');
    expect(london.overview.count).toBe(3);
    expect(london.timeAnalysis.bySession.map((b) => [b.session, b.count])).toEqual([
      ['asia', 0],
      ['asia_london', 0],
      ['london', 2],
      ['london_new_york', 1],
      ['new_york', 0],
      ['off_hours', 0],
    ]);
    // a strategy no trade is linked to: the filter keeps none, and every figure is still defined
    const none = await metrics(ada, usd.id, `?strategy=${randomUUID()}`);
    expect(none.overview.count).toBe(0);
    expect(none.overview.profitFactor).toBeNull();
    expect(none.dailyPerf.days).toEqual([]);
    expectFieldError(await call(ada, 'GET', `/trading/metrics/${usd.id}?strategy=breakout`), {
      status: 400,
      field: 'strategy',
      message: 'strategy must be a strategy id (a UUID).',
    });
  });

  it('strategy keeps the trades whose journal annotation links them to that strategy', async () => {
    const now = clock.now();
    const breakout = randomUUID();
    await app.ctx.db
      .insert(strategies)
      .values({ id: breakout, userId: ada.userId, name: 'Breakout', description: '', createdAt: now, updatedAt: now });
    const link = await app.inject({
      method: 'PUT',
      url: `/api/journal/trades/${ids.partial}`,
      headers: { authorization: `Bearer ${ada.accessToken}` },
      payload: { strategy_id: breakout },
    });
    expect(link.statusCode, link.body).toBe(200);
    const all = await metrics(ada, usd.id);
    const linked = await metrics(ada, usd.id, `?strategy=${breakout}`);
    expect(linked.overview.tradeIds).toEqual([ids.partial]);
    expect(linked.filters.strategy).toBe(breakout);
    expect(linked.trades.map((t) => t.strategy)).toEqual([breakout]);
    expect(linked.overview.net).toBe(all.trades.find((t) => t.id === ids.partial)!.net);
    // the other trades carry no strategy
    expect(all.trades.filter((t) => t.id !== ids.partial).map((t) => t.strategy)).toEqual([null, null]);
  });

  it('all: the user’s accounts in one currency, refusing to mix currencies', async () => {
    const mixed = await call(ada, 'GET', '/trading/metrics/all');
    expectFieldError(mixed, {
      status: 422,
      code: 'METRICS_MIXED_CURRENCIES',
      field: 'currency',
      message: /kept in EUR, USD/,
    });
    const inUsd = await metrics(ada, 'all', '?currency=USD');
    expect(inUsd.accountIds).toEqual([usd.id]);
    expect(inUsd.overview.count).toBe(3);
    const inEur = await metrics(ada, 'all', '?currency=EUR');
    expect(inEur.accountIds).toEqual([eur.id]);
    expect(inEur.currency).toBe('EUR');
    expect(inEur.overview.count).toBe(0);
    // bob's one account alone is "all" of his
    const bobAll = await metrics(bob, 'all');
    expect(bobAll.accountIds).toEqual([bobs.id]);
  });

  it('another user’s account is not found, and a wrong currency for one account is refused', async () => {
    const res = await call(bob, 'GET', `/trading/metrics/${usd.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'TRADING_ACCOUNT_NOT_FOUND' });
    expectFieldError(await call(ada, 'GET', `/trading/metrics/${usd.id}?currency=EUR`), {
      status: 422,
      field: 'currency',
      message: /kept in USD/,
    });
  });

  it.each([
    ['/trading/metrics/nope', 'accountID', /accountID must be a trading account id/],
    ['/trading/metrics/all?direction=up', 'direction', 'direction must be one of long, short.'],
    ['/trading/metrics/all?from=2026-02-30', 'from', /from must be a date/],
    ['/trading/metrics/all?to=yesterday', 'to', /to must be a date/],
    ['/trading/metrics/all?from=2026-03-05&to=2026-03-01', 'to', 'to must not be before from.'],
    ['/trading/metrics/all?session=tokyo', 'session', /session must be one of asia/],
    ['/trading/metrics/all?tz=Mars/Olympus', 'tz', /tz must be an IANA time zone/],
    ['/trading/metrics/all?currency=XYZ', 'currency', /currency must be one of USD/],
  ])('refuses %s with a sentence naming %s', async (url, field, message) => {
    expectFieldError(await call(ada, 'GET', url), { field, message });
  });

  it('refuses a period that ends before it starts (instants)', async () => {
    expectFieldError(
      await call(ada, 'GET', `/trading/metrics/${usd.id}?from=2026-03-03T10:00:00Z&to=2026-03-03T10:00:00Z`),
      { field: 'to', message: 'to must be later than from.' },
    );
  });

  it('is in the API reference with the trading token, its query and its answer', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown; parameters?: { name: string }[]; responses: object }>>;
    };
    const op = doc.paths['/api/trading/metrics/{accountID}']?.get;
    expect(op?.security).toEqual([{ tradingBearer: [] }, { tradingCookie: [] }, { cookie: [] }]);
    expect(op?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['accountID', 'from', 'to', 'symbol', 'direction', 'session', 'strategy', 'tz']),
    );
    expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404', '422']));
  });

  it('needs the trading token', async () => {
    expect((await call(null, 'GET', '/trading/metrics/all')).statusCode).toBe(401);
  });
});
