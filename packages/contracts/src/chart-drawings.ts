import { z } from 'zod';
import { chartTemplateSchema } from './chart-templates.js';
import {
  CHART_SOURCES,
  chartIndicatorSchema,
  chartInstrumentSchema,
  chartSchema,
  chartSettingsSchema,
  chartTimeframes,
  idFieldSchema,
  tickerSchema,
} from './charts.js';
import {
  DRAWING_MAX_BRUSH_POINTS,
  drawingPointSchema,
  drawingShapeSchema,
  drawingStyleSchema,
  drawingTextSchema,
  drawingTools,
} from './drawings.js';

/**
 * The drawings API (`/drawings`): the drawing model of drawings.ts, saved per chart and symbol. On the wire
 * the style's keys are snake_case like every request body (`line_width`, `fill_color`); answers carry the
 * model as drawings.ts defines it (camelCase).
 */

/** Most drawings one chart keeps on one symbol. */
export const DRAWINGS_MAX_PER_CHART_SYMBOL = 500;

const style = drawingStyleSchema.shape;

/**
 * drawingStyleSchema on the wire: snake_case keys like every request body (`line_width`), or the model's own
 * camelCase keys (`lineWidth`) for a client that sends the drawing model as it is. Saved and answered camelCase.
 */
export const drawingStyleBodySchema = z.strictObject({
  color: style.color,
  line_width: style.lineWidth,
  lineWidth: style.lineWidth,
  line_style: style.lineStyle,
  lineStyle: style.lineStyle,
  fill_color: style.fillColor,
  fillColor: style.fillColor,
  text_color: style.textColor,
  textColor: style.textColor,
  font_size: style.fontSize,
  fontSize: style.fontSize,
  extend_left: style.extendLeft,
  extendLeft: style.extendLeft,
  extend_right: style.extendRight,
  extendRight: style.extendRight,
  show_labels: style.showLabels,
  showLabels: style.showLabels,
  fib_levels: style.fibLevels,
  fibLevels: style.fibLevels,
});
export type DrawingStyleBody = z.infer<typeof drawingStyleBodySchema>;

const shapeFields = {
  tool: z.enum(drawingTools, { error: `Tool must be one of ${drawingTools.join(', ')}.` }),
  points: z
    .array(drawingPointSchema)
    .min(1, 'Points must have at least one point.')
    .max(DRAWING_MAX_BRUSH_POINTS, `Points must have at most ${DRAWING_MAX_BRUSH_POINTS} points.`),
  style: drawingStyleBodySchema.default({}),
  text: drawingTextSchema.optional(),
  locked: z.boolean().default(false),
  hidden: z.boolean().default(false),
};

/** The shape rules of the model (points per tool, a position's stop and target sides), on the wire body. */
function checkShape(body: { tool: string; points: unknown[] }, ctx: z.RefinementCtx) {
  const result = drawingShapeSchema.safeParse({ tool: body.tool, points: body.points });
  if (result.success) return;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: issue.path as PropertyKey[] as (string | number)[], message: issue.message });
  }
}

const chartIdField = idFieldSchema('chart_id', 'a chart id');

/**
 * PUT /drawings/{id}: the whole drawing (it replaces the saved one). `chart_id` and `symbol` may be sent along;
 * they must be the drawing's own (a drawing stays on its chart and symbol).
 */
export const drawingShapeBodySchema = z
  .strictObject({ chart_id: chartIdField.nullable().optional(), symbol: tickerSchema().optional(), ...shapeFields })
  .superRefine(checkShape);
export type DrawingShapeBody = z.infer<typeof drawingShapeBodySchema>;

/**
 * POST /drawings: the chart and symbol it belongs to and the shape. With `chart_id`, the symbol defaults to the
 * chart's current one; without it (a chart not saved yet), the drawing belongs to the caller and the symbol alone.
 */
export const createDrawingBodySchema = z
  .strictObject({ chart_id: chartIdField.nullable().optional(), symbol: tickerSchema().optional(), ...shapeFields })
  .superRefine((body, ctx) => {
    if (!body.chart_id && !body.symbol) {
      ctx.addIssue({ code: 'custom', path: ['symbol'], message: 'Symbol is required when chart_id is left out.' });
      return;
    }
    checkShape(body, ctx);
  });
export type CreateDrawingBody = z.infer<typeof createDrawingBodySchema>;

export const drawingsQuerySchema = z
  .object({ chart_id: chartIdField.optional(), symbol: tickerSchema().optional() })
  .superRefine((query, ctx) => {
    if (!query.chart_id && !query.symbol) {
      ctx.addIssue({ code: 'custom', path: ['symbol'], message: 'Symbol is required when chart_id is left out.' });
    }
  });
export type DrawingsQuery = z.infer<typeof drawingsQuerySchema>;

export const drawingSchema = z.object({
  id: z.uuid(),
  /** null for a drawing kept per symbol, without a saved chart. */
  chartId: z.uuid().nullable(),
  symbol: z.string(),
  tool: z.enum(drawingTools),
  points: z.array(z.object({ time: z.number(), price: z.number() })),
  style: z.object({
    color: z.string().optional(),
    lineWidth: z.number().optional(),
    lineStyle: z.enum(['solid', 'dashed', 'dotted']).optional(),
    fillColor: z.string().optional(),
    textColor: z.string().optional(),
    fontSize: z.number().optional(),
    extendLeft: z.boolean().optional(),
    extendRight: z.boolean().optional(),
    showLabels: z.boolean().optional(),
    fibLevels: z.array(z.object({ value: z.number(), visible: z.boolean() })).optional(),
  }),
  text: z.string().optional(),
  locked: z.boolean(),
  hidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Drawing = z.infer<typeof drawingSchema>;

export const drawingListSchema = z.object({ drawings: z.array(drawingSchema) });
export type DrawingList = z.infer<typeof drawingListSchema>;

/** GET /charts/{id}/fetch: everything a chart screen opens with, in one answer. */
export const chartFetchSchema = z.object({
  chart: chartSchema,
  instrument: chartInstrumentSchema,
  /** The drawings of the chart's current symbol. */
  drawings: z.array(drawingSchema),
  /** The chart's template (settings.templateId), else the caller's default chart template, else null. */
  template: chartTemplateSchema.nullable(),
});
export type ChartFetch = z.infer<typeof chartFetchSchema>;

/** POST /charts/{id}/convert: the chart on its new instrument, with that symbol's drawings. */
export const chartConvertResultSchema = z.object({ chart: chartSchema, drawings: z.array(drawingSchema) });
export type ChartConvertResult = z.infer<typeof chartConvertResultSchema>;

/** GET /charts/share/{token}, signed out: the shared chart, read-only, with its drawings as they are now. */
export const sharedChartSchema = z.object({
  token: z.string(),
  name: z.string(),
  source: z.enum(CHART_SOURCES),
  symbol: z.string(),
  timeframe: z.enum(chartTimeframes),
  settings: chartSettingsSchema,
  indicators: z.array(chartIndicatorSchema),
  instrument: chartInstrumentSchema,
  drawings: z.array(drawingSchema.omit({ chartId: true })),
  sharedAt: z.string(),
});
export type SharedChart = z.infer<typeof sharedChartSchema>;
