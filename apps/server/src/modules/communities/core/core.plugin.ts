import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import type { PlanGate } from '../../billing/entitlements/entitlements.js';
import type { CommunitySliceDeps } from '../communities.types.js';
import { createCommunityImages } from './core.images.js';
import { createCommunityPurge } from './core.purge.js';
import { createCoreRepository } from './core.repository.js';
import { coreRoutes } from './core.routes.js';
import { createCommunitiesService } from './core.service.js';
import { createCoreView, noRatings, type RatingLookup } from './core.view.js';
import { communityImageRoutes } from './images.routes.js';
import { membershipRoutes } from './membership.routes.js';
import { createMembershipService } from './membership.service.js';

/**
 * The core slice of communities: the directory and lists, creation, the page, settings, images, deletion with a
 * grace period (and the leader job `community-purge`), joining and leaving, join requests, pins and notification
 * preferences. Mount `routes` under /api and register `job` on `ctx.jobs`. The ratings slice fills the page's
 * `rating` with `setRatingLookup`.
 */
export function createCommunityCore(
  ctx: Pick<AppContext, 'db' | 'clock' | 'storage' | 'config'>,
  deps: CommunitySliceDeps,
  options: {
    log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
    entitlements?: PlanGate;
    /** The community's visibility changed: the channels slice checks its live subscribers again. */
    onVisibilityChanged?: (communityId: string) => Promise<void>;
  } = {},
) {
  const { db, clock, storage } = ctx;
  const { access, graph, notifier } = deps;
  const repo = createCoreRepository(db);
  let ratings: RatingLookup = noRatings;
  const urlOf = (key: string | null) => (key ? storage.url(key) : null);
  const view = createCoreView({ access, graph, repo, urlOf, ratings: () => ratings });
  const communities = createCommunitiesService({
    db,
    clock,
    access,
    repo,
    view,
    entitlements: options.entitlements,
    onVisibilityChanged: options.onVisibilityChanged,
  });
  const membership = createMembershipService({ db, clock, access, graph, notifier, repo, view });
  const images = createCommunityImages({
    db,
    clock,
    access,
    repo,
    storage,
    onCleanupError: (err, key) => options.log?.warn({ err, key }, 'a replaced community image could not be deleted'),
  });
  const purge = createCommunityPurge({ repo, clock, removeFile: images.removeQuietly, log: options.log });

  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(coreRoutes({ communities, images }));
    await app.register(membershipRoutes({ membership }));
    await app.register(communityImageRoutes({ images, maxBytes: ctx.config.uploadMaxBytes }));
  };

  return {
    routes,
    communities,
    membership,
    view,
    purge,
    job: purge.job,
    /** The ratings slice's lookup (`ratingOf`), used for the page's `rating` from then on. */
    setRatingLookup(lookup: RatingLookup): void {
      ratings = lookup;
    },
  };
}
export type CommunityCore = ReturnType<typeof createCommunityCore>;
