/**
 * Price levels of one symbol kept in price order, so that a move of the price from `a` to `b` finds the levels it
 * passed (those within [min(a, b), max(a, b)]) by two binary searches: O(log n + k) for k levels found, instead
 * of a scan of every level. Adding and removing are O(n) (an array splice), rare next to quotes.
 */
export class LevelIndex {
  #prices: number[] = [];
  #ids: string[] = [];

  get size(): number {
    return this.#prices.length;
  }

  /** The first position whose price is >= p (or > p when `after`). */
  #search(p: number, after: boolean): number {
    const prices = this.#prices;
    let lo = 0;
    let hi = prices.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const v = prices[mid]!;
      if (v < p || (after && v === p)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(id: string, price: number): void {
    const at = this.#search(price, true);
    this.#prices.splice(at, 0, price);
    this.#ids.splice(at, 0, id);
  }

  /** Removes one level of `id` at `price`; false when there is none. */
  remove(id: string, price: number): boolean {
    for (let i = this.#search(price, false); i < this.#prices.length && this.#prices[i] === price; i++) {
      if (this.#ids[i] === id) {
        this.#prices.splice(i, 1);
        this.#ids.splice(i, 1);
        return true;
      }
    }
    return false;
  }

  /** Calls `visit` with the id of every level within [lo, hi], both ends included, in price order. */
  between(lo: number, hi: number, visit: (id: string) => void): void {
    const end = this.#search(hi, true);
    for (let i = this.#search(lo, false); i < end; i++) visit(this.#ids[i]!);
  }
}
