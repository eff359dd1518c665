import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import type { CatalogueFile, CatalogueFilePrice } from './plans.defaults.js';
import {
  type BillingAddonRow,
  type BillingPlanRow,
  type BillingPriceRow,
  billingAddons,
  billingPlans,
  billingPrices,
} from './plans.table.js';

export type PlanWithPrices = BillingPlanRow & { prices: BillingPriceRow[] };
export type AddonWithPrices = BillingAddonRow & { prices: BillingPriceRow[] };

const byCurrency = (a: BillingPriceRow, b: BillingPriceRow) => a.currency.localeCompare(b.currency);

/** The catalogue tables: plans, add-ons and their prices. */
export function createPlansRepository(db: Db) {
  async function pricesOf(kind: 'plan' | 'addon', ids: string[], q: Db = db): Promise<BillingPriceRow[]> {
    if (ids.length === 0) return [];
    const rows = await q
      .select()
      .from(billingPrices)
      .where(and(eq(billingPrices.itemKind, kind), inArray(billingPrices.itemId, ids)));
    return rows.sort(byCurrency);
  }
  const priceRows = (kind: 'plan' | 'addon', itemId: string, prices: CatalogueFilePrice[]) =>
    prices.map((p) => ({ itemKind: kind, itemId, currency: p.currency, monthly: p.monthly, yearly: p.yearly }));

  return {
    async plans(ids?: string[]): Promise<PlanWithPrices[]> {
      const rows = await db
        .select()
        .from(billingPlans)
        .where(ids ? inArray(billingPlans.id, ids) : undefined)
        .orderBy(asc(billingPlans.position), asc(billingPlans.id));
      const prices = await pricesOf(
        'plan',
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, prices: prices.filter((p) => p.itemId === r.id) }));
    },

    async addons(ids?: string[]): Promise<AddonWithPrices[]> {
      const rows = await db
        .select()
        .from(billingAddons)
        .where(ids ? inArray(billingAddons.id, ids) : undefined)
        .orderBy(asc(billingAddons.position), asc(billingAddons.id));
      const prices = await pricesOf(
        'addon',
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, prices: prices.filter((p) => p.itemId === r.id) }));
    },

    /**
     * Writes the entries that are missing; a row that exists (an operator's edit) is left as it is, and so are
     * its prices (prices are written only with a row written now). Safe when two processes start at once.
     */
    async insertMissing(file: CatalogueFile, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        for (const p of file.plans) {
          const { prices, ...plan } = p;
          const written = await tx
            .insert(billingPlans)
            .values({ ...plan, updatedAt: now })
            .onConflictDoNothing()
            .returning({ id: billingPlans.id });
          if (written.length > 0 && prices.length > 0)
            await tx
              .insert(billingPrices)
              .values(priceRows('plan', p.id, prices))
              .onConflictDoNothing();
        }
        for (const a of file.addons) {
          const { prices, ...addon } = a;
          const written = await tx
            .insert(billingAddons)
            .values({ ...addon, updatedAt: now })
            .onConflictDoNothing()
            .returning({ id: billingAddons.id });
          if (written.length > 0 && prices.length > 0)
            await tx
              .insert(billingPrices)
              .values(priceRows('addon', a.id, prices))
              .onConflictDoNothing();
        }
      });
    },

    /**
     * The operator's import: every entry of the file is written as given (its prices replaced); entries not in the
     * file are left alone (deactivate one with `"active": false`: users who hold it keep its grants). One
     * transaction: a file is applied whole or not at all.
     */
    async upsert(file: CatalogueFile, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        for (const p of file.plans) {
          const { prices, id, ...plan } = p;
          await tx
            .insert(billingPlans)
            .values({ id, ...plan, updatedAt: now })
            .onConflictDoUpdate({ target: billingPlans.id, set: { ...plan, updatedAt: now } });
          await tx.delete(billingPrices).where(and(eq(billingPrices.itemKind, 'plan'), eq(billingPrices.itemId, id)));
          if (prices.length > 0) await tx.insert(billingPrices).values(priceRows('plan', id, prices));
        }
        for (const a of file.addons) {
          const { prices, id, ...addon } = a;
          await tx
            .insert(billingAddons)
            .values({ id, ...addon, updatedAt: now })
            .onConflictDoUpdate({ target: billingAddons.id, set: { ...addon, updatedAt: now } });
          await tx.delete(billingPrices).where(and(eq(billingPrices.itemKind, 'addon'), eq(billingPrices.itemId, id)));
          if (prices.length > 0) await tx.insert(billingPrices).values(priceRows('addon', id, prices));
        }
      });
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
