import type {
  ChartIndicator,
  ChartSettings,
  ChartTemplateKind,
  Drawing,
  Layout,
  LayoutSlot,
  TemplateSettings,
} from '@tradedesk/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const times = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
};

/** A saved chart: instrument, timeframe, settings and indicators. `version` counts saves (optimistic locking). */
export const charts = pgTable(
  'charts',
  {
    id: uuid('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    source: text('source').notNull(),
    symbol: text('symbol').notNull(),
    timeframe: text('timeframe').notNull(),
    settings: jsonb('settings').$type<ChartSettings>().notNull(),
    indicators: jsonb('indicators').$type<ChartIndicator[]>().notNull(),
    version: integer('version').notNull(),
    ...times,
  },
  (t) => [index('charts_user_symbol_idx').on(t.userId, t.symbol, t.updatedAt)],
);
export type ChartRow = typeof charts.$inferSelect;

/**
 * A chart's public read-only link: what it shows (timeframe, settings, indicators as shared); symbol and
 * drawings are read from the chart as they are now. The token is kept as is: the owner can show the link again.
 */
export const chartShares = pgTable('chart_shares', {
  chartId: uuid('chart_id')
    .primaryKey()
    .references(() => charts.id, { onDelete: 'cascade' }),
  userId: owner(),
  token: text('token').notNull().unique('chart_shares_token_key'),
  timeframe: text('timeframe').notNull(),
  settings: jsonb('settings').$type<ChartSettings>().notNull(),
  indicators: jsonb('indicators').$type<ChartIndicator[]>().notNull(),
  ...times,
});
export type ChartShareRow = typeof chartShares.$inferSelect;

/** A drawing of a chart on one symbol (the model of packages/contracts/src/drawings.ts). */
export const chartDrawings = pgTable(
  'chart_drawings',
  {
    id: uuid('id').primaryKey(),
    /** Creation order (later drawings are drawn on top), also among drawings made in the same millisecond. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: owner(),
    /** null: a drawing of the user on the symbol, not of a saved chart. */
    chartId: uuid('chart_id').references(() => charts.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    tool: text('tool').$type<Drawing['tool']>().notNull(),
    points: jsonb('points').$type<Drawing['points']>().notNull(),
    style: jsonb('style').$type<Drawing['style']>().notNull(),
    text: text('text'),
    locked: boolean('locked').notNull(),
    hidden: boolean('hidden').notNull(),
    ...times,
  },
  (t) => [
    index('chart_drawings_chart_symbol_idx').on(t.chartId, t.symbol, t.seq),
    index('chart_drawings_user_symbol_idx').on(t.userId, t.symbol, t.seq),
  ],
);
export type ChartDrawingRow = typeof chartDrawings.$inferSelect;

/**
 * A layout slot as stored in the `charts` column (JSON, so no migration): slots saved before a slot kept its
 * chart type and indicators have neither, and read as candles with none.
 */
export type StoredLayoutSlot = Omit<LayoutSlot, 'type' | 'indicators'> &
  Partial<Pick<LayoutSlot, 'type' | 'indicators'>>;

export const chartLayouts = pgTable(
  'chart_layouts',
  {
    id: uuid('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    count: integer('count').notNull(),
    direction: text('direction').$type<Layout['direction']>().notNull(),
    charts: jsonb('charts').$type<StoredLayoutSlot[]>().notNull(),
    sync: jsonb('sync').$type<Layout['sync']>().notNull(),
    version: integer('version').notNull(),
    ...times,
  },
  (t) => [index('chart_layouts_user_idx').on(t.userId, t.createdAt)],
);
export type ChartLayoutRow = typeof chartLayouts.$inferSelect;

/** Chart and indicator templates; at most one default per user and kind (the partial unique index). */
export const chartTemplates = pgTable(
  'chart_templates',
  {
    id: uuid('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    kind: text('kind').$type<ChartTemplateKind>().notNull(),
    isDefault: boolean('is_default').notNull(),
    settings: jsonb('settings').$type<TemplateSettings>().notNull(),
    indicators: jsonb('indicators').$type<ChartIndicator[]>().notNull(),
    ...times,
  },
  (t) => [
    index('chart_templates_user_idx').on(t.userId, t.kind, t.createdAt),
    uniqueIndex('chart_templates_one_default').on(t.userId, t.kind).where(sql`${t.isDefault}`),
  ],
);
export type ChartTemplateRow = typeof chartTemplates.$inferSelect;
