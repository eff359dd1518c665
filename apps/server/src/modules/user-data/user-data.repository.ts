import { and, eq, sql } from 'drizzle-orm';
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
