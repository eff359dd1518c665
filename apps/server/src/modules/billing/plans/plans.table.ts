import { boolean, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The plan catalogue as rows an operator edits (CLI `tradedesk plans export|import`), not code. Entitlements are
 * a JSON object of grants (contracts `EntitlementGrants`): a number per limit (-1 unlimited), a boolean per switch.
 */
export const billingPlans = pgTable('billing_plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
  trialDays: integer('trial_days').notNull(),
  entitlements: jsonb('entitlements').$type<Record<string, number | boolean>>().notNull(),
  recommended: boolean('recommended').notNull(),
  /** An inactive plan is not offered any more; users who hold it keep its grants. */
  active: boolean('active').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type BillingPlanRow = typeof billingPlans.$inferSelect;

export const billingAddons = pgTable('billing_addons', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
  maxQuantity: integer('max_quantity').notNull(),
  entitlements: jsonb('entitlements').$type<Record<string, number | boolean>>().notNull(),
  active: boolean('active').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type BillingAddonRow = typeof billingAddons.$inferSelect;

/** The price of a plan or an add-on in one currency; amounts in the major unit ("19.00"). */
export const billingPrices = pgTable(
  'billing_prices',
  {
    itemKind: text('item_kind').$type<'plan' | 'addon'>().notNull(),
    itemId: text('item_id').notNull(),
    currency: text('currency').notNull(),
    monthly: numeric('monthly', { precision: 12, scale: 2 }).notNull(),
    yearly: numeric('yearly', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemKind, t.itemId, t.currency] })],
);
export type BillingPriceRow = typeof billingPrices.$inferSelect;
