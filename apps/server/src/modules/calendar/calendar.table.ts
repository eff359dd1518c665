import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

export type CalendarEventKind = 'economic' | 'earnings' | 'ipo';

/**
 * Calendar events of feeds and imports (the simulated calendar is computed, never stored). One row per
 * (kind, source, title, country, time): a feed fetched again updates its rows. `title` is the company of
 * earnings and IPOs; `country` is '' when the source gives none. The kind's other fields are in `data`.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<CalendarEventKind>().notNull(),
    source: text('source').notNull(),
    title: text('title').notNull(),
    country: text('country').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('calendar_events_key').on(t.kind, t.source, t.title, t.country, t.time),
    index('calendar_events_time_idx').on(t.kind, t.time),
  ],
);
export type CalendarEventRow = typeof calendarEvents.$inferSelect;

/** A user's calendar settings (spec section 3, "Calendar settings"); no row: the defaults. */
export const calendarSettings = pgTable('calendar_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
