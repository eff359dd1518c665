import type { Bookmark, BookmarkFolder, BookmarkFolderList, BookmarkPage, Post } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { SocialPostRow } from '../social.table.js';
import type { BookmarksRepository } from './bookmarks.repository.js';
import { feedError, folderNotFound, postNotFound } from './feed.errors.js';
import type { FeedRepository } from './feed.repository.js';
import type { SocialBookmarkFolderRow, SocialBookmarkRow } from './feed.table.js';

export type PostView = (viewerId: string, rows: SocialPostRow[]) => Promise<Post[]>;

const toFolder = (row: SocialBookmarkFolderRow, count: number): BookmarkFolder => ({
  id: row.id,
  name: row.name,
  count,
  createdAt: row.createdAt.toISOString(),
});

/** Bookmarks with folders (spec section 2 "bookmarks"): private to their owner; folder names unique per owner. */
export function createBookmarksService(deps: {
  repo: BookmarksRepository;
  feed: FeedRepository;
  view: PostView;
  clock: Clock;
}) {
  const { repo, feed, view, clock } = deps;

  const nameTaken = () =>
    feedError.onField(
      'name',
      'SOCIAL_BOOKMARK_FOLDER_DUPLICATE',
      'name: you already have a bookmark folder of this name.',
    );

  async function checkFolder(userId: string, folderId: string | null | undefined) {
    if (folderId && !(await repo.folder(userId, folderId))) throw folderNotFound();
  }

  async function present(userId: string, bookmark: SocialBookmarkRow, post: SocialPostRow): Promise<Bookmark> {
    const [item] = await view(userId, [post]);
    if (!item) throw postNotFound();
    return { folderId: bookmark.folderId, createdAt: bookmark.createdAt.toISOString(), post: item };
  }

  return {
    bookmarkedOf: (userId: string, postIds: readonly string[]) => repo.bookmarkedOf(userId, postIds),

    async list(userId: string, q: { folder_id?: string; page: number; limit: number }): Promise<BookmarkPage> {
      await checkFolder(userId, q.folder_id);
      const { rows, total } = await repo.page(userId, {
        folderId: q.folder_id,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      const posts = await view(
        userId,
        rows.map((r) => r.post),
      );
      const byId = new Map(posts.map((p) => [p.id, p]));
      const items = rows.flatMap((r) => {
        const post = byId.get(r.post.id);
        return post ? [{ folderId: r.bookmark.folderId, createdAt: r.bookmark.createdAt.toISOString(), post }] : [];
      });
      return { items, page: q.page, limit: q.limit, total };
    },

    async add(userId: string, body: { post_id: string; folder_id?: string | null }): Promise<Bookmark> {
      const post = await feed.visiblePost(userId, body.post_id);
      if (!post)
        throw feedError.onField('post_id', 'SOCIAL_POST_NOT_FOUND', 'post_id: no post you can see has this id.');
      await checkFolder(userId, body.folder_id);
      const saved = await repo.insert({
        userId,
        postId: post.id,
        folderId: body.folder_id ?? null,
        createdAt: clock.now(),
      });
      if (!saved) {
        throw feedError.onField(
          'post_id',
          'SOCIAL_BOOKMARK_DUPLICATE',
          'post_id: this post is already in your bookmarks; move it with PUT /profile/bookmarks/{postId}.',
        );
      }
      return present(userId, saved, post);
    },

    async move(userId: string, postId: string, folderId: string | null): Promise<Bookmark> {
      if (!(await repo.bookmark(userId, postId))) throw bookmarkNotFound();
      await checkFolder(userId, folderId);
      const moved = await repo.move(userId, postId, folderId);
      const post = await feed.visiblePost(userId, postId);
      if (!moved || !post) throw bookmarkNotFound();
      return present(userId, moved, post);
    },

    async remove(userId: string, postId: string): Promise<void> {
      if (!(await repo.remove(userId, postId))) throw bookmarkNotFound();
    },

    async folders(userId: string): Promise<BookmarkFolderList> {
      const { folders, unfiled } = await repo.folders(userId);
      return { items: folders.map((f) => toFolder(f, f.count)), unfiled };
    },

    async createFolder(userId: string, name: string): Promise<BookmarkFolder> {
      const saved = await repo.insertFolder({ id: newId(), userId, name, createdAt: clock.now() });
      if (!saved) throw nameTaken();
      return toFolder(saved, 0);
    },

    async renameFolder(userId: string, id: string, name: string): Promise<BookmarkFolder> {
      if (!(await repo.folder(userId, id))) throw folderNotFound('id');
      if (await repo.nameTaken(userId, name, id)) throw nameTaken();
      const row = await repo.renameFolder(userId, id, name);
      if (!row) throw folderNotFound('id');
      const { folders } = await repo.folders(userId);
      return toFolder(row, folders.find((f) => f.id === id)?.count ?? 0);
    },

    async deleteFolder(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteFolder(userId, id))) throw folderNotFound('id');
    },
  };
}
export type BookmarksService = ReturnType<typeof createBookmarksService>;

const bookmarkNotFound = () =>
  feedError.onField('postId', 'SOCIAL_BOOKMARK_NOT_FOUND', 'postId: this post is not in your bookmarks.');
