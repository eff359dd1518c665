import { z } from 'zod';
import { drawingColorSchema, drawingTimeSchema } from './drawings.js';
import { historicalQuerySchema } from './market.js';
import { line } from './text.js';

/**
 * Saved charts (spec section 7, "Chart"): a chart is an instrument (source and symbol), a timeframe, the
 * chart's settings and its indicators, saved per user and versioned so two tabs never overwrite each other
 * silently. Drawings (chart-drawings.ts), layouts (chart-layouts.ts) and templates (chart-templates.ts) hang
 * off it. Request bodies are snake_case, answers camelCase.
 */

/** The price sources of the instrument catalogue (packages/core); a chart's `broker` in the spec's paths. */
export const CHART_SOURCES = ['FOREX', 'COMMODITIES', 'INDICES', 'STOCKS', 'CRYPTO'] as const;
export type ChartSource = (typeof CHART_SOURCES)[number];

export const chartTimeframes = ['1m', '5m', '15m', '30m', '1h', '4h', '1D', '1W', '1M'] as const;
export type ChartTimeframe = (typeof chartTimeframes)[number];

/** The spec's defaults: EURUSD on FOREX, 15 minutes. */
export const CHART_DEFAULTS = { symbol: 'EURUSD', source: 'FOREX', timeframe: '15m' } as const;

export const CHART_MAX_PER_USER = 200;
export const CHART_MAX_INDICATORS = 25;
export const CHART_NAME_MAX = 60;

export const chartTypes = ['candles', 'bars', 'line', 'area', 'heikin_ashi'] as const;
export const chartPriceScales = ['normal', 'log', 'percent'] as const;
export const chartCrosshairModes = ['normal', 'magnet'] as const;

export const chartSourceSchema = (label = 'Source') =>
  z.enum(CHART_SOURCES, {
    error: (issue) =>
      issue.input === undefined ? `${label} is required.` : `${label} must be one of ${CHART_SOURCES.join(', ')}.`,
  });

/** A ticker such as EURUSD or BRK.B, upper-cased; the server checks it against the instrument catalogue. */
export const tickerSchema = (label = 'Symbol') =>
  line(label, 20, { min: 1 })
    .toUpperCase()
    .regex(
      /^[A-Z0-9._-]{1,20}$/,
      `${label} must be a ticker such as EURUSD: 1 to 20 letters, digits, dots, underscores or hyphens.`,
    );

/** A chart type as a body sends it; the message names the field (`chart_type` of settings, `type` of a layout slot). */
export const chartTypeSchema = (field = 'chart_type') =>
  z.enum(chartTypes, { error: `${field} must be one of ${chartTypes.join(', ')}.` });

export const chartTimeframeSchema = z.enum(chartTimeframes, {
  error: `Timeframe must be one of ${chartTimeframes.join(', ')} (1m is a minute, 1M a month).`,
});

export const chartNameSchema = line('Name', CHART_NAME_MAX, { min: 1 });

/**
 * A saved version the client last read: a PUT that carries an older one than the stored one is refused with
 * 409, so a second tab reloads instead of overwriting the first tab's change.
 */
export const revisionSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Version is required.' : 'Version must be a whole number from 0 to 1000000000.',
  })
  .int('Version must be a whole number from 0 to 1000000000.')
  .min(0, 'Version must be a whole number from 0 to 1000000000.')
  .max(1_000_000_000, 'Version must be a whole number from 0 to 1000000000.');

/** An id field (a UUID) whose messages name it: "chart_id is required.", "chart_id must be a chart id (a UUID).". */
export const idFieldSchema = (field: string, what: string) =>
  z.uuid({
    error: (issue) => (issue.input === undefined ? `${field} is required.` : `${field} must be ${what} (a UUID).`),
  });

// ---- indicators on a chart (or in a template) ------------------------------------------------------

const keySchema = (label: string) =>
  line(label, 40, { min: 1 }).regex(/^[A-Za-z][A-Za-z0-9_]*$/, `${label} must be letters, digits or underscores.`);
const scalarSchema = z.union([z.number(), z.boolean(), line('Indicator setting', 40)], {
  error: 'Indicator settings and styles must be numbers, true or false, or text of at most 40 characters.',
});
const boundedRecord = <T extends z.ZodType>(label: string, value: T, max: number) =>
  z
    .record(keySchema(`${label} key`), value)
    .refine((r) => Object.keys(r).length <= max, `${label} must have at most ${max} entries.`);

/**
 * An indicator as a client sends it: the catalogue's id or short name ("rsi", "BB"), its inputs
 * (`settings`, by input id) and style overrides (`styles`, by plot id, then style property), both checked by
 * the server against the indicator catalogue. Keys may come in camelCase or snake_case.
 */
export const chartIndicatorBodySchema = z.strictObject({
  id: line('Indicator id', 40, { min: 1 })
    .regex(/^[A-Za-z0-9_-]+$/, 'Indicator id must be letters, digits, dashes or underscores.')
    .optional()
    .meta({ description: 'The client’s key for this indicator on the chart; made up by the server when left out' }),
  name: line('Indicator name', 60, { min: 1 }).meta({ example: 'rsi' }),
  settings: boundedRecord('Indicator settings', scalarSchema, 30).optional(),
  styles: boundedRecord('Indicator styles', boundedRecord('Indicator style', scalarSchema, 12), 30).optional(),
  visible: z.boolean().default(true),
});
export type ChartIndicatorBody = z.infer<typeof chartIndicatorBodySchema>;

export const chartIndicatorsBodySchema = z
  .array(chartIndicatorBodySchema)
  .max(CHART_MAX_INDICATORS, `Indicators must have at most ${CHART_MAX_INDICATORS} items.`);

export const chartIndicatorSchema = z.object({
  id: z.string(),
  /** The catalogue id (canonical: "rsi", "bollinger"). */
  name: z.string(),
  /** Every input of the indicator, defaults filled in. */
  settings: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  /** The style overrides, by plot id (the catalogue's defaults apply to the rest). */
  styles: z.record(z.string(), z.record(z.string(), z.union([z.number(), z.string(), z.boolean()]))),
  visible: z.boolean(),
});
export type ChartIndicator = z.infer<typeof chartIndicatorSchema>;

// ---- chart settings --------------------------------------------------------------------------------

export const chartVisibleRangeBodySchema = z.strictObject({ from: drawingTimeSchema, to: drawingTimeSchema });

/** Chart settings as sent (snake_case); each optional: a PUT changes only the keys it carries. */
export const chartSettingsBodySchema = z.strictObject({
  chart_type: chartTypeSchema('chart_type').optional(),
  show_volume: z.boolean().optional(),
  show_grid: z.boolean().optional(),
  show_legend: z.boolean().optional(),
  price_scale: z.enum(chartPriceScales, { error: 'price_scale must be normal, log or percent.' }).optional(),
  crosshair: z.enum(chartCrosshairModes, { error: 'crosshair must be normal or magnet.' }).optional(),
  autosave: z.boolean().optional(),
  journal: z.boolean().optional(),
  template_id: idFieldSchema('template_id', 'a template id').nullable().optional(),
  /** The range of bars shown, unix seconds, so a reload opens where the user left off. */
  visible_range: chartVisibleRangeBodySchema.nullable().optional(),
});
export type ChartSettingsBody = z.infer<typeof chartSettingsBodySchema>;

export const chartSettingsSchema = z.object({
  chartType: z.enum(chartTypes),
  showVolume: z.boolean(),
  showGrid: z.boolean(),
  showLegend: z.boolean(),
  priceScale: z.enum(chartPriceScales),
  crosshair: z.enum(chartCrosshairModes),
  autosave: z.boolean(),
  journal: z.boolean(),
  templateId: z.string().nullable(),
  visibleRange: z.object({ from: z.number(), to: z.number() }).nullable(),
});
export type ChartSettings = z.infer<typeof chartSettingsSchema>;

export const defaultChartSettings: ChartSettings = {
  chartType: 'candles',
  showVolume: true,
  showGrid: true,
  showLegend: true,
  priceScale: 'normal',
  crosshair: 'normal',
  autosave: true,
  journal: false,
  templateId: null,
  visibleRange: null,
};

// ---- charts ----------------------------------------------------------------------------------------

/** POST /charts: everything optional; EURUSD, FOREX, 15m by default (the source follows from the symbol). */
export const createChartBodySchema = z.strictObject({
  name: chartNameSchema.optional(),
  source: chartSourceSchema().optional(),
  symbol: tickerSchema().optional(),
  timeframe: chartTimeframeSchema.optional(),
  settings: chartSettingsBodySchema.optional(),
  indicators: chartIndicatorsBodySchema.optional(),
});
export type CreateChartBody = z.infer<typeof createChartBodySchema>;

/** PUT /charts/{id}: the version read, and the fields to change (left out: kept). */
export const updateChartBodySchema = createChartBodySchema.extend({ version: revisionSchema });
export type UpdateChartBody = z.infer<typeof updateChartBodySchema>;

/** POST /charts/{id}/convert: switches the chart to another instrument (and timeframe), keeping the rest. */
export const convertChartBodySchema = z.strictObject({
  version: revisionSchema,
  symbol: tickerSchema(),
  source: chartSourceSchema().optional(),
  timeframe: chartTimeframeSchema.optional(),
});
export type ConvertChartBody = z.infer<typeof convertChartBodySchema>;

/** POST /charts/{id}/share: what the public link shows (left out: the chart's own). */
export const shareChartBodySchema = z
  .strictObject({
    settings: chartSettingsBodySchema.optional(),
    indicators: chartIndicatorsBodySchema.optional(),
    timeframe: chartTimeframeSchema.optional(),
  })
  .nullish();
export type ShareChartBody = z.infer<typeof shareChartBodySchema>;

export const chartsQuerySchema = z.object({
  symbol: tickerSchema().optional(),
});

export const chartInstrumentParamsSchema = z.object({
  broker: chartSourceSchema('broker'),
  symbol: tickerSchema(),
});

export const shareTokenSchema = line('Token', 64, { min: 1 }).regex(
  /^[A-Za-z0-9_-]{16,64}$/,
  'Token must be a share token: 16 to 64 letters, digits, dashes or underscores.',
);
export const shareTokenParamsSchema = z.object({ token: shareTokenSchema });

/** One indicator of a shared chart: `GET /charts/share/{token}/indicators/{indicatorId}`. */
export const sharedIndicatorParamsSchema = z.object({
  token: shareTokenSchema,
  indicatorId: line('indicatorId', 100, { min: 1 }),
});
/** The candles the values line up with, as `GET /middleware/feed/historical` takes them. */
export const sharedIndicatorQuerySchema = historicalQuerySchema.pick({ limit: true, startTime: true });

export const chartSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  source: z.enum(CHART_SOURCES),
  symbol: z.string(),
  timeframe: z.enum(chartTimeframes),
  settings: chartSettingsSchema,
  indicators: z.array(chartIndicatorSchema),
  /** Saved version: send it back with the next PUT or convert. */
  version: z.number().int(),
  /** The public link's token while the chart is shared, else null. */
  shareToken: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chart = z.infer<typeof chartSchema>;

export const chartListSchema = z.object({ charts: z.array(chartSchema) });
export type ChartList = z.infer<typeof chartListSchema>;

/** What a chart screen needs about its instrument (the full specification is the market API's). */
export const chartInstrumentSchema = z.object({
  symbol: z.string(),
  source: z.enum(CHART_SOURCES),
  name: z.string(),
  description: z.string(),
  digits: z.number().int(),
  exchange: z.string(),
});
export type ChartInstrument = z.infer<typeof chartInstrumentSchema>;

export const chartShareSchema = z.object({
  token: z.string(),
  chartId: z.uuid(),
  timeframe: z.enum(chartTimeframes),
  settings: chartSettingsSchema,
  indicators: z.array(chartIndicatorSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChartShare = z.infer<typeof chartShareSchema>;

// Template colours used by chart-templates.ts too.
export const chartColorSchema = drawingColorSchema;

/**
 * Event on the caller's `user` WebSocket channel when a chart, layout or user-data entry of theirs is saved or
 * deleted, so another open tab reloads it instead of saving over it. `version` is null after a delete.
 */
export const CHARTING_SAVED_EVENT = 'charting.saved';
export const chartingResources = ['chart', 'layout', 'manualSetups', 'indicatorCollections', 'recentlyList'] as const;
export const chartingSavedSchema = z.object({
  resource: z.enum(chartingResources),
  /** The chart's or layout's id; null for a user-data entry. */
  id: z.string().nullable(),
  version: z.number().int().nullable(),
});
export type ChartingSaved = z.infer<typeof chartingSavedSchema>;

export const chartsErrorCodes = [
  'CHART_NOT_FOUND',
  'CHART_VERSION_CONFLICT',
  'CHART_LIMIT_REACHED',
  'CHART_INVALID_INSTRUMENT',
  'CHART_INVALID_INDICATOR',
  'CHART_SHARE_NOT_FOUND',
  'DRAWING_NOT_FOUND',
  'DRAWING_LIMIT_REACHED',
  'DRAWING_MOVED',
  'LAYOUT_NOT_FOUND',
  'LAYOUT_VERSION_CONFLICT',
  'LAYOUT_LIMIT_REACHED',
  'TEMPLATE_NOT_FOUND',
  'TEMPLATE_LIMIT_REACHED',
] as const;
export type ChartsErrorCode = (typeof chartsErrorCodes)[number];
