import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { StaffModule } from '../staff/staff.plugin.js';
import type { UsersService } from '../users/users.service.js';
import { createBillingHooks, type PaymentEvents } from './billing.types.js';
import type { EntitlementsModule } from './entitlements/entitlements.js';
import { createInvoices } from './invoices/invoices.plugin.js';
import { createPartners } from './partners/partners.plugin.js';
import { createPayments } from './payments/payments.plugin.js';
import type { BillingPlans } from './plans/plans.plugin.js';
import { staffBillingRoutes } from './staff/staff-billing.routes.js';
import { createStaffBilling } from './staff/staff-billing.service.js';
import { createBillingStripe } from './stripe/stripe.plugin.js';
import { createSubscriptions } from './subscriptions/subscriptions.plugin.js';

export type BillingDeps = {
  users: UsersService;
  notifications: NotificationsService;
  /** Built before the feature modules (they ask the entitlements); their routes are mounted here. */
  plans: BillingPlans;
  entitlements: EntitlementsModule;
  /** Who is staff and the audit log: the partner program's staff routes and the staff plans and coupons use them. */
  staff?: Pick<StaffModule, 'access' | 'audit'>;
};

/**
 * Billing (README "Billing", docs/architecture.md "Billing"): plans and entitlements, payments (test mode or
 * Stripe), subscriptions and coupons, invoices, the partner program. The slices meet only through the seams of
 * `billing.types.ts`; each slice's tests mount only their own part.
 */
export async function registerBilling(app: FastifyInstance, ctx: AppContext, deps: BillingDeps) {
  const hooks = createBillingHooks();
  const routes: FastifyPluginAsync[] = [deps.plans.routes, deps.entitlements.routes];

  // Payment outcomes arriving later (webhooks, the test-mode authentication page) go to the subscriptions,
  // built after the provider they use.
  let events: PaymentEvents | undefined;
  const paymentEvents = (): PaymentEvents => {
    if (!events) throw new Error('billing: payment events arrived before the subscriptions were built');
    return events;
  };
  const stripe = createBillingStripe(ctx, { events: paymentEvents });
  if (stripe) routes.push(stripe.routes);
  const payments = createPayments(ctx, { users: deps.users, provider: stripe?.provider, events: paymentEvents });
  routes.push(payments.routes);

  const invoices = createInvoices(ctx, { users: deps.users, hooks, testMode: payments.provider.kind === 'test' });
  routes.push(invoices.routes);

  const subscriptions = createSubscriptions(
    { ...ctx, log: app.log },
    {
      users: deps.users,
      notifications: deps.notifications,
      catalogue: deps.plans.catalogue,
      provider: payments.provider,
      invoices: invoices.issuer,
    },
  );
  events = subscriptions.events;
  routes.push(subscriptions.routes);
  ctx.jobs.register(subscriptions.job);
  deps.entitlements.setLookup(subscriptions.lookup);

  const partners = createPartners(ctx, {
    users: deps.users,
    notifications: deps.notifications,
    hooks,
    ...(deps.staff ? { staff: deps.staff } : {}),
  });
  routes.push(partners.routes);

  // the staff console's plans, add-ons and coupons (admins), through the catalogue's import and the coupons service
  if (deps.staff) {
    const billing = createStaffBilling({ plans: deps.plans.service, coupons: subscriptions.coupons, ...deps.staff });
    routes.push(staffBillingRoutes({ billing }));
  }

  for (const r of routes) await app.register(r, { prefix: '/api' });
  return { hooks, payments, invoices, subscriptions, partners };
}
export type BillingModule = Awaited<ReturnType<typeof registerBilling>>;
