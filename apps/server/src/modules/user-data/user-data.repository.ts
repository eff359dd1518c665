import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { type UserDataDocumentRow, userDataDocuments } from './user-data.table.js';

type Key = { userId: string; store: string; name: string };

/** Every query is scoped by the owner's id in the query itself. */
export function createUserDataRepository(db: Db) {
  const byKey = (key: Key) =>
    and(
      eq(userDataDocuments.userId, key.userId),
      eq(userDataDocuments.store, key.store),
      eq(userDataDocuments.name, key.name),
    );
  return {
    async find(key: Key): Promise<UserDataDocumentRow | undefined> {
      const rows = await db.select().from(userDataDocuments).where(byKey(key)).limit(1);
      return rows[0];
    },

    /** Inserts or replaces the document. */
    async upsert(row: UserDataDocumentRow): Promise<UserDataDocumentRow> {
      const [saved] = await db
        .insert(userDataDocuments)
        .values(row)
        .onConflictDoUpdate({
          target: [userDataDocuments.userId, userDataDocuments.store, userDataDocuments.name],
          set: { version: row.version, state: row.state, updatedAt: row.updatedAt },
        })
        .returning();
      return saved!;
    },

    /**
     * Saves the entry's state as the next version: after `expected` when given (false when the saved version
     * is another, or nothing is saved and `expected` is not 0), else after whatever is saved. One statement,
     * so two saves racing on the same version cannot both win.
     */
    async saveNextVersion(
      key: Key,
      state: unknown,
      updatedAt: Date,
      expected: number | undefined,
    ): Promise<UserDataDocumentRow | undefined> {
      const table = userDataDocuments;
      if (expected === undefined) {
        const [row] = await db
          .insert(table)
          .values({ ...key, version: 1, state, updatedAt })
          .onConflictDoUpdate({
            target: [table.userId, table.store, table.name],
            set: { version: sql`${table.version} + 1`, state, updatedAt },
          })
          .returning();
        return row;
      }
      if (expected === 0) {
        const [row] = await db
          .insert(table)
          .values({ ...key, version: 1, state, updatedAt })
          .onConflictDoNothing()
          .returning();
        return row;
      }
      const [row] = await db
        .update(table)
        .set({ version: expected + 1, state, updatedAt })
        .where(and(byKey(key), eq(table.version, expected)))
        .returning();
      return row;
    },

    /**
     * Every user's document under a store and name whose state (a JSON array) holds an item with one of these
     * statuses: for the leader's tracker of manual setups, across users by design.
     */
    async withItemStatus(store: string, name: string, statuses: readonly string[]): Promise<UserDataDocumentRow[]> {
      if (statuses.length === 0) return [];
      const table = userDataDocuments;
      return db
        .select()
        .from(table)
        .where(
          and(
            eq(table.store, store),
            eq(table.name, name),
            or(...statuses.map((status) => sql`${table.state} @> ${JSON.stringify([{ status }])}::jsonb`)),
          ),
        );
    },

    /**
     * Writes the state the server keeps up to date (a tracker's status) over the saved version without moving
     * the version or the time of the user's save: false when the user saved another version in the meantime.
     */
    async replaceStateOfVersion(key: Key, version: number, state: unknown): Promise<boolean> {
      const rows = await db
        .update(userDataDocuments)
        .set({ state })
        .where(and(byKey(key), eq(userDataDocuments.version, version)))
        .returning({ version: userDataDocuments.version });
      return rows.length > 0;
    },

    async delete(key: Key): Promise<boolean> {
      const rows = await db.delete(userDataDocuments).where(byKey(key)).returning({ name: userDataDocuments.name });
      return rows.length > 0;
    },

    async count(userId: string, store: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(userDataDocuments)
        .where(and(eq(userDataDocuments.userId, userId), eq(userDataDocuments.store, store)));
      return row?.n ?? 0;
    },
  };
}
export type UserDataRepository = ReturnType<typeof createUserDataRepository>;
