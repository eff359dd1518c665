import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });
/** Booked money: exact decimal, read and written as strings, rounded to the currency's minor unit when booked. */
const money = (name: string) => numeric(name);
/** Lots: a decimal, so partial closes add up exactly (read as numbers, already on the instrument's volume step). */
const lots = (name: string) => numeric(name, { mode: 'number' });

/**
 * A trading account: a virtual account on the built-in virtual broker, or an existing account of another
 * platform reached through a broker connector (its passwords AES-256-GCM encrypted). `balance` is kept equal to
 * `starting_balance` plus the sum of the account's deals, in the transaction that books each deal.
 * `platform_token` is the opaque token of the account's /middleware/{platformToken}/... calls.
 */
export const tradingAccounts = pgTable(
  'trading_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    platform: text('platform').notNull(),
    platformType: text('platform_type').notNull(),
    type: text('type').notNull(),
    server: text('server').notNull(),
    broker: text('broker').notNull(),
    username: text('username'),
    accountNumber: text('account_number'),
    color: text('color').notNull(),
    status: text('status').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    currency: text('currency').notNull(),
    startingBalance: money('starting_balance').notNull(),
    customBalance: boolean('custom_balance').notNull().default(false),
    balance: money('balance').notNull(),
    leverage: integer('leverage').notNull(),
    marginMode: text('margin_mode').notNull(),
    passwordEnc: text('password_enc'),
    investorPasswordEnc: text('investor_password_enc'),
    platformToken: text('platform_token').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    archivedAt: at('archived_at'),
  },
  (t) => [
    index('trading_accounts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('trading_accounts_platform_token_key').on(t.platformToken),
    uniqueIndex('trading_accounts_one_active').on(t.userId).where(sql`${t.isActive}`),
  ],
);
export type TradingAccountRow = typeof tradingAccounts.$inferSelect;

const accountRef = () =>
  uuid('account_id')
    .notNull()
    .references(() => tradingAccounts.id, { onDelete: 'cascade' });

/**
 * An order: market orders are filled (or refused) at once; limit, stop and stop-limit orders wait as
 * `pending` until a quote crosses their price, they expire, or they are cancelled.
 */
export const tradingOrders = pgTable(
  'trading_orders',
  {
    id: uuid('id').primaryKey(),
    accountId: accountRef(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    volume: lots('volume').notNull(),
    /** Limit price (limit), stop price (stop, stop-limit); null for market orders. */
    price: doublePrecision('price'),
    /** The limit of a stop-limit order, placed once its stop price is reached. */
    limitPrice: doublePrecision('limit_price'),
    stopTriggeredAt: at('stop_triggered_at'),
    stopLoss: doublePrecision('stop_loss'),
    takeProfit: doublePrecision('take_profit'),
    stopLossPips: doublePrecision('stop_loss_pips'),
    takeProfitPips: doublePrecision('take_profit_pips'),
    /** How SL and TP follow a change of the order's price: kept at their price, or at their distance in pips. */
    stopLossLock: text('stop_loss_lock').notNull().default('price'),
    takeProfitLock: text('take_profit_lock').notNull().default('price'),
    trailingPips: doublePrecision('trailing_pips'),
    maxSlippagePips: doublePrecision('max_slippage_pips'),
    expiry: text('expiry').notNull().default('gtc'),
    expiresAt: at('expires_at'),
    positionId: uuid('position_id'),
    fillPrice: doublePrecision('fill_price'),
    filledAt: at('filled_at'),
    reason: text('reason'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('trading_orders_account_idx').on(t.accountId, t.createdAt),
    index('trading_orders_pending_idx').on(t.accountId).where(sql`${t.status} = 'pending'`),
  ],
);
export type TradingOrderRow = typeof tradingOrders.$inferSelect;

/** A position: opened by a fill, closed in parts or at once; `volume` is what is still open. */
export const tradingPositions = pgTable(
  'trading_positions',
  {
    id: uuid('id').primaryKey(),
    accountId: accountRef(),
    orderId: uuid('order_id'),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    status: text('status').notNull(),
    volume: lots('volume').notNull(),
    initialVolume: lots('initial_volume').notNull(),
    openPrice: doublePrecision('open_price').notNull(),
    openedAt: at('opened_at').notNull(),
    stopLoss: doublePrecision('stop_loss'),
    takeProfit: doublePrecision('take_profit'),
    trailingPips: doublePrecision('trailing_pips'),
    closePrice: doublePrecision('close_price'),
    closedAt: at('closed_at'),
    closeReason: text('close_reason'),
    profit: money('profit').notNull().default('0'),
    commission: money('commission').notNull().default('0'),
    swap: money('swap').notNull().default('0'),
    /** Rollovers up to this instant are booked (swap). */
    swapBookedUntil: at('swap_booked_until').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('trading_positions_account_idx').on(t.accountId, t.openedAt),
    index('trading_positions_open_idx').on(t.accountId).where(sql`${t.status} = 'open'`),
  ],
);
export type TradingPositionRow = typeof tradingPositions.$inferSelect;

/**
 * A booked deal: every money movement of an account (trade in and out, commission, swap, balance). `amount`
 * is profit + commission + swap, rounded to the currency's minor unit; `balance_after` the balance it left.
 */
export const tradingDeals = pgTable(
  'trading_deals',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    accountId: accountRef(),
    positionId: uuid('position_id'),
    orderId: uuid('order_id'),
    kind: text('kind').notNull(),
    entry: text('entry').notNull(),
    symbol: text('symbol'),
    side: text('side'),
    volume: lots('volume'),
    price: doublePrecision('price'),
    /** The level asked for (pending price, SL, TP); with `slippage` = price - requested, in price units. */
    requestedPrice: doublePrecision('requested_price'),
    slippage: doublePrecision('slippage'),
    gap: boolean('gap').notNull().default(false),
    profit: money('profit').notNull().default('0'),
    commission: money('commission').notNull().default('0'),
    swap: money('swap').notNull().default('0'),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    reason: text('reason').notNull(),
    time: at('time').notNull(),
  },
  (t) => [
    index('trading_deals_account_idx').on(t.accountId, t.seq),
    index('trading_deals_position_idx').on(t.positionId),
  ],
);
export type TradingDealRow = typeof tradingDeals.$inferSelect;

/** The modification log: each change of an order's or a position's levels, by the client or by the server. */
export const tradingModifications = pgTable(
  'trading_modifications',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    accountId: accountRef(),
    positionId: uuid('position_id'),
    orderId: uuid('order_id'),
    field: text('field').notNull(),
    oldValue: doublePrecision('old_value'),
    newValue: doublePrecision('new_value'),
    source: text('source').notNull(),
    time: at('time').notNull(),
  },
  (t) => [
    index('trading_modifications_position_idx').on(t.positionId),
    index('trading_modifications_order_idx').on(t.orderId),
  ],
);
export type TradingModificationRow = typeof tradingModifications.$inferSelect;

/** Answers kept per Idempotency-Key of an account, so a retried request gets the first answer again. */
export const tradingIdempotencyKeys = pgTable(
  'trading_idempotency_keys',
  {
    accountId: accountRef(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] }), index('trading_idempotency_created_idx').on(t.createdAt)],
);
