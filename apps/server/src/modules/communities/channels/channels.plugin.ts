import {
  CHANNEL_ACCESS_CHANGED_EVENT,
  COMMUNITY_ACCESS_EVENT,
  COMMUNITY_CHANNEL_WS_PREFIX,
} from '@tradedesk/contracts';
import type { AppContext } from '../../../platform/context.js';
import type { CommunitySliceDeps } from '../communities.types.js';
import {
  type ChannelLimits,
  createChannelMessagesService,
  DEFAULT_CHANNEL_LIMITS,
} from './channel-messages.service.js';
import { createChannelsRepository } from './channels.repository.js';
import { channelsRoutes } from './channels.routes.js';
import { createChannelsService } from './channels.service.js';

/**
 * The channels slice (docs/api.md "Communities: channels"): mount `routes` under /api. Registers the WebSocket
 * family `community-channel` (a subscriber must see the channel, as on GET, and is checked again whenever their
 * access changes); counters through ctx.limits.
 */
export function createCommunityChannels(
  ctx: Pick<AppContext, 'db' | 'clock' | 'bus' | 'limits' | 'gateway'>,
  deps: CommunitySliceDeps,
  options: { allowance?: ChannelLimits } = {},
) {
  const repo = createChannelsRepository(ctx.db);
  const channels = createChannelsService({ db: ctx.db, clock: ctx.clock, bus: ctx.bus, access: deps.access, repo });
  const messages = createChannelMessagesService({
    db: ctx.db,
    clock: ctx.clock,
    bus: ctx.bus,
    limits: ctx.limits,
    access: deps.access,
    graph: deps.graph,
    notifier: deps.notifier,
    repo,
    channels,
    allowance: options.allowance ?? DEFAULT_CHANNEL_LIMITS,
  });
  // a ban, removal, leaving, a role change or the community's deletion (each tells the person `community.access`),
  // and a channel made private, given other roles or deleted, ask again at once whether open subscriptions may stay
  ctx.gateway.registerChannel(COMMUNITY_CHANNEL_WS_PREFIX, messages.authorize, {
    recheckOn: [COMMUNITY_ACCESS_EVENT, CHANNEL_ACCESS_CHANGED_EVENT],
  });
  return { channels, messages, repo, routes: channelsRoutes({ channels, messages }) };
}
export type CommunityChannelsModule = ReturnType<typeof createCommunityChannels>;
