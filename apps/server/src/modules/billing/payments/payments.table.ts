import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/**
 * The provider's customer of each user: one per user per provider kind ('test' or 'stripe'), so switching the
 * provider keeps both and a customer is made once however many requests race for it.
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'test' | 'stripe'>().notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'billing_customers_pkey', columns: [t.userId, t.provider] })],
);
export type BillingCustomerRow = typeof billingCustomers.$inferSelect;

// ---- the built-in test-mode provider's own records (what Stripe keeps on its side) ----

/** A test-mode customer (`ref` tcus_...), one per user. */
export const billingTestCustomers = pgTable('billing_test_customers', {
  ref: text('ref').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique('billing_test_customers_user_key')
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A stored test card (`ref` tpm_...). Only what a provider shows (brand, last 4, expiry) and how the test card
 * behaves are kept, never the number. `seq` orders the methods (the newest becomes default when the default goes).
 */
export const billingTestMethods = pgTable(
  'billing_test_methods',
  {
    ref: text('ref').primaryKey(),
    customerRef: text('customer_ref')
      .notNull()
      .references(() => billingTestCustomers.ref, { onDelete: 'cascade' }),
    brand: text('brand').$type<'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown'>().notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    outcome: text('outcome').$type<'succeeds' | 'declined' | 'requires_authentication'>().notNull(),
    isDefault: boolean('is_default').notNull(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('billing_test_methods_customer_idx').on(t.customerRef),
    uniqueIndex('billing_test_methods_one_default').on(t.customerRef).where(sql`${t.isDefault}`),
  ],
);
export type BillingTestMethodRow = typeof billingTestMethods.$inferSelect;

/** A page where the user adds a test card, then returns to `return_url`; open until used or expired. */
export const billingTestSessions = pgTable('billing_test_sessions', {
  id: uuid('id').primaryKey(),
  customerRef: text('customer_ref')
    .notNull()
    .references(() => billingTestCustomers.ref, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  returnUrl: text('return_url').notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type BillingTestSessionRow = typeof billingTestSessions.$inferSelect;

/**
 * A test-mode charge (`ref` tch_...). The idempotency key is unique: the same key answers the same charge.
 * Amounts are numeric in the currency's major unit ("19.00"), like every amount in the database.
 */
export const billingTestCharges = pgTable(
  'billing_test_charges',
  {
    ref: text('ref').primaryKey(),
    customerRef: text('customer_ref')
      .notNull()
      .references(() => billingTestCustomers.ref, { onDelete: 'cascade' }),
    methodRef: text('method_ref').notNull(),
    brand: text('brand').$type<'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown'>().notNull(),
    last4: text('last4').notNull(),
    amount: numeric('amount').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<'succeeded' | 'declined' | 'requires_action' | 'failed'>().notNull(),
    failureReason: text('failure_reason'),
    refunded: numeric('refunded').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique('billing_test_charges_idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('billing_test_charges_customer_idx').on(t.customerRef)],
);
export type BillingTestChargeRow = typeof billingTestCharges.$inferSelect;

/** A refund of (part of) a test-mode charge (`ref` tre_...); the idempotency key answers the same refund. */
export const billingTestRefunds = pgTable('billing_test_refunds', {
  ref: text('ref').primaryKey(),
  chargeRef: text('charge_ref')
    .notNull()
    .references(() => billingTestCharges.ref, { onDelete: 'cascade' }),
  amount: numeric('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique('billing_test_refunds_idempotency_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
