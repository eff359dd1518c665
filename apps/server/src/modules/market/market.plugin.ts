import { createSimulatedMarket } from '@tradedesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import type { CandlesService } from '../candles/candles.service.js';
import { createMarketCatalogueService } from './market.catalogue.service.js';
import { historyRoutes } from './market.history.routes.js';
import { createMarketHistoryService } from './market.history.service.js';
import { indicatorsRoutes } from './market.indicators.routes.js';
import { createIndicatorsService } from './market.indicators.service.js';
import { marketRoutes } from './market.routes.js';

/**
 * Market data: the instrument catalogue, candle history (the simulated market, or the caller's imported bars)
 * and indicators. No tables of its own: imported bars are the candles module's. Mount the routes under /api.
 */
export function createMarketModule(
  ctx: Pick<AppContext, 'clock'>,
  deps: { candles: Pick<CandlesService, 'findImportedBars' | 'importsVersion'> },
) {
  // Deterministic: every process computes the same bars; the instance only holds caches.
  const market = createSimulatedMarket();
  const catalogue = createMarketCatalogueService({ market, clock: ctx.clock });
  const history = createMarketHistoryService({ market, clock: ctx.clock, candles: deps.candles });
  const indicators = createIndicatorsService({ history });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(marketRoutes({ catalogue }));
    await app.register(historyRoutes({ history, clock: ctx.clock }));
    await app.register(indicatorsRoutes({ indicators }));
  };
  return { market, catalogue, history, indicators, routes };
}
export type MarketModule = ReturnType<typeof createMarketModule>;
