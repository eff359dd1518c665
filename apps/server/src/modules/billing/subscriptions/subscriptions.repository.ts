import { and, asc, count, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import {
  billingCouponRedemptions,
  billingCoupons,
  billingSubscriptionAddons,
  billingSubscriptionCharges,
  billingSubscriptions,
  type ChargeRow,
  type CouponRow,
  type SubscriptionRow,
} from './subscriptions.table.js';

export type SubscriptionWithAddons = SubscriptionRow & { addons: Record<string, number> };
export type NewSubscription = typeof billingSubscriptions.$inferInsert;
export type NewCoupon = typeof billingCoupons.$inferInsert;
export type NewCharge = typeof billingSubscriptionCharges.$inferInsert;

export const LIVE_STATUSES = ['trialing', 'active', 'past_due', 'incomplete'] as const;

/** Subscriptions, their add-ons, charges, coupons and redemptions; user data is scoped by owner in each query. */
export function createSubscriptionsRepository(db: Db) {
  return queries(db, (fn) => db.transaction((tx) => fn(queries(tx as unknown as Db, () => Promise.reject()))));
}
type SubscriptionQueries = ReturnType<typeof queries>;
export type SubscriptionsRepository = SubscriptionQueries;
type Tx = <T>(fn: (q: SubscriptionQueries) => Promise<T>) => Promise<T>;

function queries(db: Db, transaction: Tx) {
  async function withAddons(rows: SubscriptionRow[]): Promise<SubscriptionWithAddons[]> {
    if (rows.length === 0) return [];
    const addons = await db
      .select()
      .from(billingSubscriptionAddons)
      .where(
        inArray(
          billingSubscriptionAddons.subscriptionId,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((r) => ({
      ...r,
      addons: Object.fromEntries(addons.filter((a) => a.subscriptionId === r.id).map((a) => [a.addonId, a.quantity])),
    }));
  }

  return {
    transaction,

    async list(userId: string): Promise<SubscriptionWithAddons[]> {
      const rows = await db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.userId, userId))
        .orderBy(desc(billingSubscriptions.createdAt))
        .limit(50);
      return withAddons(rows);
    },

    async find(userId: string, id: string): Promise<SubscriptionWithAddons | undefined> {
      const rows = await db
        .select()
        .from(billingSubscriptions)
        .where(and(eq(billingSubscriptions.userId, userId), eq(billingSubscriptions.id, id)));
      return (await withAddons(rows))[0];
    },

    /** The row under a lock until the transaction ends (inside `transaction` only). */
    async lock(id: string): Promise<SubscriptionWithAddons | undefined> {
      const rows = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id)).for('update');
      return (await withAddons(rows))[0];
    },

    async live(userId: string): Promise<SubscriptionWithAddons | undefined> {
      const rows = await db
        .select()
        .from(billingSubscriptions)
        .where(and(eq(billingSubscriptions.userId, userId), inArray(billingSubscriptions.status, [...LIVE_STATUSES])));
      return (await withAddons(rows))[0];
    },

    /** Whether the user ever had a trial or a paid period (a trial is for a first subscriber only). */
    async hasHadAny(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.userId, userId),
            // a trial, or a paid period: an attempt whose first payment never went through does not count
            or(isNotNull(billingSubscriptions.trialEnd), sql`${billingSubscriptions.invoiceCount} > 0`),
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    async insert(row: NewSubscription, addons: Record<string, number>): Promise<void> {
      await db.insert(billingSubscriptions).values(row);
      await replaceAddonsOf(db, row.id, addons);
    },

    /** Writes `patch` and moves the version (callers hold the row lock). */
    async update(id: string, patch: Partial<NewSubscription>, addons?: Record<string, number>): Promise<void> {
      await db
        .update(billingSubscriptions)
        .set({ ...patch, version: sql`${billingSubscriptions.version} + 1` })
        .where(eq(billingSubscriptions.id, id));
      if (addons) await replaceAddonsOf(db, id, addons);
    },

    /** Subscriptions whose period ended (renewal, trial end, end of a cancellation). */
    async due(now: Date, limit: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            inArray(billingSubscriptions.status, ['active', 'trialing']),
            lte(billingSubscriptions.currentPeriodEnd, now),
          ),
        )
        .orderBy(asc(billingSubscriptions.currentPeriodEnd))
        .limit(limit);
    },

    /** Past-due subscriptions with a retry due, or whose grace ended. */
    async dunning(now: Date, graceStartedBefore: Date, limit: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.status, 'past_due'),
            or(
              and(isNotNull(billingSubscriptions.nextRetryAt), lte(billingSubscriptions.nextRetryAt, now)),
              lte(billingSubscriptions.pastDueSince, graceStartedBefore),
            ),
          ),
        )
        .limit(limit);
    },

    async staleIncomplete(before: Date, limit: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(and(eq(billingSubscriptions.status, 'incomplete'), lte(billingSubscriptions.createdAt, before)))
        .limit(limit);
    },

    // ---- charges ----

    /** Inserts the charge unless one with its key exists; answers the stored one either way. */
    async ensureCharge(row: NewCharge): Promise<ChargeRow> {
      await db.insert(billingSubscriptionCharges).values(row).onConflictDoNothing();
      const [found] = await db
        .select()
        .from(billingSubscriptionCharges)
        .where(eq(billingSubscriptionCharges.key, row.key));
      return found!;
    },

    async chargeByRef(ref: string): Promise<ChargeRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptionCharges)
        .where(eq(billingSubscriptionCharges.chargeRef, ref))
        .for('update');
      return row;
    },

    async lockCharge(id: string): Promise<ChargeRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptionCharges)
        .where(eq(billingSubscriptionCharges.id, id))
        .for('update');
      return row;
    },

    async updateCharge(id: string, patch: Partial<NewCharge>): Promise<void> {
      await db.update(billingSubscriptionCharges).set(patch).where(eq(billingSubscriptionCharges.id, id));
    },

    /** The latest charge of a subscription for a purpose (the renewal a retry repeats, the pending initial one). */
    async latestCharge(subscriptionId: string, purpose: string): Promise<ChargeRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptionCharges)
        .where(
          and(
            eq(billingSubscriptionCharges.subscriptionId, subscriptionId),
            eq(billingSubscriptionCharges.purpose, purpose),
          ),
        )
        .orderBy(desc(billingSubscriptionCharges.createdAt))
        .limit(1);
      return row;
    },

    // ---- coupons ----

    async couponByCode(code: string): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(billingCoupons).where(eq(billingCoupons.code, code.toUpperCase()));
      return row;
    },

    async couponById(id: string): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(billingCoupons).where(eq(billingCoupons.id, id));
      return row;
    },

    /** Adds coupons whose code is not taken; answers how many were added. */
    async insertCoupons(rows: NewCoupon[]): Promise<number> {
      if (rows.length === 0) return 0;
      const added = await db
        .insert(billingCoupons)
        .values(rows)
        .onConflictDoNothing({ target: billingCoupons.code })
        .returning({ id: billingCoupons.id });
      return added.length;
    },

    async listCoupons(): Promise<CouponRow[]> {
      return db.select().from(billingCoupons).orderBy(asc(billingCoupons.code));
    },

    /** How many times each coupon was redeemed, by coupon id (coupons never redeemed are missing). */
    async redemptionCounts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ couponId: billingCouponRedemptions.couponId, n: count() })
        .from(billingCouponRedemptions)
        .groupBy(billingCouponRedemptions.couponId);
      return new Map(rows.map((r) => [r.couponId, r.n]));
    },

    /** Stops a coupon being accepted; answers the row, or undefined when no coupon has this code. */
    async deactivateCoupon(code: string): Promise<CouponRow | undefined> {
      const [row] = await db
        .update(billingCoupons)
        .set({ active: false })
        .where(eq(billingCoupons.code, code.toUpperCase()))
        .returning();
      return row;
    },

    async redemptions(couponId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(billingCouponRedemptions)
        .where(eq(billingCouponRedemptions.couponId, couponId));
      return row?.n ?? 0;
    },

    async redeemedBy(couponId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(billingCouponRedemptions)
        .where(and(eq(billingCouponRedemptions.couponId, couponId), eq(billingCouponRedemptions.userId, userId)));
      return (row?.n ?? 0) > 0;
    },

    /** Serialises the redemptions of one coupon (max redemptions). */
    async lockCoupon(couponId: string): Promise<void> {
      await db
        .select({ id: billingCoupons.id })
        .from(billingCoupons)
        .where(eq(billingCoupons.id, couponId))
        .for('update');
    },

    async redeem(row: typeof billingCouponRedemptions.$inferInsert): Promise<void> {
      await db.insert(billingCouponRedemptions).values(row);
    },

    async releaseRedemption(subscriptionId: string): Promise<void> {
      await db.delete(billingCouponRedemptions).where(eq(billingCouponRedemptions.subscriptionId, subscriptionId));
    },
  };
}

async function replaceAddonsOf(db: Db, subscriptionId: string, addons: Record<string, number>) {
  await db.delete(billingSubscriptionAddons).where(eq(billingSubscriptionAddons.subscriptionId, subscriptionId));
  const rows = Object.entries(addons)
    .filter(([, q]) => q > 0)
    .map(([addonId, quantity]) => ({ subscriptionId, addonId, quantity }));
  if (rows.length > 0) await db.insert(billingSubscriptionAddons).values(rows);
}
