import type { CandleImportTimeframe, ImportedCandle } from '@tradedesk/core';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import {
  type CandleImportRow,
  type CandleSeriesRow,
  candleImports,
  candleSeries,
  importedCandles,
} from './candles.table.js';

export type CandleImportWithSeries = CandleImportRow & {
  ownerId: string | null;
  symbol: string;
  timeframe: CandleImportTimeframe;
};

/** A stretch of time a series has imported bars for (one import's first to last bar). */
export type CoveredRange = { ownerId: string | null; timeframe: CandleImportTimeframe; from: number; to: number };

export type BarRow = { time: number; open: number; high: number; low: number; close: number; volume: number };

/**
 * Rows per INSERT: 7 parameters a bar, well under PostgreSQL's 65,535 parameters a statement, and large enough
 * that the statement overhead is small next to the rows.
 */
export const INSERT_BATCH = 2000;

const importColumns = {
  id: candleImports.id,
  seriesId: candleImports.seriesId,
  format: candleImports.format,
  fileName: candleImports.fileName,
  timeZone: candleImports.timeZone,
  rows: candleImports.rows,
  firstTime: candleImports.firstTime,
  lastTime: candleImports.lastTime,
  createdAt: candleImports.createdAt,
  ownerId: candleSeries.ownerId,
  symbol: candleSeries.symbol,
  timeframe: candleSeries.timeframe,
};

/** `owner_id = $1`, or `owner_id is null` for the deployment's own series. */
const ownerIs = (ownerId: string | null) =>
  ownerId === null ? isNull(candleSeries.ownerId) : eq(candleSeries.ownerId, ownerId);

/** The user's own series and the deployment's. */
const visibleTo = (userId: string) => or(eq(candleSeries.ownerId, userId), isNull(candleSeries.ownerId));

export function createCandlesRepository(db: Db) {
  return {
    ...candleQueries(db),
    /** Runs `fn` in one transaction: everything it wrote stays, or nothing does. */
    transaction<T>(fn: (tx: CandleQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(candleQueries(tx as unknown as Db)));
    },
  };
}
export type CandlesRepository = ReturnType<typeof createCandlesRepository>;

/** The queries, on the database or inside a transaction. */
function candleQueries(db: Db) {
  return {
    /**
     * Holds a transaction-scoped lock on one series key, so two imports into the same series run one after the
     * other instead of failing on each other's bars.
     */
    async lockSeriesKey(ownerId: string | null, symbol: string, timeframe: string): Promise<void> {
      const key = `candles:${ownerId ?? '*'}:${symbol}:${timeframe}`;
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    },

    async findSeries(ownerId: string | null, symbol: string, timeframe: string): Promise<CandleSeriesRow | undefined> {
      const rows = await db
        .select()
        .from(candleSeries)
        .where(
          and(
            ownerIs(ownerId),
            eq(candleSeries.symbol, symbol),
            eq(candleSeries.timeframe, timeframe as CandleImportTimeframe),
          ),
        )
        .limit(1);
      return rows[0];
    },

    async insertSeries(row: CandleSeriesRow): Promise<void> {
      await db.insert(candleSeries).values(row);
    },

    async insertImport(row: CandleImportRow): Promise<void> {
      await db.insert(candleImports).values(row);
    },

    /** Deletes the series' bars from `from` to `to` (inclusive); answers how many went and whose they were. */
    async deleteBarsInRange(
      seriesId: string,
      from: number,
      to: number,
    ): Promise<{ deleted: number; importIds: string[] }> {
      const inRange = and(
        eq(importedCandles.seriesId, seriesId),
        gte(importedCandles.time, from),
        lte(importedCandles.time, to),
      );
      // counted first, so that replacing millions of bars does not return millions of rows
      const found = await db
        .select({ importId: importedCandles.importId, n: count() })
        .from(importedCandles)
        .where(inRange)
        .groupBy(importedCandles.importId);
      if (found.length === 0) return { deleted: 0, importIds: [] };
      await db.delete(importedCandles).where(inRange);
      return { deleted: found.reduce((sum, r) => sum + r.n, 0), importIds: found.map((r) => r.importId) };
    },

    /**
     * One INSERT per INSERT_BATCH bars, each column sent as one array parameter (`unnest`): the statement and
     * its parameters stay the same size whatever the batch, and the database parses seven arrays instead of
     * binding thousands of parameters. Numbers travel as JavaScript's shortest round-trip decimal text, which
     * float8 parses back to the very same double.
     */
    async insertBars(seriesId: string, importId: string, bars: readonly ImportedCandle[]): Promise<void> {
      for (let i = 0; i < bars.length; i += INSERT_BATCH) {
        const batch = bars.slice(i, i + INSERT_BATCH);
        const column = (pick: (b: ImportedCandle) => number) => `{${batch.map(pick).join(',')}}`;
        await db.execute(sql`
          insert into ${importedCandles} (series_id, import_id, time, open, high, low, close, volume)
          select ${seriesId}::uuid, ${importId}::uuid, b.*
          from unnest(${column((b) => b.time)}::bigint[], ${column((b) => b.open)}::float8[],
            ${column((b) => b.high)}::float8[], ${column((b) => b.low)}::float8[],
            ${column((b) => b.close)}::float8[], ${column((b) => b.volume)}::float8[]) as b`);
      }
    },

    /**
     * Recounts imports that lost bars to a newer one: their rows and first and last bar; an import left with
     * no bars is deleted.
     */
    async refreshImports(importIds: readonly string[]): Promise<void> {
      if (importIds.length === 0) return;
      await db.execute(sql`
        update ${candleImports} i set
          rows = s.n, first_time = s.first, last_time = s.last
        from (
          select ${importedCandles.importId} as id, count(*)::int as n, min(${importedCandles.time}) as first,
            max(${importedCandles.time}) as last
          from ${importedCandles}
          where ${inArray(importedCandles.importId, [...importIds])}
          group by ${importedCandles.importId}
        ) s
        where i.id = s.id`);
      await db
        .delete(candleImports)
        .where(
          and(
            inArray(candleImports.id, [...importIds]),
            sql`not exists (select 1 from ${importedCandles} where ${importedCandles.importId} = ${candleImports.id})`,
          ),
        );
    },

    async countBars(importId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(importedCandles).where(eq(importedCandles.importId, importId));
      return row?.n ?? 0;
    },

    /** The imports a user sees: their own and the deployment's, newest first. */
    async listVisibleImports(
      userId: string,
      filter: { symbol?: string; offset: number; limit: number },
    ): Promise<{ rows: CandleImportWithSeries[]; total: number }> {
      const where = and(visibleTo(userId), filter.symbol ? eq(candleSeries.symbol, filter.symbol) : undefined);
      const rows = await db
        .select(importColumns)
        .from(candleImports)
        .innerJoin(candleSeries, eq(candleSeries.id, candleImports.seriesId))
        .where(where)
        .orderBy(desc(candleImports.createdAt), desc(candleImports.id))
        .offset(filter.offset)
        .limit(filter.limit);
      const [total] = await db
        .select({ n: count() })
        .from(candleImports)
        .innerJoin(candleSeries, eq(candleSeries.id, candleImports.seriesId))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** Every import of one owner (null: the deployment's), newest first. */
    async listOwnedImports(ownerId: string | null, symbol?: string): Promise<CandleImportWithSeries[]> {
      return db
        .select(importColumns)
        .from(candleImports)
        .innerJoin(candleSeries, eq(candleSeries.id, candleImports.seriesId))
        .where(and(ownerIs(ownerId), symbol ? eq(candleSeries.symbol, symbol) : undefined))
        .orderBy(desc(candleImports.createdAt), desc(candleImports.id));
    },

    /** An import the user sees (their own or the deployment's); another user's is not found. */
    async findVisibleImport(userId: string, id: string): Promise<CandleImportWithSeries | undefined> {
      const rows = await db
        .select(importColumns)
        .from(candleImports)
        .innerJoin(candleSeries, eq(candleSeries.id, candleImports.seriesId))
        .where(and(eq(candleImports.id, id), visibleTo(userId)))
        .limit(1);
      return rows[0];
    },

    async findImport(id: string): Promise<CandleImportWithSeries | undefined> {
      const rows = await db
        .select(importColumns)
        .from(candleImports)
        .innerJoin(candleSeries, eq(candleSeries.id, candleImports.seriesId))
        .where(eq(candleImports.id, id))
        .limit(1);
      return rows[0];
    },

    /** Deletes an import with its bars, and its series when no other import is left in it. */
    async deleteImport(id: string, seriesId: string): Promise<boolean> {
      const deleted = await db
        .delete(candleImports)
        .where(eq(candleImports.id, id))
        .returning({ id: candleImports.id });
      await db
        .delete(candleSeries)
        .where(
          and(
            eq(candleSeries.id, seriesId),
            sql`not exists (select 1 from ${candleImports} where ${candleImports.seriesId} = ${candleSeries.id})`,
          ),
        );
      return deleted.length > 0;
    },

    /**
     * The ranges of a symbol the user has imported bars for, in the given timeframes, that meet [from, to]:
     * the user's own first, then the deployment's.
     */
    async coveredRanges(
      userId: string | null,
      symbol: string,
      timeframes: readonly CandleImportTimeframe[],
      from: number,
      to: number,
    ): Promise<CoveredRange[]> {
      if (timeframes.length === 0) return [];
      const rows = await db
        .select({
          ownerId: candleSeries.ownerId,
          timeframe: candleSeries.timeframe,
          from: candleImports.firstTime,
          to: candleImports.lastTime,
        })
        .from(candleImports)
        .innerJoin(candleSeries, eq(candleSeries.id, candleImports.seriesId))
        .where(
          and(
            eq(candleSeries.symbol, symbol),
            inArray(candleSeries.timeframe, [...timeframes]),
            userId === null ? isNull(candleSeries.ownerId) : visibleTo(userId),
            lte(candleImports.firstTime, to),
            gte(candleImports.lastTime, from),
          ),
        )
        .orderBy(sql`${candleSeries.ownerId} is null`, asc(candleImports.firstTime));
      return rows;
    },

    /** Bars of one series from `from` to `to` (inclusive), at most `limit`, from the start or the end. */
    async bars(
      seriesOwner: string | null,
      symbol: string,
      timeframe: CandleImportTimeframe,
      range: { from: number; to: number; limit: number; newest: boolean },
    ): Promise<BarRow[]> {
      const rows = await db
        .select({
          time: importedCandles.time,
          open: importedCandles.open,
          high: importedCandles.high,
          low: importedCandles.low,
          close: importedCandles.close,
          volume: importedCandles.volume,
        })
        .from(importedCandles)
        .innerJoin(candleSeries, eq(candleSeries.id, importedCandles.seriesId))
        .where(
          and(
            ownerIs(seriesOwner),
            eq(candleSeries.symbol, symbol),
            eq(candleSeries.timeframe, timeframe),
            gte(importedCandles.time, range.from),
            lte(importedCandles.time, range.to),
          ),
        )
        .orderBy(range.newest ? desc(importedCandles.time) : asc(importedCandles.time))
        .limit(range.limit);
      return range.newest ? rows.reverse() : rows;
    },

    /**
     * Bars of a finer series merged into buckets of the requested timeframe (`bucket` is SQL computing a bar's
     * bucket start from `time`): first open, highest high, lowest low, last close, summed volume.
     */
    async aggregatedBars(
      seriesOwner: string | null,
      symbol: string,
      timeframe: CandleImportTimeframe,
      bucketOf: (time: SQLWrapper) => SQL,
      range: { from: number; to: number; limit: number; newest: boolean },
    ): Promise<BarRow[]> {
      const bucket = bucketOf(importedCandles.time);
      const rows = await db
        .select({
          time: sql<number>`${bucket}`.mapWith(Number),
          open: sql<number>`(array_agg(${importedCandles.open} order by ${importedCandles.time}))[1]`.mapWith(Number),
          high: sql<number>`max(${importedCandles.high})`.mapWith(Number),
          low: sql<number>`min(${importedCandles.low})`.mapWith(Number),
          close: sql<number>`(array_agg(${importedCandles.close} order by ${importedCandles.time} desc))[1]`.mapWith(
            Number,
          ),
          volume: sql<number>`sum(${importedCandles.volume})`.mapWith(Number),
        })
        .from(importedCandles)
        .innerJoin(candleSeries, eq(candleSeries.id, importedCandles.seriesId))
        .where(
          and(
            ownerIs(seriesOwner),
            eq(candleSeries.symbol, symbol),
            eq(candleSeries.timeframe, timeframe),
            gte(importedCandles.time, range.from),
            lte(importedCandles.time, range.to),
          ),
        )
        .groupBy(bucket)
        .orderBy(range.newest ? desc(bucket) : asc(bucket))
        .limit(range.limit);
      return range.newest ? rows.reverse() : rows;
    },

    /**
     * What identifies the set of a symbol's imports (every owner's): their ids, in one digest. Any import added
     * or deleted changes it; another process compares it to notice imports it was not told about.
     */
    async importsFingerprint(symbol: string): Promise<string> {
      const [row] = await db
        .select({
          digest: sql<string | null>`md5(string_agg(${candleImports.id}::text, ',' order by ${candleImports.id}))`,
        })
        .from(candleImports)
        .innerJoin(candleSeries, eq(candleImports.seriesId, candleSeries.id))
        .where(eq(candleSeries.symbol, symbol));
      return row?.digest ?? '';
    },

    /** Timeframes of a symbol with imported bars the user sees. */
    async importedTimeframes(userId: string | null, symbol: string): Promise<CandleImportTimeframe[]> {
      const rows = await db
        .selectDistinct({ timeframe: candleSeries.timeframe })
        .from(candleSeries)
        .where(
          and(
            eq(candleSeries.symbol, symbol),
            userId === null ? isNull(candleSeries.ownerId) : visibleTo(userId),
            sql`exists (select 1 from ${candleImports} where ${candleImports.seriesId} = ${candleSeries.id})`,
          ),
        );
      return rows.map((r) => r.timeframe);
    },
  };
}
export type CandleQueries = ReturnType<typeof candleQueries>;
