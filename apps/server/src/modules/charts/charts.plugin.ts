import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import type { IndicatorsService } from '../market/market.indicators.service.js';
import { chartingEvents } from './charting-events.js';
import { createChartsRepository } from './charts.repository.js';
import { chartsRoutes } from './charts.routes.js';
import { createChartsService } from './charts.service.js';
import { createDrawingsRepository } from './drawings.repository.js';
import { drawingsRoutes } from './drawings.routes.js';
import { createDrawingsService } from './drawings.service.js';
import { createLayoutsRepository } from './layouts.repository.js';
import { layoutsRoutes } from './layouts.routes.js';
import { createLayoutsService } from './layouts.service.js';
import { createTemplatesRepository } from './templates.repository.js';
import { templatesRoutes } from './templates.routes.js';
import { createTemplatesService } from './templates.service.js';

/** Charts, their share links, drawings, layouts and templates. Mount the routes under /api. */
export function createChartsModule(
  ctx: Pick<AppContext, 'db' | 'clock' | 'bus'>,
  deps: { indicators: IndicatorsService; entitlements?: PlanGate },
) {
  const events = chartingEvents(ctx.bus);
  const chartsRepo = createChartsRepository(ctx.db);
  const drawingsRepo = createDrawingsRepository(ctx.db);
  const templatesRepo = createTemplatesRepository(ctx.db);
  const charts = createChartsService({
    repo: chartsRepo,
    drawings: drawingsRepo,
    templates: templatesRepo,
    clock: ctx.clock,
    events,
    entitlements: deps.entitlements,
  });
  const drawings = createDrawingsService({ repo: drawingsRepo, charts: chartsRepo, clock: ctx.clock });
  const layouts = createLayoutsService({
    repo: createLayoutsRepository(ctx.db),
    charts: chartsRepo,
    clock: ctx.clock,
    events,
    entitlements: deps.entitlements,
  });
  const templates = createTemplatesService({ repo: templatesRepo, clock: ctx.clock });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(chartsRoutes({ charts, indicators: deps.indicators }));
    await app.register(drawingsRoutes({ drawings }));
    await app.register(layoutsRoutes({ layouts }));
    await app.register(templatesRoutes({ templates }));
  };
  return { charts, drawings, layouts, templates, routes };
}
export type ChartsModule = ReturnType<typeof createChartsModule>;
