import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/** A change of plan, add-ons and possibly interval (jsonb: rows written before `interval` existed keep theirs). */
export type PlanChange = { planId: string; addons: Record<string, number>; interval?: 'monthly' | 'yearly' };

const ts = (name: string) => timestamp(name, { withTimezone: true });
/** Money: numeric in the database, integers of minor units in TypeScript (`Number(value)` of a whole number). */
const money = (name: string) => numeric(name, { precision: 14, scale: 0 });

/**
 * Coupons: percent off (basis points) or an amount off in one currency; once, repeating N months or forever;
 * optionally only for some plans, a number of redemptions and an expiry.
 */
export const billingCoupons = pgTable('billing_coupons', {
  id: uuid('id').primaryKey(),
  /** Upper case, unique. */
  code: text('code').notNull().unique('billing_coupons_code_key'),
  percentOffBp: integer('percent_off_bp'),
  amountOffMinor: money('amount_off_minor'),
  currency: text('currency'),
  duration: text('duration').notNull(),
  durationMonths: integer('duration_months'),
  /** Plan ids; empty: every plan. */
  planIds: jsonb('plan_ids').$type<string[]>().notNull().default([]),
  maxRedemptions: integer('max_redemptions'),
  expiresAt: ts('expires_at'),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull(),
});
export type CouponRow = typeof billingCoupons.$inferSelect;

/**
 * One live subscription per user at most (trialing, active, past_due or incomplete: the partial unique index).
 * Every change moves `version` under the row lock, so a repeated transition (a job run after a restart, an event
 * delivered twice) finds the state already moved and does nothing.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    interval: text('interval').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    /** Billing anchor: every period end is anchor + k intervals. */
    anchorAt: ts('anchor_at').notNull(),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    /** What the current period was charged before tax (after the coupon): the base of a change's proration. */
    periodAmountMinor: money('period_amount_minor').notNull(),
    /** How many paid invoices the subscription has had (a `once` coupon applies to number 0 only). */
    invoiceCount: integer('invoice_count').notNull().default(0),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    trialEnd: ts('trial_end'),
    couponId: uuid('coupon_id').references(() => billingCoupons.id, { onDelete: 'set null' }),
    couponRedeemedAt: ts('coupon_redeemed_at'),
    /** A cheaper plan or fewer add-ons, applied at the next renewal. */
    /** `interval` set when the change moves to another interval (yearly to monthly). */
    scheduledChange: jsonb('scheduled_change').$type<PlanChange | null>(),
    retryCount: integer('retry_count').notNull().default(0),
    nextRetryAt: ts('next_retry_at'),
    /** When a failed renewal started the dunning: the plan falls back to free 7 days later. */
    pastDueSince: ts('past_due_since'),
    version: integer('version').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    canceledAt: ts('canceled_at'),
  },
  (t) => [
    index('billing_subscriptions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('billing_subscriptions_one_live')
      .on(t.userId)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due', 'incomplete')`),
    index('billing_subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
  ],
);
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

export const billingSubscriptionAddons = pgTable(
  'billing_subscription_addons',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
    addonId: text('addon_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.addonId] })],
);

/** One redemption per coupon and user; counted against the coupon's max redemptions. */
export const billingCouponRedemptions = pgTable(
  'billing_coupon_redemptions',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => billingCoupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').notNull(),
    redeemedAt: ts('redeemed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);

/**
 * Every charge the subscriptions ask for: made before the provider is called (its `key` is the idempotency key),
 * so a payment event (a webhook, the test-mode authentication page) finds what the charge was for.
 */
export const billingSubscriptionCharges = pgTable(
  'billing_subscription_charges',
  {
    id: uuid('id').primaryKey(),
    key: text('key').notNull().unique('billing_subscription_charges_key'),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** initial | renewal | change */
    purpose: text('purpose').notNull(),
    invoiceId: text('invoice_id').notNull(),
    chargeRef: text('charge_ref'),
    /** pending | succeeded | failed */
    status: text('status').notNull(),
    amountMinor: money('amount_minor').notNull(),
    /** Net before tax of the period it pays for (initial and renewal). */
    netMinor: money('net_minor').notNull(),
    currency: text('currency').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    /** change: the plan and add-ons it buys (and the interval, for a switch to a longer one: a new period). */
    change: jsonb('change').$type<PlanChange | null>(),
    failureReason: text('failure_reason'),
    /** Refunded so far (the provider reports the charge's total refunded amount). */
    refundedMinor: money('refunded_minor').notNull().default('0'),
    createdAt: ts('created_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('billing_subscription_charges_ref').on(t.chargeRef),
    index('billing_subscription_charges_sub_idx').on(t.subscriptionId),
  ],
);
export type ChargeRow = typeof billingSubscriptionCharges.$inferSelect;
