import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { users } from '../../users/users.table.js';
import { type SocialPostRow, socialPosts } from '../social.table.js';
import { visibleTo } from './feed.repository.js';
import {
  type SocialBookmarkFolderRow,
  type SocialBookmarkRow,
  socialBookmarkFolders,
  socialBookmarks,
} from './feed.table.js';

const b = socialBookmarks;
const f = socialBookmarkFolders;

export function createBookmarksRepository(db: Db) {
  return {
    async folder(userId: string, id: string): Promise<SocialBookmarkFolderRow | undefined> {
      const [row] = await db
        .select()
        .from(f)
        .where(and(eq(f.id, id), eq(f.userId, userId)));
      return row;
    },

    async folders(
      userId: string,
    ): Promise<{ folders: (SocialBookmarkFolderRow & { count: number })[]; unfiled: number }> {
      const folders = await db
        .select({
          ...getTableColumns(f),
          count: sql<number>`(select count(*) from ${b} where ${b.folderId} = ${f.id})::int`,
        })
        .from(f)
        .where(eq(f.userId, userId))
        .orderBy(asc(sql`lower(${f.name})`), asc(f.createdAt));
      const [unfiled] = await db
        .select({ n: count() })
        .from(b)
        .where(and(eq(b.userId, userId), isNull(b.folderId)));
      return { folders, unfiled: unfiled?.n ?? 0 };
    },

    /** Inserts a folder; undefined when the user already has one of this name (any case). */
    async insertFolder(row: SocialBookmarkFolderRow): Promise<SocialBookmarkFolderRow | undefined> {
      const [saved] = await db.insert(f).values(row).onConflictDoNothing().returning();
      return saved;
    },

    async nameTaken(userId: string, name: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: f.id })
        .from(f)
        .where(and(eq(f.userId, userId), sql`lower(${f.name}) = lower(${name})`));
      return row !== undefined && row.id !== exceptId;
    },

    async renameFolder(userId: string, id: string, name: string): Promise<SocialBookmarkFolderRow | undefined> {
      const [row] = await db
        .update(f)
        .set({ name })
        .where(and(eq(f.id, id), eq(f.userId, userId)))
        .returning();
      return row;
    },

    /** Deletes a folder; its bookmarks stay, in no folder (the foreign key sets them null). */
    async deleteFolder(userId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(f)
        .where(and(eq(f.id, id), eq(f.userId, userId)))
        .returning({ id: f.id });
      return gone.length > 0;
    },

    async bookmark(userId: string, postId: string): Promise<SocialBookmarkRow | undefined> {
      const [row] = await db
        .select()
        .from(b)
        .where(and(eq(b.userId, userId), eq(b.postId, postId)));
      return row;
    },

    async insert(row: SocialBookmarkRow): Promise<SocialBookmarkRow | undefined> {
      const [saved] = await db.insert(b).values(row).onConflictDoNothing().returning();
      return saved;
    },

    async move(userId: string, postId: string, folderId: string | null): Promise<SocialBookmarkRow | undefined> {
      const [row] = await db
        .update(b)
        .set({ folderId })
        .where(and(eq(b.userId, userId), eq(b.postId, postId)))
        .returning();
      return row;
    },

    async remove(userId: string, postId: string): Promise<boolean> {
      const gone = await db
        .delete(b)
        .where(and(eq(b.userId, userId), eq(b.postId, postId)))
        .returning({ postId: b.postId });
      return gone.length > 0;
    },

    /** A page of bookmarks of posts the user may still see, newest first; folder undefined: all, null: none. */
    async page(
      userId: string,
      q: { folderId?: string; offset: number; limit: number },
    ): Promise<{ rows: { bookmark: SocialBookmarkRow; post: SocialPostRow }[]; total: number }> {
      const where = and(
        eq(b.userId, userId),
        q.folderId === undefined ? undefined : eq(b.folderId, q.folderId),
        visibleTo(userId),
      );
      const from = () =>
        db
          .select({ bookmark: getTableColumns(b), post: getTableColumns(socialPosts) })
          .from(b)
          .innerJoin(socialPosts, eq(socialPosts.id, b.postId))
          .innerJoin(users, eq(users.id, socialPosts.authorId));
      const rows = await from().where(where).orderBy(desc(b.createdAt), desc(b.postId)).offset(q.offset).limit(q.limit);
      const [total] = await db
        .select({ n: count() })
        .from(b)
        .innerJoin(socialPosts, eq(socialPosts.id, b.postId))
        .innerJoin(users, eq(users.id, socialPosts.authorId))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async bookmarkedOf(userId: string, postIds: readonly string[]): Promise<Set<string>> {
      if (postIds.length === 0) return new Set();
      const rows = await db
        .select({ postId: b.postId })
        .from(b)
        .where(and(eq(b.userId, userId), inArray(b.postId, [...postIds])));
      return new Set(rows.map((r) => r.postId));
    },
  };
}
export type BookmarksRepository = ReturnType<typeof createBookmarksRepository>;
