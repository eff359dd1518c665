import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tradingAccounts, tradingPositions } from './trading.table.js';

/**
 * The public link of a closed trade (one per trade). The token is the capability; deleting the row revokes it,
 * and deleting the trade or the account takes it with them.
 */
export const tradingTradeShares = pgTable('trading_trade_shares', {
  token: text('token').primaryKey(),
  positionId: uuid('position_id')
    .notNull()
    .unique()
    .references(() => tradingPositions.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  /** The owner chose to show the money result (net and currency) on the card. */
  showMoney: boolean('show_money').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type TradingTradeShareRow = typeof tradingTradeShares.$inferSelect;
