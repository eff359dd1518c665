import type { AccountGoals, PlaceOrderResult, TradingAccount } from '@tradedesk/contracts';
import { createSimulatedMarket } from '@tradedesk/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { propAccounts } from '../src/modules/prop/prop.table.js';
import { tradingDeals, tradingOrders, tradingPositions } from '../src/modules/trading/trading.table.js';
import { createManualClock, type ManualClock } from '../src/platform/clock.js';
import { type SignedInUser, signUpAndLogin } from './auth-helpers.js';
import { createTestApp, createTestDatabase } from './helpers.js';
import { TestWsClient } from './ws-client.js';

const market = createSimulatedMarket();
const START = Date.parse('2026-03-02T09:30:00Z'); // a Monday, markets open
const HOUR = 3_600_000;
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;
const WAIT = { timeout: 15_000, interval: 50 };

const closers: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** The first open minute in [fromMs, toMs) where `test` holds for the EURUSD quote. */
function firstWhen(fromMs: number, toMs: number, test: (q: { bid: number; ask: number }) => boolean) {
  for (let ms = fromMs; ms < toMs; ms += 60_000) {
    const q = market.quote('EURUSD', ms);
    if (q.open && test(q)) return { ms, quote: q };
  }
  throw new Error('the simulated EURUSD never did what the scenario needs');
}

/** The first open minute after `fromMs` where EURUSD moved `move` against a buy or a sell opened at `fromMs`. */
function against(fromMs: number, move: number) {
  const q0 = market.quote('EURUSD', fromMs);
  const hit = firstWhen(fromMs + 60_000, fromMs + 96 * HOUR, (q) => q.bid <= q0.ask - move || q.ask >= q0.bid + move);
  return { ...hit, side: (hit.quote.bid <= q0.ask - move ? 'buy' : 'sell') as 'buy' | 'sell' };
}

/** A signed-in user on an app with a manual clock, with trading calls that sign in again after a clock jump. */
async function scenario(clock: ManualClock, app?: FastifyInstance) {
  const theApp = app ?? (await createTestApp({ build: { clock } })).app;
  const user = await signUpAndLogin(theApp);
  return { app: theApp, user, ...calls(theApp, user) };
}

function calls(app: FastifyInstance, user: SignedInUser) {
  let token = user.tradingAccessToken;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  /** Signs in again (the trading token lives 4 minutes of the manual clock). */
  const relogin = async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: user.email, password: user.password, return_tokens: true },
    });
    token = (login.json() as { tokens: { tradingAccessToken: string } }).tokens.tradingAccessToken;
  };
  const openProp = async (body: object) => {
    const res = await call('POST', '/accounts', { kind: 'prop', name: 'Challenge', currency: 'USD', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TradingAccount;
  };
  const place = async (account: TradingAccount, body: object) => {
    const res = await call('PUT', `/middleware/${account.token}/orders`, { symbol: 'EURUSD', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PlaceOrderResult;
  };
  const close = async (account: TradingAccount, positionId: string) => {
    const res = await call('PUT', `/middleware/${account.token}/orders/positions/close`, { position_id: positionId });
    expect(res.statusCode, res.body).toBe(200);
  };
  const goals = async (account: TradingAccount) => {
    const res = await call('GET', `/trading/objectives/${account.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AccountGoals;
  };
  return { call, relogin, openProp, place, close, goals };
}

async function listen(app: FastifyInstance, user: SignedInUser, accountId: string) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  const ws = await TestWsClient.connect(`ws://127.0.0.1:${address.port}/api/ws?access_token=${user.accessToken}`);
  closers.push(() => ws.close());
  expect(await ws.subscribe(`account:${accountId}`)).toMatchObject({ type: 'subscribed' });
  return ws;
}

describe('the leader’s challenge evaluation', () => {
  it('fails the account live on a daily-loss breach: positions closed, orders cancelled, when, equity and why kept', async () => {
    const clock = createManualClock(new Date(START));
    const s = await scenario(clock);
    closers.push(() => s.app.close());
    const account = await s.openProp({
      firm: 'two-step-evaluation',
      challenge: 'two-step-evaluation-standard',
      size: 100_000,
    });
    const ws = await listen(s.app, s.user, account.id);
    const q0 = market.quote('EURUSD', START);
    // 25 lots lose 250 USD a pip: 21 pips against the position is past the 5,000 USD of the day
    const drop = against(START, 0.0021);
    const { position } = await s.place(account, { side: drop.side, size: 25 });
    const { order } = await s.place(account, {
      side: 'buy',
      type: 'limit',
      limit_price: round5(q0.ask - 0.02),
      size: 1,
    });
    clock.set(new Date(drop.ms));

    const failed = await ws.next(
      'event',
      (m) => m.event === 'rules' && (m.data as AccountGoals).prop?.state === 'failed',
      15_000,
    );
    const status = (failed.data as AccountGoals).prop!;
    expect(status.failed).toMatchObject({ rule: 'daily_loss', at: new Date(drop.ms).toISOString() });
    expect(status.failed!.reason).toMatch(
      /^Equity fell to \d+\.\d\d USD, below today's daily loss floor of 9\d{4}\.\d\d USD/,
    );
    expect(status.failed!.equity).toBeLessThan(95_000);

    await vi.waitFor(async () => {
      const [row] = await s.app.ctx.db.select().from(tradingPositions).where(eq(tradingPositions.id, position!.id));
      expect(row).toMatchObject({ status: 'closed', closeReason: 'rule_breach' });
    }, WAIT);
    const [out] = await s.app.ctx.db
      .select()
      .from(tradingDeals)
      .where(and(eq(tradingDeals.positionId, position!.id), eq(tradingDeals.entry, 'out')));
    expect(out).toMatchObject({ reason: 'rule_breach', price: drop.side === 'buy' ? drop.quote.bid : drop.quote.ask });
    const [pending] = await s.app.ctx.db.select().from(tradingOrders).where(eq(tradingOrders.id, order.id));
    expect(pending?.status).toBe('cancelled');
    const [prop] = await s.app.ctx.db.select().from(propAccounts).where(eq(propAccounts.accountId, account.id));
    expect(prop).toMatchObject({ state: 'failed', failedRule: 'daily_loss', failedAt: new Date(drop.ms) });
    expect(Number(prop!.failedEquity)).toBe(status.failed!.equity);

    await s.relogin();
    const refused = await s.call('PUT', `/middleware/${account.token}/orders`, { symbol: 'EURUSD', side: 'buy' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'PROP_ACCOUNT_FAILED' });
    expect(refused.json().message).toMatch(/failed its challenge .* Equity fell to/);
    const shown = (await s.call('GET', `/accounts/${account.id}`)).json() as TradingAccount;
    expect(shown.propFirm).toMatchObject({ state: 'failed', failed: { rule: 'daily_loss' } });
  });

  it('pauses trading after a soft daily-loss breach and lets it resume after the daily reset', async () => {
    const clock = createManualClock(new Date(START));
    const s = await scenario(clock);
    closers.push(() => s.app.close());
    // instant funding: 3 % a day (1,500 USD of 50,000) pauses; every order needs a stop risking at most 2 %
    const account = await s.openProp({ firm: 'instant-funding', challenge: 'instant-funding-standard', size: 50_000 });
    const q0 = market.quote('EURUSD', START);
    // both positions 16 pips down lose about 1,600 USD together
    const drop = against(START, 0.0016);
    const stop = drop.side === 'buy' ? round5(q0.ask - 0.0019) : round5(q0.bid + 0.0019);
    await s.place(account, { side: drop.side, size: 5, stop_loss: stop });
    await s.place(account, { side: drop.side, size: 5, stop_loss: stop });
    clock.set(new Date(drop.ms));
    await vi.waitFor(async () => {
      const [prop] = await s.app.ctx.db.select().from(propAccounts).where(eq(propAccounts.accountId, account.id));
      expect(prop?.state).toBe('paused');
    }, WAIT);
    await s.relogin();
    const goals = await s.goals(account);
    expect(goals.prop).toMatchObject({ state: 'paused', pausedUntil: '2026-03-03T00:00:00.000Z' });
    const open = await s.app.ctx.db
      .select()
      .from(tradingPositions)
      .where(and(eq(tradingPositions.accountId, account.id), eq(tradingPositions.status, 'open')));
    expect(open).toEqual([]);
    const refused = await s.call('PUT', `/middleware/${account.token}/orders`, {
      symbol: 'EURUSD',
      side: 'buy',
      size: 0.1,
      stop_loss: round5(drop.quote.ask - 0.001),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'PROP_TRADING_PAUSED' });
    expect(refused.json().message).toMatch(/paused until 2026-03-03T00:00:00\.000Z/);

    const tuesday = Date.parse('2026-03-03T00:30:00Z');
    clock.set(new Date(tuesday));
    await vi.waitFor(async () => {
      const [prop] = await s.app.ctx.db.select().from(propAccounts).where(eq(propAccounts.accountId, account.id));
      expect(prop).toMatchObject({ state: 'active', pausedUntil: null });
    }, WAIT);
    await s.relogin();
    const q = market.quote('EURUSD', tuesday);
    await s.place(account, { side: 'buy', size: 0.1, stop_loss: round5(q.ask - 0.001) });
  });

  it('passes phase 1 after four trading days and the target, and starts phase 2 at the size', async () => {
    const clock = createManualClock(new Date(START));
    const s = await scenario(clock);
    closers.push(() => s.app.close());
    const account = await s.openProp({
      firm: 'two-step-evaluation',
      challenge: 'two-step-evaluation-standard',
      size: 100_000,
    });
    // one small trade on each of Monday to Wednesday (Prague days), each seen by the leader before the next day
    for (let day = 0; day < 3; day++) {
      const at = START + day * 24 * HOUR;
      clock.set(new Date(at));
      await s.relogin();
      const { position } = await s.place(account, { side: 'buy', size: 0.01 });
      await s.close(account, position!.id);
      await vi.waitFor(async () => expect((await s.goals(account)).prop?.tradingDays.done).toBe(day + 1), WAIT);
    }
    // Thursday: 25 lots, closed once 44 pips in profit (over 10,000 USD), whichever way the market goes
    const thursday = START + 3 * 24 * HOUR;
    clock.set(new Date(thursday));
    await s.relogin();
    const q0 = market.quote('EURUSD', thursday);
    const up = firstWhen(
      thursday + 60_000,
      thursday + 30 * HOUR,
      (q) => q.bid >= q0.ask + 0.0044 || q.ask <= q0.bid - 0.0044,
    );
    const side = up.quote.bid >= q0.ask + 0.0044 ? 'buy' : 'sell';
    const { position } = await s.place(account, { side, size: 25 });
    clock.set(new Date(up.ms));
    await s.relogin();
    await s.close(account, position!.id);

    await vi.waitFor(async () => {
      const [prop] = await s.app.ctx.db.select().from(propAccounts).where(eq(propAccounts.accountId, account.id));
      expect(prop?.phase).toBe('phase_2');
    }, WAIT);
    const shown = (await s.call('GET', `/accounts/${account.id}`)).json() as TradingAccount;
    expect(shown.balance).toBe(100_000);
    expect(shown.propFirm).toMatchObject({
      phase: 'phase_2',
      state: 'active',
      phaseStartedAt: new Date(up.ms).toISOString(),
    });
    expect(shown.propFirm!.passedPhases).toEqual([
      expect.objectContaining({ phase: 'phase_1', startingBalance: 100_000, tradingDays: 4 }),
    ]);
    expect(shown.propFirm!.passedPhases[0]!.equity).toBeGreaterThan(110_000);
    const deals = await s.app.ctx.db.select().from(tradingDeals).where(eq(tradingDeals.accountId, account.id));
    const reset = deals.find((d) => d.kind === 'balance');
    expect(reset).toMatchObject({ reason: 'phase_passed', balanceAfter: '100000.00' });
    // the phase 1 trades stay in the history
    expect(deals.filter((d) => d.kind === 'trade' && d.entry === 'out')).toHaveLength(4);
    const goals = await s.goals(account);
    expect(goals.prop).toMatchObject({
      phase: 'phase_2',
      profitTarget: 105_000,
      tradingDays: { done: 0, required: 4 },
    });
  });

  it('resumes after a restart where it stopped: a trailing floor raised before it stays raised', async () => {
    const { database } = await createTestDatabase();
    closers.push(() => database.close());
    const clock = createManualClock(new Date(START));
    const first = await createTestApp({ database, build: { clock } });
    const s = await scenario(clock, first.app);
    // instant funding: the floor trails the highest equity 6 % below it (600 USD of 10,000)
    const account = await s.openProp({ firm: 'instant-funding', challenge: 'instant-funding-standard', size: 10_000 });
    const ask0 = market.quote('EURUSD', START).ask;
    await s.place(account, { side: 'buy', size: 1, stop_loss: round5(ask0 - 0.0015) });
    const up = firstWhen(START + 60_000, START + 12 * HOUR, (q) => q.bid >= ask0 + 0.001);
    const ws = await listen(first.app, s.user, account.id);
    clock.set(new Date(up.ms));
    const raised = await ws.next(
      'event',
      (m) => m.event === 'rules' && ((m.data as AccountGoals).prop?.maxLossFloor ?? 0) > 9_450,
      15_000,
    );
    const floor = (raised.data as AccountGoals).prop!.maxLossFloor!;
    await first.app.close();

    const later = createManualClock(new Date(up.ms + 60_000));
    const second = await createTestApp({ database, build: { clock: later } });
    closers.push(() => second.app.close());
    await second.app.ready();
    const again = calls(second.app, s.user);
    await again.relogin();
    const [stored] = await second.app.ctx.db.select().from(propAccounts).where(eq(propAccounts.accountId, account.id));
    const engine = (stored!.evaluation as { engine: { maxLossFloorMinor: number } }).engine;
    expect(engine.maxLossFloorMinor / 100).toBeGreaterThanOrEqual(floor);
    expect((await again.goals(account)).prop!.maxLossFloor).toBeGreaterThanOrEqual(floor);
  });
});
