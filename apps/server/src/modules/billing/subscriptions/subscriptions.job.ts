import { type BillingInterval, DUNNING_GRACE_DAYS } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { JobDefinition } from '../../../platform/jobs/job-runner.js';
import type { NotifyInput } from '../../notifications/notifications.service.js';
import type { InvoiceIssuer } from '../billing.types.js';
import { nextPeriodEnd } from './subscriptions.money.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';
import { BILLING_PAGE, INCOMPLETE_EXPIRY_MS, type SubscriptionsService } from './subscriptions.service.js';
import type { SubscriptionRow } from './subscriptions.table.js';

const DAY_MS = 86_400_000;
const BATCH = 100;

type Log = { error(obj: object, msg: string): void };

/**
 * The leader's billing job: renewals at the period end (and at a trial's end), the end of canceled subscriptions,
 * retries of failed renewals (1, 3 and 5 days after the first failure, a mail each failure), the fall back to free
 * after the 7-day grace, and unconfirmed first payments given up after a day. State lives only in the tables and
 * every step is keyed (invoice and charge keys from the subscription and its period), so a run repeated after a
 * crash or on another leader issues and charges nothing twice.
 */
export function createSubscriptionsJob(deps: {
  repo: SubscriptionsRepository;
  clock: Clock;
  service: SubscriptionsService;
  invoices: InvoiceIssuer;
  notify: (userId: string, input: NotifyInput) => Promise<unknown>;
  log?: Log;
  intervalMs?: number;
}) {
  const { repo, clock, service, invoices } = deps;

  async function endCanceled(sub: SubscriptionRow) {
    const ended = await repo.transaction(async (tx) => {
      const locked = await tx.lock(sub.id);
      if (!locked?.cancelAtPeriodEnd || !['active', 'trialing'].includes(locked.status)) return false;
      if (locked.currentPeriodEnd.getTime() > clock.now().getTime()) return false;
      await tx.update(sub.id, { status: 'canceled', canceledAt: locked.canceledAt ?? locked.currentPeriodEnd });
      return true;
    });
    if (ended) {
      await deps.notify(sub.userId, {
        kind: 'system',
        title: 'Your subscription has ended',
        body: 'Your plan is now Free. Your data stays as it is; subscribe again any time to use more.',
        link: BILLING_PAGE,
      });
    }
  }

  /** Invoices and charges the next period (after a trial: the first paid one). */
  async function renew(row: SubscriptionRow) {
    if (row.cancelAtPeriodEnd) return endCanceled(row);
    const sub = await repo.find(row.userId, row.id);
    if (!sub) return;
    // a scheduled switch to a shorter interval (yearly to monthly) takes effect with this renewal
    const interval = (sub.scheduledChange?.interval ?? sub.interval) as BillingInterval;
    const target = sub.scheduledChange ?? { planId: sub.planId, addons: sub.addons };
    let items: Awaited<ReturnType<SubscriptionsService['itemsOf']>>;
    try {
      items = await service.itemsOf(target.planId, target.addons, sub.currency, interval);
    } catch {
      // the scheduled plan left the catalogue: renew what the subscription has
      items = await service.itemsOf(sub.planId, sub.addons, sub.currency, interval);
    }
    const periodStart = sub.currentPeriodEnd;
    const periodEnd = nextPeriodEnd(sub.anchorAt, periodStart, interval);
    const coupon = await service.couponOf(sub);
    const discountMinor = service.discountFor(
      coupon,
      sub.couponRedeemedAt,
      items.amountMinor,
      sub.currency,
      periodStart,
      sub.invoiceCount,
    );
    const key = `subscription:${sub.id}:renewal:${periodStart.toISOString()}`;
    const invoice = await invoices.issue({
      key,
      userId: sub.userId,
      subscriptionId: sub.id,
      currency: sub.currency,
      lines: items.lines,
      discountMinor,
      couponCode: discountMinor > 0 ? (coupon?.code ?? null) : null,
      periodStart,
      periodEnd,
    });
    const changed =
      items.plan.id !== sub.planId ||
      JSON.stringify(items.addons) !== JSON.stringify(sub.addons) ||
      interval !== sub.interval;
    const charge = await repo.ensureCharge({
      id: newId(),
      key: `${key}:try:0`,
      subscriptionId: sub.id,
      userId: sub.userId,
      purpose: 'renewal',
      invoiceId: invoice.id,
      status: 'pending',
      amountMinor: String(invoice.totalMinor),
      netMinor: String(items.amountMinor - discountMinor),
      currency: sub.currency,
      periodStart,
      periodEnd,
      change: changed
        ? { planId: items.plan.id, addons: items.addons, ...(interval !== sub.interval ? { interval } : {}) }
        : null,
      createdAt: clock.now(),
    });
    if (charge.status !== 'pending') return;
    await charge_(charge, sub.userId, `${items.plan.name} plan renewal`);
  }

  async function charge_(charge: Parameters<SubscriptionsService['runCharge']>[0], userId: string, what: string) {
    const result = await service.runCharge(charge, await service.customerOf(userId), what);
    // off-session, a bank's confirmation cannot be given: a failure for the dunning, the link in the mail
    if (result.status === 'requires_action') {
      await service.fail(charge.id, result.ref, `Your bank asks you to confirm the payment: ${result.actionUrl}`);
    }
  }

  /** A due retry of a past-due subscription, or its end after the grace. */
  async function dun(row: SubscriptionRow) {
    const now = clock.now();
    const since = row.pastDueSince ?? now;
    if (now.getTime() >= since.getTime() + DUNNING_GRACE_DAYS * DAY_MS) {
      const ended = await repo.transaction(async (tx) => {
        const locked = await tx.lock(row.id);
        if (locked?.status !== 'past_due') return false;
        await tx.update(row.id, { status: 'canceled', canceledAt: now, nextRetryAt: null });
        return true;
      });
      if (!ended) return;
      const open = await repo.latestCharge(row.id, 'renewal');
      if (open && open.status !== 'succeeded') await invoices.markVoid(open.invoiceId);
      await deps.notify(row.userId, {
        kind: 'system',
        title: 'Your plan is now Free',
        body: `We could not collect your subscription payment within ${DUNNING_GRACE_DAYS} days, so it was canceled. Your data stays as it is; subscribe again any time.`,
        link: BILLING_PAGE,
      });
      return;
    }
    if (!row.nextRetryAt || row.nextRetryAt.getTime() > now.getTime()) return;
    const last = await repo.latestCharge(row.id, 'renewal');
    if (!last) return;
    const attempt = row.retryCount + 1;
    const base = last.key.replace(/:try:\d+$/, '');
    const charge = await repo.ensureCharge({
      ...last,
      id: newId(),
      key: `${base}:try:${attempt}`,
      status: 'pending',
      chargeRef: null,
      failureReason: null,
      settledAt: null,
      createdAt: now,
    });
    if (charge.status !== 'pending') return;
    await charge_(charge, row.userId, 'Subscription renewal (retry)');
  }

  /** One pass over everything due; each subscription's failure is logged and does not stop the others. */
  async function runOnce(signal?: AbortSignal) {
    const now = clock.now();
    const steps: Array<[SubscriptionRow[], (s: SubscriptionRow) => Promise<void>]> = [
      [await repo.due(now, BATCH), renew],
      [await repo.dunning(now, new Date(now.getTime() - DUNNING_GRACE_DAYS * DAY_MS), BATCH), dun],
      [
        await repo.staleIncomplete(new Date(now.getTime() - INCOMPLETE_EXPIRY_MS), BATCH),
        async (s) => {
          const sub = await repo.find(s.userId, s.id);
          if (sub) await service.abandon(sub);
        },
      ],
    ];
    for (const [rows, step] of steps) {
      for (const row of rows) {
        if (signal?.aborted) return;
        try {
          await step(row);
        } catch (error) {
          deps.log?.error({ err: error, subscriptionId: row.id }, 'subscription billing step failed');
        }
      }
    }
  }

  const job: JobDefinition & { runOnce: typeof runOnce } = {
    name: 'billing-subscriptions',
    intervalMs: deps.intervalMs ?? 60_000,
    run: ({ signal }) => runOnce(signal),
    runOnce,
  };
  return job;
}
