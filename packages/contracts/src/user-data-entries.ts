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

export const MANUAL_SETUP_DIRECTIONS = ['long', 'short'] as const;
export type ManualSetupDirection = (typeof MANUAL_SETUP_DIRECTIONS)[number];

/**
 * Where the server's tracker has a setup: `watching` until the price enters the entry zone (`triggered`), or
 * reaches the stop first (`invalidated`); a triggered setup ends at its target (`target_hit`) or its stop
 * (`stopped`). Prices are the simulated market's live quotes (Simulated), on the side a position would use: a
 * long enters at the ask and exits at the bid, a short the other way round.
 */
export const MANUAL_SETUP_STATUSES = ['watching', 'triggered', 'invalidated', 'target_hit', 'stopped'] as const;
export type ManualSetupStatus = (typeof MANUAL_SETUP_STATUSES)[number];

/** Event on the `user` channel when the tracker moves a setup to another status (data: ManualSetupStatusEvent). */
export const MANUAL_SETUP_STATUS_EVENT = 'manual_setup.status';

const setupPrice = (field: string) =>
  z
    .number({ error: `${field} must be a price (a number).` })
    .positive(`${field} must be above 0.`)
    .max(1e9, `${field} must be at most 1000000000.`);

/**
 * A chart set up by hand in the dashboard's active charts, and maybe a trade idea on it (spec section 7,
 * `activeCharts/manualSetups`; issue 12 item 5): direction, entry zone (entry_from to entry_to, either order; one
 * of them alone is a single price), stop, target and the strategy it follows. The server tracks a setup with a
 * direction and an entry (see MANUAL_SETUP_STATUSES); a long's stop must be below its entry zone and its target
 * above, a short's the other way round. Status is the server's: it is not sent, and a saved setup keeps its status
 * while its symbol, direction and levels stay the same (any change of them starts it watching again).
 * A setup is an instrument and timeframe, maybe a saved chart.
 */
export const manualSetupBodySchema = z.strictObject({
  id: itemId('Setup id'),
  name: line('Setup name', 60).optional(),
  symbol: tickerSchema(),
  source: chartSourceSchema().optional(),
  timeframe: chartTimeframeSchema,
  chart_id: idFieldSchema('chart_id', 'a chart id').nullable().optional(),
  // the trade idea, tracked by the server (all optional: a setup without direction and entry is a chart only)
  direction: z.enum(MANUAL_SETUP_DIRECTIONS, { error: 'direction must be long or short.' }).nullable().optional(),
  entry_from: setupPrice('entry_from').nullable().optional(),
  entry_to: setupPrice('entry_to').nullable().optional(),
  stop_loss: setupPrice('stop_loss').nullable().optional(),
  take_profit: setupPrice('take_profit').nullable().optional(),
  strategy_id: idFieldSchema('strategy_id', 'a strategy id').nullable().optional(),
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
  direction: z.enum(MANUAL_SETUP_DIRECTIONS).nullable(),
  /** The entry zone, low to high (equal for a single price); null without an entry. */
  entryFrom: z.number().nullable(),
  entryTo: z.number().nullable(),
  stopLoss: z.number().nullable(),
  takeProfit: z.number().nullable(),
  strategyId: z.uuid().nullable(),
  /** null for a setup the tracker does not follow (no direction or no entry). */
  status: z.enum(MANUAL_SETUP_STATUSES).nullable(),
  /** When the status was reached (ISO time); null with no status. */
  statusAt: z.string().nullable(),
  /** The quote that moved the setup to its status (Simulated); null while watching since it was saved. */
  statusPrice: z.number().nullable(),
});
export type ManualSetup = z.infer<typeof manualSetupSchema>;

export const manualSetupStatusEventSchema = z.object({
  setupId: z.string(),
  symbol: z.string(),
  status: z.enum(MANUAL_SETUP_STATUSES),
  previous: z.enum(MANUAL_SETUP_STATUSES),
  statusAt: z.string(),
  statusPrice: z.number(),
});
export type ManualSetupStatusEvent = z.infer<typeof manualSetupStatusEventSchema>;

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
