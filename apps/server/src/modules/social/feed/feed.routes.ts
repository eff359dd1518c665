import {
  errorBodySchema,
  feedNewQuerySchema,
  feedNewSchema,
  feedPageSchema,
  feedQuerySchema,
  postPageSchema,
  profileIdParamsSchema,
  socialPageQuerySchema,
  topicPageSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { FeedService } from './feed.service.js';

const tags = ['social'];

/** The feed, a profile's posts and trending topics (spec section 7 "Community and social": Profile). */
export function feedRoutes(deps: { feed: FeedService }): FastifyPluginAsyncZod {
  const { feed } = deps;
  return async (app) => {
    app.get(
      '/profile/feed',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s feed: posts of people they follow or from anyone, recent or top, by keyset pages',
          description:
            'Send `nextCursor` back as `cursor` for the next page (same filter and sort): pages neither repeat nor ' +
            'skip a post while new ones arrive. Private profiles’ posts reach accepted followers only; blocks hide ' +
            'posts both ways. Sort top: likes + 2 comments + 3 reposts over the 7 days before the first page.',
          querystring: feedQuerySchema,
          response: { 200: feedPageSchema, 400: errorBodySchema.describe('A bad cursor, filter, sort or limit') },
        },
      },
      async (request) => feed.page(authOf(request).userId, request.query),
    );

    app.get(
      '/profile/feed/new',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'How many posts reached the caller’s feed after the post `since` (the new-post banner; at most 100)',
          querystring: feedNewQuerySchema,
          response: { 200: feedNewSchema, 404: errorBodySchema.describe('No post has the id `since`') },
        },
      },
      async (request) => feed.newCount(authOf(request).userId, request.query),
    );

    app.get(
      '/profile/topics',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Trending $SYMBOL tags and #hashtags of the last 7 days’ posts the caller may see, most posts first',
          querystring: socialPageQuerySchema,
          response: { 200: topicPageSchema },
        },
      },
      async (request) => feed.topics(authOf(request).userId, request.query),
    );

    app.get(
      '/profile/:id/posts',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A profile’s posts, pinned first, then newest (page 1, 10 a page by default)',
          params: profileIdParamsSchema,
          querystring: socialPageQuerySchema,
          response: {
            200: postPageSchema,
            403: errorBodySchema.describe('SOCIAL_PROFILE_PRIVATE: private or blocked by the caller'),
            404: errorBodySchema.describe('SOCIAL_PROFILE_NOT_FOUND: unknown, or the profile blocks the caller'),
          },
        },
      },
      async (request) => feed.ofProfile(authOf(request).userId, request.params.id, request.query),
    );
  };
}
