import { z } from 'zod';
import { BILLING_CURRENCIES } from './billing.js';
import { COUPON_DURATIONS } from './billing-subscriptions.js';
import { line } from './text.js';

/**
 * Staff console, plans and coupons (issue 18, item 5; admins only): the plan catalogue as the operator edits it
 * (the same entries `tradedesk plans export|import` writes and reads, checked by the same rules) and the coupons of
 * `tradedesk coupons add|list`, with their uses and deactivation. Every change is written to the staff audit log.
 */

/** A price of an entry in one currency; amounts with two decimals in the major unit ("19.00"). */
export const staffCataloguePriceSchema = z.strictObject({
  currency: z.enum(BILLING_CURRENCIES, { error: 'currency must be USD, EUR or GBP.' }),
  monthly: line('monthly', 12, { min: 1 }),
  yearly: line('yearly', 12, { min: 1 }),
});

/** Entitlement grants: a number per limit (-1 unlimited), true or false per switch (keys of ENTITLEMENTS). */
const grantsSchema = z
  .record(line('Entitlement', 40, { min: 1 }), z.union([z.number(), z.boolean()]))
  .refine((g) => Object.keys(g).length <= 50, 'entitlements must name at most 50 entitlements.');

const entryFields = {
  name: line('name', 60, { min: 1 }),
  description: line('description', 500, { min: 1 }),
  position: z.number().int(),
  active: z.boolean(),
  entitlements: grantsSchema,
  prices: z.array(staffCataloguePriceSchema).max(BILLING_CURRENCIES.length),
};

/**
 * PUT /staff/billing/plans/{id}: the whole entry (its prices replaced); ranges are checked as the CLI's import.
 * Bodies are snake_case like every request body.
 */
export const staffPlanBodySchema = z.strictObject({
  ...entryFields,
  trial_days: z.number().int(),
  recommended: z.boolean(),
});
export type StaffPlanBody = z.infer<typeof staffPlanBodySchema>;

/** PUT /staff/billing/addons/{id}. */
export const staffAddonBodySchema = z.strictObject({
  ...entryFields,
  max_quantity: z.number().int(),
});
export type StaffAddonBody = z.infer<typeof staffAddonBodySchema>;

const priceOut = z.object({ currency: z.enum(BILLING_CURRENCIES), monthly: z.string(), yearly: z.string() });
const entryOut = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  entitlements: z.record(z.string(), z.union([z.number(), z.boolean()])),
  prices: z.array(priceOut),
};
export const staffPlanSchema = z.object({ ...entryOut, trialDays: z.number().int(), recommended: z.boolean() });
export type StaffPlan = z.infer<typeof staffPlanSchema>;
export const staffAddonSchema = z.object({ ...entryOut, maxQuantity: z.number().int() });
export type StaffAddon = z.infer<typeof staffAddonSchema>;

/** GET /staff/billing/catalogue: every plan and add-on, inactive ones too, in table order. */
export const staffCatalogueSchema = z.object({ plans: z.array(staffPlanSchema), addons: z.array(staffAddonSchema) });
export type StaffCatalogue = z.infer<typeof staffCatalogueSchema>;

/** A plan's or an add-on's id in the path. */
export const staffCatalogueIdParamsSchema = z.object({ id: line('id', 40, { min: 1 }) });

/** One coupon with how many times it was redeemed. */
export const staffCouponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  /** "20 % off once", "5.00 USD off for 3 months". */
  description: z.string(),
  percentOff: z.number().nullable(),
  /** Decimal string in the currency's major unit. */
  amountOff: z.string().nullable(),
  currency: z.string().nullable(),
  duration: z.enum(COUPON_DURATIONS),
  durationMonths: z.number().int().nullable(),
  /** Empty: every plan. */
  planIds: z.array(z.string()),
  maxRedemptions: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  active: z.boolean(),
  uses: z.number().int(),
  createdAt: z.string(),
});
export type StaffCoupon = z.infer<typeof staffCouponSchema>;
export const staffCouponListSchema = z.object({ coupons: z.array(staffCouponSchema) });
export type StaffCouponList = z.infer<typeof staffCouponListSchema>;

/** POST /staff/billing/coupons: a percent off or an amount off with its currency (the CLI's `coupons add`). */
export const staffCouponBodySchema = z.strictObject({
  code: line('code', 40, { min: 1 }),
  percent_off: z.number().optional(),
  /** "5.00" in `currency`. */
  amount_off: line('amount_off', 12, { min: 1 }).optional(),
  currency: z.enum(BILLING_CURRENCIES, { error: 'currency must be USD, EUR or GBP.' }).optional(),
  duration: z.enum(COUPON_DURATIONS, { error: 'duration must be once, repeating or forever.' }),
  duration_months: z.number().int().optional(),
  plan_ids: z
    .array(line('plan_ids', 40, { min: 1 }))
    .max(50)
    .optional(),
  max_redemptions: z.number().int().optional(),
  /** When it stops being valid, "2026-12-31" (the start of that day, UTC, as the CLI's --expires). */
  expires_at: z.iso.date('expires_at must be a date such as 2026-12-31.').optional(),
});
export type StaffCouponBody = z.infer<typeof staffCouponBodySchema>;

export const staffCouponCodeParamsSchema = z.object({ code: line('code', 40, { min: 1 }) });

export const STAFF_BILLING_ERROR_CODES = ['STAFF_BILLING_NOT_FOUND', 'STAFF_COUPON_EXISTS'] as const;
export type StaffBillingErrorCode = (typeof STAFF_BILLING_ERROR_CODES)[number];
