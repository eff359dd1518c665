import type { PlaceOrderResult, SharedTrade, TradingAccount } from '@tradedesk/contracts';
import { createSimulatedMarket } from '@tradedesk/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createSocialFeed } from './feed.plugin.js';
import { insertPost, minimalView } from './feed.test-kit.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let feed: ReturnType<typeof createSocialFeed>;
// a Monday morning: the FX market is open; the clock stands still, so quotes do too
const clock = createManualClock('2026-03-02T09:30:00Z');
const market = createSimulatedMarket();
const quote = () => market.quote('EURUSD', clock.now().getTime());

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutSocial: true } }));
  const view = minimalView(app.ctx.db, {
    ideas: { attach: () => Promise.reject(), figures: (ids) => feed.ideas.figures(ids), isLocked: async () => false },
    bookmarkedOf: async () => new Set(),
  });
  feed = createSocialFeed(app.ctx, { view, market });
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

function trading(user: SignedInUser, method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${user.tradingAccessToken}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function openAccount(user: SignedInUser): Promise<TradingAccount> {
  const res = await trading(user, 'POST', '/accounts', { kind: 'virtual', name: 'Ideas' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TradingAccount;
}
async function buy(user: SignedInUser, account: TradingAccount, more: object = {}) {
  const stopLoss = Math.round((quote().ask - 0.002) * 1e5) / 1e5;
  const res = await trading(user, 'PUT', `/middleware/${account.token}/orders`, {
    symbol: 'EURUSD',
    side: 'buy',
    size: 1,
    stop_loss: stopLoss,
    ...more,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlaceOrderResult;
}
async function close(user: SignedInUser, account: TradingAccount, positionId: string) {
  const res = await trading(user, 'PUT', `/middleware/${account.token}/orders/positions/close`, {
    position_id: positionId,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('verified trade ideas', () => {
  it('reads an open trade live and, once closed, the figures of the trading module’s shared card; then locks it', async () => {
    const account = await openAccount(ada);
    const position = (await buy(ada, account)).position!;
    const postId = await insertPost(app.ctx.db, { authorId: ada.userId, at: clock.now() });
    const open = await feed.ideas.attach(ada.userId, postId, { account_id: account.id, position_id: position.id });
    const { bid, ask } = quote();
    expect(open).toMatchObject({
      verified: true,
      accountKind: 'virtual',
      symbol: 'EURUSD',
      side: 'buy',
      status: 'open',
      entryPrice: ask,
      currentPrice: bid,
      exitPrice: null,
      result: null,
    });
    expect(open.pips).toBe(Math.round(((bid - ask) / 0.0001) * 10) / 10);
    expect(await feed.ideas.isLocked(postId)).toBe(false);

    await close(ada, account, position.id);
    const closed = (await feed.ideas.figures([postId])).get(postId)!;
    const share = await trading(ada, 'POST', `/trading/accounts/${account.token}/trades/${position.id}/share`, {});
    expect(share.statusCode, share.body).toBe(200);
    const card = (await trading(ada, 'GET', `/trading/trades/share/${share.json().token}`)).json() as SharedTrade;
    expect(closed).toMatchObject({
      status: 'closed',
      entryPrice: card.entryPrice,
      exitPrice: card.exitPrice,
      stopLoss: card.stopLoss,
      pips: card.pips,
      rMultiple: card.rMultiple,
      percentOfBalance: card.percentOfBalance,
      result: 'loss',
    });
    expect(await feed.ideas.isLocked(postId)).toBe(true);

    const stats = await feed.ideasStats(ada.userId);
    expect(stats).toMatchObject({ ideas: 1, open: 0, closed: 1, wins: 0, hitRate: 0, averageR: card.rMultiple });
  });

  it('attaches a pending order without figures, and refuses another user’s account or trade naming the field', async () => {
    const account = await openAccount(ada);
    const limit = Math.round((quote().ask - 0.01) * 1e5) / 1e5;
    const stop = Math.round((limit - 0.002) * 1e5) / 1e5;
    const placed = await buy(ada, account, { type: 'limit', limit_price: limit, stop_loss: stop });
    const orderId = placed.order.id;
    const postId = await insertPost(app.ctx.db, { authorId: ada.userId, at: clock.now() });
    const idea = await feed.ideas.attach(ada.userId, postId, { account_id: account.id, order_id: orderId });
    expect(idea).toMatchObject({ status: 'pending', entryPrice: limit, pips: null, currentPrice: null });

    const bobsPost = await insertPost(app.ctx.db, { authorId: bob.userId, at: clock.now() });
    await expect(
      feed.ideas.attach(bob.userId, bobsPost, { account_id: account.id, order_id: orderId }),
    ).rejects.toMatchObject({ code: 'SOCIAL_IDEA_INVALID', message: expect.stringMatching(/trade\.account_id/) });
    const bobs = await openAccount(bob);
    await expect(
      feed.ideas.attach(bob.userId, bobsPost, { account_id: bobs.id, position_id: crypto.randomUUID() }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/trade\.position_id/) });
  });
});
