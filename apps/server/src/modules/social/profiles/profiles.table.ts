import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tradingAccounts } from '../../trading/trading.table.js';
import { users } from '../../users/users.table.js';

/**
 * The social settings of a profile beyond the `users` columns: which trading account its track record is
 * computed from (figures are never stored: the metrics engine computes them when the profile is read) and
 * whether moderation hid the profile's texts and images from others (pending review).
 */
export const socialProfileSettings = pgTable('social_profile_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  trackRecordAccountId: uuid('track_record_account_id').references(() => tradingAccounts.id, {
    onDelete: 'set null',
  }),
  moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type SocialProfileSettingsRow = typeof socialProfileSettings.$inferSelect;
