import {
  type BillingInterval,
  type CheckoutQuote,
  type CreateSubscriptionBody,
  createSubscriptionBodySchema,
  DUNNING_GRACE_DAYS,
  DUNNING_RETRY_DAYS,
  FREE_PLAN_ID,
  type ModifySubscriptionBody,
  modifySubscriptionBodySchema,
  type ProrationPreview,
  type Subscription,
  type SubscriptionChangeResult,
  type SubscriptionStatus,
} from '@tradedesk/contracts';
import { minorToDecimal } from '@tradedesk/core';
import type { Clock } from '../../../platform/clock.js';
import { isUniqueViolation } from '../../../platform/db-errors.js';
import { newId } from '../../../platform/ids.js';
import type { NotifyInput } from '../../notifications/notifications.service.js';
import type { UsersService } from '../../users/users.service.js';
import type {
  CatalogPlan,
  ChargeResult,
  InvoiceIssuer,
  InvoiceLineInput,
  InvoiceTotals,
  PaymentProvider,
  PlanCatalogue,
} from '../billing.types.js';
import { type CouponsService, couponView, termsOf } from './coupons.service.js';
import { subscriptionError, subscriptionNotFound } from './subscriptions.errors.js';
import { addMonths, couponApplies, couponDiscount, monthsOf, priceOf, prorate } from './subscriptions.money.js';
import type { SubscriptionsRepository, SubscriptionWithAddons } from './subscriptions.repository.js';
import type { ChargeRow, CouponRow, PlanChange } from './subscriptions.table.js';

const DAY_MS = 86_400_000;
/** An initial payment left unconfirmed this long is given up (the invoice voided, the plan never started). */
export const INCOMPLETE_EXPIRY_MS = DAY_MS;
export const BILLING_PAGE = '/settings/plan_billing';

export type SubscriptionsDeps = {
  repo: SubscriptionsRepository;
  clock: Clock;
  catalogue: PlanCatalogue;
  provider: PaymentProvider;
  invoices: InvoiceIssuer;
  users: Pick<UsersService, 'getById'>;
  coupons: CouponsService;
  notify: (userId: string, input: NotifyInput) => Promise<unknown>;
};

type Items = { plan: CatalogPlan; addons: Record<string, number>; lines: InvoiceLineInput[]; amountMinor: number };

const money = (minor: number, currency: string) => minorToDecimal(minor, currency);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Subscriptions: checkout, cancel and reactivate, plan changes with proration, and the settlement of charges
 * (at once, or later through PaymentEvents). Every state change runs under the subscription's row lock and
 * checks the state it expects first, so repeating it changes nothing.
 */
export function createSubscriptionsService(deps: SubscriptionsDeps) {
  const { repo, clock, catalogue, provider, invoices, coupons } = deps;

  /** Plan and add-ons priced in one currency and interval, checked against the catalogue. */
  async function itemsOf(
    planId: string,
    addons: Record<string, number>,
    currency: string,
    interval: BillingInterval,
    field = 'subscription',
  ): Promise<Items> {
    if (planId === FREE_PLAN_ID) {
      throw subscriptionError.onField(
        field,
        'SUBSCRIPTION_PLAN_FREE',
        'The free plan needs no subscription: cancel your subscription to go back to it.',
      );
    }
    const plan = await catalogue.plan(planId);
    if (!plan?.active) {
      throw subscriptionError.onField(
        field,
        'SUBSCRIPTION_PLAN_UNKNOWN',
        `There is no plan "${planId}" to subscribe to.`,
      );
    }
    const planPrice = priceOf(plan.prices, currency, interval);
    if (planPrice === null) {
      throw subscriptionError.onField(
        'currency',
        'SUBSCRIPTION_PRICE_MISSING',
        `The ${plan.name} plan has no price in ${currency}.`,
      );
    }
    const per = interval === 'monthly' ? 'month' : 'year';
    const lines: InvoiceLineInput[] = [
      { description: `${plan.name} plan, ${interval}`, quantity: 1, unitAmountMinor: planPrice },
    ];
    const kept: Record<string, number> = {};
    for (const [addonId, quantity] of Object.entries(addons).sort(([a], [b]) => a.localeCompare(b))) {
      if (quantity === 0) continue;
      const addon = await catalogue.addon(addonId);
      if (!addon?.active) {
        throw subscriptionError.onField(
          `addons.${addonId}`,
          'SUBSCRIPTION_ADDON_UNKNOWN',
          `There is no add-on "${addonId}".`,
        );
      }
      if (quantity > addon.maxQuantity) {
        throw subscriptionError.onField(
          `addons.${addonId}`,
          'SUBSCRIPTION_ADDON_QUANTITY',
          `${addon.name} can be taken at most ${addon.maxQuantity} times.`,
        );
      }
      const unit = priceOf(addon.prices, currency, interval);
      if (unit === null) {
        throw subscriptionError.onField(
          `addons.${addonId}`,
          'SUBSCRIPTION_PRICE_MISSING',
          `The add-on ${addon.name} has no price in ${currency}.`,
        );
      }
      lines.push({ description: `${addon.name} (per ${per})`, quantity, unitAmountMinor: unit });
      kept[addonId] = quantity;
    }
    const amountMinor = lines.reduce((s, l) => s + l.quantity * l.unitAmountMinor, 0);
    return { plan, addons: kept, lines, amountMinor };
  }

  async function couponOf(sub: SubscriptionWithAddons): Promise<CouponRow | undefined> {
    return sub.couponId ? repo.couponById(sub.couponId) : undefined;
  }

  /** The coupon's discount on the invoice of the period starting at `periodStart`, number `index`. */
  function discountFor(
    coupon: CouponRow | undefined,
    redeemedAt: Date | null,
    amountMinor: number,
    currency: string,
    periodStart: Date,
    index: number,
  ): number {
    if (!coupon || !redeemedAt) return 0;
    const applies = couponApplies(
      { duration: coupon.duration as 'once', durationMonths: coupon.durationMonths, redeemedAt },
      periodStart,
      index,
    );
    return applies ? couponDiscount(amountMinor, termsOf(coupon), currency) : 0;
  }

  async function view(sub: SubscriptionWithAddons): Promise<Subscription> {
    const plan = await catalogue.plan(sub.planId);
    const addons = [];
    let priceMinor = plan ? (priceOf(plan.prices, sub.currency, sub.interval as BillingInterval) ?? 0) : 0;
    for (const [addonId, quantity] of Object.entries(sub.addons)) {
      const addon = await catalogue.addon(addonId);
      addons.push({ addonId, name: addon?.name ?? addonId, quantity });
      if (addon) priceMinor += quantity * (priceOf(addon.prices, sub.currency, sub.interval as BillingInterval) ?? 0);
    }
    const coupon = await couponOf(sub);
    const status = sub.status as SubscriptionStatus;
    const endsAt =
      status === 'past_due' && sub.pastDueSince
        ? new Date(sub.pastDueSince.getTime() + DUNNING_GRACE_DAYS * DAY_MS)
        : sub.cancelAtPeriodEnd && status !== 'canceled'
          ? sub.currentPeriodEnd
          : null;
    return {
      id: sub.id,
      planId: sub.planId,
      planName: plan?.name ?? sub.planId,
      interval: sub.interval as BillingInterval,
      currency: sub.currency as Subscription['currency'],
      status,
      addons,
      price: money(priceMinor, sub.currency),
      currentPeriodStart: sub.currentPeriodStart.toISOString(),
      currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      endsAt: iso(endsAt),
      trialEnd: iso(sub.trialEnd),
      coupon: coupon ? couponView(coupon) : null,
      retryCount: sub.retryCount,
      nextRetryAt: iso(sub.nextRetryAt),
      scheduledChange: sub.scheduledChange
        ? {
            planId: sub.scheduledChange.planId,
            addons: sub.scheduledChange.addons,
            interval: sub.scheduledChange.interval ?? (sub.interval as BillingInterval),
            at: sub.currentPeriodEnd.toISOString(),
          }
        : null,
      createdAt: sub.createdAt.toISOString(),
      canceledAt: iso(sub.canceledAt),
    };
  }

  async function owned(userId: string, id: string): Promise<SubscriptionWithAddons> {
    const sub = await repo.find(userId, id);
    if (!sub) throw subscriptionNotFound();
    return sub;
  }

  async function reload(userId: string, id: string) {
    return view(await owned(userId, id));
  }

  const invoiceSummary = (i: { id: string; number: string } & InvoiceTotals, currency: string) => ({
    id: i.id,
    number: i.number,
    subtotal: money(i.subtotalMinor, currency),
    discount: money(i.discountMinor, currency),
    tax: money(i.taxMinor, currency),
    taxRatePercent: i.taxRatePercent,
    total: money(i.totalMinor, currency),
  });

  async function customerOf(userId: string): Promise<string> {
    const user = await deps.users.getById(userId);
    const name = `${user.firstName} ${user.lastName}`.trim() || user.username || user.email;
    return provider.ensureCustomer({ id: user.id, email: user.email, name });
  }

  /** Calls the provider for a stored charge (its key is the idempotency key) and records the answer. */
  async function runCharge(charge: ChargeRow, customerRef: string, description: string): Promise<ChargeResult> {
    if (Number(charge.amountMinor) === 0) {
      await settle(charge.id, null);
      return { status: 'succeeded', ref: '' };
    }
    const result = await provider.charge({
      customerRef,
      amountMinor: Number(charge.amountMinor),
      currency: charge.currency,
      description,
      idempotencyKey: charge.key,
    });
    if (result.status === 'succeeded') await settle(charge.id, result.ref);
    else if (result.status === 'requires_action') await repo.updateCharge(charge.id, { chargeRef: result.ref });
    else await fail(charge.id, result.ref, result.reason);
    return result;
  }

  /**
   * A charge was paid: mark it, apply what it pays for, mark its invoice paid. Idempotent. Money that arrives for
   * what no longer waits for it (an attempt given up, a subscription ended meanwhile) is refunded and its invoice
   * voided.
   */
  async function settle(chargeId: string, ref: string | null): Promise<void> {
    const now = clock.now();
    const settled = await repo.transaction(async (tx) => {
      const charge = await tx.lockCharge(chargeId);
      if (!charge || charge.status === 'succeeded') return null;
      await tx.updateCharge(charge.id, { status: 'succeeded', chargeRef: ref ?? charge.chargeRef, settledAt: now });
      const sub = await tx.lock(charge.subscriptionId);
      if (!sub) return { charge, applied: false };
      const net = Number(charge.netMinor);
      if (charge.purpose === 'initial' && sub.status === 'incomplete') {
        await tx.update(sub.id, { status: 'active', invoiceCount: 1, periodAmountMinor: String(net) });
      } else if (charge.purpose === 'renewal' && sub.currentPeriodEnd.getTime() === charge.periodStart.getTime()) {
        // still waiting for this period (active at the end of the period, or past due): it starts now
        const change = charge.change;
        await tx.update(
          sub.id,
          {
            status: 'active',
            currentPeriodStart: charge.periodStart,
            currentPeriodEnd: charge.periodEnd,
            periodAmountMinor: String(net),
            invoiceCount: sub.invoiceCount + 1,
            retryCount: 0,
            nextRetryAt: null,
            pastDueSince: null,
            ...(change ? { planId: change.planId, scheduledChange: null } : {}),
            ...(change?.interval ? { interval: change.interval } : {}),
          },
          change ? change.addons : undefined,
        );
      } else if (charge.purpose === 'change' && charge.change && ['active', 'trialing'].includes(sub.status)) {
        const interval = charge.change.interval;
        // a switch to a longer interval: the paid period starts at the change and anchors the renewals
        const period = interval
          ? {
              interval,
              currentPeriodStart: charge.periodStart,
              currentPeriodEnd: charge.periodEnd,
              anchorAt: charge.periodStart,
            }
          : {};
        await tx.update(
          sub.id,
          { planId: charge.change.planId, periodAmountMinor: String(net), scheduledChange: null, ...period },
          charge.change.addons,
        );
      } else {
        const amount = Number(charge.amountMinor);
        if (amount > 0) await tx.updateCharge(charge.id, { refundedMinor: String(amount) });
        return { charge, applied: false };
      }
      return { charge, applied: true };
    });
    if (!settled) return;
    const chargeRef = ref ?? settled.charge.chargeRef ?? '';
    if (settled.applied) {
      await invoices.markPaid(settled.charge.invoiceId, chargeRef, now);
      return;
    }
    const amountMinor = Number(settled.charge.amountMinor);
    if (amountMinor > 0 && chargeRef) {
      await provider.refund({ chargeRef, amountMinor, idempotencyKey: `${settled.charge.key}:refund` });
    }
    await invoices.markVoid(settled.charge.invoiceId);
  }

  /** A charge failed: mark it and move the subscription (incomplete -> canceled, renewal -> dunning). Idempotent. */
  async function fail(chargeId: string, ref: string | null, reason: string): Promise<void> {
    const now = clock.now();
    const outcome = await repo.transaction(async (tx) => {
      const charge = await tx.lockCharge(chargeId);
      if (charge?.status !== 'pending') return null;
      await tx.updateCharge(charge.id, {
        status: 'failed',
        chargeRef: ref ?? charge.chargeRef,
        failureReason: reason,
        settledAt: now,
      });
      const sub = await tx.lock(charge.subscriptionId);
      if (!sub) return { charge, voidInvoice: false, dunning: null };
      if (charge.purpose === 'initial' && sub.status === 'incomplete') {
        await tx.update(sub.id, { status: 'canceled', canceledAt: now });
        await tx.releaseRedemption(sub.id);
        return { charge, voidInvoice: true, dunning: null };
      }
      if (charge.purpose === 'change') return { charge, voidInvoice: true, dunning: null };
      if (charge.purpose === 'renewal' && sub.currentPeriodEnd.getTime() === charge.periodStart.getTime()) {
        const first = sub.status !== 'past_due';
        const since = first ? now : (sub.pastDueSince ?? now);
        const retryCount = first ? 0 : sub.retryCount + 1;
        const nextDay = DUNNING_RETRY_DAYS[retryCount];
        const nextRetryAt = nextDay === undefined ? null : new Date(since.getTime() + nextDay * DAY_MS);
        await tx.update(sub.id, { status: 'past_due', pastDueSince: since, retryCount, nextRetryAt });
        return { charge, voidInvoice: false, dunning: { nextRetryAt, since } };
      }
      return { charge, voidInvoice: false, dunning: null };
    });
    if (!outcome) return;
    if (outcome.voidInvoice) await invoices.markVoid(outcome.charge.invoiceId);
    if (outcome.dunning) {
      const grace = new Date(outcome.dunning.since.getTime() + DUNNING_GRACE_DAYS * DAY_MS);
      const next = outcome.dunning.nextRetryAt
        ? `We will try again on ${outcome.dunning.nextRetryAt.toISOString().slice(0, 10)}.`
        : 'There are no more retries.';
      await deps.notify(outcome.charge.userId, {
        kind: 'system',
        title: 'Your subscription payment failed',
        body: `${reason} ${next} Update your payment method before ${grace.toISOString().slice(0, 10)} to keep your plan.`,
        link: BILLING_PAGE,
      });
    }
  }

  /** An incomplete subscription (its payment never confirmed) is given up. */
  async function abandon(sub: SubscriptionWithAddons): Promise<void> {
    const charge = await repo.latestCharge(sub.id, 'initial');
    const done = await repo.transaction(async (tx) => {
      const locked = await tx.lock(sub.id);
      if (locked?.status !== 'incomplete') return false;
      await tx.update(sub.id, { status: 'canceled', canceledAt: clock.now() });
      await tx.releaseRedemption(sub.id);
      if (charge?.status === 'pending')
        await tx.updateCharge(charge.id, { status: 'failed', failureReason: 'abandoned' });
      return true;
    });
    if (done && charge) await invoices.markVoid(charge.invoiceId);
  }

  /**
   * What a modify changes and costs. Same interval: (new - old) x remaining / period, charged now when positive,
   * else the change waits for the renewal. A switch to a longer interval (monthly to yearly) starts a new period
   * now, charged at the new price less the unused part of the current one (old x remaining / period, rounded
   * once); a switch to a shorter one waits for the period end. During a trial every change applies at once, free.
   */
  async function prorationOf(sub: SubscriptionWithAddons, body: ReturnType<typeof modifySubscriptionBodySchema.parse>) {
    const current = sub.interval as BillingInterval;
    const interval = body.interval ?? current;
    const planId = body.plan ?? sub.planId;
    const items = await itemsOf(planId, body.addons ?? sub.addons, sub.currency, interval, 'plan');
    const sameAddons = JSON.stringify(items.addons) === JSON.stringify(sortKeys(sub.addons));
    if (items.plan.id === sub.planId && sameAddons && interval === current) {
      throw subscriptionError(
        'SUBSCRIPTION_NO_CHANGE',
        'The subscription already has this plan, these add-ons and this interval.',
      );
    }
    const coupon = await couponOf(sub);
    const newAmount =
      items.amountMinor -
      discountFor(
        coupon,
        sub.couponRedeemedAt,
        items.amountMinor,
        sub.currency,
        sub.currentPeriodStart,
        Math.max(0, sub.invoiceCount - 1),
      );
    const now = clock.now();
    const trialing = sub.status === 'trialing';
    const oldAmount = trialing ? newAmount : Number(sub.periodAmountMinor);
    if (interval !== current && !trialing) {
      // the unused part of the current period: -(0 - old) x remaining / period
      const unused = prorate({
        periodStart: sub.currentPeriodStart,
        periodEnd: sub.currentPeriodEnd,
        at: now,
        oldAmountMinor: oldAmount,
        newAmountMinor: 0,
      });
      const p = { ...unused, netMinor: newAmount - Math.abs(unused.netMinor) };
      if (monthsOf(interval) > monthsOf(current)) {
        const credit = Math.abs(unused.netMinor);
        const due = Math.max(0, p.netMinor);
        const periodEnd = addMonths(now, monthsOf(interval));
        const description =
          `${items.plan.name} plan, ${interval}, until ${periodEnd.toISOString().slice(0, 10)}: ` +
          `${money(newAmount, sub.currency)} less ${money(credit, sub.currency)} unused of the ${current} period`;
        const lines: InvoiceLineInput[] = [{ description, quantity: 1, unitAmountMinor: due }];
        return {
          items,
          interval,
          newAmount,
          p,
          effective: 'now' as const,
          due,
          credit,
          lines,
          now,
          periodEnd,
          newPeriod: true,
        };
      }
      return {
        items,
        interval,
        newAmount,
        p,
        effective: 'period_end' as const,
        due: 0,
        credit: 0,
        lines: [] as InvoiceLineInput[],
        now,
        periodEnd: sub.currentPeriodEnd,
        newPeriod: false,
      };
    }
    const p = prorate({
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      at: now,
      oldAmountMinor: oldAmount,
      newAmountMinor: newAmount,
    });
    // a trial changes at once for nothing; a dearer choice now (prorated), a cheaper one at the renewal
    const effective: 'now' | 'period_end' = trialing || p.netMinor > 0 ? 'now' : 'period_end';
    const due = effective === 'now' ? Math.max(0, p.netMinor) : 0;
    const days = Math.floor(p.remainingSeconds / 86_400);
    const lines: InvoiceLineInput[] = [
      {
        description: `Change to ${items.plan.name}, prorated for the ${days} day${days === 1 ? '' : 's'} left of the period`,
        quantity: 1,
        unitAmountMinor: due,
      },
    ];
    return {
      items,
      interval,
      newAmount,
      p,
      effective,
      due,
      credit: 0,
      lines,
      now,
      periodEnd: sub.currentPeriodEnd,
      newPeriod: false,
    };
  }

  return {
    itemsOf,
    settle,
    fail,
    abandon,
    customerOf,
    runCharge,
    discountFor,
    couponOf,

    async list(userId: string): Promise<Subscription[]> {
      const rows = await repo.list(userId);
      const live = rows.filter((r) => r.status !== 'canceled');
      const ended = rows.filter((r) => r.status === 'canceled');
      return Promise.all([...live, ...ended].map(view));
    },

    /** POST /subscriptions: a trial, or the first period invoiced and charged to the default payment method. */
    async create(userId: string, input: CreateSubscriptionBody): Promise<SubscriptionChangeResult | CheckoutQuote> {
      const body = createSubscriptionBodySchema.parse(input);
      const items = await itemsOf(body.subscription, body.addons, body.currency, body.interval);
      const existing = await repo.live(userId);
      if (existing?.status === 'incomplete') {
        if (!body.preview) await abandon(existing);
      } else if (existing) {
        throw subscriptionError(
          'SUBSCRIPTION_EXISTS',
          'You already have a subscription: change its plan instead of starting another one.',
        );
      }
      const coupon = body.coupon ? await coupons.check(body.coupon, userId, items.plan, body.currency) : undefined;
      const trial = items.plan.trialDays > 0 && !(await repo.hasHadAny(userId));
      if (body.preview) {
        const now = clock.now();
        const discountMinor = coupon ? couponDiscount(items.amountMinor, termsOf(coupon), body.currency) : 0;
        const q = await invoices.quote({
          userId,
          subscriptionId: '00000000-0000-0000-0000-000000000000',
          currency: body.currency,
          lines: items.lines,
          discountMinor,
          couponCode: coupon?.code ?? null,
          periodStart: now,
          periodEnd: addMonths(now, monthsOf(body.interval)),
        });
        return {
          planId: items.plan.id,
          currency: body.currency,
          interval: body.interval,
          trialDays: trial ? items.plan.trialDays : 0,
          subtotal: money(q.subtotalMinor, body.currency),
          discount: money(q.discountMinor, body.currency),
          tax: money(q.taxMinor, body.currency),
          taxRatePercent: q.taxRatePercent,
          total: money(q.totalMinor, body.currency),
          coupon: coupon ? couponView(coupon) : null,
        };
      }
      const customerRef = await customerOf(userId);
      if (items.amountMinor > 0 && (await provider.listMethods(customerRef)).length === 0) {
        throw subscriptionError('SUBSCRIPTION_NO_PAYMENT_METHOD', 'Add a payment method before you subscribe.');
      }
      const now = clock.now();
      const id = newId();
      const periodEnd = trial
        ? new Date(now.getTime() + items.plan.trialDays * DAY_MS)
        : addMonths(now, monthsOf(body.interval));
      try {
        await repo.transaction(async (tx) => {
          if (coupon) {
            await tx.lockCoupon(coupon.id);
            if (coupon.maxRedemptions !== null && (await tx.redemptions(coupon.id)) >= coupon.maxRedemptions) {
              throw subscriptionError.onField('coupon', 'COUPON_USED_UP', `Coupon ${coupon.code} has been used up.`);
            }
          }
          await tx.insert(
            {
              id,
              userId,
              planId: items.plan.id,
              interval: body.interval,
              currency: body.currency,
              status: trial ? 'trialing' : 'incomplete',
              // a trial anchors the renewals at its end, a paid start at its start (same day each month)
              anchorAt: trial ? periodEnd : now,
              currentPeriodStart: now,
              currentPeriodEnd: periodEnd,
              periodAmountMinor: '0',
              trialEnd: trial ? periodEnd : null,
              couponId: coupon?.id ?? null,
              couponRedeemedAt: coupon ? now : null,
              createdAt: now,
            },
            items.addons,
          );
          if (coupon) await tx.redeem({ couponId: coupon.id, userId, subscriptionId: id, redeemedAt: now });
        });
      } catch (e) {
        if (isUniqueViolation(e)) {
          throw subscriptionError('SUBSCRIPTION_EXISTS', 'You already have a subscription: change its plan instead.');
        }
        throw e;
      }
      if (trial) {
        return { subscription: await reload(userId, id), invoice: null, payment: { status: 'none', actionUrl: null } };
      }
      const discountMinor = coupon ? couponDiscount(items.amountMinor, termsOf(coupon), body.currency) : 0;
      const invoice = await invoices.issue({
        key: `subscription:${id}:initial`,
        userId,
        subscriptionId: id,
        currency: body.currency,
        lines: items.lines,
        discountMinor,
        couponCode: coupon?.code ?? null,
        periodStart: now,
        periodEnd,
      });
      const charge = await repo.ensureCharge({
        id: newId(),
        key: `subscription:${id}:initial:charge`,
        subscriptionId: id,
        userId,
        purpose: 'initial',
        invoiceId: invoice.id,
        status: 'pending',
        amountMinor: String(invoice.totalMinor),
        netMinor: String(items.amountMinor - discountMinor),
        currency: body.currency,
        periodStart: now,
        periodEnd,
        createdAt: now,
      });
      const result = await runCharge(charge, customerRef, `${items.plan.name} plan (${body.interval})`);
      if (result.status === 'declined') {
        throw subscriptionError('SUBSCRIPTION_PAYMENT_DECLINED', `The payment failed: ${result.reason}`);
      }
      return {
        subscription: await reload(userId, id),
        invoice: invoiceSummary(invoice, body.currency),
        payment:
          result.status === 'requires_action'
            ? { status: 'requires_action', actionUrl: result.actionUrl }
            : { status: 'succeeded', actionUrl: null },
      };
    },

    /** Cancel at the period end (a trial at its end); a past-due or unpaid one ends at once. */
    async cancel(userId: string, id: string): Promise<Subscription> {
      const sub = await owned(userId, id);
      if (sub.status === 'incomplete') {
        await abandon(sub);
        return reload(userId, id);
      }
      const voidInvoice = await repo.transaction(async (tx) => {
        const locked = await tx.lock(id);
        if (!locked || locked.status === 'canceled') {
          throw subscriptionError('SUBSCRIPTION_NOT_CANCELABLE', 'This subscription has already ended.');
        }
        if (locked.status === 'past_due') {
          await tx.update(id, { status: 'canceled', canceledAt: clock.now(), nextRetryAt: null });
          return true;
        }
        if (!locked.cancelAtPeriodEnd) await tx.update(id, { cancelAtPeriodEnd: true, canceledAt: clock.now() });
        return false;
      });
      if (voidInvoice) {
        const open = await repo.latestCharge(id, 'renewal');
        if (open && open.status !== 'succeeded') await invoices.markVoid(open.invoiceId);
      }
      return reload(userId, id);
    },

    /** Undoes a cancellation before the period ends. */
    async reactivate(userId: string, id: string): Promise<Subscription> {
      await owned(userId, id);
      await repo.transaction(async (tx) => {
        const sub = await tx.lock(id);
        if (!sub || sub.status === 'canceled' || sub.currentPeriodEnd.getTime() <= clock.now().getTime()) {
          throw subscriptionError(
            'SUBSCRIPTION_NOT_REACTIVATABLE',
            'This subscription has ended: start a new one instead.',
          );
        }
        if (!sub.cancelAtPeriodEnd) {
          throw subscriptionError('SUBSCRIPTION_NOT_REACTIVATABLE', 'This subscription is not canceled.');
        }
        await tx.update(id, { cancelAtPeriodEnd: false, canceledAt: null });
      });
      return reload(userId, id);
    },

    /** POST /subscriptions/{id}/modify: the proration (preview), or the change made. */
    async modify(
      userId: string,
      id: string,
      input: ModifySubscriptionBody,
    ): Promise<ProrationPreview | SubscriptionChangeResult> {
      const body = modifySubscriptionBodySchema.parse(input);
      const sub = await owned(userId, id);
      if (sub.status !== 'active' && sub.status !== 'trialing') {
        throw subscriptionError(
          'SUBSCRIPTION_NOT_MODIFIABLE',
          sub.status === 'past_due'
            ? 'Pay the open invoice before changing the plan: update your payment method.'
            : 'Only an active subscription can change its plan.',
        );
      }
      const pr = await prorationOf(sub, body);
      const currency = sub.currency;
      const draft = {
        userId,
        subscriptionId: id,
        currency,
        lines: pr.lines,
        discountMinor: 0,
        couponCode: null,
        periodStart: pr.now,
        periodEnd: pr.periodEnd,
      };
      if (body.preview) {
        const totals =
          pr.due > 0
            ? await invoices.quote(draft)
            : ({ taxMinor: 0, totalMinor: 0, subtotalMinor: 0 } as InvoiceTotals);
        return {
          currency: currency as ProrationPreview['currency'],
          planId: pr.items.plan.id,
          interval: pr.interval,
          effective: pr.effective,
          effectiveAt: (pr.effective === 'now' ? pr.now : sub.currentPeriodEnd).toISOString(),
          periodEnd: pr.periodEnd.toISOString(),
          remainingSeconds: pr.p.remainingSeconds,
          periodSeconds: pr.p.periodSeconds,
          oldPrice: money(sub.status === 'trialing' ? 0 : Number(sub.periodAmountMinor), currency),
          newPrice: money(pr.newAmount, currency),
          credit: money(pr.credit, currency),
          amountDue: money(pr.due, currency),
          tax: money(totals.taxMinor, currency),
          total: money(totals.totalMinor, currency),
        };
      }
      const change: PlanChange = {
        planId: pr.items.plan.id,
        addons: pr.items.addons,
        ...(pr.newPeriod ? { interval: pr.interval } : {}),
      };
      if (pr.effective === 'period_end' || pr.due === 0) {
        await repo.transaction(async (tx) => {
          const locked = await tx.lock(id);
          if (!locked || (locked.status !== 'active' && locked.status !== 'trialing')) {
            throw subscriptionError('SUBSCRIPTION_NOT_MODIFIABLE', 'Only an active subscription can change its plan.');
          }
          // a longer interval whose credit covers it all still starts its new period now
          const period = pr.newPeriod
            ? {
                currentPeriodStart: pr.now,
                currentPeriodEnd: pr.periodEnd,
                anchorAt: pr.now,
                periodAmountMinor: String(pr.newAmount),
              }
            : {};
          if (pr.effective === 'now')
            await tx.update(
              id,
              { planId: change.planId, interval: pr.interval, scheduledChange: null, ...period },
              change.addons,
            );
          else await tx.update(id, { scheduledChange: { ...change, interval: pr.interval } });
        });
        return { subscription: await reload(userId, id), invoice: null, payment: { status: 'none', actionUrl: null } };
      }
      const invoice = await invoices.issue({ ...draft, key: `subscription:${id}:change:${sub.version}` });
      const charge = await repo.ensureCharge({
        id: newId(),
        key: `subscription:${id}:change:${sub.version}:charge`,
        subscriptionId: id,
        userId,
        purpose: 'change',
        invoiceId: invoice.id,
        status: 'pending',
        amountMinor: String(invoice.totalMinor),
        netMinor: String(pr.newAmount),
        currency,
        periodStart: pr.now,
        periodEnd: pr.periodEnd,
        change,
        createdAt: pr.now,
      });
      const result = await runCharge(charge, await customerOf(userId), `Change to ${pr.items.plan.name}`);
      if (result.status === 'declined') {
        throw subscriptionError('SUBSCRIPTION_PAYMENT_DECLINED', `The payment failed: ${result.reason}`);
      }
      return {
        subscription: await reload(userId, id),
        invoice: invoiceSummary(invoice, currency),
        payment:
          result.status === 'requires_action'
            ? { status: 'requires_action', actionUrl: result.actionUrl }
            : { status: 'succeeded', actionUrl: null },
      };
    },

    /** SubscriptionLookup: the plan and add-ons a user holds now (free without a paid or trial subscription). */
    async current(userId: string) {
      const sub = await repo.live(userId);
      if (!sub || sub.status === 'incomplete') return { planId: FREE_PLAN_ID, addons: {} };
      return { planId: sub.planId, addons: sub.addons };
    },

    async chargeByRef(ref: string) {
      return repo.transaction((tx) => tx.chargeByRef(ref));
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

function sortKeys(m: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(m)
      .filter(([, q]) => q > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}
