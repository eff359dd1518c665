import type { TradingPosition } from '@tradedesk/contracts';
import { getInstrument, type SimulatedMarket } from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { SocialModule } from '../social/social.plugin.js';
import type { AccountsService } from '../trading/accounts.service.js';
import type { OrdersService } from '../trading/orders.service.js';
import type { UsersService } from '../users/users.service.js';
import { trendSide } from './demo.trading.js';

/** Kenji's virtual account, the one his verified ideas come from. */
export const DEMO_IDEAS_ACCOUNT_NAME = 'Kenji ideas account';
export const DEMO_ARTICLE_TITLE = 'Backtest first: a mean reversion checklist';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The demo community's content, made through the slices' services as people would make it: posts by the demo
 * traders ($SYMBOL tags, a poll, comments, likes), two verified ideas from Kenji's own virtual account (a position
 * opened and closed two days ago on a replay clock, one open now, both the virtual broker's fills), an article,
 * and a conversation between Maria and the demo user. Runs after the demo people (`profiles.seedDemo`); made
 * only while Maria has no post yet, so a restart adds nothing.
 */
export async function seedSocialDemo(deps: {
  users: Pick<UsersService, 'findByUsername' | 'create'>;
  social: Pick<SocialModule, 'profiles' | 'posts' | 'feed' | 'articles' | 'messenger'>;
  market: SimulatedMarket;
  /** The trading services built on the given clock (the replay's), sharing the app's database and bus. */
  servicesOn(clock: Clock): { accounts: AccountsService; orders: OrdersService };
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info'>;
}): Promise<boolean> {
  const { social } = deps;
  const { demoUserId: demo, people } = await social.profiles.seedDemo(deps.users, deps.log);
  const { maria_fx: maria, kenji_gold: kenji, olivia_quant: olivia, sam_scalps: sam, lena_prop: lena } = people;
  if (!demo || !maria || !kenji || !olivia || !sam || !lena) return false;
  if ((await social.feed.postCount(maria, maria)) > 0) return false;

  const posts = social.posts.service;
  const comments = social.posts.comments;
  const post = (userId: string, content: string, extra: Record<string, unknown> = {}) =>
    posts.create(userId, {
      content,
      visibility: 'public',
      reply_access: 'everyone',
      comments_closed: false,
      media_ids: [],
      ...extra,
    });

  const ideas = await seedIdeaTrades(deps, kenji);
  const closedSide = ideas.closed?.side === 'sell' ? 'short' : 'long';
  if (ideas.closed) {
    const closedIdea = await post(
      kenji,
      `<p>$BTCUSD ${closedSide} from the London open, out before New York: stop and target set before the entry. The figures below are the broker's, not mine.</p>`,
      { trade: { account_id: ideas.accountId, position_id: ideas.closed.id } },
    );
    await posts.like(demo, closedIdea.id);
    await posts.like(maria, closedIdea.id);
    await comments.create(maria, closedIdea.id, {
      content: '<p>Clean execution. Did you scale out or all at once?</p>',
    });
  }
  if (ideas.open) {
    const openIdea = await post(
      kenji,
      `<p>$ETHUSD short while it stays under the weekly pivot. Stop above the last swing high, target the range low. Open now: follow it live.</p>`,
      { trade: { account_id: ideas.accountId, position_id: ideas.open.id } },
    );
    await posts.like(olivia, openIdea.id);
  }

  const euro = await post(
    maria,
    '<p>$EURUSD is holding above last week’s low. I’m long with a 25 pip stop and watching $GBPUSD for confirmation. #swingtrading</p>',
  );
  await posts.like(demo, euro.id);
  await posts.like(olivia, euro.id);
  const question = await comments.create(kenji, euro.id, {
    content: '<p>Same read here. What would make you close it early?</p>',
  });
  await comments.create(maria, euro.id, {
    content: '<p>A daily close back under the low. Until then it stays.</p>',
    parent_id: question.id,
  });
  await comments.create(demo, euro.id, { content: '<p>Thanks for sharing the stop, that helps.</p>' });

  const poll = await post(olivia, '<p>Quick one for the mean reversion crowd.</p>', {
    poll: {
      question: 'Where does $XAUUSD close the week?',
      options: ['Higher', 'Lower', 'Within 0.5% of the open'],
      duration_hours: 72,
    },
  });
  await posts.vote(maria, poll.id, 'o1');
  await posts.vote(kenji, poll.id, 'o3');
  await posts.like(kenji, poll.id);

  const scalps = await post(
    sam,
    '<p>Ten trades on $US500 this morning, seven winners. Journal done before lunch. #scalping</p>',
  );
  await posts.like(demo, scalps.id);
  // Lena's profile is private: her followers (the demo user) see this, others only her name
  await post(lena, '<p>Phase 2 of my challenge, day 6: under the daily loss limit every day so far.</p>');

  const articles = social.articles.service;
  const draft = await articles.create(olivia, {
    title: DEMO_ARTICLE_TITLE,
    content:
      '<h2>Why backtest first</h2><p>A rule you have not tested is a guess. Before a mean reversion idea goes live, I run it over two years of data and write down what I expect.</p>' +
      '<h2>The checklist</h2><ul><li>RSI under 30 on the 1-hour chart</li><li>Price inside the weekly range</li><li>No high-impact news in the next two hours</li><li>Stop at 1.5 ATR, target the 20-bar average</li></ul>' +
      '<p>If the live results drift far from the backtest, I stop and look for what changed.</p>',
    type: 'my_article',
    audience: 'everyone',
    who_can_replay: 'account_follow',
    categories: ['education', 'strategy'],
    tags: ['backtesting', 'mean-reversion'],
  });
  const article = await articles.publish(olivia, draft.id);
  await articles.like(demo, article.id);
  await articles.like(maria, article.id);

  const messenger = social.messenger.service;
  const { conversation } = await messenger.start(maria, demo);
  await messenger.send(maria, conversation.id, { text: 'Hi! Welcome to TradeDesk. Are you trading EURUSD this week?' });
  await messenger.send(demo, conversation.id, { text: 'Hi Maria, yes, on the demo account for now.' });
  await messenger.send(maria, conversation.id, {
    text: 'Nice. Post your idea with the trade attached, I’ll have a look.',
  });

  deps.log.info('demo community posts, article and conversation created');
  return true;
}

/**
 * Kenji's virtual account with one position opened and closed two days ago (on a clock replaying those hours) and
 * one open now, both with a stop and a target, so his verified ideas have an R. Stops and targets sit beyond every
 * price from the entry to now, so the trigger job never acts on the replayed one before it is closed.
 */
async function seedIdeaTrades(
  deps: Parameters<typeof seedSocialDemo>[0],
  kenjiId: string,
): Promise<{ accountId: string; closed?: PositionRef; open?: PositionRef }> {
  const nowMs = deps.now().getTime();
  let at = nowMs;
  const { accounts, orders } = deps.servicesOn({ now: () => new Date(at) });
  const existing = (await accounts.list(kenjiId, 'all')).find((a) => a.name === DEMO_IDEAS_ACCOUNT_NAME);
  const account =
    existing ??
    (await accounts.create(kenjiId, {
      kind: 'virtual',
      name: DEMO_IDEAS_ACCOUNT_NAME,
      type: 'demo',
      currency: 'USD',
      starting_balance: 50_000,
      custom_balance: false,
      leverage: 100,
      margin_mode: 'hedging',
    }));
  const out: { accountId: string; closed?: PositionRef; open?: PositionRef } = { accountId: account.id };
  const place = async (symbol: string, side: 'buy' | 'sell', size: number, fromMs: number, pips: [number, number]) => {
    // the worst and best prices from the entry to now, so the stop and target are not already touched
    const pip = getInstrument(symbol).pipSize;
    const entry = deps.market.quote(symbol, fromMs);
    const open = side === 'buy' ? entry.ask : entry.bid;
    let [stopPips, targetPips] = pips;
    for (let m = fromMs; m <= nowMs; m += 15 * 60_000) {
      const q = deps.market.quote(symbol, m);
      const move = ((side === 'buy' ? q.bid : q.ask) - open) / pip;
      const against = side === 'buy' ? -move : move;
      stopPips = Math.max(stopPips, Math.ceil(against * 1.2));
      targetPips = Math.max(targetPips, Math.ceil(-against * 1.2));
    }
    at = fromMs;
    const placed = await orders.place(kenjiId, account.token, {
      symbol,
      side,
      type: 'market',
      size,
      stop_loss_pips: stopPips,
      take_profit_pips: targetPips,
      expiry: 'gtc',
    });
    return (placed.body as { position: Pick<TradingPosition, 'id'> | null }).position;
  };

  const day = Math.floor(nowMs / DAY_MS) * DAY_MS - 2 * DAY_MS;
  const openMs = day + 8 * HOUR_MS;
  const closeMs = day + 15 * HOUR_MS;
  if (deps.market.sessionStatus('BTCUSD', openMs).open && deps.market.sessionStatus('BTCUSD', closeMs).open) {
    const side = trendSide(deps.market, 'BTCUSD', openMs, 20) ?? 'buy';
    const position = await place('BTCUSD', side, 0.1, openMs, [1200, 2400]);
    if (position) {
      at = closeMs;
      await orders.close(kenjiId, account.token, position.id);
      out.closed = { id: position.id, side };
    }
  }
  if (deps.market.sessionStatus('ETHUSD', nowMs).open) {
    const position = await place('ETHUSD', 'sell', 1, nowMs, [800, 1600]);
    if (position) out.open = { id: position.id, side: 'sell' };
  }
  at = nowMs;
  return out;
}
type PositionRef = { id: string; side: 'buy' | 'sell' };
