import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import type { CountedItem, LimitGate } from '../billing/entitlements/entitlements.js';
import { type WatchlistRow, type WatchlistSymbolRow, watchlistSymbols, watchlists } from './watchlists.table.js';

export type WatchlistWithSymbols = WatchlistRow & { symbols: WatchlistSymbolRow[] };

/** Watchlists and their symbols; every query on a user's lists is scoped by the owner in the query. */
export function createWatchlistsRepository(db: Db) {
  return queries(db, (fn) => db.transaction((tx) => fn(queries(tx as unknown as Db, () => Promise.reject()))));
}

type Tx = <T>(fn: (q: WatchlistQueries) => Promise<T>) => Promise<T>;

function queries(db: Db, transaction: Tx) {
  const owned = (userId: string, id: string) => and(eq(watchlists.userId, userId), eq(watchlists.id, id));

  async function withSymbols(rows: WatchlistRow[]): Promise<WatchlistWithSymbols[]> {
    if (rows.length === 0) return [];
    const symbols = await db
      .select()
      .from(watchlistSymbols)
      .where(
        inArray(
          watchlistSymbols.watchlistId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(watchlistSymbols.position), asc(watchlistSymbols.addedAt));
    return rows.map((r) => ({ ...r, symbols: symbols.filter((s) => s.watchlistId === r.id) }));
  }

  return {
    transaction,

    /** Serialises changes to one user's lists (default flag, symbol positions). */
    async lockUser(userId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`watchlists:${userId}`}, 0))`);
    },

    async list(userId: string): Promise<WatchlistWithSymbols[]> {
      const rows = await db
        .select()
        .from(watchlists)
        .where(eq(watchlists.userId, userId))
        .orderBy(desc(watchlists.isDefault), asc(watchlists.createdAt), asc(watchlists.id));
      return withSymbols(rows);
    },

    async find(userId: string, id: string): Promise<WatchlistWithSymbols | undefined> {
      const rows = await db.select().from(watchlists).where(owned(userId, id)).limit(1);
      return (await withSymbols(rows))[0];
    },

    /** Public: the token is the capability. */
    async findByToken(token: string): Promise<WatchlistWithSymbols | undefined> {
      const rows = await db.select().from(watchlists).where(eq(watchlists.shareToken, token)).limit(1);
      return (await withSymbols(rows))[0];
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(watchlists).where(eq(watchlists.userId, userId));
      return row?.n ?? 0;
    },

    /** Inside a transaction: the plan's watchlists limit, checked under the user's lock on it (LimitGate). */
    async holdPlanLimit(gate: LimitGate, userId: string): Promise<void> {
      await gate.hold(db, async () => {
        const [row] = await db.select({ n: count() }).from(watchlists).where(eq(watchlists.userId, userId));
        return row?.n ?? 0;
      });
    },

    /** What the plan's watchlists limit counts, for assertEditable. */
    async counted(userId: string): Promise<CountedItem[]> {
      return db
        .select({ id: watchlists.id, createdAt: watchlists.createdAt })
        .from(watchlists)
        .where(eq(watchlists.userId, userId));
    },

    async hasDefault(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: watchlists.id })
        .from(watchlists)
        .where(and(eq(watchlists.userId, userId), eq(watchlists.isDefault, true)))
        .limit(1);
      return row !== undefined;
    },

    async insert(row: WatchlistRow, symbols: WatchlistSymbolRow[]): Promise<void> {
      await db.insert(watchlists).values(row);
      if (symbols.length > 0) await db.insert(watchlistSymbols).values(symbols);
    },

    async update(
      userId: string,
      id: string,
      patch: Partial<Pick<WatchlistRow, 'name' | 'isDefault' | 'shareToken' | 'updatedAt'>>,
    ): Promise<boolean> {
      const rows = await db.update(watchlists).set(patch).where(owned(userId, id)).returning({ id: watchlists.id });
      return rows.length > 0;
    },

    async clearDefault(userId: string, except: string): Promise<void> {
      await db
        .update(watchlists)
        .set({ isDefault: false })
        .where(and(eq(watchlists.userId, userId), eq(watchlists.isDefault, true), ne(watchlists.id, except)));
    },

    async oldest(userId: string): Promise<WatchlistRow | undefined> {
      const [row] = await db
        .select()
        .from(watchlists)
        .where(eq(watchlists.userId, userId))
        .orderBy(asc(watchlists.createdAt), asc(watchlists.id))
        .limit(1);
      return row;
    },

    async delete(userId: string, id: string): Promise<WatchlistRow | undefined> {
      const [row] = await db.delete(watchlists).where(owned(userId, id)).returning();
      return row;
    },

    async addSymbol(row: WatchlistSymbolRow): Promise<void> {
      await db.insert(watchlistSymbols).values(row);
    },

    async deleteSymbol(watchlistId: string, symbolId: string): Promise<boolean> {
      const rows = await db
        .delete(watchlistSymbols)
        .where(and(eq(watchlistSymbols.watchlistId, watchlistId), eq(watchlistSymbols.id, symbolId)))
        .returning({ id: watchlistSymbols.id });
      return rows.length > 0;
    },

    async setPosition(watchlistId: string, symbolId: string, position: number): Promise<void> {
      await db
        .update(watchlistSymbols)
        .set({ position })
        .where(and(eq(watchlistSymbols.watchlistId, watchlistId), eq(watchlistSymbols.id, symbolId)));
    },
  };
}
export type WatchlistQueries = ReturnType<typeof queries>;
export type WatchlistsRepository = ReturnType<typeof createWatchlistsRepository>;
