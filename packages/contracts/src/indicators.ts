import { z } from 'zod';
import {
  DEFAULT_HISTORY_CANDLES,
  HISTORY_DATA_SOURCES,
  MARKET_SOURCES,
  MARKET_TIMEFRAMES,
  MAX_HISTORY_CANDLES,
  marketSourceSchema,
  marketSymbolSchema,
  marketTimeframeSchema,
} from './market.js';
import { line } from './text.js';

/**
 * Indicators (spec section 7: `indicators/list`, `indicators/calculation`): the catalogue of technical
 * indicators with their inputs and default plot styles, and their calculation over a symbol's candles.
 */

/** The spec's indicator groups (the filter tabs of the indicators sub navigation). */
export const INDICATOR_GROUP_IDS = [
  'trend',
  'oscillators',
  'volume',
  'volatility',
  'priceAction',
  'meanReversion',
] as const;
export type IndicatorGroupId = (typeof INDICATOR_GROUP_IDS)[number];

/** The spec's defaults of the indicator list (page 1, limit 100). */
export const INDICATOR_LIST_PAGE = 1;
export const INDICATOR_LIST_LIMIT = 100;
export const MAX_INDICATOR_LIST_LIMIT = 500;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const whole = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}.`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
};

export const indicatorListQuerySchema = z.object({
  page: z.preprocess(emptyToUndefined, whole('page', 1, 100_000).default(INDICATOR_LIST_PAGE)),
  limit: z.preprocess(emptyToUndefined, whole('limit', 1, MAX_INDICATOR_LIST_LIMIT).default(INDICATOR_LIST_LIMIT)),
  search: z.preprocess(emptyToUndefined, line('search', 100).optional()),
  group: z.preprocess(
    emptyToUndefined,
    z.enum(INDICATOR_GROUP_IDS, { error: `group must be one of ${INDICATOR_GROUP_IDS.join(', ')}.` }).optional(),
  ),
});
export type IndicatorListQueryInput = z.infer<typeof indicatorListQuerySchema>;

const plotStyleSchema = z.object({
  type: z.enum(['line', 'stepLine', 'histogram', 'area', 'markers', 'candles', 'zigzag']),
  color: z.string(),
  lineWidth: z.number(),
  lineStyle: z.enum(['solid', 'dashed', 'dotted']),
  visible: z.boolean(),
  negativeColor: z.string().optional(),
  shape: z.enum(['arrowUp', 'arrowDown', 'circle', 'square']).optional(),
  position: z.enum(['aboveBar', 'belowBar', 'atValue']).optional(),
});

const outputSchema = z.object({ id: z.string(), title: z.string(), style: plotStyleSchema });
const levelSchema = z.object({
  id: z.string(),
  title: z.string(),
  value: z.number(),
  color: z.string(),
  lineStyle: z.enum(['solid', 'dashed', 'dotted']),
  visible: z.boolean(),
});
const fillSchema = z.object({
  id: z.string(),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  color: z.string(),
  visible: z.boolean(),
});

/** An input of an indicator: `default` and the bounds (numbers) or `options` (source, select). */
const inputSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(['int', 'float', 'source', 'select', 'bool']),
  default: z.union([z.number(), z.string(), z.boolean()]),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().optional(),
  options: z.array(z.string()).optional(),
});

export const indicatorDefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string(),
  group: z.enum(INDICATOR_GROUP_IDS),
  description: z.string(),
  /** True when drawn over the price series, false when it takes its own pane. */
  overlay: z.boolean(),
  /** `series`: values per candle; `profile`: a histogram over a price range (volume profile). */
  kind: z.enum(['series', 'profile']),
  inputs: z.array(inputSchema),
  constraints: z.array(z.object({ type: z.literal('lessThan'), lower: z.string(), upper: z.string() })),
  outputs: z.array(outputSchema),
  levels: z.array(levelSchema),
  fills: z.array(fillSchema),
});
export type IndicatorDefinitionWire = z.infer<typeof indicatorDefinitionSchema>;

export const indicatorListSchema = z.object({
  indicators: z.array(indicatorDefinitionSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Every group with its number of indicators (all of the catalogue, whatever the filter). */
  groups: z.array(z.object({ id: z.enum(INDICATOR_GROUP_IDS), count: z.number().int() })),
});
export type IndicatorList = z.infer<typeof indicatorListSchema>;

const settingKey = line('indicator_settings key', 40, { min: 1 });
const settingValue = z.union([z.number(), line('indicator_settings value', 40), z.boolean()], {
  error: 'Each of indicator_settings must be a number, text or true/false.',
});
const styleValue = z.union([z.number(), line('indicator_styles value', 60), z.boolean()], {
  error: 'Each style property must be a number, text or true/false.',
});
const atMost = (n: number) => (o: Record<string, unknown>) => Object.keys(o).length <= n;

export const indicatorCalculationBodySchema = z.object({
  symbol: marketSymbolSchema,
  source: z.preprocess(emptyToUndefined, marketSourceSchema.optional()),
  timeframe: z.preprocess(emptyToUndefined, marketTimeframeSchema.default('15m')),
  /** An id or short name of the catalogue: rsi, RSI, bb. */
  indicator_name: line('indicator_name', 60, { min: 1 }),
  /** Input values by input id; missing inputs take their defaults. */
  indicator_settings: z
    .record(settingKey, settingValue)
    .refine(atMost(50), { error: 'indicator_settings may hold at most 50 inputs.' })
    .nullish(),
  /** Style overrides by plot, level or fill id: { "rsi": { "color": "#FF0000" } }. */
  indicator_styles: z
    .record(line('indicator_styles key', 60, { min: 1 }), z.record(line('style property', 40, { min: 1 }), styleValue))
    .refine(atMost(50), { error: 'indicator_styles may hold at most 50 plots.' })
    .nullish(),
  /** Candles from this time on (unix seconds); without it the latest `limit` candles. */
  start_time: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .number({ error: 'start_time must be a unix time in seconds.' })
      .int({ error: 'start_time must be a whole number of seconds since 1970.' })
      .min(0, { error: 'start_time must not be before 1970.' })
      .max(10_000_000_000_000, { error: 'start_time must be a unix time in seconds before the year 2300.' })
      .transform((n) => (n >= 100_000_000_000 ? Math.floor(n / 1000) : n))
      .optional(),
  ),
  limit: whole('limit', 1, MAX_HISTORY_CANDLES).default(DEFAULT_HISTORY_CANDLES),
  /**
   * The time range (bar times, inclusive) a range indicator covers, such as the visible range of the volume
   * profile; all the candles when left out. Series indicators ignore it.
   */
  scope: z
    .object({
      from: z.number({ error: 'scope.from must be a unix time in seconds.' }).int().min(0).optional(),
      to: z.number({ error: 'scope.to must be a unix time in seconds.' }).int().min(0).optional(),
    })
    .strict()
    .nullish(),
});
export type IndicatorCalculationBody = z.infer<typeof indicatorCalculationBodySchema>;

const seriesSchema = z.object({
  id: z.string(),
  title: z.string(),
  style: plotStyleSchema,
  /** Bars to shift the series when drawing (+ into the future, - into the past). */
  offset: z.number().int(),
  /** One value per candle, null during the warm-up. */
  values: z.array(z.number().nullable()),
});

const profileSchema = z.object({
  /** Candle times (inclusive) the profile covers. */
  from: z.number().int(),
  to: z.number().int(),
  low: z.number(),
  high: z.number(),
  rowHeight: z.number(),
  up: z.array(z.number()),
  down: z.array(z.number()),
  totalVolume: z.number(),
  poc: z.number(),
  valueAreaLow: z.number(),
  valueAreaHigh: z.number(),
});

export const indicatorCalculationSchema = z.object({
  symbol: z.string(),
  source: z.enum(MARKET_SOURCES),
  timeframe: z.enum(MARKET_TIMEFRAMES),
  indicator: z.string(),
  kind: z.enum(['series', 'profile']),
  overlay: z.boolean(),
  /** The settings used, defaults filled in. */
  settings: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  dataSource: z.enum(HISTORY_DATA_SOURCES),
  label: z.string(),
  /** The candle times the series are aligned to (unix seconds), oldest first. */
  times: z.array(z.number().int()),
  series: z.array(seriesSchema),
  levels: z.array(levelSchema),
  fills: z.array(fillSchema),
  /** Volume profile indicators: the histogram over `scope` (null without candles there). */
  profile: profileSchema.nullable(),
});
export type IndicatorCalculation = z.infer<typeof indicatorCalculationSchema>;
