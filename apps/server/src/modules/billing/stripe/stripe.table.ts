import { index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every Stripe webhook event received, by Stripe's event id (the primary key: one row per event, so a replay
 * finds it). `processed_at` is set once the event reached the payment events; a row without it is an attempt that
 * failed (Stripe retries it, and it is handled again). `object_ref` is the PaymentIntent the event is about, and
 * `refunded` the charge's total refunded so far (charge.refunded, minor units), so events arriving out of order
 * are judged against the ones already handled.
 */
export const billingWebhookEvents = pgTable(
  'billing_webhook_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    objectRef: text('object_ref'),
    refunded: numeric('refunded'),
    /** When Stripe made the event (`created`). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('billing_webhook_events_object_idx').on(t.objectRef, t.type)],
);
export type BillingWebhookEventRow = typeof billingWebhookEvents.$inferSelect;
