import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import type { AccountsService } from '../trading/accounts.service.js';
import { createImportsRepository } from './imports.repository.js';
import { importsRoutes } from './imports.routes.js';
import { createImportsService } from './imports.service.js';

/**
 * Trades made elsewhere: MT5/MT4 reports and CSVs imported into accounts of kind imported, booked in the trading
 * tables the metrics, the dashboard and the journal read. Mount the routes under /api.
 */
export function createImportsModule(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  deps: { accounts: AccountsService; log: FastifyBaseLogger; entitlements?: PlanGate },
) {
  const service = createImportsService({
    repo: createImportsRepository(ctx.db),
    accounts: deps.accounts,
    clock: ctx.clock,
    log: deps.log,
    entitlements: deps.entitlements,
  });
  return { service, routes: importsRoutes({ imports: service }) };
}
