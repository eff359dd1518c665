import { randomUUID } from 'node:crypto';
import { CANDLES_CHANNEL_PREFIX, QUOTES_CHANNEL_PREFIX } from '@tradedesk/contracts';
import type { BusMessage, EventBus } from '../../platform/bus/event-bus.js';
import type { WsGateway } from '../../platform/ws/ws-gateway.js';

/**
 * Which live channels have listeners, across every API process. Each process that holds sockets announces
 * the market channels its clients are subscribed to on the event bus (at once when one is added or left,
 * and every `announceMs` as a heartbeat); the leader's feed publishes only those. An announcement lapses
 * after `ttlMs` without a new one, so a process that died stops costing ticks. Clients never see this bus
 * channel: no channel family of that name is registered with the gateway.
 */
export const INTEREST_BUS_CHANNEL = 'internal:market-feed';
export const INTEREST_EVENT = 'interest';
/** Sent by a new leader: every process answers with its announcement at once. */
export const INTEREST_REQUEST_EVENT = 'interest.request';

export const DEFAULT_ANNOUNCE_MS = 2_000;

type Announcement = { process: string; channels: string[]; ttlMs: number };

function isAnnouncement(data: unknown): data is Announcement {
  if (!data || typeof data !== 'object') return false;
  const d = data as Record<string, unknown>;
  return (
    typeof d.process === 'string' &&
    Array.isArray(d.channels) &&
    d.channels.every((c) => typeof c === 'string') &&
    typeof d.ttlMs === 'number'
  );
}

const isMarketChannel = (channel: string) =>
  channel.startsWith(`${QUOTES_CHANNEL_PREFIX}:`) || channel.startsWith(`${CANDLES_CHANNEL_PREFIX}:`);

/** The side of a process that holds sockets: tells the leader what its clients listen to. */
export function createInterestAnnouncer(deps: {
  bus: EventBus;
  gateway: Pick<WsGateway, 'activeChannels' | 'onChannelActivity'>;
  announceMs?: number;
  log: { error(obj: object, msg: string): void };
}) {
  const announceMs = deps.announceMs ?? DEFAULT_ANNOUNCE_MS;
  const processId = randomUUID();
  let pending = false;
  let lastWasEmpty = true;
  let stopped = false;

  const channels = () => [
    ...deps.gateway.activeChannels(QUOTES_CHANNEL_PREFIX),
    ...deps.gateway.activeChannels(CANDLES_CHANNEL_PREFIX),
  ];

  async function announce(): Promise<void> {
    if (stopped) return;
    const list = channels();
    // An idle process says nothing, once it has said that it has nothing.
    if (list.length === 0 && lastWasEmpty) return;
    lastWasEmpty = list.length === 0;
    try {
      await deps.bus.publish({
        channel: INTEREST_BUS_CHANNEL,
        event: INTEREST_EVENT,
        data: { process: processId, channels: list, ttlMs: announceMs * 3 } satisfies Announcement,
      });
    } catch (err) {
      deps.log.error({ err }, 'could not announce the live channels in use');
    }
  }

  /** Several subscriptions in one burst (a page opening a watchlist) make one announcement. */
  function soon(): void {
    if (pending || stopped) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      void announce();
    });
  }

  const stopActivity = deps.gateway.onChannelActivity((channel) => {
    if (isMarketChannel(channel)) soon();
  });
  const stopRequests = deps.bus.subscribe((message) => {
    if (message.channel === INTEREST_BUS_CHANNEL && message.event === INTEREST_REQUEST_EVENT) soon();
  });
  const timer = setInterval(() => void announce(), announceMs);
  timer.unref();

  return {
    processId,
    announce,
    stop() {
      stopped = true;
      clearInterval(timer);
      stopActivity();
      stopRequests();
    },
  };
}

/**
 * The leader's side: the union of the channels every process announced and that have not lapsed. Kept by
 * every process that may lead, so a new leader knows the interest as soon as it takes over.
 */
export function createInterestRegistry(deps: { bus: EventBus; monotonicNow?: () => number }) {
  const now = deps.monotonicNow ?? (() => performance.now());
  const byProcess = new Map<string, { channels: string[]; expiresAt: number }>();

  function onMessage(message: BusMessage): void {
    if (message.channel !== INTEREST_BUS_CHANNEL || message.event !== INTEREST_EVENT) return;
    if (!isAnnouncement(message.data)) return;
    const { process, channels, ttlMs } = message.data;
    if (channels.length === 0) byProcess.delete(process);
    else byProcess.set(process, { channels: channels.filter(isMarketChannel), expiresAt: now() + ttlMs });
  }
  const stop = deps.bus.subscribe(onMessage);

  return {
    /** Market channels with a listener somewhere, in a stable order. */
    channels(): string[] {
      const at = now();
      const all = new Set<string>();
      for (const [process, entry] of byProcess) {
        if (entry.expiresAt <= at) {
          byProcess.delete(process);
          continue;
        }
        for (const c of entry.channels) all.add(c);
      }
      return [...all].sort();
    },
    /** Asks every process to announce now (a new leader does, rather than waiting for the heartbeat). */
    async request(): Promise<void> {
      await deps.bus.publish({ channel: INTEREST_BUS_CHANNEL, event: INTEREST_REQUEST_EVENT, data: {} });
    },
    stop,
  };
}
export type InterestRegistry = ReturnType<typeof createInterestRegistry>;
