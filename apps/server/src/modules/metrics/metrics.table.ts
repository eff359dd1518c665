import { bigint, doublePrecision, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tradingPositions } from '../trading/trading.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * MFE and MAE of a closed position, kept once computed from the simulated market's 1-minute bars (a closed trade
 * never changes, and neither do the simulator's bars). Only excursions computed where no imported candles covered
 * the trade are kept; the metrics ignore a kept row once imported candles cover the trade.
 */
export const tradingPositionExcursions = pgTable('trading_position_excursions', {
  positionId: uuid('position_id')
    .primaryKey()
    .references(() => tradingPositions.id, { onDelete: 'cascade' }),
  mfePrice: doublePrecision('mfe_price').notNull(),
  mfeTime: at('mfe_time').notNull(),
  /** Gross profit of the whole trade at the MFE price, in minor units of the account currency. */
  mfeMinor: bigint('mfe_minor', { mode: 'number' }).notNull(),
  maePrice: doublePrecision('mae_price').notNull(),
  maeTime: at('mae_time').notNull(),
  maeMinor: bigint('mae_minor', { mode: 'number' }).notNull(),
  computedAt: at('computed_at').notNull(),
});
export type TradingPositionExcursionRow = typeof tradingPositionExcursions.$inferSelect;
