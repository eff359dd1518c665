import type { SimEarningsEvent, SimIpoEvent } from './types.js';

/** Earnings releases of the catalogue's stocks in [fromMs, toMs), by time then id. */
export function earningsEvents(_fromMs: number, _toMs: number): SimEarningsEvent[] {
  throw new Error('not implemented');
}

export function earningsEventById(_id: string): SimEarningsEvent | null {
  throw new Error('not implemented');
}

/** Fictional IPOs in [fromMs, toMs), by time then id. */
export function ipoEvents(_fromMs: number, _toMs: number): SimIpoEvent[] {
  throw new Error('not implemented');
}

export function ipoEventById(_id: string): SimIpoEvent | null {
  throw new Error('not implemented');
}
