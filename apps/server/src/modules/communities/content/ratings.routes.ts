import {
  communityIdParamsSchema,
  communityPageQuerySchema,
  communityRatingBodySchema,
  communityRatingSchema,
  communityRatingsSchema,
  errorBodySchema,
  okSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { RatingsService } from './ratings.service.js';

const tags = ['communities'];
const notFound = errorBodySchema.describe('COMMUNITY_NOT_FOUND: no community the caller can see has this id');

/** Legacy ratings under /communities/{id}/ratings (spec section 7). */
export function ratingsRoutes(deps: { ratings: RatingsService }): FastifyPluginAsyncZod {
  const { ratings } = deps;
  return async (app) => {
    const auth = { onRequest: app.authenticate };
    const me = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;

    app.get(
      '/communities/:id/ratings',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Ratings of a community, newest first, with the average and the caller’s own',
          params: communityIdParamsSchema,
          querystring: communityPageQuerySchema,
          response: {
            200: communityRatingsSchema,
            403: errorBodySchema.describe('COMMUNITY_NOT_MEMBER (a private community) or COMMUNITY_BANNED'),
            404: notFound,
          },
        },
      },
      async (request) => ratings.list(me(request), request.params.id, request.query.page, request.query.limit),
    );

    app.post(
      '/communities/:id/ratings',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Rates the community 1-5 with an optional review (members; rating again replaces it)',
          params: communityIdParamsSchema,
          body: communityRatingBodySchema,
          response: {
            200: communityRatingSchema,
            403: errorBodySchema.describe('COMMUNITY_NOT_MEMBER or COMMUNITY_BANNED'),
            404: notFound,
          },
        },
      },
      async (request) => ratings.rate(me(request), request.params.id, request.body),
    );

    app.delete(
      '/communities/:id/ratings',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Takes the caller’s rating back',
          params: communityIdParamsSchema,
          response: {
            200: okSchema,
            404: errorBodySchema.describe(
              'COMMUNITY_NOT_FOUND, or COMMUNITY_ITEM_NOT_FOUND: the caller has not rated it',
            ),
          },
        },
      },
      async (request) => {
        await ratings.remove(me(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
