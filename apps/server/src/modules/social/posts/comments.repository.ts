import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { firstReplies, notBlockedWith } from '../comment-threads.js';
import { socialPosts } from '../social.table.js';
import { type SocialCommentRow, socialCommentLikes, socialComments } from './posts.table.js';

/** Comments of posts (one level of replies) and their likes. */
export function createCommentsRepository(db: Db) {
  return queries(db, (fn) => db.transaction((tx) => fn(queries(tx as unknown as Db, () => Promise.reject()))));
}
export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
type Tx = <T>(fn: (q: CommentsQueries) => Promise<T>) => Promise<T>;
type CommentsQueries = ReturnType<typeof queries>;

const notBlocked = (viewerId: string) => notBlockedWith(viewerId, socialComments.authorId);

function queries(db: Db, transaction: Tx) {
  const bumpPost = (postId: string, delta: number) =>
    db
      .update(socialPosts)
      .set({ commentCount: sql`greatest(${socialPosts.commentCount} + ${delta}, 0)` })
      .where(eq(socialPosts.id, postId));

  return {
    transaction,

    async insert(row: SocialCommentRow): Promise<void> {
      await db.insert(socialComments).values(row);
      await bumpPost(row.postId, 1);
    },

    async find(postId: string, id: string): Promise<SocialCommentRow | undefined> {
      const [row] = await db
        .select()
        .from(socialComments)
        .where(and(eq(socialComments.postId, postId), eq(socialComments.id, id)));
      return row;
    },

    async findById(id: string): Promise<SocialCommentRow | undefined> {
      const [row] = await db.select().from(socialComments).where(eq(socialComments.id, id));
      return row;
    },

    async update(id: string, patch: Partial<SocialCommentRow>): Promise<void> {
      await db.update(socialComments).set(patch).where(eq(socialComments.id, id));
    },

    /** Deletes a comment with its replies; the post's count drops by as many. */
    async delete(postId: string, id: string): Promise<void> {
      const gone = await db
        .delete(socialComments)
        .where(and(eq(socialComments.postId, postId), or(eq(socialComments.id, id), eq(socialComments.parentId, id))))
        .returning({ id: socialComments.id });
      await bumpPost(postId, -gone.length);
    },

    /**
     * A page of top-level comments (parentId null) or of one comment's replies, oldest first, without those of
     * people who block the viewer or whom the viewer blocks.
     */
    async page(
      viewerId: string,
      postId: string,
      parentId: string | null,
      page: number,
      limit: number,
    ): Promise<{ rows: SocialCommentRow[]; total: number }> {
      const where = and(
        eq(socialComments.postId, postId),
        parentId ? eq(socialComments.parentId, parentId) : isNull(socialComments.parentId),
        notBlocked(viewerId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(socialComments)
          .where(where)
          .orderBy(asc(socialComments.createdAt), asc(socialComments.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(socialComments).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The first `per` replies of each parent and each parent's reply count (blocked people's left out): one query. */
    replies(viewerId: string, parentIds: string[], per: number) {
      return firstReplies(db, socialComments, parentIds, per, notBlocked(viewerId));
    },

    async like(userId: string, commentId: string, at: Date): Promise<void> {
      const added = await db
        .insert(socialCommentLikes)
        .values({ userId, commentId, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: socialCommentLikes.commentId });
      if (added.length > 0) {
        await db
          .update(socialComments)
          .set({ likeCount: sql`${socialComments.likeCount} + 1` })
          .where(eq(socialComments.id, commentId));
      }
    },

    async unlike(userId: string, commentId: string): Promise<void> {
      const gone = await db
        .delete(socialCommentLikes)
        .where(and(eq(socialCommentLikes.userId, userId), eq(socialCommentLikes.commentId, commentId)))
        .returning({ id: socialCommentLikes.commentId });
      if (gone.length > 0) {
        await db
          .update(socialComments)
          .set({ likeCount: sql`greatest(${socialComments.likeCount} - 1, 0)` })
          .where(eq(socialComments.id, commentId));
      }
    },

    async likedOf(userId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: socialCommentLikes.commentId })
        .from(socialCommentLikes)
        .where(and(eq(socialCommentLikes.userId, userId), inArray(socialCommentLikes.commentId, ids)));
      return new Set(rows.map((r) => r.id));
    },
  };
}
