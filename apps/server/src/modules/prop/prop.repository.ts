import { and, asc, count, desc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import {
  type TradingDealRow,
  type TradingPositionRow,
  tradingAccounts,
  tradingDeals,
  tradingPositions,
} from '../trading/trading.table.js';
import {
  type AccountObjectiveRow,
  accountObjectives,
  type PropAccountRow,
  propAccounts,
  type UserObjectiveRow,
  userObjectives,
} from './prop.table.js';

/** Prop accounts and objectives; every query on a user's records is scoped by the owner in the query. */
export function createPropRepository(db: Db) {
  return {
    async insertPropAccount(row: PropAccountRow): Promise<void> {
      await db.insert(propAccounts).values(row);
    },

    async propAccount(accountId: string): Promise<PropAccountRow | undefined> {
      const [row] = await db.select().from(propAccounts).where(eq(propAccounts.accountId, accountId));
      return row;
    },

    async propAccountsOf(userId: string, accountIds: readonly string[]): Promise<PropAccountRow[]> {
      if (accountIds.length === 0) return [];
      return db
        .select()
        .from(propAccounts)
        .where(and(eq(propAccounts.userId, userId), inArray(propAccounts.accountId, [...accountIds])));
    },

    /** Prop accounts the leader evaluates: active or paused, on an account that is not archived. */
    async evaluated(): Promise<PropAccountRow[]> {
      return db
        .select({ p: propAccounts })
        .from(propAccounts)
        .innerJoin(tradingAccounts, eq(tradingAccounts.id, propAccounts.accountId))
        .where(inArray(propAccounts.state, ['active', 'paused']))
        .then((rows) => rows.map((r) => r.p));
    },

    async updatePropAccount(accountId: string, patch: Partial<Omit<PropAccountRow, 'accountId'>>) {
      const [row] = await db.update(propAccounts).set(patch).where(eq(propAccounts.accountId, accountId)).returning();
      return row;
    },

    async deletePropAccount(userId: string, accountId: string): Promise<boolean> {
      const rows = await db
        .delete(propAccounts)
        .where(and(eq(propAccounts.userId, userId), eq(propAccounts.accountId, accountId)))
        .returning({ id: propAccounts.accountId });
      return rows.length > 0;
    },

    /** Deals of an account after `seq`, oldest first. */
    async dealsAfter(accountId: string, seq: number): Promise<TradingDealRow[]> {
      return db
        .select()
        .from(tradingDeals)
        .where(and(eq(tradingDeals.accountId, accountId), gt(tradingDeals.seq, seq)))
        .orderBy(asc(tradingDeals.seq));
    },

    async dealsSince(accountId: string, since: Date): Promise<TradingDealRow[]> {
      return db
        .select()
        .from(tradingDeals)
        .where(and(eq(tradingDeals.accountId, accountId), gte(tradingDeals.time, since)))
        .orderBy(asc(tradingDeals.seq));
    },

    /** The balance after the last deal booked before `before`; undefined when there was none. */
    async balanceBefore(accountId: string, before: Date): Promise<string | undefined> {
      const [row] = await db
        .select({ balance: tradingDeals.balanceAfter })
        .from(tradingDeals)
        .where(and(eq(tradingDeals.accountId, accountId), lt(tradingDeals.time, before)))
        .orderBy(desc(tradingDeals.seq))
        .limit(1);
      return row?.balance;
    },

    async positionsByIds(accountId: string, ids: readonly string[]): Promise<Map<string, TradingPositionRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(tradingPositions)
        .where(and(eq(tradingPositions.accountId, accountId), inArray(tradingPositions.id, [...new Set(ids)])));
      return new Map(rows.map((r) => [r.id, r]));
    },

    async lastDealSeq(accountId: string): Promise<number> {
      const [row] = await db
        .select({ seq: tradingDeals.seq })
        .from(tradingDeals)
        .where(eq(tradingDeals.accountId, accountId))
        .orderBy(desc(tradingDeals.seq))
        .limit(1);
      return row?.seq ?? 0;
    },

    async objectives(userId: string): Promise<UserObjectiveRow[]> {
      return db
        .select()
        .from(userObjectives)
        .where(eq(userObjectives.userId, userId))
        .orderBy(asc(userObjectives.createdAt), asc(userObjectives.id));
    },

    async objective(userId: string, id: string): Promise<UserObjectiveRow | undefined> {
      const [row] = await db
        .select()
        .from(userObjectives)
        .where(and(eq(userObjectives.userId, userId), eq(userObjectives.id, id)));
      return row;
    },

    async countObjectives(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(userObjectives).where(eq(userObjectives.userId, userId));
      return row?.n ?? 0;
    },

    async insertObjective(row: UserObjectiveRow): Promise<void> {
      await db.insert(userObjectives).values(row);
    },

    async updateObjective(userId: string, id: string, patch: Partial<UserObjectiveRow>) {
      const [row] = await db
        .update(userObjectives)
        .set(patch)
        .where(and(eq(userObjectives.userId, userId), eq(userObjectives.id, id)))
        .returning();
      return row;
    },

    async accountsWithObjective(objectiveId: string): Promise<string[]> {
      const rows = await db
        .select({ accountId: accountObjectives.accountId })
        .from(accountObjectives)
        .where(eq(accountObjectives.objectiveId, objectiveId));
      return rows.map((r) => r.accountId);
    },

    async deleteObjective(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(userObjectives)
        .where(and(eq(userObjectives.userId, userId), eq(userObjectives.id, id)))
        .returning({ id: userObjectives.id });
      return rows.length > 0;
    },

    /** Objectives set on these accounts (already checked to be the caller's), with their definitions. */
    async accountObjectives(
      accountIds: readonly string[],
    ): Promise<Array<{ link: AccountObjectiveRow; objective: UserObjectiveRow }>> {
      if (accountIds.length === 0) return [];
      return db
        .select({ link: accountObjectives, objective: userObjectives })
        .from(accountObjectives)
        .innerJoin(userObjectives, eq(userObjectives.id, accountObjectives.objectiveId))
        .where(inArray(accountObjectives.accountId, [...accountIds]))
        .orderBy(asc(accountObjectives.createdAt), asc(userObjectives.id));
    },

    async setAccountObjective(row: AccountObjectiveRow): Promise<boolean> {
      const rows = await db
        .insert(accountObjectives)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: accountObjectives.objectiveId });
      return rows.length > 0;
    },

    async updateAccountObjective(accountId: string, objectiveId: string, value: number): Promise<boolean> {
      const rows = await db
        .update(accountObjectives)
        .set({ value })
        .where(and(eq(accountObjectives.accountId, accountId), eq(accountObjectives.objectiveId, objectiveId)))
        .returning({ id: accountObjectives.objectiveId });
      return rows.length > 0;
    },

    async deleteAccountObjective(accountId: string, objectiveId: string): Promise<boolean> {
      const rows = await db
        .delete(accountObjectives)
        .where(and(eq(accountObjectives.accountId, accountId), eq(accountObjectives.objectiveId, objectiveId)))
        .returning({ id: accountObjectives.objectiveId });
      return rows.length > 0;
    },
  };
}
export type PropRepository = ReturnType<typeof createPropRepository>;
