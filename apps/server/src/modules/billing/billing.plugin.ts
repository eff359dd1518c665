import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { UsersService } from '../users/users.service.js';
import { createBillingHooks } from './billing.types.js';

export type BillingDeps = {
  users: UsersService;
  notifications: NotificationsService;
};

/**
 * Billing (README "Billing", docs/architecture.md "Billing"): plans and entitlements, payments (test mode and
 * Stripe), subscriptions and coupons, invoices, the partner program. The slices meet only through the seams of
 * `billing.types.ts`; each slice's tests mount only their own part.
 */
export async function registerBilling(app: FastifyInstance, ctx: AppContext, deps: BillingDeps) {
  const hooks = createBillingHooks();
  const routes: FastifyPluginAsync[] = [];

  // each slice: build it from (ctx, deps, the seams it needs), push its routes

  for (const r of routes) await app.register(r, { prefix: '/api' });
  return { hooks };
}
export type BillingModule = Awaited<ReturnType<typeof registerBilling>>;
