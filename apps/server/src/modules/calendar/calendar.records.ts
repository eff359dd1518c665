import type { CalendarImpact, EarningsEvent, EconomicEvent, IpoEvent } from '@tradedesk/contracts';
import { CALENDAR_SIMULATED_SOURCE } from '@tradedesk/contracts';
import type { SimEarningsEvent, SimEconomicEvent, SimIpoEvent } from '@tradedesk/core';
import type { CalendarEventRow } from './calendar.table.js';

/**
 * The wire shapes of simulated events and of stored feed/import rows. Figures a release makes known (actual,
 * reported EPS and revenue, an IPO's final price) are hidden until the event's time by the injected clock.
 */

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const iso = (ms: number) => new Date(ms).toISOString();
const IMPACTS: readonly CalendarImpact[] = ['low', 'medium', 'high'];

/** Currency of a country code, and the instruments an event of that currency moves most (feed events). */
export const CURRENCY_OF: Record<string, string> = {
  US: 'USD',
  EU: 'EUR',
  GB: 'GBP',
  UK: 'GBP',
  JP: 'JPY',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  CN: 'CNY',
  DE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
};
export const COUNTRY_OF: Record<string, string> = {
  USD: 'US',
  EUR: 'EU',
  GBP: 'GB',
  JPY: 'JP',
  CAD: 'CA',
  AUD: 'AU',
  NZD: 'NZ',
  CHF: 'CH',
  CNY: 'CN',
  ALL: 'ALL',
};
const MOVERS: Record<string, readonly string[]> = {
  USD: ['EURUSD', 'USDJPY', 'XAUUSD'],
  EUR: ['EURUSD', 'EURGBP'],
  GBP: ['GBPUSD', 'EURGBP'],
  JPY: ['USDJPY'],
  CAD: ['USDCAD'],
  AUD: ['AUDUSD'],
  NZD: ['NZDUSD'],
  CHF: ['USDCHF'],
  CNY: ['AUDUSD'],
};
export const moversOf = (currency: string): string[] => [...(MOVERS[currency] ?? [])];

function tone(surprise: number | null): EconomicEvent['tone'] {
  if (surprise === null) return null;
  return surprise > 0 ? 'positive' : surprise < 0 ? 'negative' : 'neutral';
}

export function simEconomicWire(e: SimEconomicEvent, nowMs: number): EconomicEvent {
  const released = e.timeMs <= nowMs;
  const actual = released ? e.actual : null;
  return {
    id: e.id,
    code: e.code,
    title: e.title,
    country: e.country,
    currency: e.currency,
    impact: e.impact,
    time: iso(e.timeMs),
    period: e.period || null,
    unit: e.unit || null,
    decimals: e.decimals,
    actual,
    forecast: e.forecast,
    prior: e.prior,
    surprise: actual !== null && e.forecast !== null ? round(actual - e.forecast, e.decimals) : null,
    // the simulator's surprise is signed so that > 0 is good for the currency
    tone: actual !== null ? tone(e.surprise) : null,
    released,
    source: CALENDAR_SIMULATED_SOURCE,
    instruments: [...e.instruments],
  };
}

export function rowEconomicWire(row: CalendarEventRow, nowMs: number): EconomicEvent {
  const d = row.data;
  const timeMs = row.time.getTime();
  const released = timeMs <= nowMs;
  const decimals = typeof d.decimals === 'number' ? d.decimals : 2;
  const actual = released ? num(d.actual) : null;
  const forecast = num(d.forecast);
  const impact = IMPACTS.includes(d.impact as CalendarImpact) ? (d.impact as CalendarImpact) : 'low';
  const currency = str(d.currency) ?? CURRENCY_OF[row.country] ?? row.country;
  return {
    id: row.id,
    code: null,
    title: row.title,
    country: row.country,
    currency,
    impact,
    time: iso(timeMs),
    period: str(d.period),
    unit: str(d.unit),
    decimals,
    actual,
    forecast,
    prior: num(d.prior),
    surprise: actual !== null && forecast !== null ? round(actual - forecast, decimals) : null,
    tone: null,
    released,
    source: row.source,
    instruments: Array.isArray(d.instruments) ? d.instruments.filter((x) => typeof x === 'string') : moversOf(currency),
  };
}

/** A simulated report; `marketCap` from the simulated market's price (the caller knows the market). */
export function simEarningsWire(e: SimEarningsEvent, nowMs: number, marketCap: number | null): EarningsEvent {
  const released = e.timeMs <= nowMs;
  return {
    id: e.id,
    instrumentId: e.instrumentId,
    company: e.company,
    exchange: e.exchange,
    country: e.country,
    industry: e.industry,
    time: iso(e.timeMs),
    session: e.session,
    fiscalPeriod: e.fiscalPeriod,
    currency: e.currency,
    epsEstimate: e.epsEstimate,
    epsActual: released ? e.epsActual : null,
    revenueEstimate: e.revenueEstimate,
    revenueActual: released ? e.revenueActual : null,
    marketCap,
    released,
    source: CALENDAR_SIMULATED_SOURCE,
  };
}

export function rowEarningsWire(row: CalendarEventRow, nowMs: number): EarningsEvent {
  const d = row.data;
  const timeMs = row.time.getTime();
  const released = timeMs <= nowMs;
  return {
    id: row.id,
    instrumentId: str(d.instrumentId),
    company: row.title,
    exchange: str(d.exchange),
    country: row.country || null,
    industry: str(d.industry),
    time: iso(timeMs),
    session: str(d.session),
    fiscalPeriod: str(d.fiscalPeriod),
    currency: str(d.currency),
    epsEstimate: num(d.epsEstimate),
    epsActual: released ? num(d.epsActual) : null,
    revenueEstimate: num(d.revenueEstimate),
    revenueActual: released ? num(d.revenueActual) : null,
    marketCap: num(d.marketCap),
    released,
    source: row.source,
  };
}

export function simIpoWire(e: SimIpoEvent, nowMs: number): IpoEvent {
  const listed = e.timeMs <= nowMs;
  return {
    id: e.id,
    company: e.company,
    ticker: e.ticker,
    exchange: e.exchange,
    country: e.country,
    industry: e.industry,
    time: iso(e.timeMs),
    currency: e.currency,
    priceLow: e.priceLow,
    priceHigh: e.priceHigh,
    sharesOffered: e.sharesOffered,
    marketCap: e.marketCap,
    status: listed ? e.status : 'expected',
    finalPrice: listed ? e.finalPrice : null,
    description: e.description,
    source: CALENDAR_SIMULATED_SOURCE,
  };
}

export function rowIpoWire(row: CalendarEventRow, nowMs: number): IpoEvent {
  const d = row.data;
  const timeMs = row.time.getTime();
  const listed = timeMs <= nowMs;
  return {
    id: row.id,
    company: row.title,
    ticker: str(d.ticker),
    exchange: str(d.exchange),
    country: row.country || null,
    industry: str(d.industry),
    time: iso(timeMs),
    currency: str(d.currency),
    priceLow: num(d.priceLow),
    priceHigh: num(d.priceHigh),
    sharesOffered: num(d.sharesOffered),
    marketCap: num(d.marketCap),
    status: str(d.status) ?? 'expected',
    finalPrice: listed ? num(d.finalPrice) : null,
    description: str(d.description),
    source: row.source,
  };
}

function round(n: number, decimals: number): number {
  const f = 10 ** Math.min(Math.max(decimals, 0), 8);
  return Math.round(n * f) / f;
}
