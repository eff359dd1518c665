import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { type ChartDrawingRow, chartDrawings } from './charts.table.js';

/** Drawings, always scoped by their owner in the query. */
export function createDrawingsRepository(db: Db) {
  const owned = (userId: string, id: string) => and(eq(chartDrawings.userId, userId), eq(chartDrawings.id, id));
  const scope = (userId: string, chartId: string | null, symbol: string) =>
    and(
      eq(chartDrawings.userId, userId),
      chartId === null ? isNull(chartDrawings.chartId) : eq(chartDrawings.chartId, chartId),
      eq(chartDrawings.symbol, symbol),
    );
  return {
    /** The drawings of a chart on a symbol, or with `chartId` null the caller's drawings of the symbol alone. */
    async list(userId: string, chartId: string | null, symbol: string): Promise<ChartDrawingRow[]> {
      return db
        .select()
        .from(chartDrawings)
        .where(scope(userId, chartId, symbol))
        .orderBy(asc(chartDrawings.seq));
    },

    /** A chart's drawings on a symbol for its public link (the chart was found through the share token). */
    async listOfChart(chartId: string, symbol: string): Promise<ChartDrawingRow[]> {
      return db
        .select()
        .from(chartDrawings)
        .where(and(eq(chartDrawings.chartId, chartId), eq(chartDrawings.symbol, symbol)))
        .orderBy(asc(chartDrawings.seq));
    },

    async count(userId: string, chartId: string | null, symbol: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(chartDrawings)
        .where(scope(userId, chartId, symbol));
      return row?.n ?? 0;
    },

    async find(userId: string, id: string): Promise<ChartDrawingRow | undefined> {
      const [row] = await db.select().from(chartDrawings).where(owned(userId, id)).limit(1);
      return row;
    },

    async insert(row: Omit<ChartDrawingRow, 'seq'>): Promise<ChartDrawingRow> {
      const [saved] = await db.insert(chartDrawings).values(row).returning();
      return saved!;
    },

    async update(
      userId: string,
      id: string,
      patch: Pick<ChartDrawingRow, 'tool' | 'points' | 'style' | 'text' | 'locked' | 'hidden' | 'updatedAt'>,
    ): Promise<ChartDrawingRow | undefined> {
      const [row] = await db.update(chartDrawings).set(patch).where(owned(userId, id)).returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(chartDrawings).where(owned(userId, id)).returning({ id: chartDrawings.id });
      return rows.length > 0;
    },
  };
}
export type DrawingsRepository = ReturnType<typeof createDrawingsRepository>;
