import type { AppContext } from '../../../platform/context.js';
import { createPlanCatalogue } from './plans.catalogue.js';
import { createPlansRepository } from './plans.repository.js';
import { plansRoutes } from './plans.routes.js';

/**
 * Plans and add-ons (issue 17, plans slice): the catalogue tables with the default catalogue written when
 * missing, the PlanCatalogue seam and the public routes (mount under /api).
 */
export function createBillingPlans(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const service = createPlanCatalogue({ repo: createPlansRepository(ctx.db), clock: ctx.clock });
  return { routes: plansRoutes({ plans: service }), catalogue: service.catalogue, service };
}
export type BillingPlans = ReturnType<typeof createBillingPlans>;
