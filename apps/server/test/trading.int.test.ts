import type { PlaceOrderResult, TradingAccount } from '@tradedesk/contracts';
import { createSimulatedMarket, getInstrument, stopsLevelPoints } from '@tradedesk/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tradingDeals, tradingOrders, tradingPositions } from '../src/modules/trading/trading.table.js';
import { createManualClock } from '../src/platform/clock.js';
import type { JobDefinition } from '../src/platform/jobs/job-runner.js';
import { type SignedInUser, signUpAndLogin } from './auth-helpers.js';
import { createTestApp, createTestDatabase } from './helpers.js';
import { TestWsClient } from './ws-client.js';

const market = createSimulatedMarket();
const EURUSD = getInstrument('EURUSD');
const START = Date.parse('2026-03-02T09:30:00Z');
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

const closers: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** The first instant after `fromMs` (5-minute steps, market open) where the ask moved `move` or more from its ask. */
function firstMove(fromMs: number, move: number) {
  const ask0 = market.quote('EURUSD', fromMs).ask;
  for (let ms = fromMs + 5 * 60_000; ms < fromMs + 10 * 86_400_000; ms += 5 * 60_000) {
    const q = market.quote('EURUSD', ms);
    if (q.open && Math.abs(q.ask - ask0) >= move) return { ms, quote: q, up: q.ask > ask0 };
  }
  throw new Error('the simulated EURUSD did not move enough in ten days');
}

function tradingCall(app: FastifyInstance, user: SignedInUser) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${user.tradingAccessToken}` },
      ...(payload ? { payload } : {}),
    });
}

async function openAccount(app: FastifyInstance, user: SignedInUser): Promise<TradingAccount> {
  const res = await tradingCall(app, user)('POST', '/accounts', { kind: 'virtual', name: 'Practice' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TradingAccount;
}

describe('after a restart', () => {
  it('a pending order crossed while the server was down fills at the first price after, recorded as a gap', async () => {
    const { database } = await createTestDatabase();
    closers.push(() => database.close());
    const before = createManualClock(new Date(START));
    const first = await createTestApp({ database, build: { clock: before } });
    const user = await signUpAndLogin(first.app);
    const account = await openAccount(first.app, user);
    const gap = stopsLevelPoints(EURUSD) * EURUSD.pointSize;
    const later = firstMove(START, 4 * gap + 0.001);
    const q0 = market.quote('EURUSD', START);
    // a level half way to where the price will be: a buy limit below the market, or a buy stop above it
    const level = round5((q0.ask + later.quote.ask) / 2);
    const res = await tradingCall(first.app, user)('PUT', `/middleware/${account.token}/orders`, {
      symbol: 'EURUSD',
      side: 'buy',
      type: later.up ? 'stop' : 'limit',
      ...(later.up ? { trigger_price: level } : { limit_price: level }),
      size: 0.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json() as PlaceOrderResult).order.id;
    await first.app.close();

    const after = createManualClock(new Date(later.ms));
    const second = await createTestApp({ database, build: { clock: after } });
    await second.app.ready();
    const db = second.app.ctx.db;
    await vi.waitFor(
      async () => {
        const [order] = await db.select().from(tradingOrders).where(eq(tradingOrders.id, orderId));
        expect(order?.status).toBe('filled');
      },
      { timeout: 10_000, interval: 50 },
    );
    const [order] = await db.select().from(tradingOrders).where(eq(tradingOrders.id, orderId));
    expect(order).toMatchObject({ fillPrice: later.quote.ask, filledAt: new Date(later.ms) });
    const [deal] = await db
      .select()
      .from(tradingDeals)
      .where(and(eq(tradingDeals.orderId, orderId), eq(tradingDeals.entry, 'in')));
    expect(deal).toMatchObject({
      gap: true,
      price: later.quote.ask,
      requestedPrice: level,
      slippage: round5(later.quote.ask - level),
      reason: 'pending_order',
    });
    const [position] = await db.select().from(tradingPositions).where(eq(tradingPositions.id, order!.positionId!));
    expect(position).toMatchObject({ status: 'open', volume: 0.5, openPrice: later.quote.ask });
    // before the database closes: on PostgreSQL the leader holds a connection of its pool
    await second.app.close();
  });
});

describe('while running', () => {
  it('closes a long at its stop loss on the bid, and the owner hears it on account:<id>', async () => {
    const clock = createManualClock(new Date(START));
    const { app } = await createTestApp({ build: { clock } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    const [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
    const account = await openAccount(app, ada);

    const ws = await TestWsClient.connect(`ws://127.0.0.1:${address.port}/api/ws?access_token=${ada.accessToken}`);
    closers.push(() => ws.close());
    expect(await ws.subscribe(`account:${account.id}`)).toEqual({
      type: 'subscribed',
      channel: `account:${account.id}`,
    });
    const intruder = await TestWsClient.connect(
      `ws://127.0.0.1:${address.port}/api/ws?access_token=${bob.accessToken}`,
    );
    closers.push(() => intruder.close());
    expect(await intruder.subscribe(`account:${account.id}`)).toMatchObject({
      type: 'error',
      code: 'WS_CHANNEL_NOT_FOUND',
    });

    // a stop loss the bid will reach: find when the bid falls 30 pips below where it is now
    const q0 = market.quote('EURUSD', START);
    let hit: { ms: number; bid: number } | undefined;
    for (let ms = START + 60_000; ms < START + 10 * 86_400_000 && !hit; ms += 60_000) {
      const q = market.quote('EURUSD', ms);
      if (q.open && q.bid <= q0.bid - 0.003) hit = { ms, bid: q.bid };
    }
    if (!hit) throw new Error('the simulated EURUSD did not fall 30 pips in ten days');
    const stopLoss = round5(q0.bid - 0.0025);
    const placed = await tradingCall(app, ada)('PUT', `/middleware/${account.token}/orders`, {
      symbol: 'EURUSD',
      side: 'buy',
      stop_loss: stopLoss,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const positionId = (placed.json() as PlaceOrderResult).position!.id;
    const opened = await ws.next('event', (m) => m.channel === `account:${account.id}` && m.event === 'position');
    expect(opened).toMatchObject({ data: { id: positionId, kind: 'long' } });

    clock.set(new Date(hit.ms));
    const flat = await ws.next(
      'event',
      (m) => m.event === 'position' && (m.data as { kind: string }).kind === 'flat',
      10_000,
    );
    expect(flat).toMatchObject({
      channel: `account:${account.id}`,
      data: { id: positionId, kind: 'flat', closeReason: 'stop_loss', closePrice: hit.bid },
    });
    const figures = await ws.next('event', (m) => m.event === 'account' && (m.data as { margin: number }).margin === 0);
    expect(figures).toMatchObject({ data: { accountId: account.id, margin: 0, marginLevel: null } });
    const [deal] = await app.ctx.db
      .select()
      .from(tradingDeals)
      .where(and(eq(tradingDeals.positionId, positionId), eq(tradingDeals.entry, 'out')));
    expect(deal).toMatchObject({ reason: 'stop_loss', requestedPrice: stopLoss, price: hit.bid });
    expect(deal!.slippage).toBe(round5(hit.bid - stopLoss));
  });
});

/** An app on its own clock with a signed-in user and a virtual account; `place` sends an order. */
async function scenario(accountBody: object = {}) {
  const clock = createManualClock(new Date(START));
  const { app } = await createTestApp({ build: { clock } });
  const user = await signUpAndLogin(app);
  const res = await tradingCall(app, user)('POST', '/accounts', { kind: 'virtual', name: 'Practice', ...accountBody });
  expect(res.statusCode, res.body).toBe(201);
  const account = res.json() as TradingAccount;
  const place = async (body: object) => {
    const placed = await tradingCall(app, user)('PUT', `/middleware/${account.token}/orders`, {
      symbol: 'EURUSD',
      ...body,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json() as PlaceOrderResult;
  };
  /** Trading calls after the clock moved past the trading token's 4 minutes: signs in again first. */
  const later = async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: user.email, password: user.password, return_tokens: true },
    });
    const tokens = (login.json() as { tokens: { tradingAccessToken: string } }).tokens;
    return tradingCall(app, { ...user, tradingAccessToken: tokens.tradingAccessToken });
  };
  const row = async (positionId: string) =>
    (await app.ctx.db.select().from(tradingPositions).where(eq(tradingPositions.id, positionId)))[0]!;
  return { app, clock, user, account, place, row, later, db: app.ctx.db };
}

describe('the leader’s trigger job', () => {
  it('follows each change from the ids its message names: a new position, a moved stop, a partial close', async () => {
    const held: JobDefinition[] = [];
    const clock = createManualClock(new Date(START));
    const { app } = await createTestApp({ build: { clock, holdJobs: { names: ['trading-triggers'], held } } });
    const user = await signUpAndLogin(app);
    const account = await openAccount(app, user);
    const call = tradingCall(app, user);
    const lead = new AbortController();
    const runJob = async () => held[0]!.run({ signal: lead.signal });
    const place = async (body: object) => {
      const res = await call('PUT', `/middleware/${account.token}/orders`, { symbol: 'EURUSD', ...body });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as PlaceOrderResult).position!.id;
    };
    const row = async (id: string) =>
      (await app.ctx.db.select().from(tradingPositions).where(eq(tradingPositions.id, id)))[0]!;
    const q0 = market.quote('EURUSD', START);
    let hit: number | undefined;
    for (let ms = START + 60_000; ms < START + 10 * 86_400_000 && hit === undefined; ms += 60_000) {
      const q = market.quote('EURUSD', ms);
      if (q.open && q.bid <= q0.bid - 0.003) hit = ms;
    }
    if (hit === undefined) throw new Error('the simulated EURUSD did not fall 30 pips in ten days');

    await runJob(); // the book, empty, is built
    const first = await place({ side: 'buy', size: 1 });
    // its stop is 200 pips away: the bid falls 30 pips first
    const second = await place({ side: 'buy', size: 1, stop_loss: round5(q0.bid - 0.02) });
    await runJob(); // reads the two new positions by id
    const stopLoss = round5(q0.bid - 0.0025);
    const moved = await call('PUT', `/middleware/${account.token}/orders/positions/modify`, {
      position_id: first,
      stop_loss: stopLoss,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await runJob(); // reads the first again: its new stop is watched
    const halved = await call('PUT', `/middleware/${account.token}/orders/positions/close-partially`, {
      position_id: first,
      volume: 0.5,
    });
    expect(halved.statusCode, halved.body).toBe(200);
    await runJob();

    clock.set(new Date(hit));
    await runJob();
    expect(await row(first)).toMatchObject({ status: 'closed', closeReason: 'stop_loss', initialVolume: 1 });
    expect(await row(second)).toMatchObject({ status: 'open', volume: 1 });
    await app.close();
  });

  it('expires a pending order at its date', async () => {
    const s = await scenario();
    const q0 = market.quote('EURUSD', START);
    const limit = round5(q0.ask - 0.02);
    const { order } = await s.place({
      side: 'buy',
      type: 'limit',
      limit_price: limit,
      expiry: 'date',
      expires_at: new Date(START + 3_600_000).toISOString(),
    });
    expect(market.quote('EURUSD', START + 7_200_000).ask).toBeGreaterThan(limit);
    s.clock.set(new Date(START + 7_200_000));
    await vi.waitFor(
      async () => {
        const [row] = await s.db.select().from(tradingOrders).where(eq(tradingOrders.id, order.id));
        expect(row?.status).toBe('expired');
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('books the swap of each rollover a position is held through as a deal, three nights on Wednesday', async () => {
    const s = await scenario();
    const { position } = await s.place({ side: 'sell', size: 2 });
    // Monday 09:30 to Thursday 09:30 UTC: the rollovers (17:00 New York) of Monday, Tuesday and Wednesday
    s.clock.set(new Date(START + 3 * 86_400_000));
    const night = Math.round(EURUSD.swapShort * 2 * 100_000 * EURUSD.pointSize * 100);
    await vi.waitFor(
      async () => {
        const deals = await s.db
          .select()
          .from(tradingDeals)
          .where(and(eq(tradingDeals.positionId, position!.id), eq(tradingDeals.kind, 'swap')));
        expect(
          deals.sort((a, b) => a.time.getTime() - b.time.getTime()).map((d) => Math.round(Number(d.amount) * 100)),
        ).toEqual([night, night, 3 * night]);
        expect(deals.every((d) => d.reason === 'rollover' && d.entry === 'none')).toBe(true);
        expect(Math.round(Number((await s.row(position!.id)).swap) * 100)).toBe(5 * night);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('moves a trailing stop behind the bid as a long gains, and logs it', async () => {
    const s = await scenario();
    const q0 = market.quote('EURUSD', START);
    const trail = Math.max(100, stopsLevelPoints(EURUSD));
    const { position } = await s.place({ side: 'buy', trailing_stop_points: trail });
    let up: number | undefined;
    for (let ms = START + 60_000; ms < START + 10 * 86_400_000 && up === undefined; ms += 60_000) {
      const q = market.quote('EURUSD', ms);
      if (q.open && q.bid >= q0.ask + 0.002) up = ms;
    }
    if (up === undefined) throw new Error('the simulated EURUSD did not rise 20 pips in ten days');
    s.clock.set(new Date(up));
    const bid = market.quote('EURUSD', up).bid;
    const expected = round5(bid - trail * EURUSD.pointSize);
    await vi.waitFor(async () => expect((await s.row(position!.id)).stopLoss).toBe(expected), {
      timeout: 10_000,
      interval: 50,
    });
    const detail = await (await s.later())('GET', `/trading/accounts/${s.account.token}/trades/${position!.id}`);
    expect((detail.json() as { modifications: unknown[] }).modifications).toEqual([
      expect.objectContaining({ field: 'stop_loss', oldValue: null, newValue: expected, source: 'trailing_stop' }),
    ]);
  });

  it('stops out at a margin level of 50 % or less, closing the position', async () => {
    const s = await scenario({ starting_balance: 1_000 });
    const q0 = market.quote('EURUSD', START);
    let far: { ms: number; up: boolean } | undefined;
    for (let ms = START + 5 * 60_000; ms < START + 60 * 86_400_000 && !far; ms += 5 * 60_000) {
      const q = market.quote('EURUSD', ms);
      if (q.open && Math.abs(q.mid - q0.mid) >= 0.025) far = { ms, up: q.mid > q0.mid };
    }
    if (!far) throw new Error('the simulated EURUSD did not move 250 pips in sixty days');
    // against the move, with most of the equity as margin
    const { position } = await s.place({ side: far.up ? 'sell' : 'buy', size: 0.25 });
    s.clock.set(new Date(far.ms));
    await vi.waitFor(async () => expect((await s.row(position!.id)).closeReason).toBe('stop_out'), {
      timeout: 10_000,
      interval: 50,
    });
    const snap = await (await s.later())('GET', `/middleware/${s.account.token}/accounts/1`);
    expect(snap.json()).toMatchObject({ positions: [], account: { margin: 0 } });
  });

  /** The first open minute after `fromMs` whose quote satisfies `test`. */
  function firstMinute(fromMs: number, test: (q: { bid: number; ask: number }) => boolean) {
    for (let ms = fromMs + 60_000; ms < fromMs + 20 * 86_400_000; ms += 60_000) {
      const q = market.quote('EURUSD', ms);
      if (q.open && test(q)) return { ms, quote: q };
    }
    throw new Error('the simulated EURUSD never got there in twenty days');
  }

  const orderRow = async (db: Awaited<ReturnType<typeof scenario>>['db'], id: string) =>
    (await db.select().from(tradingOrders).where(eq(tradingOrders.id, id)))[0]!;

  it('a buy stop-limit places its limit when the ask reaches the stop, and fills when the ask comes back to it', async () => {
    const s = await scenario();
    const q0 = market.quote('EURUSD', START);
    const stop = round5(q0.ask + 0.0015);
    const up = firstMinute(START, (q) => q.ask > stop + 0.0003);
    const { order } = await s.place({ side: 'buy', type: 'stop_limit', trigger_price: stop, limit_price: stop });
    s.clock.set(new Date(up.ms));
    await vi.waitFor(async () => expect((await orderRow(s.db, order.id)).stopTriggeredAt).not.toBeNull(), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await orderRow(s.db, order.id)).status).toBe('pending');
    const back = firstMinute(up.ms, (q) => q.ask <= stop);
    s.clock.set(new Date(back.ms));
    await vi.waitFor(async () => expect((await orderRow(s.db, order.id)).status).toBe('filled'), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await orderRow(s.db, order.id)).toMatchObject({ fillPrice: back.quote.ask });
  });

  it('rejects a pending order that fills without enough free margin, saying why', async () => {
    const s = await scenario({ starting_balance: 1_000 });
    const q0 = market.quote('EURUSD', START);
    const limit = round5(q0.ask - 0.001);
    const down = firstMinute(START, (q) => q.ask <= limit);
    const { order } = await s.place({ side: 'buy', type: 'limit', limit_price: limit, size: 1 });
    s.clock.set(new Date(down.ms));
    await vi.waitFor(async () => expect((await orderRow(s.db, order.id)).status).toBe('rejected'), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await orderRow(s.db, order.id)).reason).toMatch(
      /^Not enough free margin: the order needs .* USD of margin and 1,000.00 USD is free\.$/,
    );
    expect(await s.db.select().from(tradingPositions).where(eq(tradingPositions.accountId, s.account.id))).toEqual([]);
  });
});
