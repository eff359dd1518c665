import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { strategies, strategyApproaches } from '../strategies/strategies.table.js';
import { tradingPositions } from '../trading/trading.table.js';
import { users } from '../users/users.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });
const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A snapshot as kept: an uploaded journal image or a saved chart of the user. */
export type JournalSnapshotRef =
  | { kind: 'image'; imageId: string }
  | { kind: 'chart'; chartId: string; caption: string | null };

/**
 * A journal day of a user: a calendar date in the user's time zone, with the pre-session plan and post-session
 * review (sanitized HTML), mood and discipline 1-5, tags and chart snapshots. One row per user and date.
 */
export const journalDays = pgTable(
  'journal_days',
  {
    id: uuid('id').primaryKey(),
    userId: owner(),
    date: date('date', { mode: 'string' }).notNull(),
    /** The trading accounts the day shows; empty: all of them. */
    accountIds: jsonb('account_ids').$type<string[]>().notNull().default([]),
    plan: text('plan').notNull().default(''),
    review: text('review').notNull().default(''),
    mood: integer('mood'),
    discipline: integer('discipline'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    snapshots: jsonb('snapshots').$type<JournalSnapshotRef[]>().notNull().default([]),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('journal_days_user_date_key').on(t.userId, t.date)],
);
export type JournalDayRow = typeof journalDays.$inferSelect;

/** An image uploaded for the journal (chart snapshot, trade screenshot), kept in the file storage under `key`. */
export const journalImages = pgTable(
  'journal_images',
  {
    id: uuid('id').primaryKey(),
    userId: owner(),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('journal_images_user_idx').on(t.userId, t.createdAt)],
);
export type JournalImageRow = typeof journalImages.$inferSelect;

/**
 * A trade's annotation, kept by its position id (a closed position of one of the user's accounts; it goes with
 * the position). strategy_id and approach_id point into the strategies module's tables; checklist_item_ids too, checked
 * to be the user's when written (ids of items deleted since are left out when read); mistake_ids are the user's journal_mistakes (a deleted mistake is removed
 * from every annotation).
 */
export const journalTradeAnnotations = pgTable(
  'journal_trade_annotations',
  {
    positionId: uuid('position_id')
      .primaryKey()
      .references(() => tradingPositions.id, { onDelete: 'cascade' }),
    userId: owner(),
    notes: text('notes').notNull().default(''),
    /** journal_images ids, in the order shown. */
    screenshots: jsonb('screenshots').$type<string[]>().notNull().default([]),
    /** The trade loses its link when the strategy (or the approach) is deleted. */
    strategyId: uuid('strategy_id').references(() => strategies.id, { onDelete: 'set null' }),
    approachId: uuid('approach_id').references(() => strategyApproaches.id, { onDelete: 'set null' }),
    checklistItemIds: jsonb('checklist_item_ids').$type<string[]>().notNull().default([]),
    mistakeIds: jsonb('mistake_ids').$type<string[]>().notNull().default([]),
    rating: integer('rating'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('journal_trade_annotations_user_idx').on(t.userId),
    index('journal_trade_annotations_strategy_idx').on(t.userId, t.strategyId).where(sql`${t.strategyId} is not null`),
  ],
);
export type JournalTradeAnnotationRow = typeof journalTradeAnnotations.$inferSelect;

/** The user's own list of mistakes a trade can be tagged with. */
export const journalMistakes = pgTable(
  'journal_mistakes',
  {
    id: uuid('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('journal_mistakes_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);
export type JournalMistakeRow = typeof journalMistakes.$inferSelect;

/** Per user: when the default mistakes were given (once, so deleting them all does not bring them back). */
export const journalProfiles = pgTable('journal_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mistakesSeededAt: at('mistakes_seeded_at'),
});
export type JournalProfileRow = typeof journalProfiles.$inferSelect;
