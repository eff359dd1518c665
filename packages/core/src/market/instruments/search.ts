import { catalogueOrder, INSTRUMENTS } from './catalogue.js';
import {
  INSTRUMENT_CATEGORIES,
  INSTRUMENT_SOURCES,
  type Instrument,
  type InstrumentCategory,
  type InstrumentSource,
} from './types.js';

export interface InstrumentQuery {
  /** Free text matched against ticker, name, description and currencies (every word must match). */
  search?: string;
  /** Instrument ids or SOURCE:TICKER symbols (e.g. FOREX:EURUSD). */
  symbols?: readonly string[];
  exchanges?: readonly string[];
  countries?: readonly string[];
  sources?: readonly string[];
  tickers?: readonly string[];
  categories?: readonly string[];
  /** 1-based page (default 1). */
  page?: number;
  /** Page size, 1 to 500 (default 50). */
  limit?: number;
}

export interface InstrumentPage {
  items: Instrument[];
  total: number;
  page: number;
  limit: number;
  pages: number;
}

export const DEFAULT_SEARCH_LIMIT = 50;
export const MAX_SEARCH_LIMIT = 500;

const normalise = (s: string) => s.toLowerCase().replace(/[\s/_-]+/g, '');

/** How well an instrument matches one search word (0 = not at all). */
function wordScore(i: Instrument, word: string): number {
  const w = word.toLowerCase();
  const compact = normalise(word);
  const ticker = i.ticker.toLowerCase();
  if (ticker === compact || ticker === w) return 100;
  if (compact.length > 0 && ticker.startsWith(compact)) return 80;
  const name = i.name.toLowerCase();
  if (name === w) return 75;
  if (name.startsWith(w) || normalise(i.name).startsWith(compact)) return 60;
  if (compact.length > 0 && ticker.includes(compact)) return 50;
  if (name.split(/[\s/().,&-]+/).some((part) => part.startsWith(w))) return 40;
  if (name.includes(w) || normalise(i.name).includes(compact)) return 30;
  const rest = [i.description, i.baseCurrency, i.quoteCurrency, i.sector ?? '', i.industry ?? '']
    .join(' ')
    .toLowerCase();
  if (rest.includes(w)) return 10;
  return 0;
}

/** Search score of an instrument for a text (0 = no match; every word must match). */
export function searchScore(i: Instrument, text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 1;
  const whole = wordScore(i, text.trim());
  if (whole >= 60) return whole + 100;
  let total = 0;
  for (const w of words) {
    const s = wordScore(i, w);
    if (s === 0) return 0;
    total += s;
  }
  return total / words.length;
}

function anyOf(values: readonly string[] | undefined, actual: string | null, caseInsensitive = true): boolean {
  if (!values || values.length === 0) return true;
  if (actual === null) return false;
  const a = caseInsensitive ? actual.toUpperCase() : actual;
  return values.some((v) => (caseInsensitive ? v.toUpperCase() : v) === a);
}

function checkPaging(page: number, limit: number): void {
  if (!Number.isInteger(page) || page < 1) throw new RangeError('page must be a whole number of at least 1.');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
    throw new RangeError(`limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}.`);
  }
}

/**
 * Instruments matching the query: filters combine with AND, values within one filter with OR (case-insensitive);
 * with search text the best matches come first (exact ticker, then prefixes, then words), otherwise catalogue order.
 */
export function searchInstruments(
  query: InstrumentQuery = {},
  instruments: readonly Instrument[] = INSTRUMENTS,
): InstrumentPage {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_SEARCH_LIMIT;
  checkPaging(page, limit);
  const symbols = query.symbols?.map((s) => s.toUpperCase());
  const text = query.search?.trim() ?? '';
  const scored: { i: Instrument; score: number }[] = [];
  for (const i of instruments) {
    if (symbols && symbols.length > 0 && !symbols.some((s) => s === i.id || s === `${i.source}:${i.ticker}`)) continue;
    if (!anyOf(query.exchanges, i.exchange)) continue;
    if (!anyOf(query.countries, i.country)) continue;
    if (!anyOf(query.sources, i.source)) continue;
    if (!anyOf(query.tickers, i.ticker)) continue;
    if (!anyOf(query.categories, i.category, false)) continue;
    const score = text ? searchScore(i, text) : 1;
    if (score > 0) scored.push({ i, score });
  }
  scored.sort((a, b) => b.score - a.score || catalogueOrder(a.i.id) - catalogueOrder(b.i.id));
  const total = scored.length;
  const items = scored.slice((page - 1) * limit, page * limit).map((s) => s.i);
  return { items, total, page, limit, pages: Math.max(1, Math.ceil(total / limit)) };
}

export interface MarketGroup {
  id: string;
  source: InstrumentSource;
  category: InstrumentCategory;
  label: string;
  instrumentIds: string[];
}

const CATEGORY_LABELS: Record<InstrumentCategory, string> = {
  majors: 'Majors',
  minors: 'Minors',
  exotics: 'Exotics',
  metals: 'Metals',
  energies: 'Energies',
  americas: 'Americas',
  europe: 'Europe',
  'asia-pacific': 'Asia-Pacific',
  us: 'US',
  coins: 'Coins',
  crosses: 'Crosses',
};

const SOURCE_LABELS: Record<InstrumentSource, string> = {
  FOREX: 'Forex',
  COMMODITIES: 'Commodities',
  INDICES: 'Indices',
  STOCKS: 'Stocks',
  CRYPTO: 'Crypto',
};

/** Human name of a source (e.g. Forex). */
export function sourceLabel(source: InstrumentSource): string {
  return SOURCE_LABELS[source];
}

/** The "markets" tab of the symbol search: every source's categories with their instruments, in catalogue order. */
export function marketGroups(instruments: readonly Instrument[] = INSTRUMENTS): MarketGroup[] {
  const out: MarketGroup[] = [];
  for (const source of INSTRUMENT_SOURCES) {
    for (const category of INSTRUMENT_CATEGORIES[source] as readonly InstrumentCategory[]) {
      const ids = instruments.filter((i) => i.source === source && i.category === category).map((i) => i.id);
      if (ids.length === 0) continue;
      const label = `${SOURCE_LABELS[source]}: ${CATEGORY_LABELS[category]}`;
      out.push({ id: `${source.toLowerCase()}-${category}`, source, category, label, instrumentIds: ids });
    }
  }
  return out;
}
