import type { AppContext } from '../../platform/context.js';
import type { MetricsService } from '../metrics/metrics.service.js';
import { createComplianceRepository } from './compliance.repository.js';
import { complianceRoutes } from './compliance.routes.js';
import { createComplianceService } from './compliance.service.js';

/**
 * Rule-compliance analytics of the journal: the metrics' closed trades with the journal's annotations and the
 * strategies' checklists (read only). Mount the routes under /api.
 */
export function createComplianceModule(ctx: Pick<AppContext, 'db'>, deps: { metrics: MetricsService }) {
  const service = createComplianceService({ metrics: deps.metrics, repo: createComplianceRepository(ctx.db) });
  return { service, routes: complianceRoutes({ compliance: service }) };
}
export type ComplianceModule = ReturnType<typeof createComplianceModule>;
