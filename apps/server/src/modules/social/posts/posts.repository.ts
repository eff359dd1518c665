import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { type SocialPostRow, socialPosts } from '../social.table.js';
import {
  type SocialPollRow,
  socialPolls,
  socialPollVotes,
  socialPostFavorites,
  socialPostLikes,
  socialPostMedia,
} from './posts.table.js';

export type NewPostRow = typeof socialPosts.$inferInsert;
export type MediaRow = typeof socialPostMedia.$inferSelect;
type Counter = 'likeCount' | 'commentCount' | 'repostCount';

/** Posts, their likes, favourites, reposts, media and polls. Every batch read is one query whatever its size. */
export function createPostsRepository(db: Db) {
  return queries(db, (fn) =>
    db.transaction((tx) =>
      fn(
        queries(tx as unknown as Db, () => Promise.reject()),
        tx as unknown as Db,
      ),
    ),
  );
}
export type PostsRepository = ReturnType<typeof createPostsRepository>;
type Tx = <T>(fn: (q: PostsQueries, tx: Db) => Promise<T>) => Promise<T>;
type PostsQueries = ReturnType<typeof queries>;

const idSet = async (rows: Promise<{ id: string | null }[]>) =>
  new Set((await rows).flatMap((r) => (r.id ? [r.id] : [])));

function queries(db: Db, transaction: Tx) {
  return {
    transaction,

    async insertPost(row: NewPostRow): Promise<SocialPostRow> {
      const [inserted] = await db.insert(socialPosts).values(row).returning();
      if (!inserted) throw new Error('post insert returned nothing');
      return inserted;
    },

    async find(id: string): Promise<SocialPostRow | undefined> {
      const [row] = await db.select().from(socialPosts).where(eq(socialPosts.id, id));
      return row;
    },

    async findMany(ids: string[]): Promise<SocialPostRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(socialPosts).where(inArray(socialPosts.id, ids));
    },

    async update(id: string, patch: Partial<NewPostRow>): Promise<void> {
      await db.update(socialPosts).set(patch).where(eq(socialPosts.id, id));
    },

    async delete(id: string): Promise<SocialPostRow | undefined> {
      const [row] = await db.delete(socialPosts).where(eq(socialPosts.id, id)).returning();
      return row;
    },

    async bump(id: string, counter: Counter, delta: number): Promise<void> {
      const column = socialPosts[counter];
      await db
        .update(socialPosts)
        .set({ [counter]: sql`greatest(${column} + ${delta}, 0)` })
        .where(eq(socialPosts.id, id));
    },

    /** One pinned post per author: pins `id`, unpinning the others. */
    async pin(authorId: string, id: string, at: Date | null): Promise<void> {
      if (at) {
        await db
          .update(socialPosts)
          .set({ pinnedAt: null })
          .where(and(eq(socialPosts.authorId, authorId), isNotNull(socialPosts.pinnedAt)));
      }
      await db.update(socialPosts).set({ pinnedAt: at }).where(eq(socialPosts.id, id));
    },

    // ---- likes, favourites, reposts

    /** True when the like is new. */
    async like(userId: string, postId: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(socialPostLikes)
        .values({ userId, postId, createdAt: at })
        .onConflictDoNothing()
        .returning({ postId: socialPostLikes.postId });
      return rows.length > 0;
    },
    async unlike(userId: string, postId: string): Promise<boolean> {
      const rows = await db
        .delete(socialPostLikes)
        .where(and(eq(socialPostLikes.userId, userId), eq(socialPostLikes.postId, postId)))
        .returning({ postId: socialPostLikes.postId });
      return rows.length > 0;
    },
    likedOf(userId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return Promise.resolve(new Set());
      return idSet(
        db
          .select({ id: socialPostLikes.postId })
          .from(socialPostLikes)
          .where(and(eq(socialPostLikes.userId, userId), inArray(socialPostLikes.postId, ids))),
      );
    },

    async favorite(userId: string, postId: string, at: Date): Promise<void> {
      await db.insert(socialPostFavorites).values({ userId, postId, createdAt: at }).onConflictDoNothing();
    },
    async unfavorite(userId: string, postId: string): Promise<void> {
      await db
        .delete(socialPostFavorites)
        .where(and(eq(socialPostFavorites.userId, userId), eq(socialPostFavorites.postId, postId)));
    },
    favoritedOf(userId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return Promise.resolve(new Set());
      return idSet(
        db
          .select({ id: socialPostFavorites.postId })
          .from(socialPostFavorites)
          .where(and(eq(socialPostFavorites.userId, userId), inArray(socialPostFavorites.postId, ids))),
      );
    },
    /** A page of the user's favourites, newest first (rows the viewer may not see are filtered by the caller). */
    async favorites(userId: string, page: number, limit: number): Promise<{ rows: SocialPostRow[]; total: number }> {
      const where = eq(socialPostFavorites.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ post: socialPosts })
          .from(socialPostFavorites)
          .innerJoin(socialPosts, eq(socialPosts.id, socialPostFavorites.postId))
          .where(where)
          .orderBy(desc(socialPostFavorites.createdAt), desc(socialPostFavorites.postId))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(socialPostFavorites).where(where),
      ]);
      return { rows: rows.map((r) => r.post), total: total?.n ?? 0 };
    },

    async findRepost(userId: string, originalId: string): Promise<SocialPostRow | undefined> {
      const [row] = await db
        .select()
        .from(socialPosts)
        .where(and(eq(socialPosts.authorId, userId), eq(socialPosts.repostOfId, originalId)));
      return row;
    },
    async findArticleRepost(userId: string, articleId: string): Promise<SocialPostRow | undefined> {
      const [row] = await db
        .select()
        .from(socialPosts)
        .where(and(eq(socialPosts.authorId, userId), eq(socialPosts.articleId, articleId)));
      return row;
    },
    repostedOf(userId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return Promise.resolve(new Set());
      return idSet(
        db
          .select({ id: socialPosts.repostOfId })
          .from(socialPosts)
          .where(and(eq(socialPosts.authorId, userId), inArray(socialPosts.repostOfId, ids))),
      );
    },

    // ---- media

    async insertMedia(row: MediaRow): Promise<void> {
      await db.insert(socialPostMedia).values(row);
    },
    /** The user's uploads among `ids` that no post has taken yet. */
    unattachedMedia(ownerId: string, ids: string[]): Promise<MediaRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(socialPostMedia)
        .where(
          and(eq(socialPostMedia.ownerId, ownerId), inArray(socialPostMedia.id, ids), isNull(socialPostMedia.postId)),
        );
    },
    async attachMedia(ids: string[], postId: string): Promise<void> {
      if (ids.length === 0) return;
      await db.update(socialPostMedia).set({ postId }).where(inArray(socialPostMedia.id, ids));
    },

    // ---- polls

    async insertPoll(row: SocialPollRow): Promise<void> {
      await db.insert(socialPolls).values(row);
    },
    polls(ids: string[]): Promise<SocialPollRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(socialPolls).where(inArray(socialPolls.postId, ids));
    },
    async poll(postId: string): Promise<SocialPollRow | undefined> {
      const [row] = await db.select().from(socialPolls).where(eq(socialPolls.postId, postId));
      return row;
    },
    /** Votes per poll and option, and the user's own votes, for many polls: one query. */
    async votes(
      userId: string,
      ids: string[],
    ): Promise<{ counts: Map<string, Map<string, number>>; mine: Map<string, string> }> {
      const counts = new Map<string, Map<string, number>>();
      const mine = new Map<string, string>();
      if (ids.length === 0) return { counts, mine };
      const rows = await db
        .select({
          postId: socialPollVotes.postId,
          optionId: socialPollVotes.optionId,
          n: count(),
          mine: sql<boolean>`bool_or(${socialPollVotes.userId} = ${userId})`,
        })
        .from(socialPollVotes)
        .where(inArray(socialPollVotes.postId, ids))
        .groupBy(socialPollVotes.postId, socialPollVotes.optionId);
      for (const r of rows) {
        const byOption = counts.get(r.postId) ?? new Map<string, number>();
        counts.set(r.postId, byOption);
        byOption.set(r.optionId, Number(r.n));
        if (r.mine) mine.set(r.postId, r.optionId);
      }
      return { counts, mine };
    },
    /** True when the vote is new (one vote per user and poll). */
    async vote(userId: string, postId: string, optionId: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(socialPollVotes)
        .values({ userId, postId, optionId, createdAt: at })
        .onConflictDoNothing()
        .returning({ postId: socialPollVotes.postId });
      return rows.length > 0;
    },
  };
}
