import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../clock.js';
import type { LimiterStore } from './limiter-store.js';
import { createMemoryLimiterStore } from './memory-limiter-store.js';
import { createRedisLimiterStore } from './redis-limiter-store.js';

const MINUTE = 60_000;
const redisUrl = process.env.TEST_REDIS_URL;
const opened: LimiterStore[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

type Kind = { name: string; make: (clock: ManualClock) => Promise<LimiterStore> };
const kinds: Kind[] = [{ name: 'memory', make: async (clock) => createMemoryLimiterStore(clock) }];
if (redisUrl) {
  // Each run has its own key prefix, so parallel runs on one Redis never count each other's hits.
  const prefix = `tradedesk:test:${randomUUID()}:`;
  kinds.push({ name: 'redis', make: (clock) => createRedisLimiterStore(redisUrl, { clock, prefix }) });
}

describe.each(kinds)('$name limiter store', ({ make }) => {
  async function setup() {
    const clock = createManualClock('2026-04-01T08:00:00Z');
    const store = await make(clock);
    opened.push(store);
    return { clock, store, key: randomUUID() };
  }

  it('counts hits in a fixed window that ends windowMs after the first hit', async () => {
    const { clock, store, key } = await setup();
    const start = clock.now().getTime();
    expect(await store.hit(key, { windowMs: MINUTE })).toEqual({
      count: 1,
      firstAt: start,
      lastAt: start,
      resetAt: start + MINUTE,
    });
    clock.advance(40_000);
    expect(await store.hit(key, { windowMs: MINUTE })).toMatchObject({ count: 2, resetAt: start + MINUTE });
    expect(await store.peek(key)).toMatchObject({ count: 2, lastAt: start + 40_000 });
    clock.advance(20_000);
    expect(await store.peek(key)).toBeNull();
    expect(await store.hit(key, { windowMs: MINUTE })).toMatchObject({ count: 1, firstAt: start + MINUTE });
  });

  it('a sliding window lasts windowMs after the latest hit', async () => {
    const { clock, store, key } = await setup();
    for (let i = 0; i < 5; i++) {
      await store.hit(key, { windowMs: MINUTE, sliding: true });
      clock.advance(50_000);
    }
    // 4 minutes after the first hit, still remembered: every hit pushed the end further.
    expect(await store.peek(key)).toMatchObject({ count: 5 });
    clock.advance(10_000);
    expect(await store.peek(key)).toBeNull();
  });

  it('counts distinct members within the window, each from its latest addition', async () => {
    const { clock, store, key } = await setup();
    const window = { windowMs: 15 * MINUTE };
    expect(await store.addMember(key, 'a@example.test', window)).toBe(1);
    expect(await store.addMember(key, 'a@example.test', window)).toBe(1);
    clock.advance(10 * MINUTE);
    expect(await store.addMember(key, 'b@example.test', window)).toBe(2);
    const start = clock.now().getTime() - 10 * MINUTE;
    expect(await store.members(key, 'a@example.test', window)).toEqual({ size: 2, has: true, oldestAt: start });
    clock.advance(6 * MINUTE);
    // a was added 16 minutes ago: out of the window; b stays.
    const b = { size: 1, oldestAt: start + 10 * MINUTE };
    expect(await store.members(key, 'a@example.test', window)).toEqual({ ...b, has: false });
    expect(await store.members(key, 'b@example.test', window)).toEqual({ ...b, has: true });
    expect(await store.addMember(key, 'c@example.test', window)).toBe(2);
    expect(await store.members(randomUUID(), 'x', window)).toEqual({ size: 0, has: false, oldestAt: null });
  });

  it('grants a claim once per window', async () => {
    const { clock, store, key } = await setup();
    expect(await store.claim(key, { windowMs: MINUTE })).toBe(true);
    expect(await store.claim(key, { windowMs: MINUTE })).toBe(false);
    clock.advance(MINUTE - 1);
    expect(await store.claim(key, { windowMs: MINUTE })).toBe(false);
    clock.advance(1);
    expect(await store.claim(key, { windowMs: MINUTE })).toBe(true);
  });

  it('deletes keys of every kind', async () => {
    const { store, key } = await setup();
    await store.hit(`${key}:c`, { windowMs: MINUTE });
    await store.addMember(`${key}:s`, 'm', { windowMs: MINUTE });
    await store.claim(`${key}:k`, { windowMs: MINUTE });
    await store.delete(`${key}:c`, `${key}:s`, `${key}:k`);
    expect(await store.peek(`${key}:c`)).toBeNull();
    expect(await store.members(`${key}:s`, 'm', { windowMs: MINUTE })).toEqual({ size: 0, has: false, oldestAt: null });
    expect(await store.claim(`${key}:k`, { windowMs: MINUTE })).toBe(true);
  });

  it('counts exactly under concurrent hits', async () => {
    const { store, key } = await setup();
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.hit(key, { windowMs: MINUTE })));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe('memory limiter store bounds', () => {
  it('drops the least recently written keys past maxKeys', async () => {
    const store = createMemoryLimiterStore(createManualClock(), { maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) await store.hit(key, { windowMs: MINUTE });
    await store.hit('a', { windowMs: MINUTE });
    await store.hit('d', { windowMs: MINUTE });
    expect(await store.peek('b')).toBeNull();
    expect(await store.peek('a')).toMatchObject({ count: 2 });
    expect(await store.peek('d')).toMatchObject({ count: 1 });
  });
});
