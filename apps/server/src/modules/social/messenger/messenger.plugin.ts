import type { AppContext } from '../../../platform/context.js';
import type { ModerationRegistry, SocialGraph, SocialNotifier } from '../social.types.js';
import { createMessengerRepository } from './messenger.repository.js';
import { messengerRoutes } from './messenger.routes.js';
import { createMessengerService, DEFAULT_MESSENGER_LIMITS, type MessengerLimits } from './messenger.service.js';

export type SocialMessengerDeps = {
  /** The profiles slice's graph: blocks, follows, friends and people's summaries. */
  graph: SocialGraph;
  /** Sends the 'message' notice (the moderation slice checks the switch, self and blocks). */
  notifier: SocialNotifier;
  /** Reports of messages; the messenger registers its handler for kind 'message' here. */
  moderation: ModerationRegistry;
  /** Anti-spam allowances; DEFAULT_MESSENGER_LIMITS when omitted. */
  allowance?: MessengerLimits;
};

/**
 * The messenger and friends (docs/api.md "Messenger"): mount `routes` under /api. Live events go over the `user`
 * channel through the bus; counters through ctx.limits.
 */
export function createSocialMessenger(
  ctx: Pick<AppContext, 'db' | 'clock' | 'bus' | 'limits' | 'storage'>,
  deps: SocialMessengerDeps,
) {
  const repo = createMessengerRepository(ctx.db);
  const service = createMessengerService({
    repo,
    graph: deps.graph,
    notifier: deps.notifier,
    moderation: deps.moderation,
    bus: ctx.bus,
    clock: ctx.clock,
    limits: ctx.limits,
    storage: ctx.storage,
    allowance: deps.allowance ?? DEFAULT_MESSENGER_LIMITS,
  });
  deps.moderation.register('message', service.moderationHandler);
  return { service, repo, routes: messengerRoutes({ messenger: service }) };
}
export type SocialMessengerModule = ReturnType<typeof createSocialMessenger>;
