import { Redis } from 'ioredis';
import {
  assertBusMessage,
  type BusHandler,
  type BusLogger,
  dispatch,
  type EventBus,
  isBusMessage,
  silentBusLogger,
} from './event-bus.js';

export const DEFAULT_REDIS_CHANNEL = 'tradedesk:events';

export type RedisBusOptions = {
  log?: BusLogger;
  /** The Redis pub/sub channel every process shares; tests use their own so parallel runs stay apart. */
  channel?: string;
  /** How long to wait for Redis at start-up before failing (ms). */
  connectTimeoutMs?: number;
};

/** Redis pub/sub bus: every process publishing to and hearing from one Redis channel. */
export async function createRedisBus(url: string, options: RedisBusOptions = {}): Promise<EventBus> {
  const log = options.log ?? silentBusLogger;
  const channel = options.channel ?? DEFAULT_REDIS_CHANNEL;
  const redisOptions = {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    // After a reconnect ioredis subscribes again by itself; messages published meanwhile are lost
    // (pub/sub has no history), which suits live quotes and notifications that are also stored.
    autoResubscribe: true,
  };
  const pub = new Redis(url, redisOptions);
  const sub = new Redis(url, redisOptions);
  // Without listeners ioredis prints every reconnect failure to stderr; route them to the log instead.
  let lastError = '';
  const onError = (role: string) => (err: Error) => {
    if (err.message === lastError) return;
    lastError = err.message;
    log.warn({ err, role }, 'redis event bus connection error');
  };
  pub.on('error', onError('publisher'));
  sub.on('error', onError('subscriber'));
  pub.on('ready', () => {
    lastError = '';
  });

  try {
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(channel);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis (${(err as Error).message})`, { cause: err });
  }

  const handlers = new Set<BusHandler>();
  let closed = false;
  sub.on('message', (from: string, raw: string) => {
    if (from !== channel || closed) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      log.warn({ channel: from }, 'dropped a bus message that is not JSON');
      return;
    }
    if (!isBusMessage(message)) {
      log.warn({ channel: from }, 'dropped a bus message without channel/event/data');
      return;
    }
    dispatch([...handlers], message, log);
  });

  return {
    kind: 'redis',
    async publish(message) {
      assertBusMessage(message);
      if (closed) return;
      const payload = JSON.stringify({ channel: message.channel, event: message.event, data: message.data });
      try {
        await pub.publish(channel, payload);
      } catch (err) {
        // Live events are best effort (what matters is stored too): a Redis outage must not fail
        // the request that already committed its change.
        log.error({ err, channel: message.channel, event: message.event }, 'could not publish to Redis; event dropped');
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      // QUIT waits for Redis; when it is unreachable that would hang shutdown, so drop the socket instead.
      await Promise.all(
        [sub, pub].map(async (client) => {
          if (client.status !== 'ready') {
            client.disconnect();
            return;
          }
          await client.quit().catch(() => client.disconnect());
        }),
      );
    },
  };
}
