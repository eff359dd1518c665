import { modelCorrelation } from '../sim/model.js';
import { catalogueOrder, getInstrument, INSTRUMENTS } from './catalogue.js';
import type { Instrument } from './types.js';

export type RecommendationReason = 'same_base_currency' | 'same_sector' | 'correlated';

export interface Recommendation {
  instrument: Instrument;
  reason: RecommendationReason;
  /** Sentence for the user, e.g. "Shares the base currency EUR." */
  explanation: string;
  /** Model correlation of daily log returns with the asked symbol, -1 to 1 (rounded to 2 decimals). */
  correlation: number;
}

/** Smallest absolute correlation for the "correlated" reason. */
export const CORRELATION_THRESHOLD = 0.5;

/** Currencies, metals and coins have base codes shared by several instruments; CFDs have their own ticker. */
const sharesBase = (a: Instrument, b: Instrument) => a.baseCurrency === b.baseCurrency && a.baseCurrency !== a.ticker;

/**
 * Instruments related to `symbol`: same base currency first (EURUSD -> EURGBP), then the same sector (shares),
 * then the most correlated in the market model (|correlation| >= 0.5), each once, with the reason.
 */
export function recommendSymbols(symbol: string, limit = 10): Recommendation[] {
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new RangeError('limit must be a whole number from 1 to 100.');
  const subject = getInstrument(symbol);
  const corr = (i: Instrument) => Math.round(modelCorrelation(subject.id, i.id) * 100) / 100;
  const others = INSTRUMENTS.filter((i) => i.id !== subject.id);
  const byCorrelation = (a: Instrument, b: Instrument) =>
    Math.abs(corr(b)) - Math.abs(corr(a)) || catalogueOrder(a.id) - catalogueOrder(b.id);
  const out: Recommendation[] = [];
  const taken = new Set<string>();
  const take = (i: Instrument, reason: RecommendationReason, explanation: string) => {
    if (taken.has(i.id) || out.length >= limit) return;
    taken.add(i.id);
    out.push({ instrument: i, reason, explanation, correlation: corr(i) });
  };
  for (const i of others.filter((o) => sharesBase(subject, o)).sort(byCorrelation)) {
    take(i, 'same_base_currency', `Shares the base currency ${subject.baseCurrency}.`);
  }
  if (subject.sector) {
    for (const i of others.filter((o) => o.sector === subject.sector).sort(byCorrelation)) {
      take(i, 'same_sector', `Also in the ${subject.sector} sector.`);
    }
  }
  for (const i of others.filter((o) => Math.abs(corr(o)) >= CORRELATION_THRESHOLD).sort(byCorrelation)) {
    const c = corr(i);
    take(i, 'correlated', `${c > 0 ? 'Moves with' : 'Moves against'} ${subject.ticker} (correlation ${c.toFixed(2)}).`);
  }
  return out;
}
