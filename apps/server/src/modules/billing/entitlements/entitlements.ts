import {
  accessFeatureMessage,
  ENTITLEMENT_KEYS,
  ENTITLEMENTS,
  type EntitlementGrants,
  FREE_PLAN_ID,
  featureLimitMessage,
  featureLimitReadOnlyMessage,
  type LimitKey,
  type SwitchKey,
  UNLIMITED,
} from '@tradedesk/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import type { Entitlements, Holding, PlanCatalogue, SubscriptionLookup } from '../billing.types.js';
import { FREE_GRANTS } from '../plans/plans.defaults.js';
import { planError } from '../plans/plans.errors.js';
import { entitlementsRoutes } from './entitlements.routes.js';
import { billingDailyUsage } from './entitlements.table.js';

/** What a user may do now: their plan (and its name) and the summed grants with every key present. */
export type EffectiveEntitlements = {
  planId: string;
  planName: string;
  addons: Record<string, number>;
  grants: Required<EntitlementGrants>;
};

/** The limits counted per UTC day. */
export type DayKey = { [K in LimitKey]: (typeof ENTITLEMENTS)[K] extends { per: 'day' } ? K : never }[LimitKey];

/**
 * A count limit (`per: 'at_once'`) read before the creating transaction, to be checked inside it: the
 * catalogue and the subscription are read outside, since on PGlite a query outside an open transaction waits for it.
 */
export type LimitGate = {
  key: LimitKey;
  /** -1: unlimited. */
  limit: number;
  /**
   * Call inside the transaction that inserts, before the insert: waits for the user's lock on this key (a
   * transaction-level advisory lock, released at commit or rollback), counts with `count` on that transaction and
   * throws the 423 at the limit. Two creates at once are so checked one after the other and cannot both take the
   * last place.
   */
  hold(tx: Pick<Db, 'execute'>, count: () => Promise<number>): Promise<void>;
};

/** An item a count limit counts: the oldest `limit` of them by creation (ties by id) stay editable. */
export type CountedItem = { id: string; createdAt: Date };

const FREE_HOLDING: Holding = { planId: FREE_PLAN_ID, addons: {} };

/** Sums two limits: unlimited wins, otherwise the amounts add up. */
const addLimit = (a: number, b: number) => (a === UNLIMITED || b === UNLIMITED ? UNLIMITED : a + b);

/** A plan's grants plus each add-on's times its quantity: limits summed, switches or-ed; a missing key grants nothing. */
export function combineGrants(
  plan: EntitlementGrants,
  addons: Array<{ grants: EntitlementGrants; quantity: number }>,
): Required<EntitlementGrants> {
  const out: Record<string, number | boolean> = {};
  for (const key of ENTITLEMENT_KEYS) {
    const read = (g: EntitlementGrants) => (g as Record<string, number | boolean | undefined>)[key];
    if (ENTITLEMENTS[key].kind === 'switch') {
      out[key] = read(plan) === true || addons.some((a) => a.quantity > 0 && read(a.grants) === true);
    } else {
      let total = typeof read(plan) === 'number' ? (read(plan) as number) : 0;
      for (const a of addons) {
        const v = read(a.grants);
        if (typeof v === 'number' && a.quantity > 0) total = addLimit(total, v === UNLIMITED ? v : v * a.quantity);
      }
      out[key] = total;
    }
  }
  return out as Required<EntitlementGrants>;
}

/**
 * THE entitlement service (issue 17): every feature module asks it, never decides itself. Until the subscriptions
 * slice sets its lookup every user holds the free plan. It reads the catalogue on every check, so an operator's
 * import applies at once; a downgrade never deletes anything: it stops new items past the new limit, and the
 * items past it (the newest) stay readable and deletable but not editable until an upgrade (`assertEditable`).
 */
export function createEntitlements(ctx: Pick<AppContext, 'clock' | 'db'>, deps: { catalogue: PlanCatalogue }) {
  let lookup: SubscriptionLookup = { current: async () => FREE_HOLDING };

  async function effective(userId: string): Promise<EffectiveEntitlements> {
    const holding = await lookup.current(userId);
    const plan = (await deps.catalogue.plan(holding.planId)) ?? (await deps.catalogue.plan(FREE_PLAN_ID));
    const addons: Array<{ grants: EntitlementGrants; quantity: number }> = [];
    const held: Record<string, number> = {};
    for (const [id, quantity] of Object.entries(holding.addons)) {
      if (!(quantity > 0)) continue;
      const addon = await deps.catalogue.addon(id);
      if (!addon) continue;
      addons.push({ grants: addon.entitlements, quantity });
      held[id] = quantity;
    }
    return {
      planId: plan?.id ?? FREE_PLAN_ID,
      planName: plan?.name ?? 'Free',
      addons: held,
      // the free plan's row is written at start; its code defaults only if an operator deleted it
      grants: combineGrants(plan?.entitlements ?? FREE_GRANTS, addons),
    };
  }

  const service = {
    effective,

    async of(userId: string): Promise<EntitlementGrants> {
      return (await effective(userId)).grants;
    },

    /** The user's limit of `key` (-1 unlimited; for a `per: 'day'` key, per UTC day). */
    async limit(userId: string, key: LimitKey): Promise<number> {
      return (await effective(userId)).grants[key];
    },

    /**
     * Throws 423 "Feature limit reached: ..." when `countNow` (what the user holds now, or used today for a
     * day-counted key) is at or past the limit, so one more is allowed only below it.
     */
    async assertBelow(userId: string, key: LimitKey, countNow: number): Promise<void> {
      const limit = await service.limit(userId, key);
      if (limit !== UNLIMITED && countNow >= limit)
        throw planError('PLAN_LIMIT_REACHED', featureLimitMessage(key, limit), { key, limit });
    },

    /** The limit of `key` now, for `hold` inside the transaction that makes one more (see LimitGate). */
    async gate(userId: string, key: LimitKey): Promise<LimitGate> {
      const limit = await service.limit(userId, key);
      return {
        key,
        limit,
        async hold(tx, count) {
          if (limit === UNLIMITED) return;
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`plan-limit:${key}:${userId}`}, 0))`);
          const countNow = await count();
          if (countNow >= limit) throw planError('PLAN_LIMIT_REACHED', featureLimitMessage(key, limit), { key, limit });
        },
      };
    },

    /**
     * Throws 423 "Feature limit reached: ..." when `itemId` is past the limit of `key` among `counted()` (what the
     * limit counts: the user's items of that key), which happens only after a downgrade. Within the limit are the
     * oldest items by creation (ties by id); the rest are read-only until an upgrade, or until deleting older ones
     * brings them within. An item `counted` does not list (one the limit does not count) is editable.
     */
    async assertEditable(
      userId: string,
      key: LimitKey,
      itemId: string,
      counted: () => Promise<CountedItem[]>,
    ): Promise<void> {
      const limit = await service.limit(userId, key);
      if (limit === UNLIMITED) return;
      const items = await counted();
      if (items.length <= limit) return;
      const rank = [...items]
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .findIndex((item) => item.id === itemId);
      if (rank >= limit)
        throw planError('PLAN_LIMIT_REACHED', featureLimitReadOnlyMessage(key, limit), { key, limit, readOnly: true });
    },

    /** Throws 423 "Access to feature ... is not allowed for your subscription." unless the switch is on. */
    async assertIncluded(userId: string, key: SwitchKey): Promise<void> {
      if (!(await effective(userId)).grants[key])
        throw planError('PLAN_FEATURE_NOT_INCLUDED', accessFeatureMessage(key), { key });
    },

    /**
     * Counts one use of a day-counted key (backtests_per_day) for today (UTC), or throws the 423 when today's
     * uses already reached the limit. Atomic: two requests at once never both take the last use.
     */
    async takeToday(userId: string, key: DayKey): Promise<void> {
      const limit = await service.limit(userId, key);
      const day = service.today().day;
      const taken = await ctx.db
        .insert(billingDailyUsage)
        .values({ userId, key, day, count: 1 })
        .onConflictDoUpdate({
          target: [billingDailyUsage.userId, billingDailyUsage.key, billingDailyUsage.day],
          set: { count: sql`${billingDailyUsage.count} + 1` },
          ...(limit === UNLIMITED ? {} : { setWhere: lt(billingDailyUsage.count, limit) }),
        })
        .returning({ count: billingDailyUsage.count });
      if (taken.length === 0 || (limit !== UNLIMITED && taken[0]!.count > limit))
        throw planError('PLAN_LIMIT_REACHED', featureLimitMessage(key, limit), { key, limit });
    },

    /** Today's uses of a day-counted key. */
    async usedToday(userId: string, key: DayKey): Promise<number> {
      const [row] = await ctx.db
        .select({ count: billingDailyUsage.count })
        .from(billingDailyUsage)
        .where(
          and(
            eq(billingDailyUsage.userId, userId),
            eq(billingDailyUsage.key, key),
            eq(billingDailyUsage.day, service.today().day),
          ),
        );
      return row?.count ?? 0;
    },

    /** The current UTC day, for counting a `per: 'day'` key: from `start` (inclusive) to `end` (exclusive). */
    today(): { day: string; start: Date; end: Date } {
      const now = ctx.clock.now();
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      return { day: start.toISOString().slice(0, 10), start, end: new Date(start.getTime() + 86_400_000) };
    },
  } satisfies Entitlements & Record<string, unknown>;

  return {
    service,
    /** The subscriptions slice hands its lookup in once it is built (billing.plugin.ts). */
    setLookup(next: SubscriptionLookup) {
      lookup = next;
    },
    /** GET /customer/entitlements (mount under /api). */
    routes: entitlementsRoutes({ entitlements: service }),
  };
}
export type EntitlementsModule = ReturnType<typeof createEntitlements>;
export type EntitlementsService = EntitlementsModule['service'];

/**
 * What a feature module is handed to gate its creations and edits: `gate(userId, key)` before the transaction that
 * makes one more counted item and its `hold` inside it, `assertEditable(userId, key, itemId, counted)` before
 * changing a counted item, `assertBelow(userId, key, countNow)` for a limit on an item's contents, `assertIncluded(userId, switchKey)` before a feature a plan may leave out, `today()` to count a per-day key.
 */
export type PlanGate = Pick<
  EntitlementsService,
  'assertBelow' | 'assertIncluded' | 'limit' | 'today' | 'takeToday' | 'gate' | 'assertEditable'
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The entitlement module of the app (tests give a user a bigger plan through `holdPlan` of test/billing-helpers). */
    entitlements: EntitlementsModule;
  }
}
