import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { containsPattern } from '../../../platform/sql-like.js';
import { users } from '../../users/users.table.js';
import { firstReplies, notBlockedWith } from '../comment-threads.js';
import { socialBlocks, socialFollows } from '../social.table.js';
import {
  type SocialArticleCommentRow,
  type SocialArticleMediaRow,
  type SocialArticleRow,
  socialArticleComments,
  socialArticleLikes,
  socialArticleMedia,
  socialArticles,
} from './articles.table.js';

export type ArticleFilters = { search?: string; category?: string; authorId?: string };
export type ArticlePatch = Partial<
  Pick<
    SocialArticleRow,
    | 'title'
    | 'content'
    | 'contentText'
    | 'coverMediaId'
    | 'audience'
    | 'whoCanReplay'
    | 'categories'
    | 'tags'
    | 'status'
    | 'publishedAt'
    | 'updatedAt'
  >
>;

/**
 * Articles, their media, likes and comments. The published list applies the audience rules in SQL (blocks either
 * way, the author's profile audience, followers-only articles), the same rules the service checks one article at
 * a time through the SocialGraph port; drafts are always scoped by their author in the query.
 */
export function createArticlesRepository(db: Db) {
  return queries(db, (fn) => db.transaction((tx) => fn(queries(tx as unknown as Db, () => Promise.reject()))));
}
type Tx = <T>(fn: (q: ArticlesQueries) => Promise<T>) => Promise<T>;

function queries(db: Db, transaction: Tx) {
  function filtersOf(f: ArticleFilters): SQL[] {
    const out: SQL[] = [];
    if (f.search) {
      const p = containsPattern(f.search);
      out.push(sql`(${socialArticles.title} ilike ${p} or ${socialArticles.contentText} ilike ${p})`);
    }
    if (f.category) out.push(sql`${socialArticles.categories} @> array[${f.category}]::text[]`);
    if (f.authorId) out.push(eq(socialArticles.authorId, f.authorId));
    return out;
  }

  /** Published articles `viewerId` may read (theirs, moderated or not; others' unmoderated, audience kept). */
  function visibleTo(viewerId: string): SQL {
    const a = socialArticles;
    return sql`${a.status} = 'published' and (${a.authorId} = ${viewerId} or (
      ${a.moderatedAt} is null
      and not exists (select 1 from ${socialBlocks} b where (b.blocker_id = ${viewerId} and b.blocked_id = ${a.authorId})
        or (b.blocker_id = ${a.authorId} and b.blocked_id = ${viewerId}))
      and exists (select 1 from ${users} u where u.id = ${a.authorId} and u.visibility <> 'nobody' and (
        (${a.audience} = 'everyone' and u.visibility = 'everyone' and u.is_public)
        or exists (select 1 from ${socialFollows} f where f.follower_id = ${viewerId} and f.followee_id = ${a.authorId})
      ))
    ))`;
  }

  return {
    transaction,

    async insert(row: typeof socialArticles.$inferInsert): Promise<SocialArticleRow> {
      const [created] = await db.insert(socialArticles).values(row).returning();
      return created!;
    },

    async find(id: string): Promise<SocialArticleRow | undefined> {
      const [row] = await db.select().from(socialArticles).where(eq(socialArticles.id, id));
      return row;
    },

    /** Published, not moderated articles among `ids` (cards of reposts). */
    findPublished(ids: string[]): Promise<SocialArticleRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(socialArticles)
        .where(
          and(
            inArray(socialArticles.id, ids),
            eq(socialArticles.status, 'published'),
            isNull(socialArticles.moderatedAt),
          ),
        );
    },

    async findByToken(token: string): Promise<SocialArticleRow | undefined> {
      const [row] = await db
        .select()
        .from(socialArticles)
        .where(
          and(
            eq(socialArticles.shareToken, token),
            eq(socialArticles.status, 'published'),
            isNull(socialArticles.moderatedAt),
          ),
        );
      return row;
    },

    async update(authorId: string, id: string, patch: ArticlePatch): Promise<SocialArticleRow | undefined> {
      const [row] = await db
        .update(socialArticles)
        .set(patch)
        .where(and(eq(socialArticles.id, id), eq(socialArticles.authorId, authorId)))
        .returning();
      return row;
    },

    async delete(authorId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(socialArticles)
        .where(and(eq(socialArticles.id, id), eq(socialArticles.authorId, authorId)))
        .returning({ id: socialArticles.id });
      return rows.length > 0;
    },

    async setShareToken(id: string, token: string | null): Promise<void> {
      await db.update(socialArticles).set({ shareToken: token }).where(eq(socialArticles.id, id));
    },

    async setModerated(id: string, at: Date | null): Promise<void> {
      await db.update(socialArticles).set({ moderatedAt: at }).where(eq(socialArticles.id, id));
    },

    async addRepost(id: string): Promise<void> {
      await db
        .update(socialArticles)
        .set({ repostCount: sql`${socialArticles.repostCount} + 1` })
        .where(eq(socialArticles.id, id));
    },

    async listPublished(viewerId: string, f: ArticleFilters, page: number, limit: number) {
      const where = and(visibleTo(viewerId), ...filtersOf(f));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(socialArticles)
          .where(where)
          .orderBy(desc(socialArticles.publishedAt), desc(socialArticles.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(socialArticles).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async listDrafts(authorId: string, f: ArticleFilters, page: number, limit: number) {
      const where = and(
        eq(socialArticles.authorId, authorId),
        eq(socialArticles.status, 'draft'),
        ...filtersOf({ ...f, authorId: undefined }),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(socialArticles)
          .where(where)
          .orderBy(desc(socialArticles.updatedAt), desc(socialArticles.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(socialArticles).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    // ---- media ----

    async insertMedia(row: SocialArticleMediaRow): Promise<void> {
      await db.insert(socialArticleMedia).values(row);
    },
    async mediaOf(articleId: string): Promise<SocialArticleMediaRow[]> {
      return db
        .select()
        .from(socialArticleMedia)
        .where(eq(socialArticleMedia.articleId, articleId))
        .orderBy(asc(socialArticleMedia.createdAt), asc(socialArticleMedia.id));
    },
    async mediaByIds(ids: string[]): Promise<SocialArticleMediaRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(socialArticleMedia).where(inArray(socialArticleMedia.id, ids));
    },

    // ---- likes ----

    /** Adds the like once; the like count after it, and whether it was new. */
    async like(articleId: string, userId: string, at: Date): Promise<{ added: boolean; likes: number }> {
      const added = await db
        .insert(socialArticleLikes)
        .values({ articleId, userId, createdAt: at })
        .onConflictDoNothing()
        .returning({ userId: socialArticleLikes.userId });
      const [row] = await db
        .update(socialArticles)
        .set({ likeCount: sql`${socialArticles.likeCount} + ${added.length}` })
        .where(eq(socialArticles.id, articleId))
        .returning({ likes: socialArticles.likeCount });
      return { added: added.length > 0, likes: row?.likes ?? 0 };
    },
    async unlike(articleId: string, userId: string): Promise<number> {
      const removed = await db
        .delete(socialArticleLikes)
        .where(and(eq(socialArticleLikes.articleId, articleId), eq(socialArticleLikes.userId, userId)))
        .returning({ userId: socialArticleLikes.userId });
      const [row] = await db
        .update(socialArticles)
        .set({ likeCount: sql`greatest(${socialArticles.likeCount} - ${removed.length}, 0)` })
        .where(eq(socialArticles.id, articleId))
        .returning({ likes: socialArticles.likeCount });
      return row?.likes ?? 0;
    },
    async likedOf(userId: string, articleIds: string[]): Promise<Set<string>> {
      if (articleIds.length === 0) return new Set();
      const rows = await db
        .select({ id: socialArticleLikes.articleId })
        .from(socialArticleLikes)
        .where(and(eq(socialArticleLikes.userId, userId), inArray(socialArticleLikes.articleId, articleIds)));
      return new Set(rows.map((r) => r.id));
    },

    // ---- comments ----

    /**
     * A page of an article's top-level comments (parentId null) or of one comment's replies, oldest first, without
     * those of people who block the viewer or whom the viewer blocks.
     */
    async comments(viewerId: string, articleId: string, parentId: string | null, page: number, limit: number) {
      const c = socialArticleComments;
      const where = and(
        eq(c.articleId, articleId),
        parentId ? eq(c.parentId, parentId) : isNull(c.parentId),
        notBlockedWith(viewerId, c.authorId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(c)
          .where(where)
          .orderBy(asc(c.createdAt), asc(c.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(c).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** The first `per` replies of each parent and each parent's reply count (blocked people's left out). */
    commentReplies(viewerId: string, parentIds: string[], per: number) {
      const c = socialArticleComments;
      return firstReplies(db, c, parentIds, per, notBlockedWith(viewerId, c.authorId));
    },
    async findComment(articleId: string, id: string): Promise<SocialArticleCommentRow | undefined> {
      const [row] = await db
        .select()
        .from(socialArticleComments)
        .where(and(eq(socialArticleComments.articleId, articleId), eq(socialArticleComments.id, id)));
      return row;
    },
    async findCommentById(id: string): Promise<SocialArticleCommentRow | undefined> {
      const [row] = await db.select().from(socialArticleComments).where(eq(socialArticleComments.id, id));
      return row;
    },
    async insertComment(row: SocialArticleCommentRow): Promise<void> {
      await db.insert(socialArticleComments).values(row);
      await db
        .update(socialArticles)
        .set({ commentCount: sql`${socialArticles.commentCount} + 1` })
        .where(eq(socialArticles.id, row.articleId));
    },
    async updateComment(id: string, content: string, at: Date): Promise<SocialArticleCommentRow | undefined> {
      const [row] = await db
        .update(socialArticleComments)
        .set({ content, editedAt: at })
        .where(eq(socialArticleComments.id, id))
        .returning();
      return row;
    },
    async setCommentModerated(id: string, at: Date | null): Promise<void> {
      await db.update(socialArticleComments).set({ moderatedAt: at }).where(eq(socialArticleComments.id, id));
    },
    /** Deletes a comment with its replies; the article's count drops by as many. */
    async deleteComment(articleId: string, id: string): Promise<void> {
      const c = socialArticleComments;
      const removed = await db
        .delete(c)
        .where(and(eq(c.articleId, articleId), or(eq(c.id, id), eq(c.parentId, id))))
        .returning({ id: c.id });
      await db
        .update(socialArticles)
        .set({ commentCount: sql`greatest(${socialArticles.commentCount} - ${removed.length}, 0)` })
        .where(eq(socialArticles.id, articleId));
    },
  };
}
export type ArticlesQueries = ReturnType<typeof queries>;
export type ArticlesRepository = ReturnType<typeof createArticlesRepository>;
