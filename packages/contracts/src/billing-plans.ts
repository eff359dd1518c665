import { z } from 'zod';
import {
  addonSchema,
  ENTITLEMENT_KEYS,
  ENTITLEMENTS,
  type EntitlementGrants,
  type EntitlementKey,
  planSchema,
} from './billing.js';
import { line } from './text.js';

/**
 * Billing, plans slice (issue 17): the public catalogue routes and the caller's entitlements. The plan and
 * add-on shapes themselves live in `billing.ts` (shared by every billing slice).
 */

/** GET /plans/{id}: a plan id as the catalogue names it ("free", "pro"). */
export const planIdParamsSchema = z.object({ id: line('Plan id', 40, { min: 1 }) });

export const planListSchema = z.object({ plans: z.array(planSchema).max(50) });
export type PlanList = z.infer<typeof planListSchema>;
export const addonListSchema = z.object({ addons: z.array(addonSchema).max(50) });
export type AddonList = z.infer<typeof addonListSchema>;

/** GET /customer/entitlements: what the caller may do now, from their plan and add-ons. */
export const customerEntitlementsSchema = z.object({
  planId: z.string(),
  planName: z.string(),
  addons: z.record(z.string(), z.number().int()),
  /** Every key of ENTITLEMENTS: a number for a limit (-1 unlimited; per UTC day where the key says so), a boolean for a switch. */
  entitlements: z.record(z.string(), z.union([z.number(), z.boolean()])),
});
export type CustomerEntitlements = z.infer<typeof customerEntitlementsSchema>;

export const PLAN_ERROR_CODES = ['PLAN_NOT_FOUND', 'PLAN_LIMIT_REACHED', 'PLAN_FEATURE_NOT_INCLUDED'] as const;
export type PlanErrorCode = (typeof PLAN_ERROR_CODES)[number];

/** How a grant reads in the comparison table: "Unlimited", "3", "3 per day", "Included", "Not included". */
export function grantLabel(key: EntitlementKey, grants: EntitlementGrants): string {
  const def = ENTITLEMENTS[key];
  const value = (grants as Record<string, number | boolean | undefined>)[key];
  if (def.kind === 'switch') return value === true ? 'Included' : 'Not included';
  if (typeof value !== 'number' || value === 0) return 'None';
  const amount = value < 0 ? 'Unlimited' : value.toLocaleString('en-US');
  return def.per === 'day' && value > 0 ? `${amount} per day` : amount;
}

/** The entitlement keys in the order the comparison table lists them. */
export const ENTITLEMENT_ORDER: readonly EntitlementKey[] = ENTITLEMENT_KEYS;
