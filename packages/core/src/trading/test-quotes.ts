import type { BidAsk, QuoteBook } from './rates.js';

/**
 * A quote book for tests: `[bid, ask]` per symbol, or one number for a zero-spread quote (keeps hand-worked
 * figures simple).
 */
export function quotesOf(entries: Record<string, number | readonly [number, number]>, open = true): QuoteBook {
  const m = new Map<string, BidAsk>();
  for (const [s, v] of Object.entries(entries)) {
    const [bid, ask] = typeof v === 'number' ? [v, v] : v;
    m.set(s, { bid, ask, open });
  }
  return m;
}
