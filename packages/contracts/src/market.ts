import { z } from 'zod';
import { candleImportTimeframes } from './candles.js';
import { listFilter } from './query.js';
import { line, opaque } from './text.js';

/**
 * Market data (spec section 7, "Market" and "Chart"): the instrument catalogue with its search, the trading
 * sessions, related instruments, and the candle history of the simulated market (labelled "Simulated market")
 * or of the caller's imported bars. Candle times are unix seconds; instants (sessions) are ISO 8601 UTC.
 */

export const MARKET_SOURCES = ['FOREX', 'COMMODITIES', 'INDICES', 'STOCKS', 'CRYPTO'] as const;
export type MarketSource = (typeof MARKET_SOURCES)[number];

/** The chart timeframes, in ascending order (1m is a minute, 1M a month). */
export const MARKET_TIMEFRAMES = candleImportTimeframes;
export type MarketTimeframe = (typeof MARKET_TIMEFRAMES)[number];
export const INTRADAY_TIMEFRAMES = ['1m', '5m', '15m', '30m', '1h', '4h'] as const;

/** Most candles one history call answers. */
export const MAX_HISTORY_CANDLES = 5000;
/** Candles a history call answers when `limit` is left out. */
export const DEFAULT_HISTORY_CANDLES = 1000;
/** Most instruments one page of the symbol search holds. */
export const MAX_SYMBOL_PAGE = 500;
export const DEFAULT_SYMBOL_PAGE = 50;

/** The label shown with every price of the simulator. */
export const SIMULATED_LABEL = 'Simulated market';
/** Where a history answer's bars come from: the simulator, the caller's (or the deployment's) imports, or both. */
export const HISTORY_DATA_SOURCES = ['Simulated', 'Imported', 'Mixed'] as const;
export type HistoryDataSource = (typeof HISTORY_DATA_SOURCES)[number];

/** Trading platforms whose symbol lists `GET /middleware/{platform}/symbols` answers (all served by the virtual broker). */
export const MARKET_PLATFORMS = ['virtual', 'mt4', 'mt5', 'ctrader', 'dxtrade', 'tradelocker', 'matchtrader'] as const;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A ticker or SOURCE:TICKER symbol as sent (EURUSD, FOREX:EURUSD, BRK.B); the catalogue is consulted by the service. */
export const marketSymbolSchema = line('symbol', 40, { min: 1 }).regex(
  /^[A-Za-z0-9._:-]+$/,
  'symbol must be a ticker such as EURUSD or FOREX:EURUSD (letters, digits, dots, colons, underscores or hyphens).',
);

export const marketTimeframeSchema = z.enum(MARKET_TIMEFRAMES, {
  error: `timeframe must be one of ${MARKET_TIMEFRAMES.join(', ')} (1m is a minute, 1M a month).`,
});

export const marketSourceSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(MARKET_SOURCES, { error: `source must be one of ${MARKET_SOURCES.join(', ')}.` }),
);

/** The sub-groups of each source (the "markets" tab of the symbol search). */
export const MARKET_CATEGORIES = [
  'majors',
  'minors',
  'exotics',
  'metals',
  'energies',
  'americas',
  'europe',
  'asia-pacific',
  'us',
  'coins',
  'crosses',
] as const;

/** Unix time in seconds (values of 10^11 and more are read as milliseconds, as JavaScript clients often send them). */
function unixTime(name: string) {
  return z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `${name} must be a unix time in seconds.` })
      .int({ error: `${name} must be a whole number of seconds since 1970.` })
      .min(0, { error: `${name} must not be before 1970.` })
      .max(10_000_000_000_000, { error: `${name} must be a unix time in seconds before the year 2300.` })
      .transform((n) => (n >= 100_000_000_000 ? Math.floor(n / 1000) : n)),
  );
}

function wholeNumber(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}.`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

// ----- catalogue -----

export const symbolSearchQuerySchema = z.object({
  search: z.preprocess(emptyToUndefined, line('search', 100).optional()),
  symbols: listFilter('symbols'),
  exchanges: listFilter('exchanges'),
  countries: listFilter('countries'),
  sources: listFilter('sources', MARKET_SOURCES, 'upper'),
  tickers: listFilter('tickers'),
  /** Market sub-groups of the "markets" tab, e.g. majors, metals, us. */
  categories: listFilter('categories', MARKET_CATEGORIES),
  page: z.preprocess(emptyToUndefined, wholeNumber('page', 1, 100_000).default(1)),
  limit: z.preprocess(emptyToUndefined, wholeNumber('limit', 1, MAX_SYMBOL_PAGE).default(DEFAULT_SYMBOL_PAGE)),
});
export type SymbolSearchQuery = z.infer<typeof symbolSearchQuerySchema>;

const tradingHoursSchema = z.object({
  timeZone: z.string(),
  dailyClose: z.string(),
  sessions: z.array(z.object({ openDay: z.string(), open: z.string(), closeDay: z.string(), close: z.string() })),
});

/** An instrument with its contract specification, as a retail broker lists it. */
export const instrumentSchema = z.object({
  id: z.string(),
  /** SOURCE:TICKER, e.g. FOREX:EURUSD. */
  symbol: z.string(),
  ticker: z.string(),
  name: z.string(),
  description: z.string(),
  source: z.enum(MARKET_SOURCES),
  category: z.string(),
  exchange: z.string(),
  country: z.string().nullable(),
  digits: z.number().int(),
  pointSize: z.number(),
  pipSize: z.number(),
  contractSize: z.number(),
  contractUnit: z.string(),
  volumeMin: z.number(),
  volumeStep: z.number(),
  volumeMax: z.number(),
  marginRate: z.number(),
  leverage: z.number(),
  baseCurrency: z.string(),
  quoteCurrency: z.string(),
  profitCurrency: z.string(),
  marginCurrency: z.string(),
  session: z.string(),
  tradingHours: tradingHoursSchema,
  typicalSpread: z.number(),
  swapType: z.enum(['points', 'annual_percent']),
  swapLong: z.number(),
  swapShort: z.number(),
  commissionClass: z.string(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  /** Always "Simulated market": prices come from the simulator unless the caller imported bars. */
  priceLabel: z.string(),
});
export type MarketInstrument = z.infer<typeof instrumentSchema>;

export const trendingItemSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  ticker: z.string(),
  name: z.string(),
  source: z.enum(MARKET_SOURCES),
  price: z.number(),
  previousClose: z.number(),
  change: z.number(),
  changePercent: z.number(),
});

export const marketGroupSchema = z.object({
  id: z.string(),
  source: z.enum(MARKET_SOURCES),
  category: z.string(),
  label: z.string(),
  instrumentIds: z.array(z.string()),
});

export const symbolSearchResultSchema = z.object({
  symbols: z.array(instrumentSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  /** The "trending" tab: largest daily moves now (of the `sources` asked for, if any), labelled simulated. */
  trending: z.array(trendingItemSchema),
  /** The "markets" tab: each source's sub-groups with their instruments (of the `sources` asked for, if any). */
  markets: z.array(marketGroupSchema),
  priceLabel: z.string(),
});
export type SymbolSearchResult = z.infer<typeof symbolSearchResultSchema>;

export const symbolIdParamsSchema = z.object({ id: marketSymbolSchema });
export const symbolAnswerSchema = z.object({ symbol: instrumentSchema });

export const exchangesAnswerSchema = z.object({
  exchanges: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      country: z.string().nullable(),
      timeZone: z.string(),
      instrumentCount: z.number().int(),
    }),
  ),
});
export const countriesAnswerSchema = z.object({
  countries: z.array(
    z.object({ code: z.string(), name: z.string(), currency: z.string(), instrumentCount: z.number().int() }),
  ),
});
export const sourcesAnswerSchema = z.object({
  sources: z.array(z.object({ id: z.enum(MARKET_SOURCES), label: z.string(), instrumentCount: z.number().int() })),
});
export const timeframesAnswerSchema = z.object({
  timeframes: z.array(
    z.object({
      id: z.enum(MARKET_TIMEFRAMES),
      label: z.string(),
      seconds: z.number().int(),
      kind: z.enum(['intraday', 'daily', 'weekly', 'monthly']),
    }),
  ),
  /** The chart's default timeframe (15m). */
  default: z.enum(MARKET_TIMEFRAMES),
});

export const marketStatusSchema = z.object({
  symbol: z.string(),
  open: z.boolean(),
  /** Next opening instant (ISO 8601 UTC), null when the market never closes. */
  nextOpen: z.string().nullable(),
  /** When open, the close of the running session; when closed, the close of the next one; null if it never closes. */
  nextClose: z.string().nullable(),
  /** The instant the status is for (the server's now). */
  asOf: z.string(),
  timeZone: z.string(),
  tradingHours: tradingHoursSchema,
});

export const platformParamsSchema = z.object({ platform: line('platform', 40, { min: 1 }) });
export const platformSymbolsAnswerSchema = z.object({
  platform: z.string(),
  /** The broker serving this platform's symbols here: the virtual broker over the simulated market. */
  broker: z.string(),
  symbols: z.array(
    z.object({
      symbol: z.string(),
      ticker: z.string(),
      description: z.string(),
      source: z.enum(MARKET_SOURCES),
      category: z.string(),
      digits: z.number().int(),
      baseCurrency: z.string(),
      quoteCurrency: z.string(),
    }),
  ),
});

export const specificationParamsSchema = z.object({
  token: opaque('token', 200, { min: 1 }),
  symbol: marketSymbolSchema,
});
export const specificationAnswerSchema = z.object({
  symbol: instrumentSchema,
  commission: z.object({
    id: z.string(),
    description: z.string(),
    kind: z.enum(['none', 'per_lot', 'per_unit', 'percent']),
    rate: z.number(),
    minimum: z.number(),
    currency: z.string(),
  }),
  status: marketStatusSchema,
});

export const recommendationsQuerySchema = z.object({
  symbol: marketSymbolSchema,
  limit: z.preprocess(emptyToUndefined, wholeNumber('limit', 1, 100).default(10)),
});
export const RECOMMENDATION_REASONS = ['same_base_currency', 'same_sector', 'correlated'] as const;
export const recommendationsAnswerSchema = z.object({
  symbol: z.string(),
  recommendations: z.array(
    z.object({
      symbol: instrumentSchema,
      reason: z.enum(RECOMMENDATION_REASONS),
      /** A sentence for the user: "Shares the base currency EUR." */
      explanation: z.string(),
      /** Model correlation of daily returns, -1 to 1. */
      correlation: z.number(),
    }),
  ),
});

// ----- history -----

export const historicalCandleSchema = z.object({
  /** Bar start, unix seconds (daily and longer: 00:00 UTC of the trade date, the week's Monday, the month's 1st). */
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type HistoricalCandle = z.infer<typeof historicalCandleSchema>;

export const historicalQuerySchema = z.object({
  symbol: marketSymbolSchema,
  timeframe: z.preprocess(emptyToUndefined, marketTimeframeSchema.default('15m')),
  /** The instrument's source (FOREX...); checked against the catalogue when given. */
  source: z.preprocess(emptyToUndefined, marketSourceSchema.optional()),
  limit: z.preprocess(emptyToUndefined, wholeNumber('limit', 1, MAX_HISTORY_CANDLES).default(DEFAULT_HISTORY_CANDLES)),
  /** Bars from this time on (oldest first). Without it: the latest bars up to now. */
  startTime: unixTime('startTime').optional(),
  /** Bars before this time (exclusive): the `limit` bars just before it, for scrolling back. */
  endTime: unixTime('endTime').optional(),
});
export type HistoricalQuery = z.infer<typeof historicalQuerySchema>;

export const intradayQuerySchema = z.object({
  symbol: marketSymbolSchema,
  timeframe: z.preprocess(
    emptyToUndefined,
    z
      .enum(INTRADAY_TIMEFRAMES, {
        error: `timeframe must be one of ${INTRADAY_TIMEFRAMES.join(', ')}; daily and longer bars come from /middleware/feed/historical.`,
      })
      .default('15m'),
  ),
  /** First bar time (inclusive), unix seconds. */
  from: unixTime('from'),
  /** End of the range (exclusive), unix seconds; now when left out. */
  to: unixTime('to').optional(),
});
export type IntradayQuery = z.infer<typeof intradayQuerySchema>;

export const importedRangeSchema = z.object({ from: z.number().int(), to: z.number().int() });

export const historicalAnswerSchema = z.object({
  symbol: z.string(),
  source: z.enum(MARKET_SOURCES),
  timeframe: z.enum(MARKET_TIMEFRAMES),
  digits: z.number().int(),
  /** Simulated (the simulator), Imported (imported bars only) or Mixed. */
  dataSource: z.enum(HISTORY_DATA_SOURCES),
  /** What to show beside the chart, e.g. "Simulated market". */
  label: z.string(),
  /** Bar times (inclusive) served from imported candles. */
  importedRanges: z.array(importedRangeSchema),
  /** Whether the last candle is still forming (its period has not ended at the server's now). */
  forming: z.boolean(),
  candles: z.array(historicalCandleSchema),
});
export type HistoricalAnswer = z.infer<typeof historicalAnswerSchema>;

export const marketErrorCodes = [
  'MARKET_SYMBOL_NOT_FOUND',
  'MARKET_SOURCE_MISMATCH',
  'MARKET_PLATFORM_NOT_FOUND',
  'MARKET_RANGE_TOO_LARGE',
  'MARKET_RANGE_INVALID',
  'INDICATOR_SETTINGS_INVALID',
] as const;
export type MarketErrorCode = (typeof marketErrorCodes)[number];
