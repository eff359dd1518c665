import type { AppConfig } from '../../config.js';
import { createMemoryBus, type EventBus } from './event-bus.js';

export async function createEventBus(config: Pick<AppConfig, 'redisUrl'>): Promise<EventBus> {
  if (config.redisUrl) {
    const { createRedisBus } = await import('./redis-bus.js');
    return createRedisBus(config.redisUrl);
  }
  return createMemoryBus();
}
