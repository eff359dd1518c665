/**
 * A bounded memo table for pure computations: two generations of maps, so a look-up never reorders anything
 * and at most `maxEntries` values are kept. Values used since the last generation change survive it (close to
 * least-recently-used eviction, without its bookkeeping cost).
 */
export class LruCache<K, V> {
  readonly #half: number;
  #current = new Map<K, V>();
  #previous = new Map<K, V>();

  constructor(maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 2)
      throw new RangeError('maxEntries must be a whole number of at least 2.');
    this.#half = Math.floor(maxEntries / 2);
  }

  get size(): number {
    return this.#current.size + this.#previous.size;
  }

  get(key: K): V | undefined {
    const v = this.#current.get(key);
    if (v !== undefined) return v;
    const old = this.#previous.get(key);
    if (old !== undefined) {
      this.#previous.delete(key);
      this.set(key, old);
    }
    return old;
  }

  set(key: K, value: V): void {
    if (this.#current.size >= this.#half && !this.#current.has(key)) {
      this.#previous = this.#current;
      this.#current = new Map();
    }
    this.#current.set(key, value);
  }

  /** The cached value, or the computed one (then cached). */
  getOrCompute(key: K, compute: () => V): V {
    const v = this.get(key);
    if (v !== undefined) return v;
    const made = compute();
    this.set(key, made);
    return made;
  }

  clear(): void {
    this.#current.clear();
    this.#previous.clear();
  }
}
