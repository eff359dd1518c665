import type { SimulatedMarket } from '@tradedesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import type { MarketHistoryService } from '../market/market.history.service.js';
import type { StrategiesService } from '../strategies/strategies.service.js';
import type { UsersService } from '../users/users.service.js';
import { createBacktestsRepository } from './backtests.repository.js';
import { backtestsRoutes } from './backtests.routes.js';
import { createBacktestsService } from './backtests.service.js';

/**
 * Backtests of the strategies' node graphs: reads the caller's strategy (the strategies service), the chart history's
 * bars and the simulated market's event schedule; keeps each run in the backtests table. Mount under /api.
 */
export function createBacktestsModule(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  deps: {
    history: Pick<MarketHistoryService, 'candles'>;
    market: SimulatedMarket;
    users: Pick<UsersService, 'getById'>;
    strategies: Pick<StrategiesService, 'find'>;
    entitlements?: PlanGate;
  },
) {
  const repo = createBacktestsRepository(ctx.db);
  const service = createBacktestsService({ repo, clock: ctx.clock, ...deps });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(backtestsRoutes({ backtests: service }));
  };
  return { service, repo, routes };
}
export type BacktestsModule = ReturnType<typeof createBacktestsModule>;
