import type { TradeImportProblem } from '@tradedesk/contracts';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tradingAccounts } from '../trading/trading.table.js';
import { users } from '../users/users.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One import of a report into an account of kind imported: its counts and progress (written after each batch,
 * so a poll sees it move) and the per-line problems (errors: not imported; warnings: imported with a remark).
 */
export const tradeImports = pgTable(
  'trade_imports',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    timeZone: text('time_zone').notNull(),
    status: text('status').notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    balanceRows: integer('balance_rows').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    warnings: integer('warnings').notNull().default(0),
    problems: jsonb('problems').$type<TradeImportProblem[]>().notNull().default([]),
    failure: text('failure'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('trade_imports_account_idx').on(t.accountId, t.createdAt)],
);
export type TradeImportRow = typeof tradeImports.$inferSelect;

/**
 * What an account already holds from imports, by key: `t:<ticket>` for a trade with a ticket, `h:<hash>` of its
 * symbol, side, volume, open time, open price and close time without one; `b:` and `bh:` for balance rows. A key
 * taken already makes the row a duplicate.
 */
export const tradeImportKeys = pgTable(
  'trade_import_keys',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    importId: uuid('import_id')
      .notNull()
      .references(() => tradeImports.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id'),
    dealId: uuid('deal_id'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);
