import { z } from 'zod';
import { chartTimeframeSchema, chartTimeframes, idFieldSchema, tickerSchema } from './charts.js';
import { strategyGraphSchema } from './strategy-graph.js';
import { line, multiline } from './text.js';

/**
 * Strategies (spec section 7 "Strategies", section 3 "Strategy" and "Approach"): a trader's playbook. A strategy
 * has tags, symbols, timeframes, indicators, chart snapshots, folders, a node graph (strategy-graph.ts) and
 * approaches. An approach is one way of trading it, in a status group (entry, management, exit), with its own
 * tags, symbols, timeframes and indicators, and criteria; a criterion holds conditions, and a condition holds a
 * checklist, images and comments. Request bodies snake_case, answers camelCase, instants ISO 8601 UTC.
 *
 * Every change below an approach (criteria, conditions, checklist items, images, comments) answers the whole
 * approach as it is afterwards, so a client replaces its copy; a new item is the last of its list.
 * Another user's id (or a real id under the wrong parent) is answered 404, as if it did not exist.
 */

export const STRATEGY_LIMITS = {
  strategiesPerUser: 200,
  approachesPerStrategy: 50,
  criteriaPerApproach: 50,
  conditionsPerCriterion: 50,
  checklistPerCondition: 100,
  imagesPerCondition: 20,
  commentsPerCondition: 200,
  snapshotsPerStrategy: 50,
  foldersPerStrategy: 50,
  /** Tags, symbols, timeframes and indicators each, on a strategy or an approach. */
  labelsPerList: 20,
} as const;

export const STRATEGY_TEXT_MAX = {
  name: 80,
  description: 2000,
  tag: 40,
  folder: 60,
  criterion: 120,
  condition: 500,
  checklist: 300,
  comment: 2000,
} as const;

/** Spec section 9: strategies default limit 10. */
export const STRATEGY_LIST_DEFAULTS = { page: 1, limit: 10 } as const;

export const APPROACH_STATUSES = ['entry', 'management', 'exit'] as const;
export type ApproachStatus = (typeof APPROACH_STATUSES)[number];

/** The colour a folder gets when none is sent (spec section 9: default colour #8861E4). */
export const STRATEGY_FOLDER_DEFAULT_COLOR = '#8861E4';

/** What a strategy or an approach carries as lists of labels, in the spec's path segment names. */
export const STRATEGY_LABEL_KINDS = ['tag', 'symbol', 'timeframe', 'indicator'] as const;
export type StrategyLabelKind = (typeof STRATEGY_LABEL_KINDS)[number];

export const strategyImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** Largest width and height (pixels) a snapshot or condition image may declare. */
export const STRATEGY_IMAGE_MAX_DIMENSION = 8000;

// ---- request bodies and params (snake_case) ----------------------------------------------------------

const nameSchema = (label = 'Name') => line(label, STRATEGY_TEXT_MAX.name, { min: 1 });
const descriptionSchema = multiline('Description', STRATEGY_TEXT_MAX.description);

export const strategyTagSchema = line('Tag', STRATEGY_TEXT_MAX.tag, { min: 1 });

/** POST /strategies. The graph starts empty (null) unless one is sent. */
export const createStrategyBodySchema = z.strictObject({
  name: nameSchema(),
  description: descriptionSchema.optional(),
  graph: strategyGraphSchema.nullable().optional(),
});
export type CreateStrategyBody = z.infer<typeof createStrategyBodySchema>;

/** PUT /strategies/{id}: any of name, description and graph (null clears the graph). */
export const updateStrategyBodySchema = z.strictObject({
  name: nameSchema().optional(),
  description: descriptionSchema.optional(),
  graph: strategyGraphSchema.nullable().optional(),
});
export type UpdateStrategyBody = z.infer<typeof updateStrategyBodySchema>;

export const strategyListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1 to 100000.' })
    .int('page must be a whole number from 1 to 100000.')
    .min(1, 'page must be a whole number from 1 to 100000.')
    .max(100_000, 'page must be a whole number from 1 to 100000.')
    .default(STRATEGY_LIST_DEFAULTS.page),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100.' })
    .int('limit must be a whole number from 1 to 100.')
    .min(1, 'limit must be a whole number from 1 to 100.')
    .max(100, 'limit must be a whole number from 1 to 100.')
    .default(STRATEGY_LIST_DEFAULTS.limit),
});
export type StrategyListQuery = z.infer<typeof strategyListQuerySchema>;

const id = (field: string, what: string) => idFieldSchema(field, what);
const strategyId = id('id', 'a strategy id');
const approachId = id('approachId', 'an approach id');
const criteriaId = id('criteriaId', 'a criterion id');
const conditionId = id('conditionId', 'a condition id');

export const strategyParamsSchema = z.object({ id: strategyId });
export const strategySnapshotParamsSchema = z.object({
  id: strategyId,
  snapshotId: id('snapshotId', 'a snapshot id'),
});
export const strategyFolderParamsSchema = z.object({ id: strategyId, folderId: id('folderId', 'a folder id') });
/** POST/DELETE /strategies/{id}/{tag|symbol|timeframe|indicator}/{value}; the value is checked by kind on the server. */
export const strategyLabelParamsSchema = z.object({ id: strategyId, value: line('value', 60, { min: 1 }) });
export const approachParamsSchema = z.object({ id: strategyId, approachId });
export const approachLabelParamsSchema = approachParamsSchema.extend({ value: strategyLabelParamsSchema.shape.value });
export const criterionParamsSchema = approachParamsSchema.extend({ criteriaId });
export const conditionParamsSchema = criterionParamsSchema.extend({ conditionId });
export const checklistItemParamsSchema = conditionParamsSchema.extend({ itemId: id('itemId', 'a checklist item id') });
export const conditionImageParamsSchema = conditionParamsSchema.extend({ imageId: id('imageId', 'an image id') });
export const conditionCommentParamsSchema = conditionParamsSchema.extend({
  commentId: id('commentId', 'a comment id'),
});

/** The label value of each kind, as the server checks it (symbol: a catalogue ticker; indicator: a catalogue id). */
export const strategyLabelValueSchemas = {
  tag: strategyTagSchema,
  symbol: tickerSchema('Symbol'),
  timeframe: chartTimeframeSchema,
  indicator: line('Indicator', 60, { min: 1 }),
} as const;

/** POST /strategies/{id}/snapshots as JSON: a saved chart (the image upload is multipart with a field `file`). */
export const createChartSnapshotBodySchema = z.strictObject({
  chart_id: id('chart_id', 'a chart id'),
  /** The chart's own symbol and timeframe when left out. */
  symbol: tickerSchema('Symbol').optional(),
  timeframe: chartTimeframeSchema.optional(),
});
export type CreateChartSnapshotBody = z.infer<typeof createChartSnapshotBodySchema>;

export const createStrategyFolderBodySchema = z.strictObject({
  name: line('Folder name', STRATEGY_TEXT_MAX.folder, { min: 1 }),
  color: z
    .string({ error: 'Color must be a colour such as #8861E4.' })
    .regex(/^#[0-9A-Fa-f]{6}$/, 'Color must be a colour such as #8861E4.')
    .optional(),
});
export type CreateStrategyFolderBody = z.infer<typeof createStrategyFolderBodySchema>;

const statusSchema = z.enum(APPROACH_STATUSES, {
  error: `Status must be one of ${APPROACH_STATUSES.join(', ')}.`,
});

/** POST /strategies/{id}/approach. */
export const createApproachBodySchema = z.strictObject({
  name: nameSchema(),
  description: descriptionSchema.optional(),
  status: statusSchema.default('entry'),
});
export type CreateApproachBody = z.infer<typeof createApproachBodySchema>;

/** PUT /strategies/{id}/approach/{approachId}: any of name, description and status (moves it to that group). */
export const updateApproachBodySchema = z.strictObject({
  name: nameSchema().optional(),
  description: descriptionSchema.optional(),
  status: statusSchema.optional(),
});
export type UpdateApproachBody = z.infer<typeof updateApproachBodySchema>;

export const criterionBodySchema = z.strictObject({
  name: line('Criterion name', STRATEGY_TEXT_MAX.criterion, { min: 1 }),
});
export type CriterionBody = z.infer<typeof criterionBodySchema>;

export const conditionBodySchema = z.strictObject({
  text: multiline('Condition text', STRATEGY_TEXT_MAX.condition, { min: 1 }),
});
export type ConditionBody = z.infer<typeof conditionBodySchema>;

const orderSchema = z
  .number({ error: 'Order must be a whole number from 0 to 1000.' })
  .int('Order must be a whole number from 0 to 1000.')
  .min(0, 'Order must be a whole number from 0 to 1000.')
  .max(1000, 'Order must be a whole number from 0 to 1000.');

/** POST .../checklist: text, and where it goes (0 first; at the end when left out or past the end). */
export const createChecklistItemBodySchema = z.strictObject({
  text: line('Checklist item', STRATEGY_TEXT_MAX.checklist, { min: 1 }),
  order: orderSchema.optional(),
});
export type CreateChecklistItemBody = z.infer<typeof createChecklistItemBodySchema>;

/** PUT .../checklist/{itemId}: new text and/or a new place in the list. */
export const updateChecklistItemBodySchema = z.strictObject({
  text: line('Checklist item', STRATEGY_TEXT_MAX.checklist, { min: 1 }).optional(),
  order: orderSchema.optional(),
});
export type UpdateChecklistItemBody = z.infer<typeof updateChecklistItemBodySchema>;

export const commentBodySchema = z.strictObject({
  text: multiline('Comment', STRATEGY_TEXT_MAX.comment, { min: 1 }),
});
export type CommentBody = z.infer<typeof commentBodySchema>;

// ---- answers (camelCase) --------------------------------------------------------------------------------

export const strategySnapshotSchema = z.object({
  id: z.uuid(),
  /** image: an uploaded picture; chart: a saved chart of the user (chartId), shown with its symbol and timeframe. */
  kind: z.enum(['image', 'chart']),
  url: z.string().nullable(),
  contentType: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  chartId: z.uuid().nullable(),
  symbol: z.string().nullable(),
  timeframe: z.enum(chartTimeframes).nullable(),
  created: z.string(),
});
export type StrategySnapshot = z.infer<typeof strategySnapshotSchema>;
export const strategySnapshotListSchema = z.object({ snapshots: z.array(strategySnapshotSchema) });

export const strategyFolderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string(),
  created: z.string(),
});
export type StrategyFolder = z.infer<typeof strategyFolderSchema>;

export const strategySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  created: z.string(),
  updatedAt: z.string(),
  tags: z.array(z.string()),
  /** Catalogue tickers. */
  symbols: z.array(z.string()),
  timeframes: z.array(z.enum(chartTimeframes)),
  /** Catalogue indicator ids ("rsi", "atr"). */
  indicators: z.array(z.string()),
  snapshots: z.array(strategySnapshotSchema),
  folders: z.array(strategyFolderSchema),
  graph: strategyGraphSchema.nullable(),
  /** How many approaches the strategy has (GET /strategies/{id}/approach lists them). */
  approaches: z.number().int(),
});
export type Strategy = z.infer<typeof strategySchema>;

/** GET /strategies: the ids of the page's strategies, the page itself, and how many the user has in all. */
export const strategyListSchema = z.object({
  ids: z.array(z.uuid()),
  items: z.array(strategySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type StrategyList = z.infer<typeof strategyListSchema>;

export const checklistItemSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  /** Place in the condition's checklist, 0 first. */
  order: z.number().int(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const conditionImageSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ConditionImage = z.infer<typeof conditionImageSchema>;

export const conditionCommentSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  created: z.string(),
});
export type ConditionComment = z.infer<typeof conditionCommentSchema>;

export const conditionSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  checklist: z.array(checklistItemSchema),
  images: z.array(conditionImageSchema),
  comments: z.array(conditionCommentSchema),
});
export type Condition = z.infer<typeof conditionSchema>;

export const criterionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  conditions: z.array(conditionSchema),
});
export type Criterion = z.infer<typeof criterionSchema>;

export const approachSchema = z.object({
  id: z.uuid(),
  strategyId: z.uuid(),
  name: z.string(),
  description: z.string(),
  status: z.enum(APPROACH_STATUSES),
  tags: z.array(z.string()),
  symbols: z.array(z.string()),
  timeframes: z.array(z.enum(chartTimeframes)),
  indicators: z.array(z.string()),
  criteria: z.array(criterionSchema),
  created: z.string(),
  updatedAt: z.string(),
});
export type Approach = z.infer<typeof approachSchema>;

/** GET /strategies/{id}/approach: every approach, grouped by status (entry, management, exit), oldest first within. */
export const approachListSchema = z.object({ approaches: z.array(approachSchema) });
export type ApproachList = z.infer<typeof approachListSchema>;

export const strategyErrorCodes = [
  'STRATEGY_NOT_FOUND',
  'STRATEGY_APPROACH_NOT_FOUND',
  /** A snapshot, folder, criterion, condition, checklist item, image or comment of the caller with this id under that parent does not exist. */
  'STRATEGY_ITEM_NOT_FOUND',
  'STRATEGY_LIMIT_REACHED',
  'STRATEGY_INVALID_FIELD',
  'STRATEGY_DUPLICATE',
  'STRATEGY_UPLOAD_MISSING',
  'STRATEGY_UPLOAD_TYPE',
  'STRATEGY_UPLOAD_TOO_LARGE',
  'STRATEGY_UPLOAD_MALFORMED',
  'STRATEGY_UPLOAD_UNREADABLE',
  'STRATEGY_UPLOAD_DIMENSIONS',
] as const;
export type StrategyErrorCode = (typeof strategyErrorCodes)[number];
