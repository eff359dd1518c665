import { CANDLE_EVENT, type LiveCandle, type LiveQuote, QUOTE_EVENT } from '@tradedesk/contracts';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { JobContext, JobDefinition } from '../../platform/jobs/job-runner.js';
import type { InterestRegistry } from './market-feed.interest.js';
import { type FeedChannel, type MarketFeedService, parseFeedChannel } from './market-feed.service.js';

export const MARKET_FEED_JOB = 'market-feed';

/** A stable spread of channels over the interval: FNV-1a of the name, in [1, tickMs]. */
function phaseOf(name: string, tickMs: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return 1 + ((h >>> 0) % tickMs);
}

/**
 * The leader's feed: the quote and forming bars of the channels someone listens to, each every `tickMs` of the
 * clock, published on the event bus (and so to the sockets of every API process). A channel is sent as soon as
 * it is announced, then at its own phase of the interval, so the ticks of many symbols are spread over it and no
 * single burst has to reach every socket at once. A closed market's quote and a bar that did not change since
 * its last message are not repeated; a new subscriber gets the current value from its own process.
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
  /** Clock time (unix ms) each channel is next due. */
  const due = new Map<string, number>();
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

  function messageOf(channel: FeedChannel, now: number) {
    if (channel.kind === 'quotes') {
      const q = service.quoteAt(channel.symbol, now);
      // An open market's quote goes out every tick (its time tells the client the feed is alive); a closed
      // market's does not move, so it is sent once.
      return {
        event: QUOTE_EVENT,
        data: q as LiveQuote | LiveCandle,
        key: q.open ? String(q.time) : `${q.bid}|${q.ask}|closed`,
      };
    }
    const c = service.formingCandleAt(channel.symbol, channel.timeframe, now);
    if (!c) return undefined;
    return {
      event: CANDLE_EVENT,
      data: c as LiveQuote | LiveCandle,
      key: `${c.time}|${c.open}|${c.high}|${c.low}|${c.close}|${c.volume}`,
    };
  }

  /** Publishes the channels due at the clock's now; answers how many messages went out. */
  async function tick(): Promise<number> {
    const now = clock.now().getTime();
    const names = interest.channels();
    const wanted = new Set(names);
    for (const key of due.keys()) {
      if (!wanted.has(key)) {
        due.delete(key);
        lastSent.delete(key);
        parsed.delete(key);
      }
    }
    service.forget(wanted);
    const sends: Promise<void>[] = [];
    for (const name of names) {
      const at = due.get(name);
      if (at !== undefined && at > now) continue;
      // Keeps each channel's cadence; a new channel, or one late by more than a tick (a stall, a clock moved by
      // hand), goes now and next at its phase of the interval.
      let next = at !== undefined && at + tickMs > now ? at + tickMs : now - (now % tickMs) + phaseOf(name, tickMs);
      if (next <= now) next += tickMs;
      due.set(name, next);
      const channel = channelOf(name);
      if (!channel) continue;
      const message = messageOf(channel, now);
      if (!message || lastSent.get(name) === message.key) continue;
      lastSent.set(name, message.key);
      sends.push(bus.publish({ channel: name, event: message.event, data: message.data }));
    }
    await Promise.all(sends);
    return sends.length;
  }

  return {
    tick,
    /** The job: polled five times a tick, it sends the channels that are due. */
    job: {
      name: MARKET_FEED_JOB,
      intervalMs: Math.max(10, Math.min(50, Math.floor(tickMs / 5))),
      async run({ signal }: JobContext) {
        if (signal !== term) {
          // A new term as leader: ask every process what its clients listen to, and start afresh.
          term = signal;
          lastSent.clear();
          due.clear();
          await interest.request();
        }
        await tick();
      },
    } satisfies JobDefinition,
  };
}
