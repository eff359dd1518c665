import type { AppConfig } from '../../config.js';
import type { Clock } from '../clock.js';
import type { LimiterStore } from './limiter-store.js';
import { createMemoryLimiterStore } from './memory-limiter-store.js';

/** Redis when REDIS_URL is set (every API process counts the same attempts), in-process otherwise. */
export async function createLimiterStore(
  config: Pick<AppConfig, 'redisUrl'>,
  options: { clock: Clock; prefix?: string | undefined },
): Promise<LimiterStore> {
  if (config.redisUrl) {
    const { createRedisLimiterStore } = await import('./redis-limiter-store.js');
    return createRedisLimiterStore(config.redisUrl, { clock: options.clock, prefix: options.prefix });
  }
  return createMemoryLimiterStore(options.clock);
}
