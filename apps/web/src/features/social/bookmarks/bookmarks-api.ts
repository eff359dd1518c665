import type { BookmarkFolder, BookmarkFolderList, BookmarkPage } from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';
import { postTag } from '../posts/posts-api';

/** `folder` undefined: every bookmark; a folder id: that folder's. */
export type BookmarkListArgs = { folderId?: string; page: number; limit?: number };

const enc = encodeURIComponent;

/**
 * Bookmarks and their folders (GET/POST /profile/bookmarks, PUT/DELETE /profile/bookmarks/{postId},
 * GET/POST /profile/bookmarks/folders, PUT/DELETE /profile/bookmarks/folders/{id}).
 */
export const bookmarksApi = api
  .enhanceEndpoints({ addTagTypes: ['Post', 'Bookmarks', 'BookmarkFolders'] })
  .injectEndpoints({
    endpoints: (build) => ({
      bookmarks: build.query<BookmarkPage, BookmarkListArgs>({
        query: ({ folderId, page, limit = 10 }) => ({
          url: '/profile/bookmarks',
          params: { page, limit, ...(folderId ? { folder_id: folderId } : {}) },
        }),
        providesTags: (r) => ['Bookmarks', ...(r ? r.items.map((b) => postTag(b.post.id)) : [])],
      }),
      bookmarkFolders: build.query<BookmarkFolder[], void>({
        // { items, unfiled }: every folder (no pages) and the count of bookmarks in none
        query: () => ({ url: '/profile/bookmarks/folders' }),
        transformResponse: (r: BookmarkFolderList) => r.items,
        providesTags: ['BookmarkFolders'],
      }),
      addBookmark: build.mutation<unknown, { postId: string; folderId: string | null }>({
        query: ({ postId, folderId }) => ({
          url: '/profile/bookmarks',
          method: 'POST',
          body: { post_id: postId, folder_id: folderId },
        }),
        invalidatesTags: (_r, e, { postId }) => (e ? [] : ['Bookmarks', 'BookmarkFolders', postTag(postId)]),
      }),
      moveBookmark: build.mutation<unknown, { postId: string; folderId: string | null }>({
        query: ({ postId, folderId }) => ({
          url: `/profile/bookmarks/${enc(postId)}`,
          method: 'PUT',
          body: { folder_id: folderId },
        }),
        invalidatesTags: (_r, e) => (e ? [] : ['Bookmarks', 'BookmarkFolders']),
      }),
      removeBookmark: build.mutation<void, string>({
        query: (postId) => ({ url: `/profile/bookmarks/${enc(postId)}`, method: 'DELETE' }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, e, postId) => (e ? [] : ['Bookmarks', 'BookmarkFolders', postTag(postId)]),
      }),
      createBookmarkFolder: build.mutation<BookmarkFolder, string>({
        query: (name) => ({ url: '/profile/bookmarks/folders', method: 'POST', body: { name } }),
        invalidatesTags: (_r, e) => (e ? [] : ['BookmarkFolders']),
      }),
      renameBookmarkFolder: build.mutation<BookmarkFolder, { id: string; name: string }>({
        query: ({ id, name }) => ({ url: `/profile/bookmarks/folders/${enc(id)}`, method: 'PUT', body: { name } }),
        invalidatesTags: (_r, e) => (e ? [] : ['BookmarkFolders']),
      }),
      deleteBookmarkFolder: build.mutation<void, string>({
        query: (id) => ({ url: `/profile/bookmarks/folders/${enc(id)}`, method: 'DELETE' }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, e) => (e ? [] : ['BookmarkFolders', 'Bookmarks']),
      }),
    }),
  });

markQuietEndpoints('bookmarks', 'bookmarkFolders', 'createBookmarkFolder', 'renameBookmarkFolder');

export const {
  useBookmarksQuery,
  useBookmarkFoldersQuery,
  useAddBookmarkMutation,
  useMoveBookmarkMutation,
  useRemoveBookmarkMutation,
  useCreateBookmarkFolderMutation,
  useRenameBookmarkFolderMutation,
  useDeleteBookmarkFolderMutation,
} = bookmarksApi;
