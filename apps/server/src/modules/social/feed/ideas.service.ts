import type { TradeIdea, VerifiedIdeasStats } from '@tradedesk/contracts';
import { findInstrument, markPosition, type SimulatedMarket } from '@tradedesk/core';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db.js';
import { propAccounts } from '../../prop/prop.table.js';
import { openPositionOf, quotesAt, toDeal, toModification, toTrade } from '../../trading/broker.mapping.js';
import { sharedTradeFigures } from '../../trading/trade-shares.service.js';
import {
  type TradingOrderRow,
  type TradingPositionRow,
  tradingAccounts,
  tradingDeals,
  tradingModifications,
  tradingOrders,
  tradingPositions,
} from '../../trading/trading.table.js';
import { feedError } from './feed.errors.js';
import { type SocialPostTradeRow, socialPostTrades } from './feed.table.js';

/** What a post asks to attach (the body's `trade`). */
export type AttachTradeBody = { account_id: string; position_id?: string; order_id?: string };

/** The port the posts slice uses to attach, read and guard verified trade ideas. */
export interface TradeIdeasPort {
  /** Attaches a position or pending order of the author's virtual or prop account; 400 naming the field otherwise. */
  attach(userId: string, postId: string, body: AttachTradeBody, tx?: Db): Promise<TradeIdea>;
  /** The live figures of the ideas among `postIds` (posts without one are left out), in a constant number of queries. */
  figures(postIds: readonly string[]): Promise<Map<string, TradeIdea>>;
  /** Whether the post carries a trade that is final (closed, or its order cancelled): it cannot be deleted. */
  isLocked(postId: string): Promise<boolean>;
}

const round = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;
const bare = (symbol: string) => (symbol.includes(':') ? symbol.slice(symbol.indexOf(':') + 1) : symbol);
const digitsOf = (symbol: string) => findInstrument(bare(symbol))?.digits ?? 5;
const FINAL_ORDER = new Set(['cancelled', 'expired', 'rejected']);

type AccountFacts = { id: string; userId: string; kind: string; currency: string; leverage: number; isProp: boolean };

/**
 * Verified trade ideas (issue 15 item 3). Every figure comes from the trading module's rows and functions: the
 * live mark of an open position is `markPosition` at the simulated market's quote (what the engine's account
 * figures compute), pips, R and percent of balance are the trade-share card's `sharedTradeFigures`.
 */
export function createIdeasService(deps: { db: Db; market: SimulatedMarket; clock: Clock }) {
  const { db, market, clock } = deps;

  async function accountsOf(ids: readonly string[]): Promise<Map<string, AccountFacts>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: tradingAccounts.id,
        userId: tradingAccounts.userId,
        kind: tradingAccounts.kind,
        currency: tradingAccounts.currency,
        leverage: tradingAccounts.leverage,
        isProp: sql<boolean>`exists (select 1 from ${propAccounts} where ${propAccounts.accountId} = ${tradingAccounts.id})`,
      })
      .from(tradingAccounts)
      .where(inArray(tradingAccounts.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Reads and computes the ideas of these rows: orders, positions, deals, modifications, accounts, each one query. */
  async function compute(rows: readonly SocialPostTradeRow[]): Promise<Map<string, TradeIdea>> {
    const out = new Map<string, TradeIdea>();
    if (rows.length === 0) return out;
    const ideaOrderIds = rows.flatMap((r) => (r.orderId ? [r.orderId] : []));
    const ideaPositionIds = rows.flatMap((r) => (r.positionId ? [r.positionId] : []));
    const orders = await db
      .select()
      .from(tradingOrders)
      .where(
        or(
          ideaOrderIds.length ? inArray(tradingOrders.id, ideaOrderIds) : sql`false`,
          ideaPositionIds.length
            ? sql`${tradingOrders.id} in (select ${tradingPositions.orderId} from ${tradingPositions} where ${inArray(tradingPositions.id, ideaPositionIds)})`
            : sql`false`,
        ),
      );
    const orderById = new Map(orders.map((o) => [o.id, o]));
    const positionIds = [
      ...new Set([...ideaPositionIds, ...ideaOrderIds.flatMap((id) => orderById.get(id)?.positionId ?? [])]),
    ];
    const positions = positionIds.length
      ? await db.select().from(tradingPositions).where(inArray(tradingPositions.id, positionIds))
      : [];
    const positionById = new Map(positions.map((p) => [p.id, p]));
    const [deals, modifications, accounts] = await Promise.all([
      positionIds.length
        ? db.select().from(tradingDeals).where(inArray(tradingDeals.positionId, positionIds))
        : Promise.resolve([]),
      positionIds.length
        ? db
            .select()
            .from(tradingModifications)
            .where(
              or(
                inArray(tradingModifications.positionId, positionIds),
                orders.length
                  ? inArray(
                      tradingModifications.orderId,
                      orders.map((o) => o.id),
                    )
                  : sql`false`,
              ),
            )
        : Promise.resolve([]),
      accountsOf([...new Set(rows.map((r) => r.accountId))]),
    ]);
    const quotes = quotesAt(market, clock.now().getTime());

    for (const row of rows) {
      const account = accounts.get(row.accountId);
      if (!account) continue;
      const order = row.orderId ? orderById.get(row.orderId) : undefined;
      const positionId = row.positionId ?? order?.positionId ?? null;
      const position = positionId ? positionById.get(positionId) : undefined;
      const accountKind = account.isProp ? 'prop' : 'virtual';
      if (position) {
        const openingOrder = order ?? (position.orderId ? orderById.get(position.orderId) : undefined);
        out.set(
          row.postId,
          ideaOfPosition(position, openingOrder, accountKind, account, {
            deals: deals.filter((d) => d.positionId === position.id).map(toDeal),
            modifications: modifications
              .filter((m) => m.positionId === position.id || (position.orderId && m.orderId === position.orderId))
              .map(toModification),
            quotes,
          }),
        );
      } else if (order) {
        out.set(row.postId, ideaOfOrder(order, accountKind));
      }
    }
    return out;
  }

  function ideaOfOrder(order: TradingOrderRow, accountKind: 'virtual' | 'prop'): TradeIdea {
    return {
      verified: true,
      accountKind,
      symbol: order.symbol,
      digits: digitsOf(order.symbol),
      side: order.side as TradeIdea['side'],
      status: FINAL_ORDER.has(order.status) ? 'cancelled' : 'pending',
      orderType: order.type,
      entryPrice: order.price ?? order.limitPrice ?? 0,
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
      currentPrice: null,
      exitPrice: null,
      openedAt: null,
      closedAt: null,
      pips: null,
      rMultiple: null,
      percentOfBalance: null,
      result: null,
    };
  }

  function ideaOfPosition(
    row: TradingPositionRow,
    order: TradingOrderRow | undefined,
    accountKind: 'virtual' | 'prop',
    account: AccountFacts,
    more: {
      deals: ReturnType<typeof toDeal>[];
      modifications: ReturnType<typeof toModification>[];
      quotes: ReturnType<typeof quotesAt>;
    },
  ): TradeIdea {
    const open = row.status === 'open';
    const mark = open ? markPosition(openPositionOf(row), account, more.quotes) : undefined;
    const trade = toTrade(row, mark);
    const live = open && mark?.price != null;
    // an open trade is valued as if closed at the live price: the card's formula, with the floating profit
    const figures =
      open && !live
        ? { pips: null, rMultiple: null, percentOfBalance: null }
        : sharedTradeFigures({
            trade: open ? { ...trade, closePrice: mark!.price, net: round(trade.net + trade.upl, 8) } : trade,
            deals: more.deals,
            modifications: more.modifications,
          });
    const result =
      open || figures.pips === null ? null : figures.pips > 0 ? 'win' : figures.pips < 0 ? 'loss' : 'breakeven';
    return {
      verified: true,
      accountKind,
      symbol: row.symbol,
      digits: digitsOf(row.symbol),
      side: row.side as TradeIdea['side'],
      status: open ? 'open' : 'closed',
      orderType: order?.type ?? 'market',
      entryPrice: row.openPrice,
      stopLoss: row.stopLoss,
      takeProfit: row.takeProfit,
      currentPrice: open ? (mark?.price ?? null) : row.closePrice,
      exitPrice: open ? null : row.closePrice,
      openedAt: row.openedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      pips: figures.pips,
      rMultiple: figures.rMultiple,
      percentOfBalance: figures.percentOfBalance,
      result,
    };
  }

  /** Figures of the rows, and the lock set on the ideas that became final since they were last read. */
  async function figuresOf(rows: readonly SocialPostTradeRow[]): Promise<Map<string, TradeIdea>> {
    const ideas = await compute(rows);
    const nowFinal = rows.filter((r) => {
      const s = ideas.get(r.postId)?.status;
      return r.lockedAt === null && (s === 'closed' || s === 'cancelled');
    });
    if (nowFinal.length > 0) {
      await db
        .update(socialPostTrades)
        .set({ lockedAt: clock.now() })
        .where(
          and(
            inArray(
              socialPostTrades.postId,
              nowFinal.map((r) => r.postId),
            ),
            isNull(socialPostTrades.lockedAt),
          ),
        );
    }
    return ideas;
  }

  const invalid = (field: string, message: string) => feedError.onField(field, 'SOCIAL_IDEA_INVALID', message);

  const port: TradeIdeasPort = {
    async attach(userId, postId, body, tx) {
      const q = tx ?? db;
      const [account] = await q
        .select()
        .from(tradingAccounts)
        .where(and(eq(tradingAccounts.id, body.account_id), eq(tradingAccounts.userId, userId)));
      if (!account) throw invalid('trade.account_id', 'trade.account_id must be one of your trading account ids.');
      if (account.kind !== 'virtual') {
        throw invalid(
          'trade.account_id',
          'trade.account_id must be a virtual or prop account: trades of imported or connected accounts are not verified by TradeDesk.',
        );
      }
      let final = false;
      if (body.position_id) {
        const [position] = await q
          .select()
          .from(tradingPositions)
          .where(and(eq(tradingPositions.id, body.position_id), eq(tradingPositions.accountId, account.id)));
        if (!position) throw invalid('trade.position_id', 'trade.position_id must be a position id of that account.');
        final = position.status !== 'open';
      } else if (body.order_id) {
        const [order] = await q
          .select()
          .from(tradingOrders)
          .where(and(eq(tradingOrders.id, body.order_id), eq(tradingOrders.accountId, account.id)));
        if (order?.status !== 'pending') {
          throw invalid('trade.order_id', 'trade.order_id must be a pending order id of that account.');
        }
      } else {
        throw invalid('trade', 'trade must name either position_id or order_id.');
      }
      const now = clock.now();
      const [row] = await q
        .insert(socialPostTrades)
        .values({
          postId,
          accountId: account.id,
          positionId: body.position_id ?? null,
          orderId: body.position_id ? null : (body.order_id ?? null),
          authorId: userId,
          lockedAt: final ? now : null,
          createdAt: now,
        })
        .returning();
      if (!row) throw invalid('trade', 'trade could not be attached.');
      // read through the same connection: inside the posts slice's transaction the row is not visible elsewhere
      const idea = tx ? (await createIdeasService({ db: tx, market, clock }).compute([row])).get(postId) : undefined;
      const figures = idea ?? (await compute([row])).get(postId);
      if (!figures) throw invalid('trade', 'trade could not be read back from the trading engine.');
      return figures;
    },

    async figures(postIds) {
      if (postIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(socialPostTrades)
        .where(inArray(socialPostTrades.postId, [...postIds]));
      return figuresOf(rows);
    },

    async isLocked(postId) {
      const [row] = await db.select().from(socialPostTrades).where(eq(socialPostTrades.postId, postId));
      if (!row) return false;
      if (row.lockedAt) return true;
      const status = (await figuresOf([row])).get(postId)?.status;
      return status === 'closed' || status === 'cancelled';
    },
  };

  return {
    ...port,
    compute,

    /** The author's verified ideas: counts, hit rate (wins over closed, percent) and average R of closed ideas. */
    async stats(userId: string): Promise<VerifiedIdeasStats> {
      const rows = await db.select().from(socialPostTrades).where(eq(socialPostTrades.authorId, userId));
      const ideas = [...(await figuresOf(rows)).values()];
      const closed = ideas.filter((i) => i.status === 'closed');
      const wins = closed.filter((i) => i.result === 'win').length;
      const rs = closed.flatMap((i) => (i.rMultiple === null ? [] : [i.rMultiple]));
      return {
        ideas: ideas.length,
        open: ideas.filter((i) => i.status === 'open' || i.status === 'pending').length,
        closed: closed.length,
        wins,
        hitRate: closed.length ? round((wins / closed.length) * 100, 2) : null,
        averageR: rs.length ? round(rs.reduce((a, b) => a + b, 0) / rs.length, 2) : null,
      };
    },
  };
}
export type IdeasService = ReturnType<typeof createIdeasService>;
