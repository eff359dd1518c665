/**
 * Counters that throttle guessing and abuse, shared by every API process when Redis is configured.
 * Time comes from the injected clock (passed to Redis as an argument, never read from its clock), so
 * tests pin and advance it; a key's Redis TTL only frees memory after its window has passed.
 */

/** A live counter: how many hits since `firstAt`, the last one at `lastAt`; it ends at `resetAt` (ms). */
export type Counter = { count: number; firstAt: number; lastAt: number; resetAt: number };

export type MemberInfo = { size: number; has: boolean; oldestAt: number | null };

export type HitOptions = {
  windowMs: number;
  /**
   * false (default): a fixed window, ending `windowMs` after the first hit.
   * true: the window ends `windowMs` after the latest hit, so steady attempts are never forgotten.
   */
  sliding?: boolean;
};

export interface LimiterStore {
  readonly kind: 'memory' | 'redis';
  /** Adds one to the counter of `key` (a new counter when none is live) and answers it. */
  hit(key: string, options: HitOptions): Promise<Counter>;
  /** The live counter of `key`, or null. */
  peek(key: string): Promise<Counter | null>;
  /**
   * Adds `member` to the set under `key` and answers how many distinct members were added within the
   * last `windowMs` (each member counts from its latest addition).
   */
  addMember(key: string, member: string, options: { windowMs: number }): Promise<number>;
  /**
   * How many distinct members the set got within the last `windowMs`, whether `member` is one, and when
   * the oldest of them was added (null for none): it leaves the window at `oldestAt + windowMs`.
   */
  members(key: string, member: string, options: { windowMs: number }): Promise<MemberInfo>;
  /** True for the first caller within `windowMs` of the last successful claim of `key`; false otherwise. */
  claim(key: string, options: { windowMs: number }): Promise<boolean>;
  delete(...keys: string[]): Promise<void>;
  close(): Promise<void>;
}
