import type { EntitlementGrants } from '@tradedesk/contracts';
import type { CatalogAddon, CatalogPlan, Holding, PlanCatalogue, SubscriptionLookup } from '../billing.types.js';

/** An in-memory PlanCatalogue for tests of the entitlement service. */
export function fakeCatalogue(
  plans: Array<{ id: string; grants: EntitlementGrants }>,
  addons: Array<{ id: string; grants: EntitlementGrants }> = [],
): PlanCatalogue {
  const plan = (p: { id: string; grants: EntitlementGrants }): CatalogPlan => ({
    id: p.id,
    name: p.id.charAt(0).toUpperCase() + p.id.slice(1),
    prices: [],
    trialDays: 0,
    entitlements: p.grants,
    active: true,
  });
  const addon = (a: { id: string; grants: EntitlementGrants }): CatalogAddon => ({
    id: a.id,
    name: a.id,
    prices: [],
    maxQuantity: 10,
    entitlements: a.grants,
    active: true,
  });
  return {
    plans: async () => plans.map(plan),
    plan: async (id) => {
      const p = plans.find((x) => x.id === id);
      return p ? plan(p) : null;
    },
    addons: async () => addons.map(addon),
    addon: async (id) => {
      const a = addons.find((x) => x.id === id);
      return a ? addon(a) : null;
    },
  };
}

/** A SubscriptionLookup whose holdings a test sets per user; everyone else holds the free plan. */
export function fakeLookup(): SubscriptionLookup & { hold(userId: string, holding: Holding): void } {
  const held = new Map<string, Holding>();
  return {
    current: async (userId) => held.get(userId) ?? { planId: 'free', addons: {} },
    hold: (userId, holding) => void held.set(userId, holding),
  };
}
