import {
  type Addon,
  BILLING_CURRENCIES,
  ENTITLEMENT_KEYS,
  ENTITLEMENTS,
  type EntitlementGrants,
  FREE_PLAN_ID,
  type Plan,
} from '@tradedesk/contracts';
import { decimalToMinor } from '@tradedesk/core';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock.js';
import type { CatalogAddon, CatalogPlan, CatalogPrice, PlanCatalogue } from '../billing.types.js';
import { type CatalogueFile, DEFAULT_CATALOGUE } from './plans.defaults.js';
import type { AddonWithPrices, PlansRepository, PlanWithPrices } from './plans.repository.js';
import type { BillingPriceRow } from './plans.table.js';

/** Keeps only the known keys of ENTITLEMENTS with a value of the right kind (a row edited by hand may hold others). */
export function cleanGrants(raw: Record<string, unknown>): EntitlementGrants {
  const out: Record<string, number | boolean> = {};
  for (const key of ENTITLEMENT_KEYS) {
    const value = raw[key];
    if (ENTITLEMENTS[key].kind === 'limit' && typeof value === 'number' && Number.isInteger(value) && value >= -1)
      out[key] = value;
    if (ENTITLEMENTS[key].kind === 'switch' && typeof value === 'boolean') out[key] = value;
  }
  return out as EntitlementGrants;
}

const catalogPrices = (rows: BillingPriceRow[]): CatalogPrice[] =>
  rows.map((r) => ({
    currency: r.currency,
    monthlyMinor: decimalToMinor(r.monthly, r.currency),
    yearlyMinor: decimalToMinor(r.yearly, r.currency),
  }));
/** Two decimals on the wire whatever the column's scale returns ("19.00"). */
const wirePrices = (rows: BillingPriceRow[]) =>
  rows
    .filter((r): r is BillingPriceRow & { currency: (typeof BILLING_CURRENCIES)[number] } =>
      (BILLING_CURRENCIES as readonly string[]).includes(r.currency),
    )
    .map((r) => ({ currency: r.currency, monthly: Number(r.monthly).toFixed(2), yearly: Number(r.yearly).toFixed(2) }));

export const toCatalogPlan = (r: PlanWithPrices): CatalogPlan => ({
  id: r.id,
  name: r.name,
  prices: catalogPrices(r.prices),
  trialDays: r.trialDays,
  entitlements: cleanGrants(r.entitlements),
  active: r.active,
});
export const toCatalogAddon = (r: AddonWithPrices): CatalogAddon => ({
  id: r.id,
  name: r.name,
  prices: catalogPrices(r.prices),
  maxQuantity: r.maxQuantity,
  entitlements: cleanGrants(r.entitlements),
  active: r.active,
});
export const toWirePlan = (r: PlanWithPrices): Plan => ({
  id: r.id,
  name: r.name,
  description: r.description,
  position: r.position,
  prices: wirePrices(r.prices),
  trialDays: r.trialDays,
  entitlements: cleanGrants(r.entitlements),
  recommended: r.recommended,
});
export const toWireAddon = (r: AddonWithPrices): Addon => ({
  id: r.id,
  name: r.name,
  description: r.description,
  prices: wirePrices(r.prices),
  maxQuantity: r.maxQuantity,
  entitlements: cleanGrants(r.entitlements),
});

/**
 * The PlanCatalogue seam over the tables. The default catalogue is written once per process before the first
 * read (missing rows only), so every app, test and CLI run finds at least the free plan.
 */
export function createPlanCatalogue(deps: { repo: PlansRepository; clock: Clock }) {
  let ready: Promise<void> | undefined;
  const ensureDefaults = () => {
    ready ??= deps.repo.insertMissing(DEFAULT_CATALOGUE, deps.clock.now()).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  const catalogue: PlanCatalogue = {
    async plans() {
      await ensureDefaults();
      return (await deps.repo.plans()).map(toCatalogPlan);
    },
    async plan(id) {
      await ensureDefaults();
      const [row] = await deps.repo.plans([id]);
      return row ? toCatalogPlan(row) : null;
    },
    async addons() {
      await ensureDefaults();
      return (await deps.repo.addons()).map(toCatalogAddon);
    },
    async addon(id) {
      await ensureDefaults();
      const [row] = await deps.repo.addons([id]);
      return row ? toCatalogAddon(row) : null;
    },
  };
  return {
    catalogue,
    ensureDefaults,
    /** Active plans for GET /plans, cheapest first. */
    async publicPlans(): Promise<Plan[]> {
      await ensureDefaults();
      return (await deps.repo.plans()).filter((p) => p.active).map(toWirePlan);
    },
    /** Any plan by id, inactive ones too (a user may still hold one). */
    async publicPlan(id: string): Promise<Plan | null> {
      await ensureDefaults();
      const [row] = await deps.repo.plans([id]);
      return row ? toWirePlan(row) : null;
    },
    async publicAddons(): Promise<Addon[]> {
      await ensureDefaults();
      return (await deps.repo.addons()).filter((a) => a.active).map(toWireAddon);
    },
    /** The whole catalogue as the CLI writes it to a file. */
    async exportFile(): Promise<CatalogueFile> {
      await ensureDefaults();
      const prices = (rows: BillingPriceRow[]) =>
        rows.map((r) => ({
          currency: r.currency,
          monthly: Number(r.monthly).toFixed(2),
          yearly: Number(r.yearly).toFixed(2),
        }));
      return {
        plans: (await deps.repo.plans()).map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          position: r.position,
          trialDays: r.trialDays,
          recommended: r.recommended,
          active: r.active,
          entitlements: cleanGrants(r.entitlements),
          prices: prices(r.prices),
        })),
        addons: (await deps.repo.addons()).map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          position: r.position,
          maxQuantity: r.maxQuantity,
          active: r.active,
          entitlements: cleanGrants(r.entitlements),
          prices: prices(r.prices),
        })),
      };
    },
    /** Writes a checked file (catalogueFileSchema) whole. */
    async importFile(file: CatalogueFile): Promise<void> {
      await ensureDefaults();
      await deps.repo.upsert(file, deps.clock.now());
    },
  };
}
export type PlanCatalogueService = ReturnType<typeof createPlanCatalogue>;

// ---- the operator's file (CLI import): every field checked, every message naming where it is ----

const itemId = z.string().regex(/^[a-z0-9_]{1,40}$/, 'must be 1 to 40 lower-case letters, digits or underscores');
const decimal = z.string().regex(/^\d{1,8}\.\d{2}$/, 'must be an amount with two decimals, such as "19.00"');
const priceSchema = z.object({ currency: z.enum(BILLING_CURRENCIES), monthly: decimal, yearly: decimal }).strict();
const prices = z
  .array(priceSchema)
  .max(BILLING_CURRENCIES.length)
  .refine((ps) => new Set(ps.map((p) => p.currency)).size === ps.length, 'must list each currency once');
const grants = z
  .record(z.string(), z.union([z.number(), z.boolean()]))
  .superRefine((g, ctx) => {
    for (const [key, value] of Object.entries(g)) {
      const def = (ENTITLEMENTS as Record<string, { kind: string } | undefined>)[key];
      if (!def)
        ctx.addIssue({ code: 'custom', message: `${key} is not an entitlement (${ENTITLEMENT_KEYS.join(', ')})` });
      else if (def.kind === 'switch' && typeof value !== 'boolean')
        ctx.addIssue({ code: 'custom', message: `${key} must be true or false` });
      else if (def.kind === 'limit' && (typeof value !== 'number' || !Number.isInteger(value) || value < -1))
        ctx.addIssue({ code: 'custom', message: `${key} must be a whole number, -1 for unlimited` });
    }
  })
  .transform((g) => g as EntitlementGrants);
const text = (max: number) => z.string().trim().min(1).max(max);
const position = z.number().int().min(0).max(1000);

export const catalogueFileSchema = z
  .object({
    plans: z
      .array(
        z
          .object({
            id: itemId,
            name: text(60),
            description: text(500),
            position,
            trialDays: z.number().int().min(0).max(365),
            recommended: z.boolean(),
            active: z.boolean(),
            entitlements: grants,
            prices,
          })
          .strict()
          .refine((p) => p.id !== FREE_PLAN_ID || p.active, 'the free plan must stay active'),
      )
      .max(50),
    addons: z
      .array(
        z
          .object({
            id: itemId,
            name: text(60),
            description: text(500),
            position,
            maxQuantity: z.number().int().min(1).max(1000),
            active: z.boolean(),
            entitlements: grants,
            prices,
          })
          .strict(),
      )
      .max(50),
  })
  .strict()
  .refine((f) => new Set(f.plans.map((p) => p.id)).size === f.plans.length, 'plans: each id must appear once')
  .refine((f) => new Set(f.addons.map((a) => a.id)).size === f.addons.length, 'addons: each id must appear once');
