import { CANDLES_CHANNEL_PREFIX, QUOTES_CHANNEL_PREFIX } from '@tradedesk/contracts';
import { createSimulatedMarket, type SimulatedMarket } from '@tradedesk/core';
import type { AppContext } from '../../platform/context.js';
import { runsSingletonJobs, servesClients } from '../../platform/jobs/process-role.js';
import type { ChannelAuthorizer } from '../../platform/ws/ws-gateway.js';
import { createInterestAnnouncer, createInterestRegistry } from './market-feed.interest.js';
import { createMarketFeed } from './market-feed.job.js';
import { createMarketFeedService, parseFeedChannel } from './market-feed.service.js';

export type MarketFeedLogger = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/**
 * Live quotes and forming bars over the WebSocket: the channel families `quotes` and `candles` (any signed-in
 * caller, and signed-out guest sockets: the data is public), the leader's feed job, and the
 * announcement of the channels this process's clients use. No HTTP routes.
 */
export function createMarketFeedModule(
  ctx: Pick<AppContext, 'bus' | 'clock' | 'config' | 'gateway' | 'jobs'>,
  options: { log: MarketFeedLogger; market?: SimulatedMarket; announceMs?: number },
) {
  const service = createMarketFeedService({ market: options.market ?? createSimulatedMarket() });

  const authorize: ChannelAuthorizer = ({ channel }) => {
    const parsed = parseFeedChannel(channel);
    return parsed.ok ? true : { refused: parsed.message };
  };
  const snapshot = (channel: string) => {
    const parsed = parseFeedChannel(channel);
    return parsed.ok ? service.snapshot(parsed.value, ctx.clock.now().getTime()) : undefined;
  };
  // Public data: a shared watchlist or chart shows live prices to signed-out visitors too.
  ctx.gateway.registerChannel(QUOTES_CHANNEL_PREFIX, authorize, { snapshot, public: true });
  ctx.gateway.registerChannel(CANDLES_CHANNEL_PREFIX, authorize, { snapshot, public: true });

  const stops: Array<() => void> = [];
  if (servesClients(ctx.config.role)) {
    const announcer = createInterestAnnouncer({
      bus: ctx.bus,
      gateway: ctx.gateway,
      announceMs: options.announceMs,
      log: options.log,
    });
    stops.push(announcer.stop);
  }
  let feed: ReturnType<typeof createMarketFeed> | undefined;
  if (runsSingletonJobs(ctx.config.role)) {
    const interest = createInterestRegistry({ bus: ctx.bus });
    stops.push(interest.stop);
    feed = createMarketFeed({
      bus: ctx.bus,
      clock: ctx.clock,
      service,
      interest,
      tickMs: ctx.config.marketFeedIntervalMs,
      log: options.log,
    });
    stops.push(ctx.jobs.register(feed.job));
  }

  return {
    service,
    feed,
    /** Stops the announcements and the job (at app close). */
    stop() {
      for (const stop of stops.splice(0)) stop();
    },
  };
}
export type MarketFeedModule = ReturnType<typeof createMarketFeedModule>;
