import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import {
  type TradingAccountRow,
  type TradingDealRow,
  type TradingPositionRow,
  tradingAccounts,
  tradingDeals,
  tradingPositions,
} from '../trading/trading.table.js';
import { type TradeImportRow, tradeImportKeys, tradeImports } from './imports.table.js';

/** Imports and their keys; a batch books its positions and deals in one transaction holding the account's lock. */
export function createImportsRepository(db: Db) {
  return {
    async insert(row: TradeImportRow): Promise<void> {
      await db.insert(tradeImports).values(row);
    },

    async find(userId: string, accountId: string, id: string): Promise<TradeImportRow | undefined> {
      const [row] = await db
        .select()
        .from(tradeImports)
        .where(and(eq(tradeImports.id, id), eq(tradeImports.accountId, accountId), eq(tradeImports.userId, userId)));
      return row;
    },

    async list(userId: string, accountId: string, limit: number): Promise<TradeImportRow[]> {
      return db
        .select()
        .from(tradeImports)
        .where(and(eq(tradeImports.accountId, accountId), eq(tradeImports.userId, userId)))
        .orderBy(desc(tradeImports.createdAt), desc(tradeImports.id))
        .limit(limit);
    },

    async update(id: string, patch: Partial<TradeImportRow>): Promise<TradeImportRow | undefined> {
      const [row] = await db.update(tradeImports).set(patch).where(eq(tradeImports.id, id)).returning();
      return row;
    },

    /**
     * Runs one batch: locks the account, then `fn` books through `claim` (false: the key is taken, a duplicate),
     * `position` and `deal` (which moves the balance and answers it).
     */
    async batch<T>(
      accountId: string,
      fn: (ops: {
        account: TradingAccountRow;
        claim(key: string, importId: string, ids: { positionId?: string; dealId?: string }): Promise<boolean>;
        position(row: TradingPositionRow): Promise<void>;
        deal(row: Omit<TradingDealRow, 'seq' | 'balanceAfter'>): Promise<void>;
        progress(importId: string, patch: Partial<TradeImportRow>): Promise<void>;
      }) => Promise<T>,
    ): Promise<T | undefined> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select()
          .from(tradingAccounts)
          .where(eq(tradingAccounts.id, accountId))
          .for('update');
        if (!account) return undefined;
        return fn({
          account,
          async claim(key, importId, ids) {
            const rows = await tx
              .insert(tradeImportKeys)
              .values({ accountId, key, importId, positionId: ids.positionId ?? null, dealId: ids.dealId ?? null })
              .onConflictDoNothing()
              .returning({ key: tradeImportKeys.key });
            return rows.length > 0;
          },
          async position(row) {
            await tx.insert(tradingPositions).values(row);
          },
          async deal(deal) {
            const [acc] = await tx
              .update(tradingAccounts)
              .set({ balance: sql`${tradingAccounts.balance} + ${deal.amount}::numeric` })
              .where(eq(tradingAccounts.id, deal.accountId))
              .returning({ balance: tradingAccounts.balance });
            if (!acc) throw new Error(`account ${deal.accountId} vanished inside its transaction`);
            await tx.insert(tradingDeals).values({ ...deal, balanceAfter: acc.balance });
          },
          async progress(importId, patch) {
            await tx.update(tradeImports).set(patch).where(eq(tradeImports.id, importId));
          },
        });
      });
    },
  };
}
export type ImportsRepository = ReturnType<typeof createImportsRepository>;
