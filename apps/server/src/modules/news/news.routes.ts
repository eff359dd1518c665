import {
  createNewsFolderBodySchema,
  errorBodySchema,
  newsArticleParamsSchema,
  newsFolderListSchema,
  newsFolderParamsSchema,
  newsFolderSchema,
  newsItemSchema,
  newsListQuerySchema,
  newsPageSchema,
  newsProviderListSchema,
  newsProviderParamsSchema,
  newsReadAllAnswerSchema,
  newsReadAllBodySchema,
  newsRecentQuerySchema,
  newsRecentSchema,
  newsUnreadSchema,
  okSchema,
  updateNewsFolderBodySchema,
} from '@tradedesk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guard.js';
import { foldArrayKeys } from '../../platform/query-arrays.js';
import type { NewsService } from './news.service.js';

const tags = ['news'];
const itemNotFound = { 404: errorBodySchema.describe('No news item has this id (NEWS_NOT_FOUND)') };
const folderNotFound = {
  404: errorBodySchema.describe('No news folder of the caller has this id (NEWS_FOLDER_NOT_FOUND)'),
};
const listDescription =
  '`sort`: latest (default), oldest, this week (published in the 7 days before now), this month (since the same ' +
  'time one calendar month ago). `from`/`to`: YYYY-MM-DD or ISO date-times. `segments[]`: provider ids ' +
  '(`simulated`, a feed id), folder ids (all the folder’s providers) or `<folderId>:providers` / ' +
  '`<folderId>:integrations`; another user’s folder id answers 404. `sentiments[]`: positive, negative, neutral ' +
  '(any case). `symbols[]`: instrument ids the items mention (the chart’s news tab). `events[]`: calendar event ids ' +
  '(the simulated items written from those events). `search` matches title and description. Paging by cursor: ' +
  'send the answer’s `nextCursor` as `cursor` (null at the end); `limit` 1 to 100 (default 20). Lists take ' +
  'repeated keys, `x[]=` keys or comma-separated values.';

// Sent as a Buffer, which Fastify writes as is; the schema exists for the OpenAPI document.
const imageBytesSchema = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .meta({ type: 'string', format: 'binary', description: 'The image bytes' });

/** Whether an If-None-Match header names this (strong) ETag: `*`, or a list holding it, weak or not. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * A stored logo with its ETag (the SHA-256 of the bytes), a day's cache (the provider lists the address with the
 * hash's start, so a new logo is a new address) and no sniffing; 304 when the client holds this ETag.
 */
function sendLogo(
  request: FastifyRequest,
  reply: FastifyReply,
  logo: { contentType: string; data: Buffer; hash: string },
): FastifyReply {
  const etag = `"${logo.hash}"`;
  reply
    .header('etag', etag)
    .header('cache-control', 'public, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.header('content-type', logo.contentType).send(logo.data);
}

/** News (spec section 7 "News" and the Market call `/market/news?from&to` or `events[]`). */
export function newsRoutes(deps: { news: NewsService }): FastifyPluginAsyncZod {
  const { news } = deps;
  return async (app) => {
    app.addHook('preValidation', foldArrayKeys);

    app.get(
      '/market/news',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'News items, newest first by default, with the caller’s read and saved state',
          description: listDescription,
          querystring: newsListQuerySchema,
          response: { 200: newsPageSchema, ...folderNotFound },
        },
      },
      async (request) => news.list(authOf(request).userId, request.query),
    );

    app.get(
      '/market/news/favorites',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s saved (read-later) items, with the same query as GET /market/news',
          description: listDescription,
          querystring: newsListQuerySchema,
          response: { 200: newsPageSchema, ...folderNotFound },
        },
      },
      async (request) => news.list(authOf(request).userId, request.query, { savedOnly: true }),
    );

    app.get(
      '/market/news/providers',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'News providers: the built-in Simulated provider and the operator’s feeds (NEWS_FEEDS)',
          response: { 200: newsProviderListSchema },
        },
      },
      async () => ({ providers: await news.providers() }),
    );

    app.get(
      '/market/news/providers/:id/logo',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A feed provider’s logo, fetched from the address its feed names and served from here',
          description:
            'PNG, JPEG, GIF, WebP or icon, at most 256 KB, fetched again once a day or when the feed names another ' +
            'address. `ETag` is the SHA-256 of the bytes; a matching `If-None-Match` answers 304. Providers list this ' +
            'address (with `?v=` the start of the hash) as their `logo` when one is stored.',
          params: newsProviderParamsSchema,
          produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/x-icon'],
          response: {
            200: imageBytesSchema,
            304: z.null().describe('The copy the client holds (If-None-Match) is current'),
            404: errorBodySchema.describe(
              'The provider has no stored logo, or no provider has this id (NEWS_LOGO_NOT_FOUND)',
            ),
          },
        },
      },
      async (request, reply) => sendLogo(request, reply, await news.logo(request.params.id)),
    );

    app.get(
      '/market/news/unread',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Unread items of the caller, in total and per provider',
          response: { 200: newsUnreadSchema },
        },
      },
      async (request) => news.unread(authOf(request).userId),
    );

    app.get(
      '/market/news/recent',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s recently watched items, the last opened first',
          description: 'An item is put first each time GET /market/news/article/read/{id} opens it; at most 20.',
          querystring: newsRecentQuerySchema,
          response: { 200: newsRecentSchema },
        },
      },
      async (request) => ({ items: await news.recent(authOf(request).userId, request.query.limit) }),
    );

    app.put(
      '/market/news/read-all',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Marks items read: all, those older than 1 day (day) or older than 7 days (week)',
          description:
            '`segments` limits it to providers or folders, as in GET /market/news. Answers how many were marked.',
          body: newsReadAllBodySchema,
          response: { 200: newsReadAllAnswerSchema, ...folderNotFound },
        },
      },
      async (request) => news.readAll(authOf(request).userId, request.body),
    );

    app.get(
      '/market/news/article/read/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Opens an item: answers it, marks it read and puts it first in the recently watched list',
          params: newsArticleParamsSchema,
          response: { 200: newsItemSchema, ...itemNotFound },
        },
      },
      async (request) => news.read(authOf(request).userId, request.params.id),
    );

    app.put(
      '/market/news/article/:id/save',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Saves an item to read later (isSaved); saving it again changes nothing',
          params: newsArticleParamsSchema,
          response: { 200: newsItemSchema, ...itemNotFound },
        },
      },
      async (request) => news.save(authOf(request).userId, request.params.id),
    );

    app.delete(
      '/market/news/article/:id/unsave',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Removes an item from read later',
          params: newsArticleParamsSchema,
          response: { 200: newsItemSchema, ...itemNotFound },
        },
      },
      async (request) => news.unsave(authOf(request).userId, request.params.id),
    );

    app.get(
      '/market/news/folders',
      {
        preHandler: app.authenticate,
        schema: { tags, summary: 'The caller’s news folders, oldest first', response: { 200: newsFolderListSchema } },
      },
      async (request) => ({ folders: await news.folders(authOf(request).userId) }),
    );

    app.post(
      '/market/news/folders',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Makes a news folder (colour #8861E4 and open unless given) holding providers',
          description:
            '`providers` are provider ids; the answer sorts them into the sections Providers and Integrations.',
          body: createNewsFolderBodySchema,
          response: { 201: newsFolderSchema, 409: errorBodySchema.describe('NEWS_FOLDER_LIMIT_REACHED') },
        },
      },
      async (request, reply) => reply.status(201).send(await news.createFolder(authOf(request).userId, request.body)),
    );

    app.get(
      '/market/news/folders/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A news folder of the caller',
          params: newsFolderParamsSchema,
          response: { 200: newsFolderSchema, ...folderNotFound },
        },
      },
      async (request) => news.folder(authOf(request).userId, request.params.id),
    );

    app.put(
      '/market/news/folders/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Renames, recolours, opens or closes a folder, or replaces its providers',
          params: newsFolderParamsSchema,
          body: updateNewsFolderBodySchema,
          response: { 200: newsFolderSchema, ...folderNotFound },
        },
      },
      async (request) => news.updateFolder(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/market/news/folders/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a news folder (its providers stay)',
          params: newsFolderParamsSchema,
          response: { 200: okSchema, ...folderNotFound },
        },
      },
      async (request) => {
        await news.deleteFolder(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
