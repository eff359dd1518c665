import type { SimulatedMarket } from '@tradedesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import type { MarketHistoryService } from '../market/market.history.service.js';
import type { UsersService } from '../users/users.service.js';
import { createBacktestsRepository } from './backtests.repository.js';
import { backtestsRoutes } from './backtests.routes.js';
import { createBacktestsService } from './backtests.service.js';

/**
 * Backtests of the strategies' node graphs: reads the caller's strategy (strategies table), the chart history's
 * bars and the simulated market's event schedule; keeps each run in the backtests table. Mount under /api.
 */
export function createBacktestsModule(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  deps: {
    history: Pick<MarketHistoryService, 'candles'>;
    market: SimulatedMarket;
    users: Pick<UsersService, 'getById'>;
  },
) {
  const service = createBacktestsService({ repo: createBacktestsRepository(ctx.db), clock: ctx.clock, ...deps });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(backtestsRoutes({ backtests: service }));
  };
  return { service, routes };
}
export type BacktestsModule = ReturnType<typeof createBacktestsModule>;
