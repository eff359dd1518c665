import { REPORT_TARGET_KINDS } from '@tradedesk/contracts';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/**
 * Reports of social items (posts, comments, articles, article comments, messages, profiles): one per reporter and item, a second
 * report updating the reason. `status` open until staff act on the item (`resolution` says how). The item itself
 * lives in its slice's table; `target_id` has no foreign key (an item deleted by its owner keeps its reports).
 */
export const socialReports = pgTable(
  'social_reports',
  {
    id: uuid('id').primaryKey(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REPORT_TARGET_KINDS }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolution: text('resolution', { enum: ['hidden', 'restored', 'warned', 'dismissed'] }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('social_reports_reporter_target_key').on(t.reporterId, t.kind, t.targetId),
    index('social_reports_target_idx').on(t.kind, t.targetId, t.status),
    index('social_reports_status_idx').on(t.status, t.createdAt),
  ],
);
export type SocialReportRow = typeof socialReports.$inferSelect;

/**
 * What moderation did to an item, oldest first: the automatic hide, staff hide, restore, warn and dismiss. The
 * item's moderated state is its newest auto_hide / hide / restore (a dismiss after an automatic hide restores).
 */
export const socialModerationActions = pgTable(
  'social_moderation_actions',
  {
    id: uuid('id').primaryKey(),
    /** The order actions happened in (timestamps may tie). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: REPORT_TARGET_KINDS }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** The staff member; null for the automatic hide. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['auto_hide', 'hide', 'restore', 'warn', 'dismiss'] }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('social_moderation_actions_target_idx').on(t.kind, t.targetId, t.seq)],
);
export type SocialModerationActionRow = typeof socialModerationActions.$inferSelect;
