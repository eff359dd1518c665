import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import {
  type TradingAccountRow,
  type TradingPositionRow,
  tradingAccounts,
  tradingPositions,
} from '../trading/trading.table.js';
import {
  type JournalDayRow,
  type JournalImageRow,
  type JournalMistakeRow,
  type JournalTradeAnnotationRow,
  journalDays,
  journalImages,
  journalMistakes,
  journalProfiles,
  journalTradeAnnotations,
} from './journal.table.js';

export type AnnotatedTradesFilter = {
  accountIds: readonly string[];
  from?: Date | undefined;
  to?: Date | undefined;
  strategyId?: string | undefined;
  offset: number;
  limit: number;
};

/** The journal's tables; every query on a user's records is scoped by the owner in the query itself. */
export function createJournalRepository(db: Db) {
  return {
    // ---- days ----
    async day(userId: string, date: string): Promise<JournalDayRow | undefined> {
      const [row] = await db
        .select()
        .from(journalDays)
        .where(and(eq(journalDays.userId, userId), eq(journalDays.date, date)));
      return row;
    },

    /** The user's entries from `from` to `to` (dates, both included), by date. */
    async daysBetween(userId: string, from: string, to: string): Promise<JournalDayRow[]> {
      return db
        .select()
        .from(journalDays)
        .where(
          and(eq(journalDays.userId, userId), gte(journalDays.date, from), sql`${journalDays.date} <= ${to}::date`),
        )
        .orderBy(asc(journalDays.date));
    },

    async upsertDay(row: JournalDayRow): Promise<JournalDayRow> {
      const { id: _id, userId: _userId, date: _date, createdAt: _createdAt, ...changes } = row;
      const [saved] = await db
        .insert(journalDays)
        .values(row)
        .onConflictDoUpdate({ target: [journalDays.userId, journalDays.date], set: changes })
        .returning();
      return saved!;
    },

    async deleteDay(userId: string, date: string): Promise<boolean> {
      const rows = await db
        .delete(journalDays)
        .where(and(eq(journalDays.userId, userId), eq(journalDays.date, date)))
        .returning({ id: journalDays.id });
      return rows.length > 0;
    },

    // ---- images ----
    async insertImage(row: JournalImageRow): Promise<void> {
      await db.insert(journalImages).values(row);
    },

    async images(userId: string, ids: readonly string[]): Promise<JournalImageRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(journalImages)
        .where(and(eq(journalImages.userId, userId), inArray(journalImages.id, [...ids])));
    },

    // ---- trades ----
    /** Every trading account of the user (archived ones too: their trades are history). */
    async accountsOf(userId: string): Promise<TradingAccountRow[]> {
      return db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.userId, userId))
        .orderBy(asc(tradingAccounts.createdAt), asc(tradingAccounts.id));
    },

    /** A position of one of the user's accounts, with its account; undefined for anyone else's. */
    async ownedPosition(
      userId: string,
      positionId: string,
    ): Promise<{ position: TradingPositionRow; account: TradingAccountRow } | undefined> {
      const [row] = await db
        .select({ position: tradingPositions, account: tradingAccounts })
        .from(tradingPositions)
        .innerJoin(tradingAccounts, eq(tradingAccounts.id, tradingPositions.accountId))
        .where(and(eq(tradingPositions.id, positionId), eq(tradingAccounts.userId, userId)));
      return row;
    },

    // ---- annotations ----
    async annotation(userId: string, positionId: string): Promise<JournalTradeAnnotationRow | undefined> {
      const [row] = await db
        .select()
        .from(journalTradeAnnotations)
        .where(and(eq(journalTradeAnnotations.userId, userId), eq(journalTradeAnnotations.positionId, positionId)));
      return row;
    },

    async annotationsOf(userId: string, positionIds: readonly string[]): Promise<JournalTradeAnnotationRow[]> {
      const out: JournalTradeAnnotationRow[] = [];
      // in slices: a year of a busy account's trades must stay under the driver's parameter limit
      for (let i = 0; i < positionIds.length; i += 5000) {
        const rows = await db
          .select()
          .from(journalTradeAnnotations)
          .where(
            and(
              eq(journalTradeAnnotations.userId, userId),
              inArray(journalTradeAnnotations.positionId, positionIds.slice(i, i + 5000)),
            ),
          );
        out.push(...rows);
      }
      return out;
    },

    async upsertAnnotation(row: JournalTradeAnnotationRow): Promise<JournalTradeAnnotationRow> {
      const { positionId: _p, userId: _u, createdAt: _c, ...changes } = row;
      const [saved] = await db
        .insert(journalTradeAnnotations)
        .values(row)
        .onConflictDoUpdate({ target: journalTradeAnnotations.positionId, set: changes })
        .returning();
      return saved!;
    },

    async deleteAnnotation(userId: string, positionId: string): Promise<boolean> {
      const rows = await db
        .delete(journalTradeAnnotations)
        .where(and(eq(journalTradeAnnotations.userId, userId), eq(journalTradeAnnotations.positionId, positionId)))
        .returning({ id: journalTradeAnnotations.positionId });
      return rows.length > 0;
    },

    /** The strategy linked to each of the positions that has one (the metrics' strategy filter). */
    async strategiesOf(positionIds: readonly string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (let i = 0; i < positionIds.length; i += 5000) {
        const rows = await db
          .select({ positionId: journalTradeAnnotations.positionId, strategyId: journalTradeAnnotations.strategyId })
          .from(journalTradeAnnotations)
          .where(
            and(
              inArray(journalTradeAnnotations.positionId, positionIds.slice(i, i + 5000)),
              isNotNull(journalTradeAnnotations.strategyId),
            ),
          );
        for (const r of rows) out.set(r.positionId, r.strategyId!);
      }
      return out;
    },

    /**
     * Closed positions of the accounts that carry an annotation of the user, newest close first, with the total
     * matching the filter.
     */
    async annotatedTrades(
      userId: string,
      f: AnnotatedTradesFilter,
    ): Promise<{
      total: number;
      rows: Array<{ position: TradingPositionRow; annotation: JournalTradeAnnotationRow }>;
    }> {
      if (f.accountIds.length === 0) return { total: 0, rows: [] };
      const where = and(
        eq(journalTradeAnnotations.userId, userId),
        inArray(tradingPositions.accountId, [...f.accountIds]),
        eq(tradingPositions.status, 'closed'),
        isNotNull(tradingPositions.closedAt),
        f.from ? gte(tradingPositions.closedAt, f.from) : undefined,
        f.to ? lt(tradingPositions.closedAt, f.to) : undefined,
        f.strategyId ? eq(journalTradeAnnotations.strategyId, f.strategyId) : undefined,
      );
      const [counted] = await db
        .select({ n: count() })
        .from(journalTradeAnnotations)
        .innerJoin(tradingPositions, eq(tradingPositions.id, journalTradeAnnotations.positionId))
        .where(where);
      const rows = await db
        .select({ position: tradingPositions, annotation: journalTradeAnnotations })
        .from(journalTradeAnnotations)
        .innerJoin(tradingPositions, eq(tradingPositions.id, journalTradeAnnotations.positionId))
        .where(where)
        .orderBy(desc(tradingPositions.closedAt), desc(tradingPositions.id))
        .offset(f.offset)
        .limit(f.limit);
      return { total: counted?.n ?? 0, rows };
    },

    // ---- mistakes ----
    async mistakes(userId: string): Promise<JournalMistakeRow[]> {
      return db
        .select()
        .from(journalMistakes)
        .where(eq(journalMistakes.userId, userId))
        .orderBy(asc(journalMistakes.createdAt), asc(journalMistakes.name));
    },

    async mistake(userId: string, id: string): Promise<JournalMistakeRow | undefined> {
      const [row] = await db
        .select()
        .from(journalMistakes)
        .where(and(eq(journalMistakes.userId, userId), eq(journalMistakes.id, id)));
      return row;
    },

    async mistakeNamed(userId: string, name: string): Promise<JournalMistakeRow | undefined> {
      const [row] = await db
        .select()
        .from(journalMistakes)
        .where(and(eq(journalMistakes.userId, userId), sql`lower(${journalMistakes.name}) = lower(${name})`));
      return row;
    },

    async countMistakes(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(journalMistakes).where(eq(journalMistakes.userId, userId));
      return row?.n ?? 0;
    },

    /** Inserts the mistakes; a name the user already has (any case) is skipped. */
    async insertMistakes(rows: readonly JournalMistakeRow[]): Promise<JournalMistakeRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(journalMistakes)
        .values([...rows])
        .onConflictDoNothing()
        .returning();
    },

    async renameMistake(userId: string, id: string, name: string, at: Date): Promise<JournalMistakeRow | undefined> {
      const [row] = await db
        .update(journalMistakes)
        .set({ name, updatedAt: at })
        .where(and(eq(journalMistakes.userId, userId), eq(journalMistakes.id, id)))
        .returning();
      return row;
    },

    /** Deletes the mistake and takes it off every annotation of the user. */
    async deleteMistake(userId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(journalMistakes)
          .where(and(eq(journalMistakes.userId, userId), eq(journalMistakes.id, id)))
          .returning({ id: journalMistakes.id });
        if (rows.length === 0) return false;
        await tx
          .update(journalTradeAnnotations)
          .set({ mistakeIds: sql`${journalTradeAnnotations.mistakeIds} - ${id}::text` })
          .where(
            and(eq(journalTradeAnnotations.userId, userId), sql`${journalTradeAnnotations.mistakeIds} ? ${id}::text`),
          );
        return true;
      });
    },

    /**
     * Marks the user's default mistakes as given; true only for the call that marked them (so they are given once,
     * even by two first reads at the same time).
     */
    async claimMistakeSeeding(userId: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(journalProfiles)
        .values({ userId, mistakesSeededAt: at })
        .onConflictDoNothing()
        .returning({ userId: journalProfiles.userId });
      return rows.length > 0;
    },
  };
}
export type JournalRepository = ReturnType<typeof createJournalRepository>;
