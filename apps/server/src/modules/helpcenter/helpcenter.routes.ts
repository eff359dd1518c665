import {
  errorBodySchema,
  type HelpSearchHit,
  helpSearchQuerySchema,
  helpSearchResultSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { HelpSearchSource } from './helpcenter.types.js';

/** GET /helpcenter/search: one search across the guide, the posts and the caller's own tickets. */
export function helpSearchRoutes(deps: { sources: HelpSearchSource[] }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/helpcenter/search',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['helpcenter'],
          summary:
            'Searches the user guide, the FAQ, bugs, feature requests, announcements, updates, tutorials and the caller’s tickets',
          description: 'Hits of every part, best first (score), at most `limit` (default 20).',
          querystring: helpSearchQuerySchema,
          response: { 200: helpSearchResultSchema, 400: errorBodySchema },
        },
      },
      async (request) => {
        const { q, limit } = request.query;
        const viewerId = authOf(request).userId;
        const found = await Promise.all(deps.sources.map((s) => s.search(q, viewerId, limit)));
        const hits: HelpSearchHit[] = found.flat().sort((a, b) => b.score - a.score || a.title.localeCompare(b.title));
        return { q, hits: hits.slice(0, limit) };
      },
    );
  };
}
