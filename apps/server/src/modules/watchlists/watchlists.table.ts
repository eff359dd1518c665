import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * A user's watchlist. At most one default per user (partial unique index). `share_token` is the public
 * read-only link's token while shared; kept as is so the owner can show the link again.
 */
export const watchlists = pgTable(
  'watchlists',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull(),
    shareToken: text('share_token').unique('watchlists_share_token_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('watchlists_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('watchlists_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
export type WatchlistRow = typeof watchlists.$inferSelect;

/** A symbol of a watchlist, in the list's order (`position`); a ticker appears once per list. */
export const watchlistSymbols = pgTable(
  'watchlist_symbols',
  {
    id: uuid('id').primaryKey(),
    watchlistId: uuid('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    ticker: text('ticker').notNull(),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('watchlist_symbols_ticker_key').on(t.watchlistId, t.ticker)],
);
export type WatchlistSymbolRow = typeof watchlistSymbols.$inferSelect;
