import { z } from 'zod';
import {
  CHART_SOURCES,
  chartSourceSchema,
  chartTimeframeSchema,
  chartTimeframes,
  idFieldSchema,
  revisionSchema,
  tickerSchema,
} from './charts.js';
import { line } from './text.js';

/**
 * The user-data store's fixed entries (spec section 7, "User-data store"): the active charts' manual setups,
 * the indicator collections and the recently opened instruments. Each is versioned: the answer carries the
 * saved version, and a PUT that sends an older `version` than the saved one is refused with 409 so a second
 * tab never overwrites the first silently (a PUT without `version` replaces whatever is saved, as the spec's
 * bodies carry none). Answers are `{ payload: { state | list, version, updatedAt } }` (`data.payload.state`
 * or `data.payload.list`).
 */

export const MANUAL_SETUPS_MAX = 20;
export const INDICATOR_COLLECTIONS_MAX = 20;
export const INDICATOR_COLLECTION_MAX_INDICATORS = 200;
/** Recent instruments kept (newest first), as the spec says. */
export const RECENT_INSTRUMENTS_MAX = 4;
export const DEFAULT_INDICATOR_COLLECTION_NAME = 'Favorite';

const itemId = (label: string) =>
  line(label, 64, { min: 1 }).regex(/^[A-Za-z0-9_-]+$/, `${label} must be letters, digits, dashes or underscores.`);

// ---- activeCharts/manualSetups ----------------------------------------------------------------------

/** A chart set up by hand in the dashboard's active charts: an instrument and timeframe, maybe a saved chart. */
export const manualSetupBodySchema = z.strictObject({
  id: itemId('Setup id'),
  name: line('Setup name', 60).optional(),
  symbol: tickerSchema(),
  source: chartSourceSchema().optional(),
  timeframe: chartTimeframeSchema,
  chart_id: idFieldSchema('chart_id', 'a chart id').nullable().optional(),
});

export const manualSetupsBodySchema = z.strictObject({
  version: revisionSchema.optional(),
  state: z.array(manualSetupBodySchema).max(MANUAL_SETUPS_MAX, `State must have at most ${MANUAL_SETUPS_MAX} items.`),
});
export type ManualSetupsBody = z.infer<typeof manualSetupsBodySchema>;

export const manualSetupSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  source: z.enum(CHART_SOURCES),
  timeframe: z.enum(chartTimeframes),
  chartId: z.uuid().nullable(),
});
export type ManualSetup = z.infer<typeof manualSetupSchema>;

const entryMeta = {
  /** 0 while nothing is saved. */
  version: z.number().int(),
  /** null while nothing is saved. */
  updatedAt: z.string().nullable(),
};

export const manualSetupsResponseSchema = z.object({
  payload: z.object({ state: z.array(manualSetupSchema), ...entryMeta }),
});
export type ManualSetupsResponse = z.infer<typeof manualSetupsResponseSchema>;

// ---- indicators/indicatorCollections ------------------------------------------------------------------

export const indicatorCollectionBodySchema = z.strictObject({
  id: itemId('Collection id'),
  tab_name: line('Tab name', 40, { min: 1 }).default(DEFAULT_INDICATOR_COLLECTION_NAME),
  /** Catalogue ids or short names ("rsi", "BB"); saved as catalogue ids. */
  indicators: z
    .array(line('Indicator', 60, { min: 1 }))
    .max(
      INDICATOR_COLLECTION_MAX_INDICATORS,
      `Indicators must have at most ${INDICATOR_COLLECTION_MAX_INDICATORS} items.`,
    ),
});

export const indicatorCollectionsBodySchema = z.strictObject({
  version: revisionSchema.optional(),
  list: z
    .array(indicatorCollectionBodySchema)
    .max(INDICATOR_COLLECTIONS_MAX, `List must have at most ${INDICATOR_COLLECTIONS_MAX} items.`),
});
export type IndicatorCollectionsBody = z.infer<typeof indicatorCollectionsBodySchema>;

export const indicatorCollectionSchema = z.object({
  id: z.string(),
  tabName: z.string(),
  indicators: z.array(z.string()),
});
export type IndicatorCollection = z.infer<typeof indicatorCollectionSchema>;

export const indicatorCollectionsResponseSchema = z.object({
  payload: z.object({ list: z.array(indicatorCollectionSchema), ...entryMeta }),
});
export type IndicatorCollectionsResponse = z.infer<typeof indicatorCollectionsResponseSchema>;

// ---- instrument/recentlyList ------------------------------------------------------------------------

export const recentInstrumentBodySchema = z.strictObject({
  symbol: tickerSchema(),
  source: chartSourceSchema().optional(),
});

/** PUT body `{ list }`, newest first; only the first 4 distinct instruments are kept. */
export const recentInstrumentsBodySchema = z.strictObject({
  version: revisionSchema.optional(),
  list: z.array(recentInstrumentBodySchema).max(50, 'List must have at most 50 items.'),
});
export type RecentInstrumentsBody = z.infer<typeof recentInstrumentsBodySchema>;

export const recentInstrumentSchema = z.object({
  symbol: z.string(),
  source: z.enum(CHART_SOURCES),
  name: z.string(),
  digits: z.number().int(),
});
export type RecentInstrument = z.infer<typeof recentInstrumentSchema>;

export const recentInstrumentsResponseSchema = z.object({
  payload: z.object({ list: z.array(recentInstrumentSchema), ...entryMeta }),
});
export type RecentInstrumentsResponse = z.infer<typeof recentInstrumentsResponseSchema>;
