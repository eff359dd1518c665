import { Redis } from 'ioredis';
import type { BusHandler, BusMessage, EventBus } from './event-bus.js';

const CHANNEL = 'tradedesk:events';

/** Redis pub/sub bus: every process publishing to and hearing from one Redis channel. */
export async function createRedisBus(url: string): Promise<EventBus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers = new Set<BusHandler>();
  sub.on('message', (_channel: string, raw: string) => {
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch {
      return;
    }
    for (const h of handlers) h(message);
  });
  await sub.subscribe(CHANNEL);
  return {
    kind: 'redis',
    async publish(message) {
      await pub.publish(CHANNEL, JSON.stringify(message));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
