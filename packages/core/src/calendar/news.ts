import { COUNTRIES } from '../market/instruments/reference-data.js';
import { SPEC_BY_CODE } from './indicators.js';
import type { SimEarningsEvent, SimEconomicEvent, WrittenNews } from './types.js';

const COUNTRY_LABEL: Record<string, string> = { US: 'US', GB: 'UK', EU: 'Euro area' };

function countryLabel(code: string): string {
  return COUNTRY_LABEL[code] ?? COUNTRIES.find((c) => c.code === code)?.name ?? code;
}

/** A released value with its unit, e.g. 254K, 4.2%, 50.3. */
export function formatValue(value: number, decimals: number, unit: string): string {
  return `${value.toFixed(decimals)}${unit}`;
}

/** The gap between two values: percentage points for figures in % (rates, y/y changes), else the unit. */
function gap(value: number, decimals: number, unit: string): string {
  return unit === '%' ? `${value.toFixed(decimals)} percentage points` : formatValue(value, decimals, unit);
}

/** A news item written from an economic release: beat or miss, by how much, the prior, what it moves. */
export function newsFromEconomicEvent(e: SimEconomicEvent): WrittenNews {
  const spec = SPEC_BY_CODE.get(e.code);
  const fmt = (v: number | null) => (v === null ? 'n/a' : formatValue(v, e.decimals, e.unit));
  const where = countryLabel(e.country);
  const moves = e.instruments.join(', ');
  const base = {
    id: `news-${e.id}`,
    timeMs: e.timeMs,
    instruments: e.instruments,
    currencies: [e.currency],
    eventId: e.id,
  };
  if (e.actual === null || e.forecast === null) {
    return {
      ...base,
      headline: `${where} ${e.title} due, ${fmt(e.forecast)} expected; prior ${fmt(e.prior)}`,
      summary: `${e.title} for ${e.period} is due; the consensus is ${fmt(e.forecast)} after ${fmt(e.prior)}. It moves ${moves}.`,
    };
  }
  const diff = Math.round((e.actual - e.forecast) * 10 ** e.decimals) / 10 ** e.decimals;
  const tone = e.surprise > 0 ? 'positive' : e.surprise < 0 ? 'negative' : 'neutral';
  const size = Math.abs(e.surprise).toFixed(1);
  const effect =
    tone === 'neutral'
      ? `The ${e.currency} has no surprise to trade.`
      : `The surprise, ${size} times a typical one, is ${tone} for the ${e.currency}.`;
  if (spec?.model.tick) {
    const bank = e.title.split(' ')[0]!;
    const prior = e.prior ?? e.actual;
    const move = e.actual > prior ? 'raises rate to' : e.actual < prior ? 'cuts rate to' : 'holds rate at';
    const versus = diff === 0 ? 'as expected' : `vs ${fmt(e.forecast)} expected`;
    return {
      ...base,
      headline: `${bank} ${move} ${fmt(e.actual)}, ${versus}`,
      summary:
        `${e.title}: the rate is ${fmt(e.actual)} after ${fmt(e.prior)}` +
        (diff === 0 ? ', as the consensus expected. ' : `; the consensus expected ${fmt(e.forecast)}. `) +
        `${effect} It moves ${moves}.`,
    };
  }
  const word =
    diff === 0
      ? 'in line'
      : spec?.higherIsPositive === false
        ? diff > 0
          ? 'above forecast'
          : 'below forecast'
        : diff > 0
          ? 'beat'
          : 'miss';
  return {
    ...base,
    headline: `${where} ${e.title} ${fmt(e.actual)} vs ${fmt(e.forecast)} expected, ${word}; prior ${fmt(e.prior)}`,
    summary:
      `${e.title} for ${e.period} came in at ${fmt(e.actual)}` +
      (diff === 0
        ? `, in line with the ${fmt(e.forecast)} forecast`
        : `, ${gap(Math.abs(diff), e.decimals, e.unit)} ${diff > 0 ? 'above' : 'below'} the ${fmt(e.forecast)} forecast`) +
      `; the prior release was ${fmt(e.prior)}. ${effect} It moves ${moves}.`,
  };
}

const SYMBOL: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };

function money(value: number, currency: string, kind: 'eps' | 'revenue'): string {
  const sym = SYMBOL[currency];
  const text =
    kind === 'eps'
      ? value.toFixed(Math.abs(value) < 0.1 && value !== 0 ? 3 : 2)
      : Math.abs(value) >= 1e9
        ? `${(value / 1e9).toFixed(2)}B`
        : `${(value / 1e6).toFixed(0)}M`;
  const sign = value < 0 ? '-' : '';
  const body = text.replace('-', '');
  return sym ? `${sign}${sym}${body}` : `${sign}${body} ${currency}`;
}

function percent(actual: number, estimate: number): number {
  return estimate === 0 ? 0 : Math.round(((actual - estimate) / Math.abs(estimate)) * 1000) / 10;
}

function verdict(p: number): string {
  return p > 0 ? `beat by ${p.toFixed(1)}%` : p < 0 ? `miss by ${Math.abs(p).toFixed(1)}%` : 'in line';
}

/** A news item written from an earnings release: EPS and revenue beat or miss by %. */
export function newsFromEarnings(e: SimEarningsEvent): WrittenNews {
  const eps = percent(e.epsActual, e.epsEstimate);
  const rev = percent(e.revenueActual, e.revenueEstimate);
  const when = e.session === 'before_open' ? 'before the open' : 'after the close';
  const tone =
    e.surprise > 0
      ? 'a beat that lifts the shares'
      : e.surprise < 0
        ? 'a miss that weighs on the shares'
        : 'an in-line report';
  return {
    id: `news-${e.id}`,
    timeMs: e.timeMs,
    instruments: [e.instrumentId],
    currencies: [e.currency],
    eventId: e.id,
    headline:
      `${e.company} ${e.fiscalPeriod} EPS ${money(e.epsActual, e.currency, 'eps')} vs ` +
      `${money(e.epsEstimate, e.currency, 'eps')} expected, ${verdict(eps)}; revenue ` +
      `${money(e.revenueActual, e.currency, 'revenue')} vs ${money(e.revenueEstimate, e.currency, 'revenue')}, ${verdict(rev)}`,
    summary:
      `${e.company} (${e.instrumentId}, ${e.exchange}) reported ${e.fiscalPeriod} results ${when}: earnings per share of ` +
      `${money(e.epsActual, e.currency, 'eps')} against a consensus of ${money(e.epsEstimate, e.currency, 'eps')} ` +
      `(${verdict(eps)}) and revenue of ${money(e.revenueActual, e.currency, 'revenue')} against ` +
      `${money(e.revenueEstimate, e.currency, 'revenue')} (${verdict(rev)}). Overall ${tone}.`,
  };
}
