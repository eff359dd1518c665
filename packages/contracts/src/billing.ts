import { z } from 'zod';

/**
 * Billing (issue 17): plans and add-ons as data, the entitlements they grant, and the plan-gating answers of the
 * spec's error catalogue (section 8). Money on the wire is a decimal string in the currency's major unit
 * ("19.00"); inside the server amounts are integers in minor units (cents) and numeric in the database.
 */

export const BILLING_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type BillingCurrency = (typeof BILLING_CURRENCIES)[number];
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/**
 * Every entitlement a plan or an add-on can grant. `limit`: a number (how many at once, or per UTC day when
 * `per` is 'day'; -1 means unlimited); `switch`: included or not. `feature` is the name the 423 message uses.
 * An add-on adds its numbers to the plan's (times its quantity) and turns switches on.
 */
export const ENTITLEMENTS = {
  charts_per_layout: { kind: 'limit', feature: 'Charts per layout', per: 'at_once' },
  indicators_per_chart: { kind: 'limit', feature: 'Indicators per chart', per: 'at_once' },
  saved_layouts: { kind: 'limit', feature: 'Saved layouts', per: 'at_once' },
  alerts_price: { kind: 'limit', feature: 'Price alerts', per: 'at_once' },
  alerts_indicator: { kind: 'limit', feature: 'Indicator alerts', per: 'at_once' },
  alerts_drawing: { kind: 'limit', feature: 'Drawing alerts', per: 'at_once' },
  alerts_watchlist: { kind: 'limit', feature: 'Watchlist alerts', per: 'at_once' },
  alerts_calendar: { kind: 'limit', feature: 'Calendar alerts', per: 'at_once' },
  alerts_account: { kind: 'limit', feature: 'Account alerts', per: 'at_once' },
  watchlists: { kind: 'limit', feature: 'Watchlists', per: 'at_once' },
  trading_accounts: { kind: 'limit', feature: 'Trading accounts', per: 'at_once' },
  prop_challenges: { kind: 'limit', feature: 'Prop challenges', per: 'at_once' },
  strategies: { kind: 'limit', feature: 'Strategies', per: 'at_once' },
  backtests_per_day: { kind: 'limit', feature: 'Backtests per day', per: 'day' },
  ai_messages_per_day: { kind: 'limit', feature: 'AI messages per day', per: 'day' },
  ai_tokens_per_day: { kind: 'limit', feature: 'AI tokens per day', per: 'day' },
  knowledge_storage_mb: { kind: 'limit', feature: 'Knowledge storage (MB)', per: 'at_once' },
  communities_owned: { kind: 'limit', feature: 'Communities owned', per: 'at_once' },
  ai_agents: { kind: 'switch', feature: 'AI agents' },
  strategy_backtesting: { kind: 'switch', feature: 'Strategy backtesting' },
  trade_import: { kind: 'switch', feature: 'Trade import' },
} as const satisfies Record<
  string,
  { kind: 'limit'; feature: string; per: 'at_once' | 'day' } | { kind: 'switch'; feature: string }
>;
export type EntitlementKey = keyof typeof ENTITLEMENTS;
export const ENTITLEMENT_KEYS = Object.keys(ENTITLEMENTS) as EntitlementKey[];
export type LimitKey = {
  [K in EntitlementKey]: (typeof ENTITLEMENTS)[K]['kind'] extends 'limit' ? K : never;
}[EntitlementKey];
export type SwitchKey = Exclude<EntitlementKey, LimitKey>;
/** Unlimited, for a `limit` entitlement. */
export const UNLIMITED = -1;

/** A plan's or an add-on's grants: a number per limit, a boolean per switch. Missing keys grant nothing. */
export type EntitlementGrants = Partial<Record<LimitKey, number> & Record<SwitchKey, boolean>>;

/** The two 423 messages of the spec's catalogue; the web opens the matching dialog on each. */
export const FEATURE_LIMIT_REACHED = 'Feature limit reached';
export function featureLimitMessage(key: LimitKey, limit: number): string {
  return `${FEATURE_LIMIT_REACHED}: your plan allows ${limit} (${ENTITLEMENTS[key].feature}). Upgrade your plan for more.`;
}
/**
 * The 423 of an edit of an item past a count limit (after a downgrade): the oldest items by creation, as many as
 * the plan allows, stay editable; the rest can be read and deleted but not changed until the user is back within.
 */
export function featureLimitReadOnlyMessage(key: LimitKey, limit: number): string {
  return `${FEATURE_LIMIT_REACHED}: your plan allows ${limit} (${ENTITLEMENTS[key].feature}) and this one is past them, so it can be read and deleted but not changed. Upgrade your plan, or delete older ones, to edit it again.`;
}
export function accessFeatureMessage(key: EntitlementKey): string {
  return `Access to feature ${ENTITLEMENTS[key].feature} is not allowed for your subscription.`;
}

/** The id of the plan every user has without a subscription. */
export const FREE_PLAN_ID = 'free';

export const planPriceSchema = z.object({
  currency: z.enum(BILLING_CURRENCIES),
  /** Decimal strings in the major unit: "19.00". */
  monthly: z.string(),
  yearly: z.string(),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

const grantsSchema = z.record(z.string(), z.union([z.number(), z.boolean()]));

/** GET /plans, GET /plans/{id}. */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Position in the comparison table, cheapest first. */
  position: z.number().int(),
  prices: z.array(planPriceSchema),
  trialDays: z.number().int(),
  entitlements: grantsSchema,
  /** Shown highlighted in the plan dialog. */
  recommended: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /addons. */
export const addonSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  prices: z.array(planPriceSchema),
  /** Largest quantity one subscription may carry. */
  maxQuantity: z.number().int(),
  entitlements: grantsSchema,
});
export type Addon = z.infer<typeof addonSchema>;
