import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import type { CommunityPostsLink } from '../../social/posts/posts.ports.js';
import type { CommunitySliceDeps } from '../communities.types.js';
import { createCommunityGate } from './community-gate.js';
import { createContentRepository } from './content.repository.js';
import { communityFeedRoutes } from './feed.routes.js';
import { createCommunityFeedService } from './feed.service.js';
import { createItemsService } from './items.service.js';
import { ratingsRoutes } from './ratings.routes.js';
import { createRatingsService } from './ratings.service.js';
import { rulesLinksRoutes } from './rules-links.routes.js';

/**
 * The content slice of communities: rules and links, legacy ratings, the community feed and its pins, and the gate
 * community posts pass in the social posts slice. Built, it tells the access service where the rules are
 * (`requireWrite` then asks members to accept them) and hands the gate to the posts slice. Mount `routes` under
 * /api; `ratingOf` is the core slice's rating port.
 */
export function createCommunityContent(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  deps: CommunitySliceDeps,
  posts?: CommunityPostsLink,
) {
  const repo = createContentRepository(ctx.db);
  const items = createItemsService({ db: ctx.db, repo, access: deps.access, clock: ctx.clock });
  deps.access.setRulesLookup(items.hasRules);
  const ratings = createRatingsService({ repo, access: deps.access, graph: deps.graph, clock: ctx.clock });
  const feed = createCommunityFeedService({
    db: ctx.db,
    repo,
    access: deps.access,
    clock: ctx.clock,
    posts: () => posts,
  });
  const gate = createCommunityGate({ db: ctx.db, repo, access: deps.access });
  posts?.useCommunityGate(gate);
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(rulesLinksRoutes({ items }));
    await app.register(ratingsRoutes({ ratings }));
    await app.register(communityFeedRoutes({ feed }));
  };
  return { items, ratings, feed, gate, routes, ratingOf: ratings.ratingOf };
}
export type CommunityContent = ReturnType<typeof createCommunityContent>;
