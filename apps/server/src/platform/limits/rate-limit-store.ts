import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { LimiterStore } from './limiter-store.js';

/**
 * Lets @fastify/rate-limit count in a LimiterStore: the per-route limits then share the store (and the
 * clock) of the per-account limits, in memory or in Redis. Keys come from each limit's key generator,
 * which names the limit, so one limit used by several routes counts in one place.
 */
export function rateLimitStoreOf(limits: LimiterStore, keyPrefix = 'rl:'): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      limits.hit(keyPrefix + key, { windowMs: timeWindow }).then(
        (counter) => callback(null, { current: counter.count, ttl: Math.max(0, counter.resetAt - counter.lastAt) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return Store;
}
