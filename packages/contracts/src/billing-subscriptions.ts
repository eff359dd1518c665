import { z } from 'zod';
import { BILLING_CURRENCIES, BILLING_INTERVALS } from './billing.js';
import { line } from './text.js';

/**
 * Subscriptions and coupons (issue 17, spec section 7 "Subscriptions"). Money on the wire is a decimal string in
 * the currency's major unit ("19.00"). A subscription is one plan at one interval and currency, with add-on
 * quantities and an optional coupon; its status moves trialing -> active -> past_due -> canceled as the leader's
 * renewal job charges (or fails to charge) the default payment method.
 */

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

/** Retries of a failed renewal, in days after the first failure; the plan falls back to free after the grace. */
export const DUNNING_RETRY_DAYS = [1, 3, 5] as const;
export const DUNNING_GRACE_DAYS = 7;
export const MAX_ADDON_LINES = 20;
export const MAX_ADDON_QUANTITY = 1000;

const planIdField = (label: string) => line(label, 40, { min: 1 });
const couponField = line('Coupon', 40, { min: 1 });

const addonsField = z
  .record(line('Add-on', 40, { min: 1 }), z.number().int().min(0).max(MAX_ADDON_QUANTITY))
  .refine((m) => Object.keys(m).length <= MAX_ADDON_LINES, `Addons must name at most ${MAX_ADDON_LINES} add-ons.`);

/** POST /subscriptions. `subscription` is the plan id. */
export const createSubscriptionBodySchema = z.strictObject({
  subscription: planIdField('Subscription (the plan id)'),
  interval: z.enum(BILLING_INTERVALS).default('monthly'),
  currency: z.enum(BILLING_CURRENCIES).default('USD'),
  addons: addonsField.default({}),
  coupon: couponField.nullish(),
  /** Answers the checkout's quote (tax from the billing details) and changes nothing. */
  preview: z.boolean().default(false),
});
export type CreateSubscriptionBody = z.input<typeof createSubscriptionBodySchema>;

/**
 * POST /subscriptions/{id}/modify: `preview: true` answers the proration and changes nothing. `interval` switches
 * between monthly and yearly: to a longer one at once (a new period from now, the unused part of the current one
 * credited), to a shorter one at the period end.
 */
export const modifySubscriptionBodySchema = z.strictObject({
  plan: planIdField('Plan').optional(),
  addons: addonsField.optional(),
  interval: z.enum(BILLING_INTERVALS, { error: `Interval must be one of ${BILLING_INTERVALS.join(', ')}.` }).optional(),
  preview: z.boolean().default(false),
});
export type ModifySubscriptionBody = z.input<typeof modifySubscriptionBodySchema>;

/** POST /customer/subscriptions/coupon: `item_price_id` is a plan id, optionally with the interval ("pro:yearly"). */
export const couponCheckBodySchema = z.strictObject({
  coupon: couponField,
  item_price_id: line('Item price id', 60, { min: 1 }),
  currency: z.enum(BILLING_CURRENCIES).default('USD'),
});
export type CouponCheckBody = z.input<typeof couponCheckBodySchema>;

export const couponRemoveParamsSchema = z.object({ planId: planIdField('Plan id') });

export const subscriptionCouponSchema = z.object({
  code: z.string(),
  /** "20 % off once", "5.00 USD off for 3 months". */
  description: z.string(),
  duration: z.enum(COUPON_DURATIONS),
  durationMonths: z.number().int().nullable(),
});

export const subscriptionSchema = z.object({
  id: z.uuid(),
  planId: z.string(),
  planName: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  currency: z.enum(BILLING_CURRENCIES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  addons: z.array(z.object({ addonId: z.string(), name: z.string(), quantity: z.number().int() })),
  /** The recurring price before tax and coupon, per interval. */
  price: z.string(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** When the plan stops: the period end when canceled at period end, the grace end when past due. */
  endsAt: z.string().nullable(),
  trialEnd: z.string().nullable(),
  coupon: subscriptionCouponSchema.nullable(),
  retryCount: z.number().int(),
  nextRetryAt: z.string().nullable(),
  /** A plan change that starts at the period end (a cheaper plan, fewer add-ons, or a shorter interval). */
  scheduledChange: z
    .object({
      planId: z.string(),
      addons: z.record(z.string(), z.number().int()),
      /** The interval from then on (the subscription's own when the change keeps it). */
      interval: z.enum(BILLING_INTERVALS),
      at: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
  canceledAt: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.object({
  /** The live subscription first (at most one), then ended ones, newest first. */
  subscriptions: z.array(subscriptionSchema),
  /** The payment provider's label: "Test mode" for the built-in one. */
  providerLabel: z.string(),
});
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

export const paymentOutcomeSchema = z.object({
  status: z.enum(['succeeded', 'requires_action', 'none']),
  /** requires_action: where the browser confirms the payment. */
  actionUrl: z.string().nullable(),
});

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  subtotal: z.string(),
  discount: z.string(),
  tax: z.string(),
  taxRatePercent: z.string(),
  total: z.string(),
});

/** POST /subscriptions with preview: what the first invoice would be (nothing while a trial runs). */
export const checkoutQuoteSchema = z.object({
  planId: z.string(),
  currency: z.enum(BILLING_CURRENCIES),
  interval: z.enum(BILLING_INTERVALS),
  /** Days of trial a first subscriber gets (0: charged at once). */
  trialDays: z.number().int(),
  subtotal: z.string(),
  discount: z.string(),
  tax: z.string(),
  taxRatePercent: z.string(),
  total: z.string(),
  coupon: subscriptionCouponSchema.nullable(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

/** POST /subscriptions and a confirmed modify. */
export const subscriptionChangeResultSchema = z.object({
  subscription: subscriptionSchema,
  invoice: invoiceSummarySchema.nullable(),
  payment: paymentOutcomeSchema,
});
export type SubscriptionChangeResult = z.infer<typeof subscriptionChangeResultSchema>;

/** POST /subscriptions/{id}/modify with preview: what changes and what it costs now. */
export const prorationPreviewSchema = z.object({
  currency: z.enum(BILLING_CURRENCIES),
  planId: z.string(),
  /** The interval after the change (the subscription's own when it keeps it). */
  interval: z.enum(BILLING_INTERVALS),
  /**
   * 'now': charged at once, prorated; 'period_end': a cheaper choice or a shorter interval, starting at the next
   * renewal.
   */
  effective: z.enum(['now', 'period_end']),
  effectiveAt: z.string(),
  /** When the period paid for now ends: the current period's end, or a new period's for a longer interval. */
  periodEnd: z.string(),
  remainingSeconds: z.number().int(),
  periodSeconds: z.number().int(),
  oldPrice: z.string(),
  newPrice: z.string(),
  /**
   * A switch to a longer interval: the unused part of the current period (old price x remaining / period),
   * taken off the new price. "0.00" for other changes, whose proration nets old and new over the remaining time.
   */
  credit: z.string(),
  /** Prorated amount due now before tax (0 when effective at period end). */
  amountDue: z.string(),
  tax: z.string(),
  total: z.string(),
});
export type ProrationPreview = z.infer<typeof prorationPreviewSchema>;

/** POST /customer/subscriptions/coupon and GET .../coupon/remove/{planId}. */
export const couponQuoteSchema = z.object({
  coupon: subscriptionCouponSchema.nullable(),
  planId: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  currency: z.enum(BILLING_CURRENCIES),
  priceBefore: z.string(),
  discount: z.string(),
  priceAfter: z.string(),
});
export type CouponQuote = z.infer<typeof couponQuoteSchema>;

export const SUBSCRIPTION_ERROR_CODES = [
  'SUBSCRIPTION_NOT_FOUND',
  'SUBSCRIPTION_PLAN_UNKNOWN',
  'SUBSCRIPTION_PLAN_FREE',
  'SUBSCRIPTION_PRICE_MISSING',
  'SUBSCRIPTION_ADDON_UNKNOWN',
  'SUBSCRIPTION_ADDON_QUANTITY',
  'SUBSCRIPTION_EXISTS',
  'SUBSCRIPTION_NO_PAYMENT_METHOD',
  'SUBSCRIPTION_PAYMENT_DECLINED',
  'SUBSCRIPTION_NOT_CANCELABLE',
  'SUBSCRIPTION_NOT_REACTIVATABLE',
  'SUBSCRIPTION_NOT_MODIFIABLE',
  'SUBSCRIPTION_NO_CHANGE',
  'COUPON_UNKNOWN',
  'COUPON_EXPIRED',
  'COUPON_NOT_FOR_PLAN',
  'COUPON_USED_UP',
  'COUPON_ALREADY_REDEEMED',
  'COUPON_CURRENCY',
] as const;
export type SubscriptionErrorCode = (typeof SUBSCRIPTION_ERROR_CODES)[number];
