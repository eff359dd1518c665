import type { StrategyGraph } from '@tradedesk/contracts';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });
/** Insertion order: rows made in the same millisecond still list in the order they were made. */
const seq = () => bigserial('seq', { mode: 'number' }).notNull();
const labels = (name: string) => jsonb(name).$type<string[]>().notNull().default([]);

/**
 * A user's strategy: name, plain description, label lists (tags, catalogue tickers, timeframes, catalogue
 * indicator ids, each in the order added) and the node graph (strategy-graph contract, null until one is saved).
 * Everything below it goes with it (cascade); uploaded files are deleted by the service.
 */
export const strategies = pgTable(
  'strategies',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    tags: labels('tags'),
    symbols: labels('symbols'),
    timeframes: labels('timeframes'),
    indicators: labels('indicators'),
    graph: jsonb('graph').$type<StrategyGraph>(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('strategies_user_idx').on(t.userId, t.createdAt)],
);
export type StrategyRow = typeof strategies.$inferSelect;

/** A snapshot of a strategy: an uploaded image (file_key) or a saved chart of the user (chart_id, symbol, timeframe). */
export const strategySnapshots = pgTable(
  'strategy_snapshots',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'image' | 'chart'>().notNull(),
    fileKey: text('file_key'),
    contentType: text('content_type'),
    width: integer('width'),
    height: integer('height'),
    /** Not a foreign key: the snapshot keeps its symbol and timeframe when the chart is deleted later. */
    chartId: uuid('chart_id'),
    symbol: text('symbol'),
    timeframe: text('timeframe'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('strategy_snapshots_strategy_idx').on(t.strategyId, t.createdAt)],
);
export type StrategySnapshotRow = typeof strategySnapshots.$inferSelect;

export const strategyFolders = pgTable(
  'strategy_folders',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('strategy_folders_strategy_idx').on(t.strategyId, t.createdAt)],
);
export type StrategyFolderRow = typeof strategyFolders.$inferSelect;

/** An approach of a strategy; user_id repeats the strategy's owner so ownership is one lookup. */
export const strategyApproaches = pgTable(
  'strategy_approaches',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<'entry' | 'management' | 'exit'>().notNull(),
    tags: labels('tags'),
    symbols: labels('symbols'),
    timeframes: labels('timeframes'),
    indicators: labels('indicators'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('strategy_approaches_strategy_idx').on(t.strategyId, t.createdAt),
    index('strategy_approaches_user_idx').on(t.userId),
  ],
);
export type StrategyApproachRow = typeof strategyApproaches.$inferSelect;

export const strategyCriteria = pgTable(
  'strategy_criteria',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    approachId: uuid('approach_id')
      .notNull()
      .references(() => strategyApproaches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('strategy_criteria_approach_idx').on(t.approachId, t.createdAt)],
);
export type StrategyCriterionRow = typeof strategyCriteria.$inferSelect;

export const strategyConditions = pgTable(
  'strategy_conditions',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    criterionId: uuid('criterion_id')
      .notNull()
      .references(() => strategyCriteria.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('strategy_conditions_criterion_idx').on(t.criterionId, t.createdAt)],
);
export type StrategyConditionRow = typeof strategyConditions.$inferSelect;

/** A checklist item of a condition; `position` is its place (0 first), kept contiguous by the service. */
export const strategyChecklistItems = pgTable(
  'strategy_checklist_items',
  {
    id: uuid('id').primaryKey(),
    conditionId: uuid('condition_id')
      .notNull()
      .references(() => strategyConditions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('strategy_checklist_condition_idx').on(t.conditionId, t.position)],
);
export type StrategyChecklistItemRow = typeof strategyChecklistItems.$inferSelect;

export const strategyConditionImages = pgTable(
  'strategy_condition_images',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    conditionId: uuid('condition_id')
      .notNull()
      .references(() => strategyConditions.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('strategy_condition_images_condition_idx').on(t.conditionId, t.createdAt)],
);
export type StrategyConditionImageRow = typeof strategyConditionImages.$inferSelect;

export const strategyConditionComments = pgTable(
  'strategy_condition_comments',
  {
    id: uuid('id').primaryKey(),
    seq: seq(),
    conditionId: uuid('condition_id')
      .notNull()
      .references(() => strategyConditions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('strategy_condition_comments_condition_idx').on(t.conditionId, t.createdAt)],
);
export type StrategyConditionCommentRow = typeof strategyConditionComments.$inferSelect;
