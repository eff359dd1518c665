import { earningsEvents } from './corporate.js';
import { economicEvents } from './economic.js';
import type { CalendarImpact } from './types.js';

/** A calendar event as the simulated market sees it: one factor moved in the surprise's direction. */
export interface CalendarMarketEvent {
  id: string;
  timeMs: number;
  impact: CalendarImpact;
  /** Factor of the market model: the currency's (USD or own:CCY) or the stock's own (own:TICKER). */
  factor: string;
  /** > 0 strengthens the currency or lifts the stock, in typical surprises. */
  surprise: number;
  currencies: readonly string[];
  countries: readonly string[];
  instruments: readonly string[];
}

const REACTION_LAG_MS = 5 * 86_400_000;

function currencyFactor(code: string): string {
  return code === 'USD' ? 'USD' : `own:${code}`;
}

/** Economic releases and earnings in [fromMs, toMs) as market events (earnings at the shares' first trade on them). */
export function calendarMarketEvents(fromMs: number, toMs: number): CalendarMarketEvent[] {
  const out: CalendarMarketEvent[] = [];
  for (const e of economicEvents(fromMs, toMs)) {
    out.push({
      id: e.id,
      timeMs: e.timeMs,
      impact: e.impact,
      factor: currencyFactor(e.currency),
      surprise: e.surprise,
      currencies: [e.currency],
      countries: [e.country],
      instruments: e.instruments,
    });
  }
  // the shares react at the next open, at most a long weekend after the release
  for (const e of earningsEvents(fromMs - REACTION_LAG_MS, toMs)) {
    if (e.reactionMs < fromMs || e.reactionMs >= toMs) continue;
    out.push({
      id: e.id,
      timeMs: e.reactionMs,
      impact: 'high',
      factor: `own:${e.instrumentId}`,
      surprise: e.surprise,
      currencies: [],
      countries: [],
      instruments: [e.instrumentId],
    });
  }
  return out.sort((a, b) => a.timeMs - b.timeMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
