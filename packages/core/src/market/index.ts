/**
 * Market data: the instrument catalogue and the deterministic simulated market. Times are unix seconds for
 * candles and unix milliseconds for instants (ticks, quotes, sessions); prices are numbers rounded to the
 * instrument's digits. Everything here is pure: no I/O, no clock (callers pass "now").
 */
export { aggregateBy, aggregateCandles, type Candle, mergeCandles } from './candles.js';
export { pointOf, roundToDigits } from './instruments/build.js';
export {
  CATALOGUE,
  catalogueOrder,
  commissionClass,
  commissionPerSide,
  findInstrument,
  getInstrument,
  INSTRUMENTS,
  instrumentSessionStatus,
  listCountries,
  listExchanges,
  listSources,
} from './instruments/catalogue.js';
export {
  CORRELATION_THRESHOLD,
  type Recommendation,
  type RecommendationReason,
  recommendSymbols,
} from './instruments/recommendations.js';
export {
  COINS,
  COMMISSION_CLASSES,
  COUNTRIES,
  type CommissionClass,
  type Country,
  CURRENCIES,
  EXCHANGES,
  type Exchange,
  GBX_PER_GBP,
  isValueAssetCode,
  METALS,
  type ValueAsset,
  valueAsset,
} from './instruments/reference-data.js';
export {
  DEFAULT_SEARCH_LIMIT,
  type InstrumentPage,
  type InstrumentQuery,
  MAX_SEARCH_LIMIT,
  type MarketGroup,
  marketGroups,
  searchInstruments,
  searchScore,
  sourceLabel,
} from './instruments/search.js';
export {
  describeTradingHours,
  isSessionOpen,
  type LocalTime,
  SESSION_TEMPLATES,
  type SessionDay,
  type SessionInterval,
  type SessionStatus,
  type SessionTemplate,
  type SessionTemplateId,
  sessionDay,
  sessionStatus,
  sessionTemplate,
  type TradingHours,
  tradeDateAt,
  type WeekdayName,
} from './instruments/sessions.js';
export {
  type CommissionClassId,
  INSTRUMENT_CATEGORIES,
  INSTRUMENT_SOURCES,
  type Instrument,
  type InstrumentCategory,
  type InstrumentSource,
  type SwapType,
} from './instruments/types.js';
export { candleTimeOf } from './periods.js';
export {
  EVENT_IMPACTS,
  EVENT_WINDOW_MINUTES,
  type EventImpact,
  type MarketEvent,
  type MarketEventInput,
} from './sim/events.js';
export {
  type CandleQuery,
  createSimulatedMarket,
  type DailyChange,
  MAX_CANDLES_PER_QUERY,
  MAX_MINUTE_BATCH,
  type MinuteBarBatch,
  type Quote,
  SIM_MAX_TIME_MS,
  SIM_MIN_TIME_MS,
  SimulatedMarket,
  type SimulatedMarketOptions,
} from './sim/market.js';
export { modelCorrelation, modelVolatility } from './sim/model.js';
export {
  dateOfEpochDay,
  epochDayOf,
  isoWeekday,
  isValidTimeZone,
  localToUtcMs,
  toLocal,
  zoneOffsetMinutes,
} from './time-zones.js';
export {
  DEFAULT_TIMEFRAME,
  isTimeframe,
  TIMEFRAME_IDS,
  TIMEFRAMES,
  type Timeframe,
  type TimeframeKind,
  timeframeKind,
  timeframeSeconds,
} from './timeframes.js';

/** Label to show wherever simulated prices appear. */
export const SIMULATED_MARKET_LABEL = 'Simulated market';
