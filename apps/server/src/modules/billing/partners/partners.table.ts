import { sql } from 'drizzle-orm';
import { index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/** Money in the currency's major unit, exact ("19.00"); the server reads it as integer minor units. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * An application to the partner program and, once approved, the partner. A user holds at most one open or
 * approved row (partial unique index); a rejected user may apply again (a new row). `code` and
 * `commission_percent` are set at approval: a later change of the configured rate leaves existing partners alone.
 */
export const affiliates = pgTable(
  'affiliates',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    code: text('code'),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('affiliates_code_key').on(t.code),
    uniqueIndex('affiliates_one_open_per_user').on(t.userId).where(sql`${t.status} <> 'rejected'`),
    index('affiliates_status_idx').on(t.status, t.createdAt),
  ],
);
export type AffiliateRow = typeof affiliates.$inferSelect;

/** A visit of a partner's referral link (counted; the attribution window starts at a click). */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: uuid('id').primaryKey(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('referral_clicks_affiliate_idx').on(t.affiliateId, t.clickedAt)],
);

/** A user who signed up through a partner's link within the attribution window; a user is referred once. */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attributedAt: timestamp('attributed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('referrals_referred_user_key').on(t.referredUserId),
    index('referrals_affiliate_idx').on(t.affiliateId),
  ],
);
export type ReferralRow = typeof referrals.$inferSelect;

/** A transfer to a partner, marked by staff: every payable commission of the currency at that moment. */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: uuid('id').primaryKey(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    reference: text('reference').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('affiliate_payouts_affiliate_idx').on(t.affiliateId, t.paidAt)],
);
export type AffiliatePayoutRow = typeof affiliatePayouts.$inferSelect;

/**
 * Commission on one paid invoice of a referred user (kind 'earning'), pending until `available_at`, then
 * payable, then paid (in a payout). A refund reverses an unpaid earning; a refund of one already paid out adds
 * a 'clawback' row (a negative amount, payable at once) that the next payout nets. One row per invoice and kind.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: uuid('id').primaryKey(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    referralId: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id').notNull(),
    kind: text('kind', { enum: ['earning', 'clawback'] }).notNull(),
    currency: text('currency').notNull(),
    /** What the commission was computed on (the invoice's net, after discount, before tax). */
    baseAmount: money('base_amount').notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['pending', 'payable', 'paid', 'reversed'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    payoutId: uuid('payout_id').references(() => affiliatePayouts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('commissions_invoice_kind_key').on(t.invoiceId, t.kind),
    index('commissions_affiliate_idx').on(t.affiliateId, t.status),
    index('commissions_release_idx').on(t.status, t.availableAt),
  ],
);
export type CommissionRow = typeof commissions.$inferSelect;
