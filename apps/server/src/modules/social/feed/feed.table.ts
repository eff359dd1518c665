import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tradingAccounts } from '../../trading/trading.table.js';
import { users } from '../../users/users.table.js';
import { socialPosts } from '../social.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A user's bookmark folders; names unique per user (case-insensitive). Deleting one moves its bookmarks to none. */
export const socialBookmarkFolders = pgTable(
  'social_bookmark_folders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('social_bookmark_folders_name_key').on(t.userId, sql`lower(${t.name})`)],
);
export type SocialBookmarkFolderRow = typeof socialBookmarkFolders.$inferSelect;

/** A bookmarked post, in a folder or none. It goes with the post. */
export const socialBookmarks = pgTable(
  'social_bookmarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => socialBookmarkFolders.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId], name: 'social_bookmarks_pkey' }),
    index('social_bookmarks_user_idx').on(t.userId, t.createdAt),
  ],
);
export type SocialBookmarkRow = typeof socialBookmarks.$inferSelect;

/**
 * A verified trade idea: the post carries one position or pending order of its author's virtual or prop account.
 * Figures are read from the trading tables when the post is read; `locked_at` is set once the trade is final
 * (closed, or the order cancelled or expired): from then on the post can be hidden but not deleted.
 */
export const socialPostTrades = pgTable(
  'social_post_trades',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id'),
    orderId: uuid('order_id'),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lockedAt: at('locked_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('social_post_trades_author_idx').on(t.authorId),
    check('social_post_trades_one_of', sql`(${t.positionId} is null) <> (${t.orderId} is null)`),
  ],
);
export type SocialPostTradeRow = typeof socialPostTrades.$inferSelect;
