import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import { seedSocialPeople } from '../../demo/demo.social-people.js';
import { profileImagesRoutes } from '../../settings/profile-images.routes.js';
import type { ProfileImagesService } from '../../settings/profile-images.service.js';
import type { UsersService } from '../../users/users.service.js';
import type { ModerationRegistry, SocialNotifier } from '../social.types.js';
import { createSocialGraph } from './profiles.graph.js';
import { createProfileModeration } from './profiles.moderation.js';
import { createProfilesRepository } from './profiles.repository.js';
import { profilesRoutes } from './profiles.routes.js';
import { createProfilesService } from './profiles.service.js';
import { createTrackRecords, type TrackRecordAccounts, type TrackRecordMetrics } from './profiles.track-record.js';
import { createProfileView, type ProfileFigures } from './profiles.view.js';

export type SocialProfilesDeps = {
  /** The settings module's profile images service (`settings.images`). */
  images: ProfileImagesService;
  /** `trading.accounts` (its `get` throws 404 for an account that is not the user's). */
  accounts: TrackRecordAccounts;
  /** `metrics.service`. */
  metrics: TrackRecordMetrics;
  /** The moderation slice's SocialNotifier. */
  notifier: SocialNotifier;
  /** The moderation slice's registry (profile reports go through it). */
  moderation: Pick<ModerationRegistry, 'report'>;
  /** The feed slice's figures: `ideasStats(userId)` and `postCount(viewerId, ownerId)`. */
  figures: ProfileFigures;
  log?: { warn(obj: unknown, msg: string): void };
};

/**
 * The profiles slice of the social community: the SocialGraph every other slice asks, the profile, follow,
 * request, block, search and track-record routes, and the moderation handler of kind `profile`. Mount the
 * routes under /api; register `moderation` with the registry as kind 'profile'.
 */
export function createSocialProfiles(
  ctx: Pick<AppContext, 'db' | 'clock' | 'storage' | 'config'>,
  deps: SocialProfilesDeps,
) {
  const repo = createProfilesRepository(ctx.db);
  const urlOf = (key: string | null) => (key ? ctx.storage.url(key) : null);
  const graph = createSocialGraph(ctx, repo);
  const trackRecords = createTrackRecords({ accounts: deps.accounts, metrics: deps.metrics, clock: ctx.clock });
  const view = createProfileView({
    figures: deps.figures,
    trackRecords,
    urlOf,
    onTrackRecordError: (err, userId) =>
      deps.log?.warn({ err, userId }, 'a published track record could not be computed'),
  });
  const service = createProfilesService({
    repo,
    view,
    trackRecords,
    notifier: deps.notifier,
    moderation: deps.moderation,
    clock: ctx.clock,
    urlOf,
    log: deps.log,
  });
  const moderation = createProfileModeration({ repo, clock: ctx.clock });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(profilesRoutes({ profiles: service }));
    await app.register(
      profileImagesRoutes({
        images: deps.images,
        maxBytes: ctx.config.uploadMaxBytes,
        paths: { avatar: '/profile/settings/image', banner: '/profile/settings/banner' },
        tag: 'social',
      }),
    );
  };
  /** The demo traders and their follows with the demo user (after the demo user is seeded). */
  const seedDemo = (users: Pick<UsersService, 'findByUsername' | 'create'>, log?: { info(msg: string): void }) =>
    seedSocialPeople({ users, profiles: service, now: () => ctx.clock.now(), log });
  return { graph, service, routes, moderation, seedDemo };
}
export type SocialProfiles = ReturnType<typeof createSocialProfiles>;
