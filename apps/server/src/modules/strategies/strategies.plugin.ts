import type { AppContext } from '../../platform/context.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import { createStrategiesRepository } from './strategies.repository.js';
import { strategiesRoutes } from './strategies.routes.js';
import { type ChartLookup, createStrategiesService } from './strategies.service.js';

/**
 * Strategies under the spec's /strategies paths: strategies, approaches, criteria, conditions and what hangs off
 * them. The service is handed to the journal and the backtests so they can check that a strategy, approach or
 * checklist item id a client sends is the caller's. Mount the routes under /api.
 */
export function createStrategiesModule(
  ctx: Pick<AppContext, 'db' | 'clock' | 'storage' | 'config'>,
  deps: { charts: ChartLookup; onCleanupError?: (error: unknown, key: string) => void; entitlements?: PlanGate },
) {
  const service = createStrategiesService({
    repo: createStrategiesRepository(ctx.db),
    clock: ctx.clock,
    storage: ctx.storage,
    charts: deps.charts,
    entitlements: deps.entitlements,
    ...(deps.onCleanupError ? { onCleanupError: deps.onCleanupError } : {}),
  });
  return {
    service,
    routes: strategiesRoutes({ strategies: service, maxUploadBytes: ctx.config.uploadMaxBytes }),
  };
}
export type StrategiesModule = ReturnType<typeof createStrategiesModule>;
