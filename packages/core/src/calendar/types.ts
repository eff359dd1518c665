/**
 * The simulated world's calendar: recurring macro releases by country on their real schedules, quarterly
 * earnings of the catalogue's stocks and a stream of fictional IPOs. Everything is a pure function of time
 * (counter-based randomness, no state), so every process and every query order sees the same events.
 * Times are unix milliseconds; local release times are in the agency's IANA time zone so DST moves them.
 */
import type { EventImpact } from '../market/sim/events.js';

/** Importance of a release; the same values as the simulator's EventImpact. */
export type CalendarImpact = EventImpact;

export interface EconomicIndicator {
  code: string;
  title: string;
  /** ISO country code, EU for the euro area. */
  country: string;
  currency: string;
  impact: CalendarImpact;
  /** '%', 'K', 'B', '' ... */
  unit: string;
  decimals: number;
  /** IANA time zone of the agency. */
  timeZone: string;
  /** Local release time, HH:mm. */
  localTime: string;
  /** Human description, e.g. 'First Friday of the month'. */
  schedule: string;
  /** A higher actual strengthens the currency. */
  higherIsPositive: boolean;
  /** Catalogue instrument ids it moves most. */
  instruments: readonly string[];
  description: string;
}

export interface SimEconomicEvent {
  /** `${code}-${YYYY-MM-DD}`, stable. */
  id: string;
  code: string;
  title: string;
  country: string;
  currency: string;
  impact: CalendarImpact;
  timeMs: number;
  /** e.g. 'Oct 2026', 'Q3 2026'. */
  period: string;
  unit: string;
  decimals: number;
  forecast: number | null;
  prior: number | null;
  /** The released value; callers hide it before timeMs. */
  actual: number | null;
  /** (actual - forecast) / typical surprise, signed so > 0 is good for the currency. */
  surprise: number;
  instruments: readonly string[];
}

export interface SimEarningsEvent {
  id: string;
  instrumentId: string;
  company: string;
  exchange: string;
  country: string;
  industry: string;
  timeMs: number;
  /** When the shares first trade on the news: the release itself during the session, else the next open. */
  reactionMs: number;
  session: 'before_open' | 'after_close';
  fiscalPeriod: string;
  currency: string;
  epsEstimate: number;
  epsActual: number;
  revenueEstimate: number;
  revenueActual: number;
  /** Shares outstanding (market cap = the simulated market's price × shares, `earningsMarketCap`). */
  sharesOutstanding: number;
  /** Signed size of the beat in typical surprises (EPS 70 %, revenue 30 %); > 0 is a beat. */
  surprise: number;
}

export interface SimIpoEvent {
  id: string;
  company: string;
  ticker: string;
  exchange: string;
  country: string;
  industry: string;
  timeMs: number;
  currency: string;
  priceLow: number;
  priceHigh: number;
  sharesOffered: number;
  marketCap: number;
  status: 'expected' | 'priced';
  finalPrice: number | null;
  description: string;
}

export interface WrittenNews {
  id: string;
  timeMs: number;
  headline: string;
  summary: string;
  instruments: readonly string[];
  currencies: readonly string[];
  eventId: string;
}
