export { PlanDialog, priceLabel } from './plan-dialog';
export { plansApi, useAddonsQuery, useEntitlementsQuery, usePlanQuery, usePlansQuery } from './plans-api';
