import { z } from 'zod';
import {
  CHART_SOURCES,
  chartIndicatorSchema,
  chartIndicatorsBodySchema,
  chartSourceSchema,
  chartTimeframeSchema,
  chartTimeframes,
  chartTypeSchema,
  chartTypes,
  idFieldSchema,
  revisionSchema,
  tickerSchema,
} from './charts.js';
import { line } from './text.js';

/**
 * Layouts (`/layouts`): 1, 2, 4 or 8 charts on one screen, each slot an instrument, a timeframe, a chart type
 * and indicators (and the saved chart it opens, when there is one), with the sync options: symbol, interval,
 * crosshair and time. A slot naming a saved chart shows that chart's type and indicators: the saved chart
 * wins over the slot's own. Versioned like charts: a PUT carrying an older version than the saved one is a 409.
 */

export const layoutChartCounts = [1, 2, 4, 8] as const;
export type LayoutChartCount = (typeof layoutChartCounts)[number];
/** How two charts share the screen (side by side or stacked); larger layouts are grids. */
export const layoutDirections = ['horizontal', 'vertical'] as const;

export const LAYOUT_MAX_PER_USER = 50;

export const layoutSlotBodySchema = z.strictObject({
  chart_id: idFieldSchema('chart_id', 'a chart id').nullable().optional(),
  symbol: tickerSchema(),
  source: chartSourceSchema().optional(),
  timeframe: chartTimeframeSchema,
  /** An unsaved chart's type and indicators (a saved chart's are its own); candles and none when left out. */
  type: chartTypeSchema('type').optional(),
  indicators: chartIndicatorsBodySchema.optional(),
});
export type LayoutSlotBody = z.infer<typeof layoutSlotBodySchema>;

export const layoutSyncBodySchema = z.strictObject({
  symbol: z.boolean().optional(),
  interval: z.boolean().optional(),
  crosshair: z.boolean().optional(),
  time: z.boolean().optional(),
});

const countSchema = z
  .number({ error: 'Count must be 1, 2, 4 or 8 charts.' })
  .refine(
    (n): n is LayoutChartCount => (layoutChartCounts as readonly number[]).includes(n),
    'Count must be 1, 2, 4 or 8 charts.',
  );

const fields = {
  name: line('Name', 60, { min: 1 }),
  count: countSchema,
  direction: z.enum(layoutDirections, { error: 'Direction must be horizontal or vertical.' }).optional(),
  charts: z
    .array(layoutSlotBodySchema)
    .min(1, 'Charts must have at least one item.')
    .max(8, 'Charts must have at most 8 items.'),
  sync: layoutSyncBodySchema.optional(),
};

function checkSlots(body: { count?: number; charts?: unknown[] }, ctx: z.RefinementCtx) {
  if (body.count === undefined || body.charts === undefined) return;
  if (body.charts.length !== body.count) {
    ctx.addIssue({
      code: 'custom',
      path: ['charts'],
      message: `A layout of ${body.count} chart${body.count === 1 ? '' : 's'} has exactly ${body.count} item${body.count === 1 ? '' : 's'} in charts (this one has ${body.charts.length}).`,
    });
  }
}

export const createLayoutBodySchema = z.strictObject(fields).superRefine(checkSlots);
export type CreateLayoutBody = z.infer<typeof createLayoutBodySchema>;

/** PUT /layouts/{id}: the version read and the fields to change; count and charts change together. */
export const updateLayoutBodySchema = z
  .strictObject({
    version: revisionSchema,
    name: fields.name.optional(),
    count: countSchema.optional(),
    direction: fields.direction,
    charts: fields.charts.optional(),
    sync: fields.sync,
  })
  .superRefine((body, ctx) => {
    if ((body.count === undefined) !== (body.charts === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [body.count === undefined ? 'count' : 'charts'],
        message: 'Count and charts change together: send both or neither.',
      });
      return;
    }
    checkSlots(body, ctx);
  });
export type UpdateLayoutBody = z.infer<typeof updateLayoutBodySchema>;

export const layoutSlotSchema = z.object({
  chartId: z.uuid().nullable(),
  symbol: z.string(),
  source: z.enum(CHART_SOURCES),
  timeframe: z.enum(chartTimeframes),
  /** The saved chart's type when the slot names one, else the slot's own (candles by default). */
  type: z.enum(chartTypes),
  /** The saved chart's indicators when the slot names one, else the slot's own (none by default). */
  indicators: z.array(chartIndicatorSchema),
});
export type LayoutSlot = z.infer<typeof layoutSlotSchema>;

export const layoutSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  count: z.number().int(),
  direction: z.enum(layoutDirections),
  charts: z.array(layoutSlotSchema),
  sync: z.object({ symbol: z.boolean(), interval: z.boolean(), crosshair: z.boolean(), time: z.boolean() }),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Layout = z.infer<typeof layoutSchema>;

export const layoutListSchema = z.object({ layouts: z.array(layoutSchema) });
export type LayoutList = z.infer<typeof layoutListSchema>;
