import type { AppConfig } from '../../config.js';
import { type BusLogger, createMemoryBus, type EventBus } from './event-bus.js';

/** Redis pub/sub when REDIS_URL is set (several processes share events), in-process otherwise. */
export async function createEventBus(
  config: Pick<AppConfig, 'redisUrl'>,
  options: { log?: BusLogger; redisChannel?: string } = {},
): Promise<EventBus> {
  if (config.redisUrl) {
    const { createRedisBus } = await import('./redis-bus.js');
    return createRedisBus(config.redisUrl, { log: options.log, channel: options.redisChannel });
  }
  return createMemoryBus({ log: options.log });
}
