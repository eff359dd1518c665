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
     * Runs one batch in a transaction holding the account's row lock: `fn` claims the rows' keys (answering those
     * not taken before: the others are duplicates), then writes positions and deals (their balance after each
     * computed by the caller from the locked balance) and the account's new balance, in a few statements.
     */
    async batch<T>(
      accountId: string,
      fn: (ops: {
        account: TradingAccountRow;
        claim(
          rows: ReadonlyArray<{ key: string; importId: string; positionId: string | null; dealId: string | null }>,
        ): Promise<Set<string>>;
        positions(rows: readonly TradingPositionRow[]): Promise<void>;
        deals(rows: ReadonlyArray<Omit<TradingDealRow, 'seq'>>): Promise<void>;
        setBalance(balance: string): Promise<void>;
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
          async claim(rows) {
            if (rows.length === 0) return new Set();
            const taken = await tx
              .insert(tradeImportKeys)
              .values(rows.map((r) => ({ accountId, ...r })))
              .onConflictDoNothing()
              .returning({ key: tradeImportKeys.key });
            return new Set(taken.map((t) => t.key));
          },
          async positions(rows) {
            if (rows.length > 0) await tx.insert(tradingPositions).values([...rows]);
          },
          async deals(rows) {
            if (rows.length > 0) await tx.insert(tradingDeals).values([...rows]);
          },
          async setBalance(balance) {
            await tx
              .update(tradingAccounts)
              .set({ balance: sql`${balance}::numeric` })
              .where(eq(tradingAccounts.id, accountId));
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
