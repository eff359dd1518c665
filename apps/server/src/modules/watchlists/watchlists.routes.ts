import {
  createWatchlistBodySchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  sharedWatchlistSchema,
  shareTokenParamsSchema,
  updateWatchlistBodySchema,
  watchlistListSchema,
  watchlistSchema,
  watchlistSymbolBodySchema,
  watchlistSymbolParamsSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { WatchlistsService } from './watchlists.service.js';

const tags = ['watchlists'];
const notFound = { 404: errorBodySchema.describe('No watchlist of the caller has this id (WATCHLIST_NOT_FOUND)') };

/** Watchlists (spec section 7, "Watchlist"), under the spec's paths. */
export function watchlistsRoutes(deps: { watchlists: WatchlistsService }): FastifyPluginAsyncZod {
  const { watchlists } = deps;
  return async (app) => {
    app.get(
      '/watchlist',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s watchlists, the default first, each with its symbols in order',
          response: { 200: watchlistListSchema },
        },
      },
      async (request) => ({ watchlists: await watchlists.list(authOf(request).userId) }),
    );

    app.post(
      '/watchlist',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Makes a watchlist ("My watchlist" unless named), optionally with symbols',
          description: 'The caller’s first watchlist (or the first while none is the default) becomes the default.',
          body: createWatchlistBodySchema,
          response: {
            201: watchlistSchema,
            409: errorBodySchema.describe(
              'WATCHLIST_LIMIT_REACHED, or WATCHLIST_SYMBOL_DUPLICATE for a ticker given twice',
            ),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await watchlists.create(authOf(request).userId, request.body)),
    );

    app.get(
      '/watchlist/share/:token',
      {
        schema: {
          tags,
          summary: 'A shared watchlist, read-only, for anyone with the link (signed out too)',
          description: '404 once the owner stops sharing it or deletes it.',
          params: shareTokenParamsSchema,
          response: { 200: sharedWatchlistSchema, 404: errorBodySchema.describe('No shared watchlist has this token') },
        },
      },
      async (request) => watchlists.shared(request.params.token),
    );

    app.get(
      '/watchlist/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A watchlist of the caller',
          params: idParamsSchema,
          response: { 200: watchlistSchema, ...notFound },
        },
      },
      async (request) => watchlists.get(authOf(request).userId, request.params.id),
    );

    app.put(
      '/watchlist/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Renames, reorders or shares a watchlist',
          description:
            '`symbol_ids` lists every symbol id of the list once, in the new order. `shared: true` makes the ' +
            'public read-only link (its token is `shareToken`, the same until sharing stops); `shared: false` revokes it.',
          params: idParamsSchema,
          body: updateWatchlistBodySchema,
          response: { 200: watchlistSchema, ...notFound },
        },
      },
      async (request) => watchlists.update(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/watchlist/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a watchlist; when it was the default, the oldest one left becomes the default',
          params: idParamsSchema,
          response: { 200: okSchema, ...notFound },
        },
      },
      async (request) => {
        await watchlists.delete(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/watchlist/:id/symbol',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Adds an instrument (`{ source, ticker }`) at the end of a watchlist',
          description: 'A ticker already in the list is refused with 409 WATCHLIST_SYMBOL_DUPLICATE. Answers the list.',
          params: idParamsSchema,
          body: watchlistSymbolBodySchema,
          response: {
            201: watchlistSchema,
            ...notFound,
            409: errorBodySchema.describe(
              'WATCHLIST_SYMBOL_DUPLICATE: already in the list; or WATCHLIST_SYMBOL_LIMIT_REACHED',
            ),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await watchlists.addSymbol(authOf(request).userId, request.params.id, request.body)),
    );

    app.delete(
      '/watchlist/:id/symbol/:symbolId',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Removes a symbol from a watchlist; answers the list',
          params: watchlistSymbolParamsSchema,
          response: {
            200: watchlistSchema,
            404: errorBodySchema.describe('No such watchlist of the caller, or symbol in it'),
          },
        },
      },
      async (request) => watchlists.removeSymbol(authOf(request).userId, request.params.id, request.params.symbolId),
    );

    app.get(
      '/watchlist/:id/duplicate',
      {
        preHandler: app.authenticate,
        // the spec's path is a GET, but it makes a list: guarded against cross-site requests like a POST
        config: { stateChanging: true },
        schema: {
          tags,
          summary: 'Copies a watchlist as "<name> (copy)" with the same symbols (not shared, not the default)',
          params: idParamsSchema,
          response: { 201: watchlistSchema, ...notFound, 409: errorBodySchema.describe('WATCHLIST_LIMIT_REACHED') },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await watchlists.duplicate(authOf(request).userId, request.params.id)),
    );

    app.put(
      '/watchlist/:id/default',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Makes a watchlist the caller’s default (the previous default stops being one)',
          params: idParamsSchema,
          response: { 200: watchlistSchema, ...notFound },
        },
      },
      async (request) => watchlists.makeDefault(authOf(request).userId, request.params.id),
    );
  };
}
