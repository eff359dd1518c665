import type { AppContext } from '../../../platform/context.js';
import type { NotifyInput } from '../../notifications/notifications.service.js';
import type { UsersService } from '../../users/users.service.js';
import type {
  InvoiceIssuer,
  PaymentEvents,
  PaymentProvider,
  PlanCatalogue,
  SubscriptionLookup,
} from '../billing.types.js';
import { createCouponQuotes } from './coupon-quotes.js';
import { createCouponsService } from './coupons.service.js';
import { createSubscriptionsJob } from './subscriptions.job.js';
import { createSubscriptionsRepository } from './subscriptions.repository.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { createSubscriptionsService } from './subscriptions.service.js';

export type SubscriptionsSliceDeps = {
  users: Pick<UsersService, 'getById'>;
  notifications: { notify(userId: string, input: NotifyInput): Promise<unknown> };
  catalogue: PlanCatalogue;
  provider: PaymentProvider;
  invoices: InvoiceIssuer;
};

/**
 * Subscriptions and coupons (issue 17). `routes` go under /api (they write the default coupons when missing as
 * they are registered); `lookup` is the SubscriptionLookup for the entitlements; `events` the PaymentEvents sink
 * for the payment providers; `job` the leader's renewal and dunning job, for `ctx.jobs.register(job)`.
 */
export function createSubscriptions(
  ctx: Pick<AppContext, 'db' | 'clock'> & { log?: { error(obj: object, msg: string): void } },
  deps: SubscriptionsSliceDeps,
) {
  const repo = createSubscriptionsRepository(ctx.db);
  const coupons = createCouponsService({ repo, clock: ctx.clock });
  const notify = (userId: string, input: NotifyInput) => deps.notifications.notify(userId, input);
  const service = createSubscriptionsService({
    repo,
    clock: ctx.clock,
    catalogue: deps.catalogue,
    provider: deps.provider,
    invoices: deps.invoices,
    users: deps.users,
    coupons,
    notify,
  });
  const quotes = createCouponQuotes({ repo, coupons, subscriptions: service });
  const job = createSubscriptionsJob({
    repo,
    clock: ctx.clock,
    service,
    invoices: deps.invoices,
    notify,
    log: ctx.log,
  });

  const lookup: SubscriptionLookup = { current: (userId) => service.current(userId) };

  const events: PaymentEvents = {
    async chargeSucceeded(chargeRef) {
      const charge = await service.chargeByRef(chargeRef);
      if (charge) await service.settle(charge.id, chargeRef);
    },
    async chargeFailed(chargeRef, reason) {
      const charge = await service.chargeByRef(chargeRef);
      if (charge) await service.fail(charge.id, chargeRef, reason);
    },
    async chargeRefunded(chargeRef, amountMinor) {
      const refund = await repo.transaction(async (tx) => {
        const charge = await tx.chargeByRef(chargeRef);
        if (!charge || amountMinor <= Number(charge.refundedMinor)) return null;
        await tx.updateCharge(charge.id, { refundedMinor: String(amountMinor) });
        return { invoiceId: charge.invoiceId, delta: amountMinor - Number(charge.refundedMinor) };
      });
      if (refund) await deps.invoices.markRefunded(refund.invoiceId, refund.delta, ctx.clock.now());
    },
  };

  const routes = subscriptionsRoutes({
    subscriptions: service,
    quotes,
    providerLabel: deps.provider.label,
    beforeStart: () => coupons.ensureDefaults(),
  });
  return { routes, lookup, events, job, service, coupons };
}
export type SubscriptionsSlice = ReturnType<typeof createSubscriptions>;
