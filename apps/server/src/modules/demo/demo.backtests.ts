import { type chartTimeframes, INTRADAY_TIMEFRAMES } from '@tradedesk/contracts';
import { findInstrument } from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type { BacktestsRepository } from '../backtests/backtests.repository.js';
import type { BacktestsService } from '../backtests/backtests.service.js';
import type { UsersService } from '../users/users.service.js';
import { DEMO_USER } from './demo.seed.js';

/** The demo backtest: the last 90 days before today (UTC), on the strategy's first symbol and timeframe. */
export const DEMO_BACKTEST = { days: 90, symbol: 'EURUSD', timeframe: '1h' } as const;

const DAY_MS = 86_400_000;

/**
 * On first start, stores a backtest of the demo user's RSI strategy (the first strategy of the demo user whose
 * graph reads the RSI indicator), run like any other through the backtests service over the simulated market,
 * so the strategy's backtest tab has a result to show. Nothing is typed in. Does nothing when the demo user or
 * such a strategy is missing (the strategies demo seeds it) or when it already has a backtest.
 */
export async function seedBacktestDemo(deps: {
  users: Pick<UsersService, 'findByEmail'>;
  backtests: BacktestsService;
  repo: Pick<BacktestsRepository, 'strategiesWithGraph' | 'hasBacktest'>;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  const user = await deps.users.findByEmail(DEMO_USER.email);
  if (!user) return false;
  const strategy = (await deps.repo.strategiesWithGraph(user.id)).find((s) =>
    s.graph?.nodes.some((n) => n.type === 'indicator' && n.data.indicatorId.toLowerCase() === 'rsi'),
  );
  if (!strategy || (await deps.repo.hasBacktest(strategy.id))) return false;
  const symbol = strategy.symbols.find((s) => findInstrument(s)) ?? DEMO_BACKTEST.symbol;
  const timeframe =
    strategy.timeframes.find((t): t is (typeof INTRADAY_TIMEFRAMES)[number] =>
      (INTRADAY_TIMEFRAMES as readonly string[]).includes(t),
    ) ?? DEMO_BACKTEST.timeframe;
  const today = Math.floor(deps.now().getTime() / DAY_MS) * DAY_MS;
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  let result: Awaited<ReturnType<BacktestsService['run']>>;
  try {
    result = await deps.backtests.run(user.id, strategy.id, {
      symbol,
      timeframe: timeframe as (typeof chartTimeframes)[number],
      from: date(today - DEMO_BACKTEST.days * DAY_MS),
      to: date(today - DAY_MS),
      initial_balance: 10_000,
      currency: 'USD',
      leverage: 100,
    });
  } catch (error) {
    // a demo strategy the validator refuses (or no bars yet) must not stop the server from starting
    deps.log.warn({ err: error }, `demo backtest of ${strategy.name} not stored`);
    return false;
  }
  deps.log.info(
    `demo backtest stored: ${strategy.name} on ${symbol} ${timeframe}, ${result.trades.length} trades (${result.status})`,
  );
  return true;
}
