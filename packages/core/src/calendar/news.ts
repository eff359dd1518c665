import type { SimEarningsEvent, SimEconomicEvent, WrittenNews } from './types.js';

/** A news item written from an economic release: beat or miss, by how much, the prior, what it moves. */
export function newsFromEconomicEvent(_e: SimEconomicEvent): WrittenNews {
  throw new Error('not implemented');
}

/** A news item written from an earnings release: EPS and revenue beat or miss by %. */
export function newsFromEarnings(_e: SimEarningsEvent): WrittenNews {
  throw new Error('not implemented');
}
