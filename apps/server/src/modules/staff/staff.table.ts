import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * The audit log of every staff action (issue 18, item 5): who did what to what, with a sentence for people. Kept
 * when the staff member's account is deleted (actor set null); never edited.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: uuid('id').primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_audit_created_idx').on(t.createdAt),
    index('staff_audit_actor_idx').on(t.actorId, t.createdAt),
    index('staff_audit_target_idx').on(t.targetKind, t.targetId),
  ],
);
export type StaffAuditRow = typeof staffAudit.$inferSelect;
