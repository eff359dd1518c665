import { NEWS_RECENT_MAX } from '@tradedesk/contracts';
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { containsPattern } from '../../platform/sql-like.js';
import {
  type NewsFolderRow,
  type NewsItemRow,
  type NewsProviderLogoRow,
  newsFolders,
  newsItems,
  newsProviderLogos,
  newsReads,
  newsRecent,
  newsSaved,
} from './news.table.js';

export type NewsItemInsert = typeof newsItems.$inferInsert;
export type NewsProviderLogoStamp = Pick<NewsProviderLogoRow, 'providerId' | 'sourceUrl' | 'hash' | 'fetchedAt'>;
export type NewsItemWithState = NewsItemRow & { read: boolean; saved: boolean };

export type NewsItemFilter = {
  providerIds?: string[];
  sentiments?: string[];
  symbols?: string[];
  events?: string[];
  search?: string;
  fromMs?: number;
  toMs?: number;
  unreadOnly?: boolean;
  savedOnly?: boolean;
};

/** News items (shared) and each user's read, saved, recent and folder rows, scoped by owner in every query. */
export function createNewsRepository(db: Db) {
  const isRead = (userId: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(newsReads)
        .where(and(eq(newsReads.userId, userId), eq(newsReads.itemId, newsItems.id))),
    );
  const isSaved = (userId: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(newsSaved)
        .where(and(eq(newsSaved.userId, userId), eq(newsSaved.itemId, newsItems.id))),
    );
  const withState = (userId: string) => ({
    item: newsItems,
    read: sql<boolean>`${isRead(userId)}`.as('read'),
    saved: sql<boolean>`${isSaved(userId)}`.as('saved'),
  });
  const flatten = (rows: Array<{ item: NewsItemRow; read: boolean; saved: boolean }>): NewsItemWithState[] =>
    rows.map((r) => ({ ...r.item, read: Boolean(r.read), saved: Boolean(r.saved) }));

  function conditions(userId: string, f: NewsItemFilter, nowMs: number): SQL[] {
    const c: SQL[] = [lte(newsItems.publishedAt, new Date(nowMs))];
    if (f.providerIds) c.push(f.providerIds.length ? inArray(newsItems.providerId, f.providerIds) : sql`false`);
    if (f.sentiments?.length) c.push(inArray(newsItems.sentiment, f.sentiments));
    if (f.symbols?.length) c.push(arrayOverlaps(newsItems.symbols, f.symbols));
    if (f.events?.length) c.push(inArray(newsItems.eventId, f.events));
    if (f.search) {
      const like = containsPattern(f.search);
      c.push(or(ilike(newsItems.title, like), ilike(newsItems.description, like)) as SQL);
    }
    if (f.fromMs !== undefined) c.push(gte(newsItems.publishedAt, new Date(f.fromMs)));
    if (f.toMs !== undefined) c.push(lte(newsItems.publishedAt, new Date(f.toMs)));
    if (f.unreadOnly) c.push(not(isRead(userId)));
    if (f.savedOnly) c.push(isSaved(userId));
    return c;
  }

  return {
    /** Inserts items, skipping any that duplicate a stored link, title or event; returns how many were new. */
    async insertItems(rows: NewsItemInsert[]): Promise<number> {
      let added = 0;
      for (let i = 0; i < rows.length; i += 200) {
        const out = await db
          .insert(newsItems)
          .values(rows.slice(i, i + 200))
          .onConflictDoNothing()
          .returning({ id: newsItems.id });
        added += out.length;
      }
      return added;
    },

    async hasEvents(eventIds: string[]): Promise<Set<string>> {
      if (eventIds.length === 0) return new Set();
      const rows = await db
        .select({ eventId: newsItems.eventId })
        .from(newsItems)
        .where(inArray(newsItems.eventId, eventIds));
      return new Set(rows.map((r) => r.eventId ?? ''));
    },

    async page(
      userId: string,
      filter: NewsItemFilter,
      nowMs: number,
      order: 'desc' | 'asc',
      after: { ms: number; id: string } | undefined,
      limit: number,
    ): Promise<NewsItemWithState[]> {
      const c = conditions(userId, filter, nowMs);
      if (after) {
        const at = new Date(after.ms).toISOString();
        c.push(
          order === 'desc'
            ? sql`(${newsItems.publishedAt}, ${newsItems.id}) < (${at}::timestamptz, ${after.id}::uuid)`
            : sql`(${newsItems.publishedAt}, ${newsItems.id}) > (${at}::timestamptz, ${after.id}::uuid)`,
        );
      }
      const dir = order === 'desc' ? desc : asc;
      const rows = await db
        .select(withState(userId))
        .from(newsItems)
        .where(and(...c))
        .orderBy(dir(newsItems.publishedAt), dir(newsItems.id))
        .limit(limit);
      return flatten(rows);
    },

    async item(userId: string, id: string): Promise<NewsItemWithState | undefined> {
      const rows = await db.select(withState(userId)).from(newsItems).where(eq(newsItems.id, id));
      return flatten(rows)[0];
    },

    async markRead(userId: string, itemId: string, atMs: number): Promise<void> {
      const at = new Date(atMs);
      await db.insert(newsReads).values({ userId, itemId, readAt: at }).onConflictDoNothing();
      // later than every other item of the list even when two opens share a clock reading, so it is first
      const first = sql`greatest(${at.toISOString()}::timestamptz, coalesce((select max(r.viewed_at) + interval '1 millisecond' from news_recent r where r.user_id = ${userId}), ${at.toISOString()}::timestamptz))`;
      await db
        .insert(newsRecent)
        .values({ userId, itemId, viewedAt: first })
        .onConflictDoUpdate({ target: [newsRecent.userId, newsRecent.itemId], set: { viewedAt: first } });
      // the list keeps the most recent NEWS_RECENT_MAX items
      await db.execute(
        sql`delete from news_recent where user_id = ${userId} and item_id not in (select item_id from news_recent where user_id = ${userId} order by viewed_at desc limit ${NEWS_RECENT_MAX})`,
      );
    },

    async save(userId: string, itemId: string, atMs: number): Promise<void> {
      await db
        .insert(newsSaved)
        .values({ userId, itemId, savedAt: new Date(atMs) })
        .onConflictDoNothing();
    },

    async unsave(userId: string, itemId: string): Promise<void> {
      await db.delete(newsSaved).where(and(eq(newsSaved.userId, userId), eq(newsSaved.itemId, itemId)));
    },

    async savedCount(userId: string, itemId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(newsSaved)
        .where(and(eq(newsSaved.userId, userId), eq(newsSaved.itemId, itemId)));
      return row?.n ?? 0;
    },

    async recent(userId: string, limit: number): Promise<NewsItemWithState[]> {
      const rows = await db
        .select(withState(userId))
        .from(newsRecent)
        .innerJoin(newsItems, eq(newsItems.id, newsRecent.itemId))
        .where(eq(newsRecent.userId, userId))
        .orderBy(desc(newsRecent.viewedAt))
        .limit(limit);
      return flatten(rows);
    },

    /** Marks read every item published at or before `beforeMs` (of the providers given); returns how many. */
    async readAll(userId: string, beforeMs: number, providerIds: string[] | undefined, nowMs: number): Promise<number> {
      const c = [lte(newsItems.publishedAt, new Date(beforeMs)), not(isRead(userId))];
      if (providerIds) c.push(providerIds.length ? inArray(newsItems.providerId, providerIds) : sql`false`);
      const ids = await db
        .select({ id: newsItems.id })
        .from(newsItems)
        .where(and(...c));
      if (ids.length === 0) return 0;
      const at = new Date(nowMs);
      for (let i = 0; i < ids.length; i += 500)
        await db
          .insert(newsReads)
          .values(ids.slice(i, i + 500).map((r) => ({ userId, itemId: r.id, readAt: at })))
          .onConflictDoNothing();
      return ids.length;
    },

    async unreadByProvider(userId: string, nowMs: number): Promise<Array<{ providerId: string; n: number }>> {
      const rows = await db
        .select({ providerId: newsItems.providerId, n: count() })
        .from(newsItems)
        .where(and(lte(newsItems.publishedAt, new Date(nowMs)), not(isRead(userId))))
        .groupBy(newsItems.providerId);
      return rows.map((r) => ({ providerId: r.providerId, n: Number(r.n) }));
    },

    async folders(userId: string): Promise<NewsFolderRow[]> {
      return db
        .select()
        .from(newsFolders)
        .where(eq(newsFolders.userId, userId))
        .orderBy(asc(newsFolders.createdAt), asc(newsFolders.id));
    },
    async folder(userId: string, id: string): Promise<NewsFolderRow | undefined> {
      const [row] = await db
        .select()
        .from(newsFolders)
        .where(and(eq(newsFolders.userId, userId), eq(newsFolders.id, id)));
      return row;
    },
    async folderCount(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(newsFolders).where(eq(newsFolders.userId, userId));
      return row?.n ?? 0;
    },
    async insertFolder(row: NewsFolderRow): Promise<NewsFolderRow> {
      const [out] = await db.insert(newsFolders).values(row).returning();
      return out as NewsFolderRow;
    },
    async updateFolder(
      userId: string,
      id: string,
      set: Partial<Pick<NewsFolderRow, 'name' | 'color' | 'isOpen' | 'providers' | 'updatedAt'>>,
    ): Promise<NewsFolderRow | undefined> {
      const [out] = await db
        .update(newsFolders)
        .set(set)
        .where(and(eq(newsFolders.userId, userId), eq(newsFolders.id, id)))
        .returning();
      return out;
    },
    async deleteFolder(userId: string, id: string): Promise<boolean> {
      const out = await db
        .delete(newsFolders)
        .where(and(eq(newsFolders.userId, userId), eq(newsFolders.id, id)))
        .returning({ id: newsFolders.id });
      return out.length > 0;
    },

    /** Every stored provider logo without its bytes: the address, hash and time it was fetched. */
    async logoStamps(): Promise<NewsProviderLogoStamp[]> {
      return db
        .select({
          providerId: newsProviderLogos.providerId,
          sourceUrl: newsProviderLogos.sourceUrl,
          hash: newsProviderLogos.hash,
          fetchedAt: newsProviderLogos.fetchedAt,
        })
        .from(newsProviderLogos);
    },
    async logo(providerId: string): Promise<NewsProviderLogoRow | undefined> {
      const [row] = await db.select().from(newsProviderLogos).where(eq(newsProviderLogos.providerId, providerId));
      return row;
    },
    /** Stores a provider's logo, replacing the one it had. */
    async putLogo(row: NewsProviderLogoRow): Promise<void> {
      const { providerId, ...set } = row;
      await db.insert(newsProviderLogos).values(row).onConflictDoUpdate({ target: newsProviderLogos.providerId, set });
    },
    async deleteLogo(providerId: string): Promise<void> {
      await db.delete(newsProviderLogos).where(eq(newsProviderLogos.providerId, providerId));
    },
  };
}
export type NewsRepository = ReturnType<typeof createNewsRepository>;
