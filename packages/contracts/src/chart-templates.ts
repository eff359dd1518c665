import { z } from 'zod';
import { chartColorSchema, chartIndicatorSchema, chartIndicatorsBodySchema, chartTypes } from './charts.js';
import { line } from './text.js';

/**
 * Templates (`/templates`): a chart template keeps a chart's colours and series style; an indicator template a
 * set of indicators with their inputs and styles. A user has exactly one default template of each kind while
 * they have any: the first one saved becomes the default, `PUT /templates/{id}/default` moves it, and deleting
 * the default passes it to the most recently changed template left of that kind.
 */

export const chartTemplateKinds = ['chart', 'indicators'] as const;
export type ChartTemplateKind = (typeof chartTemplateKinds)[number];

export const TEMPLATE_MAX_PER_USER = 100;

const colorFields = {
  background_color: chartColorSchema.optional(),
  text_color: chartColorSchema.optional(),
  grid_color: chartColorSchema.optional(),
  crosshair_color: chartColorSchema.optional(),
  up_color: chartColorSchema.optional(),
  down_color: chartColorSchema.optional(),
  wick_up_color: chartColorSchema.optional(),
  wick_down_color: chartColorSchema.optional(),
  border_up_color: chartColorSchema.optional(),
  border_down_color: chartColorSchema.optional(),
  volume_up_color: chartColorSchema.optional(),
  volume_down_color: chartColorSchema.optional(),
};

/** A chart template's appearance (snake_case); what is left out follows the theme. */
export const templateSettingsBodySchema = z.strictObject({
  chart_type: z.enum(chartTypes, { error: `chart_type must be one of ${chartTypes.join(', ')}.` }).optional(),
  show_volume: z.boolean().optional(),
  show_grid: z.boolean().optional(),
  ...colorFields,
});
export type TemplateSettingsBody = z.infer<typeof templateSettingsBodySchema>;

export const templateSettingsSchema = z.object({
  chartType: z.enum(chartTypes).optional(),
  showVolume: z.boolean().optional(),
  showGrid: z.boolean().optional(),
  backgroundColor: z.string().optional(),
  textColor: z.string().optional(),
  gridColor: z.string().optional(),
  crosshairColor: z.string().optional(),
  upColor: z.string().optional(),
  downColor: z.string().optional(),
  wickUpColor: z.string().optional(),
  wickDownColor: z.string().optional(),
  borderUpColor: z.string().optional(),
  borderDownColor: z.string().optional(),
  volumeUpColor: z.string().optional(),
  volumeDownColor: z.string().optional(),
});
export type TemplateSettings = z.infer<typeof templateSettingsSchema>;

export const templateNameSchema = line('Name', 60, { min: 1 });

export const createTemplateBodySchema = z.strictObject({
  name: templateNameSchema,
  kind: z.enum(chartTemplateKinds, { error: 'Kind must be chart or indicators.' }).default('chart'),
  settings: templateSettingsBodySchema.default({}),
  indicators: chartIndicatorsBodySchema.default([]),
});
export type CreateTemplateBody = z.infer<typeof createTemplateBodySchema>;

/** PUT /templates/{id}: the fields to change (left out: kept); the kind stays. */
export const updateTemplateBodySchema = z.strictObject({
  name: templateNameSchema.optional(),
  settings: templateSettingsBodySchema.optional(),
  indicators: chartIndicatorsBodySchema.optional(),
});
export type UpdateTemplateBody = z.infer<typeof updateTemplateBodySchema>;

export const templatesQuerySchema = z.object({
  kind: z.enum(chartTemplateKinds, { error: 'kind must be chart or indicators.' }).optional(),
});

export const chartTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(chartTemplateKinds),
  isDefault: z.boolean(),
  settings: templateSettingsSchema,
  indicators: z.array(chartIndicatorSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChartTemplate = z.infer<typeof chartTemplateSchema>;

export const chartTemplateListSchema = z.object({ templates: z.array(chartTemplateSchema) });
export type ChartTemplateList = z.infer<typeof chartTemplateListSchema>;
