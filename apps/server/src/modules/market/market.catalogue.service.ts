import {
  MARKET_PLATFORMS,
  type MarketInstrument,
  type MarketSource,
  SIMULATED_LABEL,
  type SymbolSearchQuery,
  type SymbolSearchResult,
} from '@tradedesk/contracts';
import {
  commissionClass,
  DEFAULT_TIMEFRAME,
  findInstrument,
  INSTRUMENT_SOURCES,
  type Instrument,
  type InstrumentSource,
  instrumentSessionStatus,
  listCountries,
  listExchanges,
  listSources,
  marketGroups,
  recommendSymbols,
  type SimulatedMarket,
  searchInstruments,
  sourceLabel,
  TIMEFRAMES,
} from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import { marketError } from './market.errors.js';

/** An instrument as the API shows it: its SOURCE:TICKER symbol and the label of its prices, without simulator inputs. */
export function instrumentToWire(i: Instrument): MarketInstrument {
  const { referencePrice: _simulatorInput, ...rest } = i;
  return { ...rest, symbol: `${i.source}:${i.ticker}`, priceLabel: SIMULATED_LABEL };
}

/**
 * The catalogue instrument a client names: its id or ticker (any case) or SOURCE:TICKER. Unknown: a 404 naming
 * the symbol; a `source` that is not the instrument's: a 400 naming `source`.
 */
export function resolveInstrument(symbol: string, source?: MarketSource, field = 'symbol'): Instrument {
  const colon = symbol.indexOf(':');
  const prefix = colon > 0 ? symbol.slice(0, colon).toUpperCase() : undefined;
  const ticker = colon > 0 ? symbol.slice(colon + 1) : symbol;
  const instrument = findInstrument(ticker);
  if (!instrument || (prefix !== undefined && prefix !== instrument.source)) {
    throw marketError(
      'MARKET_SYMBOL_NOT_FOUND',
      `No instrument has the symbol ${symbol}; search GET /api/market/symbols for one.`,
      { fields: [{ field, message: `No instrument has the symbol ${symbol}.` }] },
    );
  }
  if (source && source !== instrument.source) {
    throw marketError.onField(
      'source',
      'MARKET_SOURCE_MISMATCH',
      `source must be ${instrument.source} for ${instrument.ticker}, not ${source}.`,
    );
  }
  return instrument;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Trending lists are recomputed at most once a minute per source filter. */
type TrendingCache = Map<string, { minute: number; items: SymbolSearchResult['trending'] }>;

/** The instrument catalogue, its search tabs, sessions and related instruments (no database). */
export function createMarketCatalogueService(deps: { market: SimulatedMarket; clock: Clock }) {
  const { market, clock } = deps;
  const trendingCache: TrendingCache = new Map();

  function trending(nowMs: number, sources: InstrumentSource[] | undefined): SymbolSearchResult['trending'] {
    const key = sources?.join(',') ?? '*';
    const minute = Math.floor(nowMs / 60_000);
    const hit = trendingCache.get(key);
    if (hit && hit.minute === minute) return hit.items;
    const items = market.trending(nowMs, { limit: 10, ...(sources ? { sources } : {}) }).map((c) => {
      const i = findInstrument(c.instrumentId)!;
      return {
        id: i.id,
        symbol: `${i.source}:${i.ticker}`,
        ticker: i.ticker,
        name: i.name,
        source: i.source,
        price: c.price,
        previousClose: c.previousClose,
        change: c.change,
        changePercent: c.changePercent,
      };
    });
    if (trendingCache.size > 64) trendingCache.clear();
    trendingCache.set(key, { minute, items });
    return items;
  }

  function statusOf(i: Instrument) {
    const now = clock.now().getTime();
    const s = instrumentSessionStatus(i.id, now);
    return {
      symbol: `${i.source}:${i.ticker}`,
      open: s.open,
      nextOpen: iso(s.nextOpenMs),
      nextClose: iso(s.nextCloseMs),
      asOf: new Date(now).toISOString(),
      timeZone: i.tradingHours.timeZone,
      tradingHours: i.tradingHours,
    };
  }

  return {
    /** The symbol search with its "trending" and "markets" tabs. */
    search(query: SymbolSearchQuery): SymbolSearchResult {
      const page = searchInstruments({
        ...(query.search ? { search: query.search } : {}),
        symbols: query.symbols,
        exchanges: query.exchanges,
        countries: query.countries,
        sources: query.sources,
        tickers: query.tickers,
        categories: query.categories,
        page: query.page,
        limit: query.limit,
      });
      const wanted = query.sources.map((s) => s.toUpperCase());
      const sources = wanted.length ? INSTRUMENT_SOURCES.filter((s) => wanted.includes(s)) : undefined;
      const nowMs = clock.now().getTime();
      return {
        symbols: page.items.map(instrumentToWire),
        total: page.total,
        page: page.page,
        limit: page.limit,
        pages: page.pages,
        trending: sources && sources.length === 0 ? [] : trending(nowMs, sources),
        markets: marketGroups().filter((g) => !sources || sources.includes(g.source)),
        priceLabel: SIMULATED_LABEL,
      };
    },

    symbol(id: string) {
      return { symbol: instrumentToWire(resolveInstrument(id, undefined, 'id')) };
    },

    exchanges: () => ({ exchanges: listExchanges() }),
    countries: () => ({ countries: listCountries() }),
    sources: () => ({
      sources: listSources().map((s) => ({ id: s.id, label: sourceLabel(s.id), instrumentCount: s.instrumentCount })),
    }),
    timeframes: () => ({
      timeframes: TIMEFRAMES.map((t) => ({ id: t.id, label: t.label, seconds: t.seconds, kind: t.kind })),
      default: DEFAULT_TIMEFRAME,
    }),

    /** Open or closed now, with the next open and close. */
    status(id: string) {
      return statusOf(resolveInstrument(id, undefined, 'id'));
    },

    /** The symbols a trading platform lists; every platform here is served by the virtual broker. */
    platformSymbols(platform: string) {
      const p = platform.toLowerCase();
      if (!(MARKET_PLATFORMS as readonly string[]).includes(p)) {
        throw marketError(
          'MARKET_PLATFORM_NOT_FOUND',
          `That trading platform is not supported; use one of ${MARKET_PLATFORMS.join(', ')}.`,
        );
      }
      return {
        platform: p,
        broker: 'Virtual broker (simulated market)',
        symbols: searchInstruments({ limit: 500 }).items.map((i) => ({
          symbol: `${i.source}:${i.ticker}`,
          ticker: i.ticker,
          description: i.description,
          source: i.source,
          category: i.category,
          digits: i.digits,
          baseCurrency: i.baseCurrency,
          quoteCurrency: i.quoteCurrency,
        })),
      };
    },

    /** The contract specification of a symbol with its commission and session status. */
    specification(symbol: string) {
      const i = resolveInstrument(symbol);
      const c = commissionClass(i.commissionClass);
      return {
        symbol: instrumentToWire(i),
        commission: { ...c, currency: c.currency ?? i.quoteCurrency },
        status: statusOf(i),
      };
    },

    recommendations(symbol: string, limit: number) {
      const i = resolveInstrument(symbol);
      return {
        symbol: `${i.source}:${i.ticker}`,
        recommendations: recommendSymbols(i.id, limit).map((r) => ({
          symbol: instrumentToWire(r.instrument),
          reason: r.reason,
          explanation: r.explanation,
          correlation: r.correlation,
        })),
      };
    },
  };
}
export type MarketCatalogueService = ReturnType<typeof createMarketCatalogueService>;
