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
  fibLevelSchema,
} from './drawings.js';

/**
 * The drawings API (`/drawings`): the drawing model of drawings.ts, saved per chart and symbol. On the wire
 * the style's keys are snake_case like every request body (`line_width`, `fill_color`); answers carry the
 * model as drawings.ts defines it (camelCase).
 */

/** Most drawings one chart keeps on one symbol. */
export const DRAWINGS_MAX_PER_CHART_SYMBOL = 500;

const style = drawingStyleSchema.shape;

/** drawingStyleSchema with snake_case keys. */
export const drawingStyleBodySchema = z.strictObject({
  color: style.color,
  line_width: style.lineWidth,
  line_style: style.lineStyle,
  fill_color: style.fillColor,
  text_color: style.textColor,
  font_size: style.fontSize,
  extend_left: style.extendLeft,
  extend_right: style.extendRight,
  show_labels: style.showLabels,
  fib_levels: z.array(fibLevelSchema).max(24, 'At most 24 Fibonacci levels.').optional(),
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

/** PUT /drawings/{id}: the whole drawing (it replaces the saved one). */
export const drawingShapeBodySchema = z.strictObject(shapeFields).superRefine(checkShape);
export type DrawingShapeBody = z.infer<typeof drawingShapeBodySchema>;

/** POST /drawings: the chart and symbol it belongs to (the chart's current symbol when left out), and the shape. */
export const createDrawingBodySchema = z
  .strictObject({
    chart_id: idFieldSchema('chart_id', 'a chart id'),
    symbol: tickerSchema().optional(),
    ...shapeFields,
  })
  .superRefine(checkShape);
export type CreateDrawingBody = z.infer<typeof createDrawingBodySchema>;

export const drawingsQuerySchema = z.object({
  chart_id: idFieldSchema('chart_id', 'a chart id'),
  symbol: tickerSchema().optional(),
});
export type DrawingsQuery = z.infer<typeof drawingsQuerySchema>;

export const drawingSchema = z.object({
  id: z.uuid(),
  chartId: z.uuid(),
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
