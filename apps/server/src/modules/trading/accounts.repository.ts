import { and, asc, count, eq, ne, not, type SQL, sql } from 'drizzle-orm';
import { compiledSelect } from '../../platform/compiled-select.js';
import type { Db } from '../../platform/db.js';
import type { CountedItem, LimitGate } from '../billing/entitlements/entitlements.js';
import { type PropAccountRow, propAccounts } from '../prop/prop.table.js';
import {
  type TradingAccountRow,
  tradingAccounts,
  tradingDeals,
  tradingIdempotencyKeys,
  tradingModifications,
  tradingOrders,
  tradingPositions,
} from './trading.table.js';

/**
 * A prop challenge's account is a virtual account with a row of the prop module's `prop_accounts`: it counts
 * toward the plan's prop_challenges, every other account toward trading_accounts.
 */
const isPropAccount: SQL = sql`exists (select 1 from ${propAccounts} where ${propAccounts.accountId} = ${tradingAccounts.id})`;
const ofPlanKind = (prop: boolean) => (prop ? isPropAccount : not(isPropAccount));

/** `findByTokenWithProp`'s statement (every order starts with it), built once. */
const byTokenWithPropStatement = compiledSelect((db) =>
  db
    .select({ account: tradingAccounts, prop: propAccounts })
    .from(tradingAccounts)
    .leftJoin(propAccounts, eq(propAccounts.accountId, tradingAccounts.id))
    .where(
      and(
        eq(tradingAccounts.userId, sql.placeholder('userId')),
        eq(tradingAccounts.platformToken, sql.placeholder('token')),
      ),
    )
    .limit(1),
);

/** Trading accounts; every query on a user's accounts is scoped by the owner in the query. */

export function createAccountsRepository(db: Db) {
  const owned = (userId: string, id: string) => and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.id, id));
  return {
    async list(userId: string, status?: string): Promise<TradingAccountRow[]> {
      return db
        .select()
        .from(tradingAccounts)
        .where(and(eq(tradingAccounts.userId, userId), status ? eq(tradingAccounts.status, status) : undefined))
        .orderBy(asc(tradingAccounts.createdAt), asc(tradingAccounts.id));
    },

    async find(userId: string, id: string): Promise<TradingAccountRow | undefined> {
      const [row] = await db.select().from(tradingAccounts).where(owned(userId, id)).limit(1);
      return row;
    },

    /** The caller's account of a platform token; another user's token finds nothing. */
    async findByToken(userId: string, token: string): Promise<TradingAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(tradingAccounts)
        .where(and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.platformToken, token)))
        .limit(1);
      return row;
    },

    /**
     * `findByToken` with the account's prop challenge row (null without one), read in the same query: what a new
     * order needs before its transaction (the account, and its challenge's rules).
     */
    async findByTokenWithProp(
      userId: string,
      token: string,
    ): Promise<{ account: TradingAccountRow; prop: PropAccountRow | null } | undefined> {
      const [row] = await byTokenWithPropStatement(db, { userId, token });
      return row;
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(tradingAccounts).where(eq(tradingAccounts.userId, userId));
      return row?.n ?? 0;
    },

    /** The accounts of the user's prop challenges (plan limit prop_challenges). */
    async propCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tradingAccounts)
        .where(and(eq(tradingAccounts.userId, userId), isPropAccount));
      return row?.n ?? 0;
    },

    /** Whether the account is a prop challenge's. */
    async isProp(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: tradingAccounts.id })
        .from(tradingAccounts)
        .where(and(eq(tradingAccounts.id, id), isPropAccount));
      return row !== undefined;
    },

    /**
     * With `gate`: the plan's trading_accounts limit checked in the same transaction, under the user's lock on it
     * (a prop challenge's accounts are not counted: they have a limit of their own).
     */
    async insert(row: TradingAccountRow, gate?: LimitGate): Promise<void> {
      if (!gate) {
        await db.insert(tradingAccounts).values(row);
        return;
      }
      await db.transaction(async (tx) => {
        await gate.hold(tx, async () => {
          const [held] = await tx
            .select({ n: count() })
            .from(tradingAccounts)
            .where(and(eq(tradingAccounts.userId, row.userId), ofPlanKind(false)));
          return held?.n ?? 0;
        });
        await tx.insert(tradingAccounts).values(row);
      });
    },

    /** What the plan's prop_challenges (`prop`) or trading_accounts limit counts, for assertEditable. */
    async counted(userId: string, prop: boolean): Promise<CountedItem[]> {
      return db
        .select({ id: tradingAccounts.id, createdAt: tradingAccounts.createdAt })
        .from(tradingAccounts)
        .where(and(eq(tradingAccounts.userId, userId), ofPlanKind(prop)));
    },

    async update(
      userId: string,
      id: string,
      patch: Partial<Omit<TradingAccountRow, 'id' | 'userId'>>,
    ): Promise<TradingAccountRow | undefined> {
      const [row] = await db.update(tradingAccounts).set(patch).where(owned(userId, id)).returning();
      return row;
    },

    /** Makes `id` the caller's one active account (in one transaction, so the partial unique index holds). */
    async activate(
      userId: string,
      id: string,
      patch: Partial<TradingAccountRow>,
    ): Promise<TradingAccountRow | undefined> {
      return db.transaction(async (tx) => {
        await tx
          .update(tradingAccounts)
          .set({ isActive: false })
          .where(
            and(eq(tradingAccounts.userId, userId), ne(tradingAccounts.id, id), eq(tradingAccounts.isActive, true)),
          );
        const [row] = await tx
          .update(tradingAccounts)
          .set({ ...patch, isActive: true })
          .where(owned(userId, id))
          .returning();
        return row;
      });
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(tradingAccounts).where(owned(userId, id)).returning({ id: tradingAccounts.id });
      return rows.length > 0;
    },

    async openItems(accountId: string): Promise<{ positions: number; orders: number }> {
      const [p] = await db
        .select({ n: count() })
        .from(tradingPositions)
        .where(and(eq(tradingPositions.accountId, accountId), eq(tradingPositions.status, 'open')));
      const [o] = await db
        .select({ n: count() })
        .from(tradingOrders)
        .where(and(eq(tradingOrders.accountId, accountId), eq(tradingOrders.status, 'pending')));
      return { positions: p?.n ?? 0, orders: o?.n ?? 0 };
    },

    /** Deletes every order, position, deal, log entry and kept answer of an account and restores its balance. */
    async reset(
      userId: string,
      id: string,
      startingBalance: string,
      now: Date,
    ): Promise<TradingAccountRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(tradingAccounts)
          .set({ startingBalance, balance: startingBalance, updatedAt: now })
          .where(owned(userId, id))
          .returning();
        if (!row) return undefined;
        // The account row is locked by the update above: no order can be booked while its history goes.
        await tx.delete(tradingDeals).where(eq(tradingDeals.accountId, id));
        await tx.delete(tradingModifications).where(eq(tradingModifications.accountId, id));
        await tx.delete(tradingPositions).where(eq(tradingPositions.accountId, id));
        await tx.delete(tradingOrders).where(eq(tradingOrders.accountId, id));
        await tx.delete(tradingIdempotencyKeys).where(eq(tradingIdempotencyKeys.accountId, id));
        return row;
      });
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
