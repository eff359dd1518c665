import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { type NotificationRow, notifications } from './notifications.table.js';

export type NewNotificationRow = typeof notifications.$inferInsert;

/** The notifications of the bell; every query is scoped by the owner in the query. */
export function createNotificationsRepository(db: Db) {
  const owned = (userId: string, id: string) => and(eq(notifications.userId, userId), eq(notifications.id, id));
  const ofUser = (userId: string, unreadOnly = false): SQL | undefined =>
    unreadOnly ? and(eq(notifications.userId, userId), isNull(notifications.readAt)) : eq(notifications.userId, userId);

  return {
    async insert(row: NewNotificationRow): Promise<NotificationRow> {
      const [inserted] = await db.insert(notifications).values(row).returning();
      return inserted as NotificationRow;
    },

    async page(userId: string, options: { unreadOnly: boolean; offset: number; limit: number }) {
      const where = ofUser(userId, options.unreadOnly);
      const rows = await db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(options.limit)
        .offset(options.offset);
      const [total] = await db.select({ n: count() }).from(notifications).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async count(userId: string, unreadOnly: boolean): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notifications).where(ofUser(userId, unreadOnly));
      return row?.n ?? 0;
    },

    async get(userId: string, id: string): Promise<NotificationRow | undefined> {
      const [row] = await db.select().from(notifications).where(owned(userId, id)).limit(1);
      return row;
    },

    /** Sets `read_at` (now) or clears it; a row already in that state keeps its first read time. */
    async setRead(userId: string, id: string, readAt: Date | null): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: readAt === null ? null : sql`coalesce(${notifications.readAt}, ${readAt.toISOString()})` })
        .where(owned(userId, id))
        .returning();
      return row;
    },

    async readAll(userId: string, readAt: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt })
        .where(ofUser(userId, true))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(notifications).where(owned(userId, id)).returning({ id: notifications.id });
      return rows.length > 0;
    },

    /** Keeps the user's newest `keep`: drops the oldest read ones first, then the oldest unread. */
    async prune(userId: string, keep: number): Promise<number> {
      const excess = (await this.count(userId, false)) - keep;
      if (excess <= 0) return 0;
      const victims = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(sql`${notifications.readAt} is null`, notifications.createdAt, notifications.id)
        .limit(excess);
      if (victims.length === 0) return 0;
      const ids = victims.map((v) => v.id);
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
