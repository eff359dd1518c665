import { z } from 'zod';
import { line, multiline } from './text.js';

/**
 * The serialisable model of a chart drawing (issue 9): what the drawings API stores and the chart's drawing
 * engine renders as lightweight-charts series primitives. A drawing is anchored to points in (time, price)
 * space, so it stays put whatever the timeframe, zoom or scroll; times are unix seconds, prices in the
 * instrument's quote currency.
 */

export const drawingTools = [
  'trend_line',
  'ray',
  'extended_line',
  'horizontal_line',
  'horizontal_ray',
  'vertical_line',
  'parallel_channel',
  'rectangle',
  'ellipse',
  'fib_retracement',
  'fib_extension',
  'price_range',
  'date_range',
  'text',
  'callout',
  'arrow',
  'brush',
  'long_position',
  'short_position',
] as const;
export type DrawingTool = (typeof drawingTools)[number];

/**
 * How many points each tool is anchored to, as placed by the user:
 * - two-point tools: start and end (rectangle and ellipse: opposite corners of the bounding box);
 * - parallel_channel: the two ends of the base line, then a point the parallel line passes through;
 * - fib_extension: the start and end of the trend, then the retracement point the extension is projected from;
 * - callout: the point the callout points at, then where its text box sits;
 * - long_position / short_position: the entry (time, price), then the stop and the target, whose time is the
 *   right edge of the position box;
 * - brush: the path, 2 to DRAWING_MAX_BRUSH_POINTS points.
 */
export const drawingPointCounts = {
  trend_line: [2, 2],
  ray: [2, 2],
  extended_line: [2, 2],
  horizontal_line: [1, 1],
  horizontal_ray: [1, 1],
  vertical_line: [1, 1],
  parallel_channel: [3, 3],
  rectangle: [2, 2],
  ellipse: [2, 2],
  fib_retracement: [2, 2],
  fib_extension: [3, 3],
  price_range: [2, 2],
  date_range: [2, 2],
  text: [1, 1],
  callout: [2, 2],
  arrow: [2, 2],
  brush: [2, 2000],
  long_position: [3, 3],
  short_position: [3, 3],
} as const satisfies Record<DrawingTool, readonly [number, number]>;

export const DRAWING_MAX_BRUSH_POINTS = 2000;
export const DRAWING_TEXT_MAX = 500;

/** Unix seconds from 1970 to 2299 (the simulated market's range). */
export const drawingTimeSchema = z
  .number({ error: 'Time must be a number of seconds since 1970.' })
  .int('Time must be a whole number of seconds since 1970.')
  .min(0, 'Time must not be before 1970.')
  .max(10_413_791_999, 'Time must be before the year 2300.');

export const drawingPriceSchema = z
  .number({ error: 'Price must be a number.' })
  .refine(Number.isFinite, 'Price must be a finite number.')
  .refine((p) => Math.abs(p) <= 1e12, 'Price must be at most 1e12 in size.');

export const drawingPointSchema = z.strictObject({ time: drawingTimeSchema, price: drawingPriceSchema });
export type DrawingPoint = z.infer<typeof drawingPointSchema>;

/** #RRGGBB or #RRGGBBAA (the alpha byte gives fills their transparency). */
export const drawingColorSchema = z
  .string({ error: 'Colour must be text such as #2962FF.' })
  .regex(/^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/, 'Colour must be a hex colour such as #2962FF or #2962FF33.');

export const drawingLineStyles = ['solid', 'dashed', 'dotted'] as const;

/** A Fibonacci level: its ratio (0.618) and whether it is drawn. */
export const fibLevelSchema = z.strictObject({
  value: z
    .number()
    .min(-10, 'A Fibonacci level must be at least -10.')
    .max(10, 'A Fibonacci level must be at most 10.'),
  visible: z.boolean(),
});

export const defaultFibLevels = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1, 1.618, 2.618, 4.236] as const;

/** Everything the drawing settings dialog edits; each field optional, the tool's defaults fill the rest. */
export const drawingStyleSchema = z.strictObject({
  color: drawingColorSchema.optional(),
  lineWidth: z
    .number()
    .int('Line width must be a whole number of pixels.')
    .min(1, 'Line width must be at least 1 pixel.')
    .max(10, 'Line width must be at most 10 pixels.')
    .optional(),
  lineStyle: z.enum(drawingLineStyles, { error: 'Line style must be solid, dashed or dotted.' }).optional(),
  fillColor: drawingColorSchema.optional(),
  textColor: drawingColorSchema.optional(),
  fontSize: z
    .number()
    .int('Font size must be a whole number of pixels.')
    .min(8, 'Font size must be at least 8 pixels.')
    .max(72, 'Font size must be at most 72 pixels.')
    .optional(),
  /** Lines: extend beyond their points to the left or right edge of the chart. */
  extendLeft: z.boolean().optional(),
  extendRight: z.boolean().optional(),
  /** Price and date ranges, fib tools and positions: show the price, percent and bar labels. */
  showLabels: z.boolean().optional(),
  fibLevels: z.array(fibLevelSchema).max(24, 'At most 24 Fibonacci levels.').optional(),
});
export type DrawingStyle = z.infer<typeof drawingStyleSchema>;

export const drawingTextSchema = multiline('Text', DRAWING_TEXT_MAX);

/** What a client sends to create or replace a drawing (the drawings API adds id, owner and times). */
export const drawingShapeSchema = z
  .strictObject({
    tool: z.enum(drawingTools, { error: `Tool must be one of ${drawingTools.join(', ')}.` }),
    points: z.array(drawingPointSchema).min(1, 'Points must have at least one point.').max(DRAWING_MAX_BRUSH_POINTS),
    style: drawingStyleSchema.default({}),
    text: drawingTextSchema.optional(),
    locked: z.boolean().default(false),
    hidden: z.boolean().default(false),
  })
  .superRefine((shape, ctx) => {
    const [min, max] = drawingPointCounts[shape.tool];
    const n = shape.points.length;
    if (n < min || n > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['points'],
        message:
          min === max
            ? `A ${shape.tool.replaceAll('_', ' ')} has exactly ${min} point${min === 1 ? '' : 's'}.`
            : `A ${shape.tool.replaceAll('_', ' ')} has ${min} to ${max} points.`,
      });
    }
    if (shape.tool === 'long_position' || shape.tool === 'short_position') {
      const [entry, stop, target] = shape.points;
      if (entry && stop && target) {
        const long = shape.tool === 'long_position';
        const ok = long
          ? stop.price < entry.price && target.price > entry.price
          : stop.price > entry.price && target.price < entry.price;
        if (!ok) {
          ctx.addIssue({
            code: 'custom',
            path: ['points'],
            message: long
              ? 'A long position has its stop below the entry and its target above it.'
              : 'A short position has its stop above the entry and its target below it.',
          });
        }
      }
    }
  });
export type DrawingShape = z.infer<typeof drawingShapeSchema>;
export type DrawingShapeInput = z.input<typeof drawingShapeSchema>;

/** A label a person gives a drawing template ("Support", "My fib"). */
export const drawingTemplateNameSchema = line('Template name', 60, { min: 1 });
