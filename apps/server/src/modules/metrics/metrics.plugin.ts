import type { SimulatedMarket } from '@tradedesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import type { CandlesService } from '../candles/candles.service.js';
import { createComplianceRepository } from '../compliance/compliance.repository.js';
import type { MarketHistoryService } from '../market/market.history.service.js';
import type { AccountsService } from '../trading/accounts.service.js';
import type { UsersService } from '../users/users.service.js';
import { createMetricsRepository } from './metrics.repository.js';
import { metricsRoutes } from './metrics.routes.js';
import { createMetricsService } from './metrics.service.js';

/**
 * Performance metrics of closed trades: reads the trading tables and the chart history's 1-minute bars for
 * MFE/MAE, which it keeps per closed position (trading_position_excursions). Mount the routes under /api.
 */
export function createMetricsModule(
  ctx: Pick<AppContext, 'db'>,
  deps: {
    accounts: Pick<AccountsService, 'owned'>;
    users: Pick<UsersService, 'getById'>;
    history: Pick<MarketHistoryService, 'candles'>;
    candles: Pick<CandlesService, 'importsVersion' | 'findImportedBars'>;
    market: SimulatedMarket;
    strategies: { strategiesOf(positionIds: readonly string[]): Promise<Map<string, string>> };
  },
) {
  const service = createMetricsService({
    repo: createMetricsRepository(ctx.db),
    compliance: createComplianceRepository(ctx.db),
    ...deps,
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(metricsRoutes({ metrics: service }));
  };
  return { service, routes };
}
export type MetricsModule = ReturnType<typeof createMetricsModule>;
