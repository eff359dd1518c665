import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/** Money in the currency's major unit, exact ("19.00"); the service works in integer minor units. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** The buyer as the invoice names them, copied at issue: later edits of the billing details do not change it. */
export type InvoiceBuyer = {
  name: string;
  email: string;
  company: string;
  coc: string;
  vat: string;
  country: string;
  city: string;
  address: string;
  state: string;
  zipcode: string;
};

/**
 * An invoice. `number` (TD-YYYY-NNNNNN) comes from `invoice_number_counters` in the transaction that inserts the
 * invoice, so a failed issue leaves no gap. `key` makes issuing idempotent. The user's id is cleared when the
 * account is deleted; the invoice itself is kept (bookkeeping), with its buyer snapshot.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    number: text('number').notNull().unique('invoices_number_key'),
    key: text('key').notNull().unique('invoices_key_key'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The subscriptions slice's id (no foreign key: slices meet only through the seams). */
    subscriptionId: text('subscription_id').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['open', 'paid', 'void', 'refunded'] }).notNull(),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull(),
    couponCode: text('coupon_code'),
    tax: money('tax').notNull(),
    /** Percent, exact ("21", "25.5"). */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    reverseCharge: boolean('reverse_charge').notNull(),
    total: money('total').notNull(),
    refunded: money('refunded').notNull().default('0'),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    testMode: boolean('test_mode').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    chargeRef: text('charge_ref'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [index('invoices_user_idx').on(t.userId, t.issuedAt)],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** The lines of an invoice, in order. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitAmount: money('unit_amount').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

/** The last number given per year: `TD-${year}-${last}`. Incremented under the row's lock. */
export const invoiceNumberCounters = pgTable('invoice_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});
