import type { Post } from '@tradedesk/contracts';
import type { SimulatedMarket } from '@tradedesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import type { SocialPostRow } from '../social.table.js';
import { createBookmarksRepository } from './bookmarks.repository.js';
import { bookmarksRoutes } from './bookmarks.routes.js';
import { createBookmarksService } from './bookmarks.service.js';
import { createFeedRepository } from './feed.repository.js';
import { feedRoutes } from './feed.routes.js';
import { createFeedService } from './feed.service.js';
import { createIdeasService, type TradeIdeasPort } from './ideas.service.js';

export type SocialFeedDeps = {
  /** The posts slice's `view`: full posts for many rows in a constant number of queries. */
  view: (viewerId: string, rows: SocialPostRow[]) => Promise<Post[]>;
  /** The one simulated market (live marks of open ideas). */
  market: SimulatedMarket;
};

/**
 * The feed slice of the social community: the feed, a profile's posts, topics, bookmarks with folders and
 * verified trade ideas. `ideas` is the TradeIdeasPort and `bookmarks.bookmarkedOf` the port the posts slice
 * takes; `ideasStats` and `postCount` the profiles slice's. Mount the routes under /api.
 */
export function createSocialFeed(ctx: Pick<AppContext, 'db' | 'clock'>, deps: SocialFeedDeps) {
  const repo = createFeedRepository(ctx.db);
  const service = createFeedService({ repo, view: deps.view, clock: ctx.clock });
  const ideasService = createIdeasService({ db: ctx.db, market: deps.market, clock: ctx.clock });
  const ideas: TradeIdeasPort = {
    attach: ideasService.attach,
    figures: ideasService.figures,
    isLocked: ideasService.isLocked,
  };
  const bookmarks = createBookmarksService({
    repo: createBookmarksRepository(ctx.db),
    feed: repo,
    view: deps.view,
    clock: ctx.clock,
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(feedRoutes({ feed: service }));
    await app.register(bookmarksRoutes({ bookmarks }));
  };
  return {
    service,
    ideas,
    bookmarks,
    routes,
    ideasStats: (userId: string) => ideasService.stats(userId),
    postCount: (viewerId: string, ownerId: string) => service.postCount(viewerId, ownerId),
  };
}
export type SocialFeed = ReturnType<typeof createSocialFeed>;
