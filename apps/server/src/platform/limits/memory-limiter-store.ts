import type { Clock } from '../clock.js';
import type { Counter, LimiterStore } from './limiter-store.js';

type Entry =
  | { type: 'counter'; counter: Counter }
  | { type: 'set'; members: Map<string, number>; expiresAt: number }
  | { type: 'claim'; expiresAt: number };

const expiresAt = (entry: Entry) => (entry.type === 'counter' ? entry.counter.resetAt : entry.expiresAt);

/**
 * The in-process store (one API process). Expired keys are swept every `sweepEvery` writes, and past
 * `maxKeys` the oldest keys go first, so a flood of distinct keys cannot grow memory without bound.
 */
export function createMemoryLimiterStore(
  clock: Clock,
  options: { maxKeys?: number; sweepEvery?: number } = {},
): LimiterStore {
  const maxKeys = options.maxKeys ?? 100_000;
  const sweepEvery = options.sweepEvery ?? 1000;
  const entries = new Map<string, Entry>();
  let writes = 0;
  const now = () => clock.now().getTime();

  function live(key: string, at: number): Entry | undefined {
    const entry = entries.get(key);
    if (entry && expiresAt(entry) <= at) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function store(key: string, entry: Entry, at: number): void {
    // Re-inserting moves the key to the end, so the Map's order is "least recently written first".
    entries.delete(key);
    entries.set(key, entry);
    if (++writes % sweepEvery === 0) {
      for (const [k, e] of entries) if (expiresAt(e) <= at) entries.delete(k);
    }
    for (const k of entries.keys()) {
      if (entries.size <= maxKeys) break;
      entries.delete(k);
    }
  }

  function liveMembers(key: string, at: number, windowMs: number): Map<string, number> {
    const entry = live(key, at);
    const members = entry?.type === 'set' ? entry.members : new Map<string, number>();
    for (const [m, addedAt] of members) if (addedAt <= at - windowMs) members.delete(m);
    return members;
  }

  return {
    kind: 'memory',

    async hit(key, { windowMs, sliding = false }) {
      const at = now();
      const entry = live(key, at);
      const previous = entry?.type === 'counter' ? entry.counter : undefined;
      const counter: Counter = previous
        ? {
            count: previous.count + 1,
            firstAt: previous.firstAt,
            lastAt: at,
            resetAt: sliding ? at + windowMs : previous.resetAt,
          }
        : { count: 1, firstAt: at, lastAt: at, resetAt: at + windowMs };
      store(key, { type: 'counter', counter }, at);
      return { ...counter };
    },

    async peek(key) {
      const entry = live(key, now());
      return entry?.type === 'counter' ? { ...entry.counter } : null;
    },

    async addMember(key, member, { windowMs }) {
      const at = now();
      const members = liveMembers(key, at, windowMs);
      members.delete(member);
      members.set(member, at);
      store(key, { type: 'set', members, expiresAt: at + windowMs }, at);
      return members.size;
    },

    async members(key, member, { windowMs }) {
      const members = liveMembers(key, now(), windowMs);
      const times = [...members.values()];
      return { size: members.size, has: members.has(member), oldestAt: times.length ? Math.min(...times) : null };
    },

    async claim(key, { windowMs }) {
      const at = now();
      if (live(key, at)) return false;
      store(key, { type: 'claim', expiresAt: at + windowMs }, at);
      return true;
    },

    async delete(...keys) {
      for (const key of keys) entries.delete(key);
    },

    async close() {
      entries.clear();
    },
  };
}
