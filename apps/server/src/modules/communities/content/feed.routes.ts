import {
  communityFeedQuerySchema,
  communityIdParamsSchema,
  communityPostParamsSchema,
  errorBodySchema,
  postPageSchema,
  postSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { CommunityFeedService } from './feed.service.js';

const tags = ['communities'];
const pinErrors = {
  403: errorBodySchema.describe('COMMUNITY_FORBIDDEN (needs "Pin posts"), COMMUNITY_NOT_MEMBER or COMMUNITY_BANNED'),
  404: errorBodySchema.describe('COMMUNITY_NOT_FOUND, or COMMUNITY_ITEM_NOT_FOUND: no post of this community'),
};

/** The community feed and its pinned posts. Posting is POST /posts with visibility community and community_id. */
export function communityFeedRoutes(deps: { feed: CommunityFeedService }): FastifyPluginAsyncZod {
  const { feed } = deps;
  return async (app) => {
    const auth = { onRequest: app.authenticate };
    const me = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;

    app.get(
      '/community/:id/feed',
      {
        ...auth,
        schema: {
          tags,
          summary:
            'The community’s posts: pinned first (`pinned` is the community pin), then newest (sort recent) or top',
          params: communityIdParamsSchema,
          querystring: communityFeedQuerySchema,
          response: {
            200: postPageSchema,
            403: errorBodySchema.describe('COMMUNITY_NOT_MEMBER (a private community) or COMMUNITY_BANNED'),
            404: errorBodySchema.describe('COMMUNITY_NOT_FOUND: no community the caller can see has this id'),
          },
        },
      },
      async (request) => feed.page(me(request), request.params.id, request.query),
    );

    app.post(
      '/community/:id/posts/:postId/pin',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Pins a post to the top of the community feed (pin_posts; at most 5; audited)',
          params: communityPostParamsSchema,
          response: {
            200: postSchema,
            ...pinErrors,
            409: errorBodySchema.describe('COMMUNITY_LIMIT: 5 posts are pinned already'),
          },
        },
      },
      async (request) => feed.pin(me(request), request.params.id, request.params.postId, true),
    );

    app.delete(
      '/community/:id/posts/:postId/pin',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Unpins a post of the community feed (pin_posts; audited)',
          params: communityPostParamsSchema,
          response: { 200: postSchema, ...pinErrors },
        },
      },
      async (request) => feed.pin(me(request), request.params.id, request.params.postId, false),
    );
  };
}
