import type { AccountSnapshot, PlaceOrderResult, Trade, TradingAccount, TradingPosition } from '@tradedesk/contracts';
import { createSimulatedMarket, getInstrument, marginRequired, stopsLevelPoints } from '@tradedesk/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { holdPlanForEveryone } from '../../../test/billing-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { quotesAt } from './broker.mapping.js';
import { tradingAccounts, tradingDeals } from './trading.table.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
// a Monday morning: the FX market is open; the clock stands still, so quotes do too
const clock = createManualClock('2026-03-02T09:30:00Z');
const market = createSimulatedMarket();
const EURUSD = getInstrument('EURUSD');
const quote = () => market.quote('EURUSD', clock.now().getTime());
const gap = stopsLevelPoints(EURUSD) * EURUSD.pointSize;
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  // its users make more (accounts, lists, layouts...) than the free plan allows; the plan is not what it tests
  holdPlanForEveryone(app);
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser | null, method: Method, url: string, payload?: unknown, headers: object = {}) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(user ? { authorization: `Bearer ${user.tradingAccessToken}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function openAccount(user: SignedInUser, body: object = {}): Promise<TradingAccount> {
  const res = await call(user, 'POST', '/accounts', { kind: 'virtual', name: 'Practice', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TradingAccount;
}

async function order(user: SignedInUser, account: TradingAccount, body: object, headers: object = {}) {
  return call(user, 'PUT', `/middleware/${account.token}/orders`, { symbol: 'EURUSD', side: 'buy', ...body }, headers);
}

async function buy(user: SignedInUser, account: TradingAccount, body: object = {}): Promise<PlaceOrderResult> {
  const res = await order(user, account, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlaceOrderResult;
}

async function snapshot(user: SignedInUser, account: TradingAccount): Promise<AccountSnapshot> {
  const res = await call(user, 'GET', `/middleware/${account.token}/accounts/1`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AccountSnapshot;
}

/** Balance equals the starting balance plus every booked deal, exactly (numeric in the database). */
async function expectBalanceIsStartPlusDeals(accountId: string) {
  const [row] = await app.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId));
  const deals = await app.ctx.db.select().from(tradingDeals).where(eq(tradingDeals.accountId, accountId));
  const cents = (s: string) => Math.round(Number(s) * 100);
  expect(cents(row!.balance)).toBe(cents(row!.startingBalance) + deals.reduce((n, d) => n + cents(d.amount), 0));
  return { balance: Number(row!.balance), deals };
}

describe('signed out', () => {
  it.each([
    ['PUT', '/middleware/t/orders'],
    ['DELETE', '/middleware/t/orders'],
    ['PUT', '/middleware/t/orders/positions/close'],
    ['PUT', '/middleware/t/orders/positions/close-partially'],
    ['PUT', '/middleware/t/orders/positions/modify'],
    ['PUT', '/middleware/t/orders/positions/close-by'],
    ['GET', '/middleware/t/accounts/1'],
    ['GET', '/trading/accounts/t/trades'],
    ['GET', '/trading/accounts/t/trades/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s answers 401', async (method, url) => {
    expect((await call(null, method, url, method === 'GET' ? undefined : {})).statusCode).toBe(401);
  });
});

describe('market orders', () => {
  it('buys at the ask with SL and TP, books the commission as a deal and shows the position', async () => {
    const account = await openAccount(ada);
    const q = quote();
    const { order: placed, position } = await buy(ada, account, {
      size: 1,
      stop_loss: round5(q.bid - 0.002),
      take_profit: round5(q.bid + 0.003),
    });
    expect(placed).toMatchObject({ status: 'filled', type: 'market', side: 'buy', size: 1, fillPrice: q.ask });
    expect(position).toMatchObject({
      kind: 'long',
      symbol: 'EURUSD',
      instrumentId: 'EURUSD',
      volume: 1,
      openPrice: q.ask,
      stopLoss: round5(q.bid - 0.002),
      takeProfit: round5(q.bid + 0.003),
      entryTimestamp: clock.now().toISOString(),
    });
    const snap = await snapshot(ada, account);
    expect(snap.positions).toHaveLength(1);
    expect(snap.orders).toEqual([]);
    // valued at the bid: the spread is the floating loss
    expect(snap.positions[0]!.currentPrice).toBe(q.bid);
    expect(snap.positions[0]!.upl).toBeCloseTo((q.bid - q.ask) * 100_000, 6);
    const { balance, deals } = await expectBalanceIsStartPlusDeals(account.id);
    expect(deals).toHaveLength(1);
    expect(deals[0]).toMatchObject({ kind: 'trade', entry: 'in', price: q.ask, reason: 'client' });
    expect(balance).toBe(10_000 + Number(deals[0]!.commission));
    const margin = marginRequired(EURUSD, 'buy', 1, q.ask, 'USD', quotesAt(market, clock.now().getTime()), 100).amount;
    expect(snap.account).toMatchObject({ balance, marginLevel: expect.any(Number), marginStatus: 'ok' });
    expect(snap.account.margin).toBeCloseTo(margin, 2);
    expect(snap.account.equity).toBeCloseTo(balance + snap.positions[0]!.upl, 2);
    expect(snap.account.freeMargin).toBeCloseTo(snap.account.equity - snap.account.margin, 2);
  });

  it('sells at the bid; the default size is 1 lot', async () => {
    const account = await openAccount(ada);
    const { position } = await buy(ada, account, { side: 'sell' });
    expect(position).toMatchObject({ kind: 'short', side: 'sell', volume: 1, openPrice: quote().bid });
  });

  it('sizes from risk percentage and stop-loss pips', async () => {
    const account = await openAccount(ada, { starting_balance: 100_000 });
    // 1 % of 100,000 USD over 50 pips at 10 USD a pip: 2 lots
    const { position } = await buy(ada, account, { risk_percentage: 1, stop_loss_pips: 50 });
    expect(position?.volume).toBe(2);
    expect(position?.stopLoss).toBe(round5(quote().ask - 0.005));
  });

  it('refuses an order without enough free margin, with the numbers', async () => {
    const account = await openAccount(ada, { starting_balance: 1_000, leverage: 1 });
    const res = await order(ada, account, { size: 1 });
    expect(res.statusCode, res.body).toBe(422);
    const q = quote();
    const required = marginRequired(EURUSD, 'buy', 1, q.ask, 'USD', quotesAt(market, clock.now().getTime()), 1).amount;
    const body = res.json() as { code: string; message: string; details: { required: number; freeMargin: number } };
    expect(body.code).toBe('TRADING_NOT_ENOUGH_MARGIN');
    expect(body.details).toEqual({ required: Math.round(required * 100) / 100, freeMargin: 1000, currency: 'USD' });
    const fmt = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(body.message).toBe(
      `Not enough free margin: the order needs ${fmt(required)} USD of margin and 1,000.00 USD is free.`,
    );
    expect((await snapshot(ada, account)).positions).toEqual([]);
  });

  it('checks the margin against the positions as they are now, whatever changed them since the last order', async () => {
    // one lot fits in one and a half times its margin, two do not
    const q = quote();
    const margin = marginRequired(EURUSD, 'buy', 1, q.ask, 'USD', quotesAt(market, clock.now().getTime()), 100).amount;
    const account = await openAccount(ada, {
      starting_balance: Math.ceil(margin * 1.5),
      custom_balance: true,
      leverage: 100,
    });
    const first = await buy(ada, account, { size: 1 });
    const refused = await order(ada, account, { size: 1 });
    expect(refused.statusCode, refused.body).toBe(422);
    const free = (await snapshot(ada, account)).account.freeMargin;
    expect((refused.json() as { details: { freeMargin: number } }).details.freeMargin).toBeCloseTo(free, 2);
    // a close books a deal: the next order values the account's positions afresh and finds the margin free
    const closed = await call(ada, 'PUT', `/middleware/${account.token}/orders/positions/close`, {
      position_id: first.position!.id,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const second = await buy(ada, account, { size: 1 });
    const after = await snapshot(ada, account);
    expect(after.positions.map((p) => p.id)).toEqual([second.position!.id]);
    const again = await order(ada, account, { size: 1 });
    expect(again.statusCode, again.body).toBe(422);
    expect((again.json() as { details: { freeMargin: number } }).details.freeMargin).toBeCloseTo(
      after.account.freeMargin,
      2,
    );
    await expectBalanceIsStartPlusDeals(account.id);
  });

  it.each([
    [{ size: 0.001 }, 'size', /size must be at least 0.01 lots on EURUSD/],
    [{ size: 0.015 }, 'size', /multiple of 0.01/],
    [{ symbol: 'NOPE' }, 'symbol', /NOPE is not an instrument/],
    [{ side: 'long' }, 'side', undefined],
    [{ type: 'limit' }, 'limit_price', /limit_price is required for a limit order/],
    [{ type: 'stop' }, 'trigger_price', /trigger_price is required/],
    [{ stop_loss: 9.9 }, 'stop_loss', /stop_loss: the stop loss of a buy must be at or below/],
    [{ take_profit: 0.5 }, 'take_profit', /take_profit: the take profit of a buy must be at or above/],
    [{ expiry: 'date' }, 'expires_at', /expires_at is required/],
    [{ size: 'one' }, 'size', undefined],
  ])('refuses %o naming %s', async (body, field, message) => {
    const account = await openAccount(ada);
    expectFieldError(await order(ada, account, body), { field, ...(message ? { message } : {}) });
  });

  it('refuses a market order while the market is closed, saying when it opens; a pending order waits', async () => {
    const monday = clock.now();
    clock.set('2026-03-07T12:00:00Z');
    try {
      const carol = await signUpAndLogin(app);
      const account = await openAccount(carol);
      const res = await order(carol, account, {});
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'TRADING_MARKET_CLOSED',
        message: expect.stringMatching(/^The EURUSD market is closed; it opens at .*Z\. Market orders are refused/),
        details: { nextOpen: expect.any(String) },
      });
      const q = quote();
      expect(q.open).toBe(false);
      const pending = await order(carol, account, { type: 'limit', limit_price: round5(q.ask - 0.002) });
      expect(pending.json()).toMatchObject({ order: { status: 'pending' } });
    } finally {
      clock.set(monday);
    }
  });
});

describe('idempotency', () => {
  it('answers the first answer again for the same key and body, and 422 for another body', async () => {
    const account = await openAccount(ada);
    const headers = { 'idempotency-key': 'order-1' };
    const first = await order(ada, account, { size: 0.5 }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await order(ada, account, { size: 0.5 }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await snapshot(ada, account)).positions).toHaveLength(1);
    const other = await order(ada, account, { size: 0.6 }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'TRADING_IDEMPOTENCY_MISMATCH' });
    // the key is the account's: another account may use it
    const second = await openAccount(ada);
    expect((await order(ada, second, { size: 0.6 }, headers)).statusCode).toBe(200);
  });

  it('answers a refusal again too, without trying the order a second time', async () => {
    const account = await openAccount(ada, { starting_balance: 1_000, leverage: 1 });
    const headers = { 'idempotency-key': 'refused-1' };
    const first = await order(ada, account, { size: 1 }, headers);
    expect(first.statusCode).toBe(422);
    await call(ada, 'POST', `/trading/accounts/${account.id}/reset`, { confirm: true, starting_balance: 200_000 });
    const again = await order(ada, account, { size: 1 }, headers);
    // the reset deleted the kept answers with the rest of the history: the order is tried again
    expect(again.statusCode).toBe(200);
    const third = await order(ada, account, { size: 1 }, headers);
    expect(third.json()).toEqual(again.json());
  });

  it('refuses a malformed key', async () => {
    const account = await openAccount(ada);
    const res = await order(ada, account, {}, { 'idempotency-key': 'has space' });
    expect(res.statusCode).toBe(400);
  });
});

describe('positions', () => {
  it('two concurrent closes of one position: one wins, the other is told it is closed', async () => {
    const account = await openAccount(ada);
    const { position } = await buy(ada, account);
    const close = () =>
      call(ada, 'PUT', `/middleware/${account.token}/orders/positions/close`, { position_id: position!.id });
    const answers = await Promise.all([close(), close()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.statusCode === 409)!;
    expect(lost.json()).toMatchObject({ code: 'TRADING_POSITION_CLOSED' });
    const won = answers.find((a) => a.statusCode === 200)!.json() as { position: TradingPosition };
    expect(won.position).toMatchObject({ kind: 'flat', closePrice: quote().bid, closeReason: 'client', volume: 0 });
    const { deals } = await expectBalanceIsStartPlusDeals(account.id);
    expect(deals.filter((d) => d.entry === 'out')).toHaveLength(1);
    expect((await snapshot(ada, account)).positions).toEqual([]);
  });

  it('closes in parts and books what closing at once books', async () => {
    const q = quote();
    const parts = await openAccount(ada);
    const once = await openAccount(ada);
    const a = (await buy(ada, parts, { side: 'sell', size: 1 })).position!;
    const b = (await buy(ada, once, { side: 'sell', size: 1 })).position!;
    const partial = await call(ada, 'PUT', `/middleware/${parts.token}/orders/positions/close-partially`, {
      position_id: a.id,
      volume: 0.3,
    });
    expect(partial.json()).toMatchObject({ position: { kind: 'short', volume: 0.7, initialVolume: 1 } });
    await call(ada, 'PUT', `/middleware/${parts.token}/orders/positions/close-partially`, {
      position_id: a.id,
      volume: 0.7,
    });
    await call(ada, 'PUT', `/middleware/${once.token}/orders/positions/close`, { position_id: b.id });
    const x = await expectBalanceIsStartPlusDeals(parts.id);
    const y = await expectBalanceIsStartPlusDeals(once.id);
    const profit = (deals: typeof x.deals) => deals.reduce((n, d) => n + Math.round(Number(d.profit) * 100), 0);
    expect(profit(x.deals)).toBe(profit(y.deals));
    expect(profit(y.deals)).toBe(Math.round((q.bid - q.ask) * 100_000 * 100));
    const tooMuch = await call(ada, 'PUT', `/middleware/${parts.token}/orders/positions/close-partially`, {
      position_id: a.id,
      volume: 0.1,
    });
    expect(tooMuch.statusCode).toBe(409);
  });

  it('refuses a partial close that leaves less than the minimum, naming volume', async () => {
    const account = await openAccount(ada);
    const { position } = await buy(ada, account, { size: 0.05 });
    const res = await call(ada, 'PUT', `/middleware/${account.token}/orders/positions/close-partially`, {
      position_id: position!.id,
      volume: 0.06,
    });
    expectFieldError(res, { field: 'volume', message: /at most/ });
  });

  it('modifies SL, TP and trailing stop, and logs each change', async () => {
    const account = await openAccount(ada);
    const { position } = await buy(ada, account);
    const q = quote();
    const res = await call(ada, 'PUT', `/middleware/${account.token}/orders/positions/modify`, {
      position_id: position!.id,
      stop_loss: round5(q.bid - 0.001),
      take_profit: round5(q.bid + 0.002),
      trailing_stop_points: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ position: { stopLoss: round5(q.bid - 0.001), trailingStopPoints: 100 } });
    const removed = await call(ada, 'PUT', `/middleware/${account.token}/orders/positions/modify`, {
      position_id: position!.id,
      take_profit: null,
    });
    expect(removed.json()).toMatchObject({ position: { takeProfit: null, stopLoss: round5(q.bid - 0.001) } });
    const wrong = await call(ada, 'PUT', `/middleware/${account.token}/orders/positions/modify`, {
      position_id: position!.id,
      stop_loss: round5(q.bid + 0.001),
    });
    expectFieldError(wrong, { field: 'stop_loss', message: /must be at or below/ });
    const detail = await call(ada, 'GET', `/trading/accounts/${account.token}/trades/${position!.id}`);
    const body = detail.json() as { modifications: Array<{ field: string; newValue: number | null; source: string }> };
    expect(body.modifications.map((m) => [m.field, m.newValue, m.source])).toEqual([
      ['stop_loss', round5(q.bid - 0.001), 'client'],
      ['take_profit', round5(q.bid + 0.002), 'client'],
      ['trailing_stop_points', 100, 'client'],
      ['take_profit', null, 'client'],
    ]);
  });
});

describe('odd but well-formed orders', () => {
  it.each([
    { size: 100_000 },
    { type: 'stop', trigger_price: 1e9 },
    { type: 'limit', limit_price: 0.00001 },
    { type: 'stop_limit', trigger_price: 2, limit_price: 3 },
    { risk_percentage: 100, stop_loss_pips: 0.0001 },
    { risk_percentage: 0.0001, stop_loss_pips: 1e6 },
    { risk_percentage: 1, stop_loss: 0.5 },
    { type: 'limit', limit_price: 0.5, expiry: 'date', expires_at: '9999-12-31T23:59:59Z' },
    { type: 'limit', limit_price: 0.5, expiry: 'date', expires_at: '2000-01-01T00:00:00Z' },
    { stop_loss_pips: 1e6, take_profit_pips: 1e6 },
    { trailing_stop_points: 1, max_slippage_points: 0, requested_price: 1e9 },
    { symbol: 'BTCUSD', size: 0.01 },
    { symbol: 'US500', size: 0.1 },
  ])('%o answers a decision, never a server error', async (body) => {
    const account = await openAccount(ada, { starting_balance: 200_000 });
    const res = await order(ada, account, body);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

describe('close-by', () => {
  it('closes two opposite positions against each other for the smaller volume, booking the pair’s result', async () => {
    const account = await openAccount(ada);
    const q = quote();
    const long = (await buy(ada, account, { size: 1 })).position!;
    const short = (await buy(ada, account, { side: 'sell', size: 0.4 })).position!;
    const res = await call(ada, 'PUT', `/middleware/${account.token}/orders/positions/close-by`, {
      position_id: long.id,
      opposite_position_id: short.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { position: TradingPosition; opposite: TradingPosition };
    expect(body.position).toMatchObject({ id: long.id, kind: 'long', volume: 0.6 });
    expect(body.opposite).toMatchObject({
      id: short.id,
      kind: 'flat',
      volume: 0,
      closePrice: q.bid,
      closeReason: 'close_by',
    });
    // the long's 0.4 lots closed at the short's open price (the bid): the spread of 0.4 lots, and nothing more
    expect(body.position.profit).toBe(Math.round((q.bid - q.ask) * 40_000 * 100) / 100);
    expect(body.opposite.profit).toBe(0);
    await expectBalanceIsStartPlusDeals(account.id);
    const same = await call(ada, 'PUT', `/middleware/${account.token}/orders/positions/close-by`, {
      position_id: long.id,
      opposite_position_id: long.id,
    });
    expectFieldError(same, {
      field: 'opposite_position_id',
      message: 'opposite_position_id must be a sell position of EURUSD.',
    });
  });
});

describe('netting accounts', () => {
  it('keep one position per symbol: an opposite deal reduces it, closes it or reverses it', async () => {
    const account = await openAccount(ada, { margin_mode: 'netting' });
    const q = quote();
    const first = (await buy(ada, account, { size: 1 })).position!;
    const reduced = (await buy(ada, account, { side: 'sell', size: 0.4 })).position!;
    expect(reduced).toMatchObject({ id: first.id, kind: 'long', volume: 0.6 });
    const reversed = await buy(ada, account, { side: 'sell', size: 1 });
    expect(reversed.position).toMatchObject({ kind: 'short', volume: 0.4, openPrice: q.bid });
    const snap = await snapshot(ada, account);
    expect(snap.positions.map((p) => [p.kind, p.volume])).toEqual([['short', 0.4]]);
    const closed = (await buy(ada, account, { side: 'buy', size: 0.4 })).position!;
    expect(closed).toMatchObject({ kind: 'flat', volume: 0 });
    expect((await snapshot(ada, account)).positions).toEqual([]);
    const { deals } = await expectBalanceIsStartPlusDeals(account.id);
    expect(deals.map((d) => `${d.entry}:${d.volume}`).sort()).toEqual(
      ['in:1', 'out:0.4', 'out:0.6', 'in:0.4', 'out:0.4'].sort(),
    );
  });
});

describe('archiving', () => {
  it('is refused while positions or pending orders are open', async () => {
    const account = await openAccount(ada);
    const { position } = await buy(ada, account);
    const refused = await call(ada, 'DELETE', `/accounts/${account.id}/archive`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'TRADING_ACCOUNT_HAS_OPEN_ITEMS',
      message: 'The account has 1 open positions and 0 pending orders; close and cancel them before archiving it.',
    });
    await call(ada, 'PUT', `/middleware/${account.token}/orders/positions/close`, { position_id: position!.id });
    expect((await call(ada, 'DELETE', `/accounts/${account.id}/archive`)).statusCode).toBe(200);
    const res = await order(ada, account, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TRADING_ACCOUNT_NOT_TRADABLE' });
  });

  it('a reset deletes the account’s whole history', async () => {
    const account = await openAccount(ada);
    await buy(ada, account);
    await buy(ada, account, { type: 'limit', limit_price: round5(quote().ask - 0.002) });
    const reset = await call(ada, 'POST', `/trading/accounts/${account.id}/reset`, { confirm: true });
    expect(reset.json()).toMatchObject({ balance: 10_000, startingBalance: 10_000 });
    expect(await snapshot(ada, account)).toMatchObject({ positions: [], orders: [], account: { balance: 10_000 } });
    const trades = await call(ada, 'GET', `/trading/accounts/${account.id}/trades`);
    expect(trades.json()).toMatchObject({ trades: [], total: 0 });
    expect((await expectBalanceIsStartPlusDeals(account.id)).deals).toEqual([]);
  });
});

describe('pending orders', () => {
  it('places a buy limit, modifies it (a pips-locked SL follows), cancels it once', async () => {
    const account = await openAccount(ada);
    const q = quote();
    const limit = round5(q.ask - 0.002);
    const placed = await buy(ada, account, {
      type: 'limit',
      limit_price: limit,
      stop_loss_pips: 20,
      stop_loss_lock: 'pips',
      take_profit: round5(limit + 0.004),
    });
    expect(placed.order).toMatchObject({ status: 'pending', limitPrice: limit, stopLoss: round5(limit - 0.002) });
    expect(placed.position).toBeNull();
    expect((await snapshot(ada, account)).orders.map((o) => o.id)).toEqual([placed.order.id]);
    const moved = await buy(ada, account, {
      order_id: placed.order.id,
      type: 'limit',
      limit_price: round5(limit - 0.001),
    });
    expect(moved.order).toMatchObject({
      limitPrice: round5(limit - 0.001),
      stopLoss: round5(limit - 0.003),
      takeProfit: round5(limit + 0.004),
    });
    const retype = await order(ada, account, { order_id: placed.order.id, type: 'stop', trigger_price: 2 });
    expectFieldError(retype, { field: 'type' });
    const cancel = () => call(ada, 'DELETE', `/middleware/${account.token}/orders`, { order_id: placed.order.id });
    expect((await cancel()).json()).toMatchObject({ order: { status: 'cancelled' } });
    expect((await cancel()).json()).toMatchObject({ code: 'TRADING_ORDER_NOT_PENDING' });
    expect((await snapshot(ada, account)).orders).toEqual([]);
  });

  it('refuses a buy limit above the market, naming limit_price', async () => {
    const account = await openAccount(ada);
    expectFieldError(await order(ada, account, { type: 'limit', limit_price: round5(quote().ask + gap) }), {
      field: 'limit_price',
      message: /limit_price of a buy limit must be at or below/,
    });
  });
});

describe('another user’s account, order and position', () => {
  it('answers 404 for their platform token, their order and their position', async () => {
    const mine = await openAccount(ada);
    const theirs = await openAccount(bob);
    const { position } = await buy(bob, theirs);
    const pending = await buy(bob, theirs, { type: 'limit', limit_price: round5(quote().ask - 0.002) });
    expect((await order(ada, theirs, {})).statusCode).toBe(404);
    expect((await call(ada, 'GET', `/middleware/${theirs.token}/accounts/1`)).statusCode).toBe(404);
    expect((await call(ada, 'GET', `/trading/accounts/${theirs.token}/trades`)).statusCode).toBe(404);
    expect((await call(ada, 'GET', `/trading/accounts/${theirs.id}/trades`)).statusCode).toBe(404);
    const viaMine = [
      await call(ada, 'PUT', `/middleware/${mine.token}/orders/positions/close`, { position_id: position!.id }),
      await call(ada, 'PUT', `/middleware/${mine.token}/orders/positions/close-partially`, {
        position_id: position!.id,
        volume: 0.5,
      }),
      await call(ada, 'PUT', `/middleware/${mine.token}/orders/positions/modify`, { position_id: position!.id }),
      await call(ada, 'PUT', `/middleware/${mine.token}/orders/positions/close-by`, {
        position_id: position!.id,
        opposite_position_id: position!.id,
      }),
      await call(ada, 'DELETE', `/middleware/${mine.token}/orders`, { order_id: pending.order.id }),
      await order(ada, mine, { order_id: pending.order.id, type: 'limit', limit_price: 1 }),
      await call(ada, 'GET', `/trading/accounts/${mine.token}/trades/${position!.id}`),
    ];
    expect(viaMine.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect((await snapshot(bob, theirs)).positions).toHaveLength(1);
  });
});

describe('trades', () => {
  it('lists open and closed trades newest first with filters and paging, and a trade with its deals', async () => {
    const account = await openAccount(ada);
    const first = (await buy(ada, account, { size: 0.1 })).position!;
    clock.advance(60_000);
    const second = (await buy(ada, account, { side: 'sell', size: 0.2 })).position!;
    clock.advance(60_000);
    await call(ada, 'PUT', `/middleware/${account.token}/orders/positions/close`, { position_id: first.id });
    const list = async (query: string) =>
      (await call(ada, 'GET', `/trading/accounts/${account.token}/trades${query}`)).json() as {
        trades: Trade[];
        total: number;
      };
    expect((await list('')).trades.map((t) => [t.id, t.status])).toEqual([
      [second.id, 'open'],
      [first.id, 'closed'],
    ]);
    expect((await list('?status=closed')).trades.map((t) => t.id)).toEqual([first.id]);
    expect((await list('?side=sell')).trades.map((t) => t.id)).toEqual([second.id]);
    expect((await list('?symbol=gbpusd')).total).toBe(0);
    const afterFirstClosed = new Date(clock.now().getTime() + 1000).toISOString();
    expect((await list(`?from=${afterFirstClosed}`)).trades.map((t) => t.id)).toEqual([second.id]);
    const beforeSecond = new Date(clock.now().getTime() - 90_000).toISOString();
    expect((await list(`?to=${beforeSecond}`)).trades.map((t) => t.id)).toEqual([first.id]);
    const page2 = await list('?limit=1&page=2');
    expect(page2).toMatchObject({ total: 2, trades: [{ id: first.id }] });
    expectFieldError(await call(ada, 'GET', `/trading/accounts/${account.token}/trades?limit=0`), { field: 'limit' });
    const byId = await call(ada, 'GET', `/trading/accounts/${account.id}/trades/${first.id}`);
    const detail = byId.json() as { trade: Trade; deals: Array<{ entry: string; amount: number }> };
    expect(detail.trade).toMatchObject({ id: first.id, status: 'closed', kind: 'flat', initialVolume: 0.1 });
    expect(detail.deals.map((d) => d.entry)).toEqual(['in', 'out']);
    expect(detail.trade.net).toBeCloseTo(
      detail.deals.reduce((n, d) => n + d.amount, 0),
      8,
    );
  });
});
