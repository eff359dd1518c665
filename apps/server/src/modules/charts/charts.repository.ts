import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { type ChartRow, type ChartShareRow, chartShares, charts } from './charts.table.js';

export type ChartWithShare = ChartRow & { shareToken: string | null };

const withShare = { chart: charts, shareToken: chartShares.token } as const;
const flatten = (r: { chart: ChartRow; shareToken: string | null }): ChartWithShare => ({
  ...r.chart,
  shareToken: r.shareToken,
});

/** Charts and their share links. Every query on a user's charts is scoped by the owner in the query. */
export function createChartsRepository(db: Db) {
  const owned = (userId: string, id: string) => and(eq(charts.userId, userId), eq(charts.id, id));
  const select = () => db.select(withShare).from(charts).leftJoin(chartShares, eq(chartShares.chartId, charts.id));
  return {
    async list(userId: string, symbol?: string): Promise<ChartWithShare[]> {
      const where = symbol ? and(eq(charts.userId, userId), eq(charts.symbol, symbol)) : eq(charts.userId, userId);
      return (await select().where(where).orderBy(desc(charts.updatedAt), desc(charts.id))).map(flatten);
    },

    async find(userId: string, id: string): Promise<ChartWithShare | undefined> {
      const [row] = await select().where(owned(userId, id)).limit(1);
      return row ? flatten(row) : undefined;
    },

    /** The settings and indicators of those of `ids` that are the user's charts (what a layout slot shows). */
    async looksOf(userId: string, ids: readonly string[]): Promise<Pick<ChartRow, 'id' | 'settings' | 'indicators'>[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: charts.id, settings: charts.settings, indicators: charts.indicators })
        .from(charts)
        .where(and(eq(charts.userId, userId), inArray(charts.id, [...ids])));
    },

    async latestOf(userId: string, source: string, symbol: string): Promise<ChartWithShare | undefined> {
      const [row] = await select()
        .where(and(eq(charts.userId, userId), eq(charts.source, source), eq(charts.symbol, symbol)))
        .orderBy(desc(charts.updatedAt), desc(charts.id))
        .limit(1);
      return row ? flatten(row) : undefined;
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(charts).where(eq(charts.userId, userId));
      return row?.n ?? 0;
    },

    async insert(row: ChartRow): Promise<void> {
      await db.insert(charts).values(row);
    },

    /** Saves `patch` only when the stored version is still `version`; false when it is not (or there is no chart). */
    async updateAtVersion(
      userId: string,
      id: string,
      version: number,
      patch: Partial<Omit<ChartRow, 'id' | 'userId' | 'createdAt'>>,
    ): Promise<boolean> {
      const rows = await db
        .update(charts)
        .set({ ...patch, version: version + 1 })
        .where(and(owned(userId, id), eq(charts.version, version)))
        .returning({ id: charts.id });
      return rows.length > 0;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(charts).where(owned(userId, id)).returning({ id: charts.id });
      return rows.length > 0;
    },

    async findShare(userId: string, chartId: string): Promise<ChartShareRow | undefined> {
      const [row] = await db
        .select()
        .from(chartShares)
        .where(and(eq(chartShares.userId, userId), eq(chartShares.chartId, chartId)))
        .limit(1);
      return row;
    },

    async upsertShare(row: ChartShareRow): Promise<ChartShareRow> {
      const [saved] = await db
        .insert(chartShares)
        .values(row)
        .onConflictDoUpdate({
          target: chartShares.chartId,
          set: {
            timeframe: row.timeframe,
            settings: row.settings,
            indicators: row.indicators,
            updatedAt: row.updatedAt,
          },
        })
        .returning();
      return saved!;
    },

    async deleteShare(userId: string, chartId: string): Promise<boolean> {
      const rows = await db
        .delete(chartShares)
        .where(and(eq(chartShares.userId, userId), eq(chartShares.chartId, chartId)))
        .returning({ token: chartShares.token });
      return rows.length > 0;
    },

    /** The share of a token, with its chart (public: not scoped by a user, the token is the capability). */
    async findByToken(token: string): Promise<{ share: ChartShareRow; chart: ChartRow } | undefined> {
      const [row] = await db
        .select({ share: chartShares, chart: charts })
        .from(chartShares)
        .innerJoin(charts, eq(charts.id, chartShares.chartId))
        .where(eq(chartShares.token, token))
        .limit(1);
      return row;
    },
  };
}
export type ChartsRepository = ReturnType<typeof createChartsRepository>;
