import type { Backtest, BacktestRequest, StrategyGraph } from '@tradedesk/contracts';
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { strategies } from '../strategies/strategies.table.js';
import { users } from '../users/users.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A backtest of a strategy's node graph: the request, a copy of the graph it ran, and once finished the results
 * (trades, the metrics report, the equity curve) as the wire carries them. Deleted with the strategy or the user.
 */
export const backtests = pgTable(
  'backtests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    status: text('status').$type<Backtest['status']>().notNull(),
    progress: doublePrecision('progress').notNull(),
    request: jsonb('request').$type<BacktestRequest>().notNull(),
    graph: jsonb('graph').$type<StrategyGraph>().notNull(),
    graphVersion: integer('graph_version').notNull(),
    strategyUpdatedAt: at('strategy_updated_at').notNull(),
    dataSource: text('data_source').$type<Backtest['dataSource']>().notNull(),
    dataLabel: text('data_label').notNull(),
    bars: integer('bars').notNull(),
    firstBarAt: at('first_bar_at'),
    lastBarAt: at('last_bar_at'),
    /** Trades, report and equity curve (wire shapes); null until done. */
    result: jsonb('result').$type<Pick<Backtest, 'trades' | 'report' | 'equity'>>(),
    signals: jsonb('signals').$type<Backtest['signals']>().notNull().default([]),
    /** The list's figures, kept apart so the list does not read the results. */
    summary: jsonb('summary').$type<BacktestSummaryFigures>(),
    /** Exact decimal in the request's currency. */
    finalBalance: text('final_balance'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('backtests_strategy_idx').on(t.strategyId, t.createdAt), index('backtests_user_idx').on(t.userId)],
);
export type BacktestRow = typeof backtests.$inferSelect;

export type BacktestSummaryFigures = {
  tradeCount: number;
  net: number | null;
  returnPercent: number | null;
  maxDrawdownPercent: number | null;
  winRate: number | null;
  profitFactor: number | null;
};
