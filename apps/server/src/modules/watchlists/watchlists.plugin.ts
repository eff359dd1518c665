import type { AppContext } from '../../platform/context.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import { createWatchlistsRepository } from './watchlists.repository.js';
import { watchlistsRoutes } from './watchlists.routes.js';
import { createWatchlistsService } from './watchlists.service.js';

/** Watchlists under the spec's /watchlist paths. Mount the routes under /api. */
export function createWatchlistsModule(ctx: Pick<AppContext, 'db' | 'clock'>, deps: { entitlements?: PlanGate } = {}) {
  const service = createWatchlistsService({
    repo: createWatchlistsRepository(ctx.db),
    clock: ctx.clock,
    entitlements: deps.entitlements,
  });
  return { service, routes: watchlistsRoutes({ watchlists: service }) };
}
export type WatchlistsModule = ReturnType<typeof createWatchlistsModule>;
