import { CANDLE_EVENT, type LiveCandle, type LiveQuote, QUOTE_EVENT } from '@tradedesk/contracts';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { JobContext, JobDefinition } from '../../platform/jobs/job-runner.js';
import type { InterestRegistry } from './market-feed.interest.js';
import { type FeedChannel, type MarketFeedService, parseFeedChannel } from './market-feed.service.js';

export const MARKET_FEED_JOB = 'market-feed';

/**
 * The leader's feed: every `tickMs` of the clock, the quote and forming bars of the channels someone listens
 * to, published on the event bus (and so to the sockets of every API process). A closed market's quote and a
 * bar that did not change since its last message are not repeated; a new subscriber gets the current value
 * from its own process.
 */
export function createMarketFeed(deps: {
  bus: EventBus;
  clock: Clock;
  service: MarketFeedService;
  interest: Pick<InterestRegistry, 'channels' | 'request'>;
  /** Clock time between two ticks of a channel (MARKET_FEED_INTERVAL_MS). */
  tickMs: number;
  log: { warn(obj: object, msg: string): void };
}) {
  const { bus, clock, service, interest, tickMs } = deps;
  const parsed = new Map<string, FeedChannel | null>();
  const lastSent = new Map<string, string>();
  let nextTickAt = Number.NEGATIVE_INFINITY;
  let term: AbortSignal | undefined;

  function channelOf(name: string): FeedChannel | null {
    let value = parsed.get(name);
    if (value === undefined) {
      const result = parseFeedChannel(name);
      value = result.ok ? result.value : null;
      if (!result.ok) deps.log.warn({ channel: name }, 'ignored an announced channel that is not a market channel');
      parsed.set(name, value);
    }
    return value;
  }

  /** Publishes one tick at the clock's now; answers how many messages went out. */
  async function tick(): Promise<number> {
    const now = clock.now().getTime();
    const names = interest.channels();
    const wanted = new Set(names);
    for (const key of lastSent.keys()) if (!wanted.has(key)) lastSent.delete(key);
    service.forget(wanted);
    const sends: Promise<void>[] = [];
    for (const name of names) {
      const channel = channelOf(name);
      if (!channel) continue;
      let message: { event: string; data: LiveQuote | LiveCandle; key: string };
      if (channel.kind === 'quotes') {
        const q = service.quoteAt(channel.symbol, now);
        // An open market's quote goes out every tick (its time tells the client the feed is alive); a closed
        // market's does not move, so it is sent once.
        message = { event: QUOTE_EVENT, data: q, key: q.open ? String(q.time) : `${q.bid}|${q.ask}|closed` };
      } else {
        const c = service.formingCandleAt(channel.symbol, channel.timeframe, now);
        if (!c) continue;
        message = {
          event: CANDLE_EVENT,
          data: c,
          key: `${c.time}|${c.open}|${c.high}|${c.low}|${c.close}|${c.volume}`,
        };
      }
      if (lastSent.get(name) === message.key) continue;
      lastSent.set(name, message.key);
      sends.push(bus.publish({ channel: name, event: message.event, data: message.data }));
    }
    await Promise.all(sends);
    return sends.length;
  }

  return {
    tick,
    /**
     * The job: polled often, it ticks when the clock reached the next tick, so the rate follows the clock and
     * does not drift by the time a tick takes.
     */
    job: {
      name: MARKET_FEED_JOB,
      intervalMs: Math.max(10, Math.min(50, Math.floor(tickMs / 5))),
      async run({ signal }: JobContext) {
        if (signal !== term) {
          // A new term as leader: ask every process what its clients listen to, and start afresh.
          term = signal;
          lastSent.clear();
          nextTickAt = Number.NEGATIVE_INFINITY;
          await interest.request();
        }
        const now = clock.now().getTime();
        if (now < nextTickAt) return;
        // Keeps the cadence; after a stall (or a clock moved by hand) it starts again from now.
        nextTickAt = nextTickAt + tickMs > now ? nextTickAt + tickMs : now + tickMs;
        await tick();
      },
    } satisfies JobDefinition,
  };
}
