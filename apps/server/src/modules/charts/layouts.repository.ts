import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import type { CountedItem, LimitGate } from '../billing/entitlements/entitlements.js';
import { type ChartLayoutRow, chartLayouts } from './charts.table.js';

/** Layouts, scoped by owner; saves are conditional on the version read (optimistic locking). */
export function createLayoutsRepository(db: Db) {
  const owned = (userId: string, id: string) => and(eq(chartLayouts.userId, userId), eq(chartLayouts.id, id));
  return {
    async list(userId: string): Promise<ChartLayoutRow[]> {
      return db
        .select()
        .from(chartLayouts)
        .where(eq(chartLayouts.userId, userId))
        .orderBy(asc(chartLayouts.createdAt), asc(chartLayouts.id));
    },

    async find(userId: string, id: string): Promise<ChartLayoutRow | undefined> {
      const [row] = await db.select().from(chartLayouts).where(owned(userId, id)).limit(1);
      return row;
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(chartLayouts).where(eq(chartLayouts.userId, userId));
      return row?.n ?? 0;
    },

    /** With the plan's saved-layouts limit checked in the same transaction, under the user's lock on it. */
    async insert(row: ChartLayoutRow, gate?: LimitGate): Promise<void> {
      if (!gate) {
        await db.insert(chartLayouts).values(row);
        return;
      }
      await db.transaction(async (tx) => {
        await gate.hold(tx, async () => {
          const [held] = await tx.select({ n: count() }).from(chartLayouts).where(eq(chartLayouts.userId, row.userId));
          return held?.n ?? 0;
        });
        await tx.insert(chartLayouts).values(row);
      });
    },

    /** What the plan's saved-layouts limit counts, for assertEditable. */
    async counted(userId: string): Promise<CountedItem[]> {
      return db
        .select({ id: chartLayouts.id, createdAt: chartLayouts.createdAt })
        .from(chartLayouts)
        .where(eq(chartLayouts.userId, userId));
    },

    async updateAtVersion(
      userId: string,
      id: string,
      version: number,
      patch: Partial<Omit<ChartLayoutRow, 'id' | 'userId' | 'createdAt' | 'version'>>,
    ): Promise<ChartLayoutRow | undefined> {
      const [row] = await db
        .update(chartLayouts)
        .set({ ...patch, version: version + 1 })
        .where(and(owned(userId, id), eq(chartLayouts.version, version)))
        .returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(chartLayouts).where(owned(userId, id)).returning({ id: chartLayouts.id });
      return rows.length > 0;
    },
  };
}
export type LayoutsRepository = ReturnType<typeof createLayoutsRepository>;
