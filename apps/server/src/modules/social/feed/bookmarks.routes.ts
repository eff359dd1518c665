import {
  bookmarkBodySchema,
  bookmarkFolderBodySchema,
  bookmarkFolderListSchema,
  bookmarkFolderParamsSchema,
  bookmarkFolderSchema,
  bookmarkPageSchema,
  bookmarkPostParamsSchema,
  bookmarkQuerySchema,
  bookmarkSchema,
  errorBodySchema,
  moveBookmarkBodySchema,
  okSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { BookmarksService } from './bookmarks.service.js';

const tags = ['social'];
const folderNotFound = { 404: errorBodySchema.describe('SOCIAL_BOOKMARK_FOLDER_NOT_FOUND: no folder of the caller') };
const nameTaken = { 409: errorBodySchema.describe('SOCIAL_BOOKMARK_FOLDER_DUPLICATE: a folder of this name exists') };

/** Bookmarks and their folders (spec section 2 "bookmarks"), private to the caller. */
export function bookmarksRoutes(deps: { bookmarks: BookmarksService }): FastifyPluginAsyncZod {
  const { bookmarks } = deps;
  return async (app) => {
    app.get(
      '/profile/bookmarks',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s bookmarks, newest first, all or of one folder (posts they may no longer see left out)',
          querystring: bookmarkQuerySchema,
          response: { 200: bookmarkPageSchema, ...folderNotFound },
        },
      },
      async (request) => bookmarks.list(authOf(request).userId, request.query),
    );

    app.post(
      '/profile/bookmarks',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Bookmarks a post the caller may see, into one of their folders or none',
          body: bookmarkBodySchema,
          response: {
            201: bookmarkSchema,
            404: errorBodySchema.describe('No visible post, or no folder of the caller, has this id'),
            409: errorBodySchema.describe('SOCIAL_BOOKMARK_DUPLICATE: already bookmarked'),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await bookmarks.add(authOf(request).userId, request.body)),
    );

    app.get(
      '/profile/bookmarks/folders',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s bookmark folders by name, each with its count, and the count in no folder',
          response: { 200: bookmarkFolderListSchema },
        },
      },
      async (request) => bookmarks.folders(authOf(request).userId),
    );

    app.post(
      '/profile/bookmarks/folders',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Makes a bookmark folder (names unique per user, any case)',
          body: bookmarkFolderBodySchema,
          response: { 201: bookmarkFolderSchema, ...nameTaken },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await bookmarks.createFolder(authOf(request).userId, request.body.name)),
    );

    app.put(
      '/profile/bookmarks/folders/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Renames a bookmark folder',
          params: bookmarkFolderParamsSchema,
          body: bookmarkFolderBodySchema,
          response: { 200: bookmarkFolderSchema, ...folderNotFound, ...nameTaken },
        },
      },
      async (request) => bookmarks.renameFolder(authOf(request).userId, request.params.id, request.body.name),
    );

    app.delete(
      '/profile/bookmarks/folders/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a bookmark folder; its bookmarks stay, in no folder',
          params: bookmarkFolderParamsSchema,
          response: { 200: okSchema, ...folderNotFound },
        },
      },
      async (request) => {
        await bookmarks.deleteFolder(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.put(
      '/profile/bookmarks/:postId',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Moves a bookmark into one of the caller’s folders (folder_id null: none)',
          params: bookmarkPostParamsSchema,
          body: moveBookmarkBodySchema,
          response: { 200: bookmarkSchema, 404: errorBodySchema.describe('Not bookmarked, or no such folder') },
        },
      },
      async (request) => bookmarks.move(authOf(request).userId, request.params.postId, request.body.folder_id),
    );

    app.delete(
      '/profile/bookmarks/:postId',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Removes a bookmark',
          params: bookmarkPostParamsSchema,
          response: { 200: okSchema, 404: errorBodySchema.describe('SOCIAL_BOOKMARK_NOT_FOUND') },
        },
      },
      async (request) => {
        await bookmarks.remove(authOf(request).userId, request.params.postId);
        return { ok: true as const };
      },
    );
  };
}
