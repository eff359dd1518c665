import { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import type { Counter, LimiterStore } from './limiter-store.js';

export const DEFAULT_LIMITER_PREFIX = 'tradedesk:limits:';

// Every script gets "now" from the caller's clock and keeps its own expiry times; PEXPIRE only lets Redis
// drop a key once its window is over. Each runs atomically, so processes racing on a key count exactly.
const HIT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local sliding = ARGV[3] == '1'
local v = redis.call('HMGET', KEYS[1], 'count', 'first', 'reset')
local count = tonumber(v[1])
local first = tonumber(v[2])
local reset = tonumber(v[3])
if not count or not reset or reset <= now then
  count = 0
  first = now
  reset = now + window
end
count = count + 1
if sliding then reset = now + window end
redis.call('HSET', KEYS[1], 'count', count, 'first', first, 'last', now, 'reset', reset)
redis.call('PEXPIRE', KEYS[1], math.max(1, reset - now))
return {count, first, now, reset}
`;

const PEEK = `
local now = tonumber(ARGV[1])
local v = redis.call('HMGET', KEYS[1], 'count', 'first', 'last', 'reset')
local reset = tonumber(v[4])
if not v[1] or not reset or reset <= now then return false end
return {tonumber(v[1]), tonumber(v[2]), tonumber(v[3]), reset}
`;

// A sorted set scored by the time each member was last added: older ones fall out of the window.
const ADD_MEMBER = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return redis.call('ZCARD', KEYS[1])
`;

const MEMBERS = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local size = redis.call('ZCOUNT', KEYS[1], '(' .. (now - window), '+inf')
local score = tonumber(redis.call('ZSCORE', KEYS[1], ARGV[3]))
local has = 0
if score and score > now - window then has = 1 end
local oldest = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. (now - window), '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
local oldestAt = -1
if oldest[2] then oldestAt = tonumber(oldest[2]) end
return {size, has, oldestAt}
`;

const CLAIM = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local until_ = tonumber(redis.call('GET', KEYS[1]))
if until_ and until_ > now then return 0 end
redis.call('SET', KEYS[1], now + window, 'PX', window)
return 1
`;

type Scripts = {
  limiterHit(key: string, now: number, windowMs: number, sliding: string): Promise<number[]>;
  limiterPeek(key: string, now: number): Promise<number[] | null>;
  limiterAddMember(key: string, now: number, windowMs: number, member: string): Promise<number>;
  limiterMembers(key: string, now: number, windowMs: number, member: string): Promise<number[]>;
  limiterClaim(key: string, now: number, windowMs: number): Promise<number>;
};

const toCounter = (v: number[]): Counter => ({
  count: Number(v[0]),
  firstAt: Number(v[1]),
  lastAt: Number(v[2]),
  resetAt: Number(v[3]),
});

/** The Redis store: every API process reads and writes the same counters. */
export async function createRedisLimiterStore(
  url: string,
  options: { clock: Clock; prefix?: string; connectTimeoutMs?: number },
): Promise<LimiterStore> {
  const prefix = options.prefix ?? DEFAULT_LIMITER_PREFIX;
  const redis = new Redis(url, {
    lazyConnect: true,
    // A limiter call must not hang a sign-in while Redis is away: fail fast, the caller decides.
    maxRetriesPerRequest: 1,
    connectTimeout: options.connectTimeoutMs ?? 5000,
  });
  redis.on('error', () => {
    // Surfaces as a rejected command to the caller, which logs it; without a listener ioredis prints it.
  });
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis (${(err as Error).message})`, { cause: err });
  }
  redis.defineCommand('limiterHit', { numberOfKeys: 1, lua: HIT });
  redis.defineCommand('limiterPeek', { numberOfKeys: 1, lua: PEEK });
  redis.defineCommand('limiterAddMember', { numberOfKeys: 1, lua: ADD_MEMBER });
  redis.defineCommand('limiterMembers', { numberOfKeys: 1, lua: MEMBERS });
  redis.defineCommand('limiterClaim', { numberOfKeys: 1, lua: CLAIM });
  const scripts = redis as unknown as Scripts;
  const now = () => options.clock.now().getTime();
  const ms = (windowMs: number) => Math.max(1, Math.ceil(windowMs));

  return {
    kind: 'redis',
    async hit(key, { windowMs, sliding = false }) {
      return toCounter(await scripts.limiterHit(prefix + key, now(), ms(windowMs), sliding ? '1' : '0'));
    },
    async peek(key) {
      const v = await scripts.limiterPeek(prefix + key, now());
      return v ? toCounter(v) : null;
    },
    async addMember(key, member, { windowMs }) {
      return Number(await scripts.limiterAddMember(prefix + key, now(), ms(windowMs), member));
    },
    async members(key, member, { windowMs }) {
      const [size, has, oldestAt] = await scripts.limiterMembers(prefix + key, now(), ms(windowMs), member);
      return {
        size: Number(size),
        has: has === 1,
        oldestAt: oldestAt === undefined || oldestAt < 0 ? null : Number(oldestAt),
      };
    },
    async claim(key, { windowMs }) {
      return (await scripts.limiterClaim(prefix + key, now(), ms(windowMs))) === 1;
    },
    async delete(...keys) {
      if (keys.length > 0) await redis.del(...keys.map((k) => prefix + k));
    },
    async close() {
      if (redis.status !== 'ready') {
        redis.disconnect();
        return;
      }
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
