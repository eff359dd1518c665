import type { EconomicIndicator, SimEconomicEvent } from './types.js';

/** The recurring macro releases of the simulated calendar. */
export const ECONOMIC_INDICATORS: readonly EconomicIndicator[] = [];

/** Economic releases in [fromMs, toMs), by time then id; deterministic. */
export function economicEvents(_fromMs: number, _toMs: number): SimEconomicEvent[] {
  throw new Error('not implemented');
}

/** One economic release by its id (`${code}-${YYYY-MM-DD}`), or null. */
export function economicEventById(_id: string): SimEconomicEvent | null {
  throw new Error('not implemented');
}

/** The `count` releases of `code` before `beforeMs`, newest first. */
export function pastReleases(_code: string, _beforeMs: number, _count: number): SimEconomicEvent[] {
  throw new Error('not implemented');
}
