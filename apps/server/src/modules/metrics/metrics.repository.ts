import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import {
  type TradingAccountRow,
  type TradingPositionRow,
  tradingAccounts,
  tradingDeals,
  tradingModifications,
  tradingPositions,
} from '../trading/trading.table.js';
import { type TradingPositionExcursionRow, tradingPositionExcursions } from './metrics.table.js';

export type ClosedTradeFilter = {
  from?: Date | undefined;
  to?: Date | undefined;
  symbol?: string | undefined;
  side?: 'buy' | 'sell' | undefined;
};

/** Reads of the trading tables the metrics need: closed positions, their exits and first stops, balance deals. */
export function createMetricsRepository(db: Db) {
  return {
    /** Every trading account of the user (archived ones too: their trades are history). */
    async accountsOf(userId: string): Promise<TradingAccountRow[]> {
      return db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.userId, userId))
        .orderBy(asc(tradingAccounts.createdAt), asc(tradingAccounts.id));
    },

    /** Closed positions of the accounts, by close time then id (the order the metrics count them in). */
    async closedPositions(accountIds: readonly string[], f: ClosedTradeFilter): Promise<TradingPositionRow[]> {
      if (accountIds.length === 0) return [];
      return db
        .select()
        .from(tradingPositions)
        .where(
          and(
            inArray(tradingPositions.accountId, [...accountIds]),
            eq(tradingPositions.status, 'closed'),
            isNotNull(tradingPositions.closedAt),
            f.from ? gte(tradingPositions.closedAt, f.from) : undefined,
            f.to ? lt(tradingPositions.closedAt, f.to) : undefined,
            f.symbol ? eq(tradingPositions.symbol, f.symbol) : undefined,
            f.side ? eq(tradingPositions.side, f.side) : undefined,
          ),
        )
        .orderBy(asc(tradingPositions.closedAt), asc(tradingPositions.id));
    },

    /** Volume-weighted price of each position's closing deals (all its partial closes); `positionIds` narrows. */
    async exitPrices(accountIds: readonly string[], positionIds?: readonly string[]): Promise<Map<string, number>> {
      if (accountIds.length === 0 || positionIds?.length === 0) return new Map();
      const rows = await db
        .select({
          positionId: tradingDeals.positionId,
          volume: sql<string>`sum(${tradingDeals.volume})`,
          weighted: sql<string>`sum(${tradingDeals.volume} * ${tradingDeals.price})`,
        })
        .from(tradingDeals)
        .where(
          and(
            inArray(tradingDeals.accountId, [...accountIds]),
            eq(tradingDeals.kind, 'trade'),
            eq(tradingDeals.entry, 'out'),
            positionIds ? inArray(tradingDeals.positionId, [...positionIds]) : isNotNull(tradingDeals.positionId),
          ),
        )
        .groupBy(tradingDeals.positionId);
      const out = new Map<string, number>();
      for (const r of rows) {
        const volume = Number(r.volume);
        if (r.positionId && volume > 0) out.set(r.positionId, Number(r.weighted) / volume);
      }
      return out;
    },

    /**
     * The stop loss each position was opened with, for the positions whose stop was changed later: the old value
     * of its first stop_loss modification (positions never modified still have it as their stop loss).
     */
    async firstStops(accountIds: readonly string[]): Promise<Map<string, number | null>> {
      if (accountIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([tradingModifications.positionId], {
          positionId: tradingModifications.positionId,
          oldValue: tradingModifications.oldValue,
        })
        .from(tradingModifications)
        .where(
          and(
            inArray(tradingModifications.accountId, [...accountIds]),
            eq(tradingModifications.field, 'stop_loss'),
            isNotNull(tradingModifications.positionId),
          ),
        )
        .orderBy(tradingModifications.positionId, asc(tradingModifications.seq));
      return new Map(rows.map((r) => [r.positionId!, r.oldValue]));
    },

    /** Balance deals (deposits, corrections) of the accounts in [from, to). */
    async balanceDeals(accountIds: readonly string[], from?: Date, to?: Date) {
      if (accountIds.length === 0) return [];
      return db
        .select({ accountId: tradingDeals.accountId, time: tradingDeals.time, amount: tradingDeals.amount })
        .from(tradingDeals)
        .where(
          and(
            inArray(tradingDeals.accountId, [...accountIds]),
            eq(tradingDeals.kind, 'balance'),
            from ? gte(tradingDeals.time, from) : undefined,
            to ? lt(tradingDeals.time, to) : undefined,
          ),
        )
        .orderBy(asc(tradingDeals.time), asc(tradingDeals.seq));
    },

    /**
     * What moved each account's balance before `before`, counted as the metrics count it: balance deals by their
     * time, closed trades (net) by their close time. Exact decimal strings.
     */
    async movedBefore(accountIds: readonly string[], before: Date): Promise<Array<{ accountId: string; sum: string }>> {
      if (accountIds.length === 0) return [];
      const ids = [...accountIds];
      const balance = await db
        .select({ accountId: tradingDeals.accountId, sum: sql<string>`coalesce(sum(${tradingDeals.amount}), 0)` })
        .from(tradingDeals)
        .where(
          and(inArray(tradingDeals.accountId, ids), eq(tradingDeals.kind, 'balance'), lt(tradingDeals.time, before)),
        )
        .groupBy(tradingDeals.accountId);
      const trades = await db
        .select({
          accountId: tradingPositions.accountId,
          sum: sql<string>`coalesce(sum(${tradingPositions.profit} + ${tradingPositions.commission} + ${tradingPositions.swap}), 0)`,
        })
        .from(tradingPositions)
        .where(
          and(
            inArray(tradingPositions.accountId, ids),
            eq(tradingPositions.status, 'closed'),
            lt(tradingPositions.closedAt, before),
          ),
        )
        .groupBy(tradingPositions.accountId);
      // exact decimal sums; the caller adds them in minor units
      return [...balance, ...trades].map((r) => ({ accountId: r.accountId, sum: String(r.sum) }));
    },

    /** The kept excursions of the accounts' positions, by position id. */
    async keptExcursions(accountIds: readonly string[]): Promise<Map<string, TradingPositionExcursionRow>> {
      if (accountIds.length === 0) return new Map();
      const rows = await db
        .select({ e: tradingPositionExcursions })
        .from(tradingPositionExcursions)
        .innerJoin(tradingPositions, eq(tradingPositions.id, tradingPositionExcursions.positionId))
        .where(inArray(tradingPositions.accountId, [...accountIds]));
      return new Map(rows.map((r) => [r.e.positionId, r.e]));
    },

    /** Keeps excursions (a position's row is replaced if it was kept before). */
    async keepExcursions(rows: readonly TradingPositionExcursionRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insert(tradingPositionExcursions)
          .values(rows.slice(i, i + 500))
          .onConflictDoUpdate({
            target: tradingPositionExcursions.positionId,
            set: {
              mfePrice: sql`excluded.mfe_price`,
              mfeTime: sql`excluded.mfe_time`,
              mfeMinor: sql`excluded.mfe_minor`,
              maePrice: sql`excluded.mae_price`,
              maeTime: sql`excluded.mae_time`,
              maeMinor: sql`excluded.mae_minor`,
              computedAt: sql`excluded.computed_at`,
            },
          });
      }
    },
  };
}
export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
