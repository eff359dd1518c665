import { date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/**
 * Uses of a day-counted entitlement (`per: 'day'` in contracts ENTITLEMENTS, e.g. backtests_per_day) per user
 * and UTC day. A counter rather than a count of the feature's rows, so deleting what was made does not give the
 * day's uses back.
 */
export const billingDailyUsage = pgTable(
  'billing_daily_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key, t.day] })],
);
