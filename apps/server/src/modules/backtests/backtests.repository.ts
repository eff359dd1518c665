import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { strategies } from '../strategies/strategies.table.js';
import { type BacktestRow, backtests } from './backtests.table.js';

/** The backtests table, and the demo seed's read of the demo user's strategies. */
export function createBacktestsRepository(db: Db) {
  const listColumns = {
    id: backtests.id,
    userId: backtests.userId,
    strategyId: backtests.strategyId,
    status: backtests.status,
    progress: backtests.progress,
    request: backtests.request,
    graphVersion: backtests.graphVersion,
    strategyUpdatedAt: backtests.strategyUpdatedAt,
    dataSource: backtests.dataSource,
    dataLabel: backtests.dataLabel,
    bars: backtests.bars,
    firstBarAt: backtests.firstBarAt,
    lastBarAt: backtests.lastBarAt,
    signals: backtests.signals,
    summary: backtests.summary,
    finalBalance: backtests.finalBalance,
    error: backtests.error,
    durationMs: backtests.durationMs,
    createdAt: backtests.createdAt,
    finishedAt: backtests.finishedAt,
  };
  return {
    /** The user's strategies with a graph, oldest first (the demo backtests the RSI one). */
    async strategiesWithGraph(userId: string) {
      return db
        .select({
          id: strategies.id,
          name: strategies.name,
          graph: strategies.graph,
          symbols: strategies.symbols,
          timeframes: strategies.timeframes,
        })
        .from(strategies)
        .where(and(eq(strategies.userId, userId), isNotNull(strategies.graph)))
        .orderBy(asc(strategies.createdAt));
    },

    /** Whether the strategy has any backtest. */
    async hasBacktest(strategyId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: backtests.id })
        .from(backtests)
        .where(eq(backtests.strategyId, strategyId))
        .limit(1);
      return row !== undefined;
    },

    async insert(row: typeof backtests.$inferInsert): Promise<void> {
      await db.insert(backtests).values(row);
    },

    async update(id: string, values: Partial<typeof backtests.$inferInsert>): Promise<BacktestRow> {
      const [row] = await db.update(backtests).set(values).where(eq(backtests.id, id)).returning();
      return row!;
    },

    async get(userId: string, id: string): Promise<BacktestRow | undefined> {
      const [row] = await db
        .select()
        .from(backtests)
        .where(and(eq(backtests.id, id), eq(backtests.userId, userId)));
      return row;
    },

    /** A strategy's backtests without their results, newest first. */
    async list(userId: string, strategyId: string) {
      return db
        .select(listColumns)
        .from(backtests)
        .where(and(eq(backtests.strategyId, strategyId), eq(backtests.userId, userId)))
        .orderBy(desc(backtests.createdAt), desc(backtests.id));
    },

    /** Deletes the oldest backtests of a strategy beyond `keep`. */
    async trim(strategyId: string, keep: number): Promise<void> {
      const rows = await db
        .select({ id: backtests.id })
        .from(backtests)
        .where(eq(backtests.strategyId, strategyId))
        .orderBy(asc(backtests.createdAt), asc(backtests.id));
      const extra = rows.length - keep;
      if (extra > 0)
        await db.delete(backtests).where(
          inArray(
            backtests.id,
            rows.slice(0, extra).map((r) => r.id),
          ),
        );
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(backtests)
        .where(and(eq(backtests.id, id), eq(backtests.userId, userId)))
        .returning({ id: backtests.id });
      return gone.length > 0;
    },
  };
}
export type BacktestsRepository = ReturnType<typeof createBacktestsRepository>;
