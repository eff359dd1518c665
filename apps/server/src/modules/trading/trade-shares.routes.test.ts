import type { PlaceOrderResult, SharedTrade, TradeShare, TradingAccount } from '@tradedesk/contracts';
import { createSimulatedMarket } from '@tradedesk/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { sharedTradeFigures } from './trade-shares.service.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
// a Monday morning: the FX market is open; the clock stands still, so quotes do too
const clock = createManualClock('2026-03-02T09:30:00Z');
const market = createSimulatedMarket();
const quote = () => market.quote('EURUSD', clock.now().getTime());

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user ? { authorization: `Bearer ${user.tradingAccessToken}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function openAccount(user: SignedInUser): Promise<TradingAccount> {
  const res = await call(user, 'POST', '/accounts', { kind: 'virtual', name: 'Practice' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TradingAccount;
}

/** Buys 1 lot of EURUSD with a stop loss 20 pips under the ask, and closes it at once (at the bid). */
async function closedTrade(user: SignedInUser, account: TradingAccount) {
  const ask = quote().ask;
  const stopLoss = Math.round((ask - 0.002) * 1e5) / 1e5;
  const placed = await call(user, 'PUT', `/middleware/${account.token}/orders`, {
    symbol: 'EURUSD',
    side: 'buy',
    size: 1,
    stop_loss: stopLoss,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const position = (placed.json() as PlaceOrderResult).position!;
  const closed = await call(user, 'PUT', `/middleware/${account.token}/orders/positions/close`, {
    position_id: position.id,
  });
  expect(closed.statusCode, closed.body).toBe(200);
  return { id: position.id, openPrice: position.openPrice, stopLoss };
}

describe('trade shares', () => {
  it('shares a closed trade as a card without volume or money, and with money when the owner opts in', async () => {
    const account = await openAccount(ada);
    const trade = await closedTrade(ada, account);
    const path = `/trading/accounts/${account.token}/trades/${trade.id}/share`;
    expect((await call(ada, 'GET', path)).json()).toEqual({ share: null });

    const made = await call(ada, 'POST', path, {});
    expect(made.statusCode, made.body).toBe(200);
    const share = made.json() as TradeShare;
    expect(share.showMoney).toBe(false);

    const card = await call(null, 'GET', `/trading/trades/share/${share.token}`);
    expect(card.statusCode, card.body).toBe(200);
    const body = card.json() as SharedTrade;
    const { bid, ask } = quote();
    // bought at the ask, sold at the bid: the spread lost, in pips (signed), over the 20 pips risked
    const pips = Math.round(((bid - ask) / 0.0001) * 10) / 10;
    expect(body).toMatchObject({
      symbol: 'EURUSD',
      side: 'buy',
      entryPrice: ask,
      exitPrice: bid,
      stopLoss: trade.stopLoss,
      pips,
      rMultiple: Math.round((pips / 20) * 100) / 100,
      closeReason: 'client',
      money: null,
    });
    expect(body.percentOfBalance).toBeLessThan(0);
    expect(JSON.stringify(body)).not.toMatch(/volume|"net"/i);

    const withMoney = (await call(ada, 'POST', path, { show_money: true })).json() as TradeShare;
    expect(withMoney).toMatchObject({ token: share.token, showMoney: true });
    const detail = (await call(ada, 'GET', `/trading/accounts/${account.token}/trades/${trade.id}`)).json();
    const again = (await call(null, 'GET', `/trading/trades/share/${share.token}`)).json() as SharedTrade;
    expect(again.money).toEqual({ net: detail.trade.net, currency: 'USD' });
  });

  it('refuses to share an open trade', async () => {
    const account = await openAccount(ada);
    const placed = await call(ada, 'PUT', `/middleware/${account.token}/orders`, { symbol: 'EURUSD', side: 'buy' });
    const position = (placed.json() as PlaceOrderResult).position!;
    const res = await call(ada, 'POST', `/trading/accounts/${account.token}/trades/${position.id}/share`, {});
    expectFieldError(res, { field: 'tradeId' });
  });

  it('answers 404 for another user’s account or trade, and for a revoked or unknown token', async () => {
    const account = await openAccount(ada);
    const trade = await closedTrade(ada, account);
    const path = `/trading/accounts/${account.token}/trades/${trade.id}/share`;
    const share = (await call(ada, 'POST', path, {})).json() as TradeShare;

    // Bob with Ada's account token, and Bob with his own account and Ada's trade id
    expect((await call(bob, 'POST', path, {})).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', path)).statusCode).toBe(404);
    const bobs = await openAccount(bob);
    const crossed = `/trading/accounts/${bobs.token}/trades/${trade.id}/share`;
    expect((await call(bob, 'POST', crossed, {})).statusCode).toBe(404);
    expect((await call(bob, 'GET', crossed)).statusCode).toBe(200);
    expect((await call(bob, 'GET', crossed)).json()).toEqual({ share: null });
    expect((await call(bob, 'DELETE', crossed)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/trading/trades/share/${share.token}`)).statusCode).toBe(200);

    expect((await call(ada, 'DELETE', path)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/trading/trades/share/${share.token}`)).statusCode).toBe(404);
    expect((await call(ada, 'DELETE', path)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/trading/trades/share/AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expectFieldError(await call(null, 'GET', '/trading/trades/share/a%00b'), { field: 'token' });
  });
});

describe('sharedTradeFigures', () => {
  const trade = {
    id: '00000000-0000-4000-8000-000000000001',
    symbol: 'EURUSD',
    side: 'sell' as const,
    openPrice: 1.1,
    closePrice: 1.097,
    stopLoss: 1.1,
    net: 150,
  };
  const deal = (balanceAfter: number, amount: number, time: string) =>
    ({ balanceAfter, amount, time }) as ReturnType<typeof sharedTradeFigures> & never;

  it('works pips, R against the first stop loss, and the result over the balance before the trade', () => {
    // sold 1.10000, bought back 1.09700: +30 pips. The stop started 15 pips away (1.10150), later moved to
    // break-even: R = 30 / 15 = 2. Balance before the first deal: 10,000 - (-3 commission) ... 9,997 + 3 = 10,000.
    const figures = sharedTradeFigures({
      trade: trade as never,
      deals: [deal(10_147, 150, '2026-03-02T10:00:00Z'), deal(9_997, -3, '2026-03-02T09:00:00Z')] as never,
      modifications: [
        { field: 'stop_loss', positionId: trade.id, oldValue: 1.1015, newValue: 1.1, time: '2026-03-02T09:30:00Z' },
      ] as never,
    });
    expect(figures).toEqual({ pips: 30, rMultiple: 2, percentOfBalance: 1.5 });
  });

  it('has no R without a stop loss', () => {
    const figures = sharedTradeFigures({ trade: { ...trade, stopLoss: null } as never, deals: [], modifications: [] });
    expect(figures).toEqual({ pips: 30, rMultiple: null, percentOfBalance: null });
  });
});
