import type { CouponDuration } from '@tradedesk/contracts';
import { minorToDecimal } from '@tradedesk/core';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { CatalogPlan } from '../billing.types.js';
import { subscriptionError } from './subscriptions.errors.js';
import { describeCoupon } from './subscriptions.money.js';
import type { NewCoupon, SubscriptionsRepository } from './subscriptions.repository.js';
import type { CouponRow } from './subscriptions.table.js';

/** What an operator (or the defaults) gives to make a coupon. */
export type CouponInput = {
  code: string;
  percentOff?: number;
  amountOffMinor?: number;
  currency?: string;
  duration: CouponDuration;
  durationMonths?: number;
  planIds?: string[];
  maxRedemptions?: number;
  expiresAt?: Date;
};

/** Written at start when missing (an operator's edit of the same code is never overwritten). */
export const DEFAULT_COUPONS: CouponInput[] = [
  { code: 'WELCOME20', percentOff: 20, duration: 'once' },
  { code: 'TRADER5', amountOffMinor: 500, currency: 'USD', duration: 'repeating', durationMonths: 3 },
];

/** What is wrong with a coupon definition, naming the input field it is about; null when nothing is. */
export function couponProblem(input: CouponInput): { field: keyof CouponInput; message: string } | null {
  const problem = (field: keyof CouponInput, message: string) => ({ field, message });
  if (!/^[A-Z0-9_-]{3,40}$/.test(input.code.trim().toUpperCase()))
    return problem('code', 'The code must be 3 to 40 letters, digits, - or _.');
  const hasPercent = input.percentOff !== undefined;
  const hasAmount = input.amountOffMinor !== undefined;
  if (hasPercent === hasAmount)
    return problem('percentOff', 'Give either a percent off or an amount off (with its currency).');
  if (hasPercent && !(input.percentOff! > 0 && input.percentOff! <= 100))
    return problem('percentOff', 'The percent off must be above 0 and at most 100.');
  if (hasAmount && !(Number.isSafeInteger(input.amountOffMinor) && input.amountOffMinor! > 0)) {
    return problem('amountOffMinor', 'The amount off must be a positive number of cents.');
  }
  if (hasAmount && !input.currency) return problem('currency', 'An amount off needs its currency.');
  if (input.duration === 'repeating' && !(Number.isInteger(input.durationMonths) && input.durationMonths! > 0)) {
    return problem('durationMonths', 'A repeating coupon needs a number of months above 0.');
  }
  if (input.maxRedemptions !== undefined && !(Number.isInteger(input.maxRedemptions) && input.maxRedemptions > 0)) {
    return problem('maxRedemptions', 'The maximum number of redemptions must be a whole number above 0.');
  }
  return null;
}

/** Checks a coupon definition; answers the row to insert or the sentence saying what is wrong. */
export function couponRowOf(input: CouponInput, now: Date): NewCoupon | string {
  const wrong = couponProblem(input);
  if (wrong) return wrong.message;
  const code = input.code.trim().toUpperCase();
  const hasAmount = input.amountOffMinor !== undefined;
  const bp = input.percentOff !== undefined ? Math.round(input.percentOff * 100) : null;
  return {
    id: newId(),
    code,
    percentOffBp: bp,
    amountOffMinor: hasAmount ? String(input.amountOffMinor) : null,
    currency: hasAmount ? input.currency!.toUpperCase() : null,
    duration: input.duration,
    durationMonths: input.duration === 'repeating' ? input.durationMonths! : null,
    planIds: input.planIds ?? [],
    maxRedemptions: input.maxRedemptions ?? null,
    expiresAt: input.expiresAt ?? null,
    active: true,
    createdAt: now,
  };
}

export const termsOf = (c: CouponRow) => ({
  percentOffBp: c.percentOffBp,
  amountOffMinor: c.amountOffMinor === null ? null : Number(c.amountOffMinor),
  currency: c.currency,
});

export function couponView(c: CouponRow) {
  const duration = c.duration as CouponDuration;
  return {
    code: c.code,
    description: describeCoupon({ ...termsOf(c), duration, durationMonths: c.durationMonths }, minorToDecimal),
    duration,
    durationMonths: c.durationMonths,
  };
}

/** Coupons: the defaults, an operator's additions, and the check a coupon passes before a subscription uses it. */
export function createCouponsService(deps: { repo: SubscriptionsRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async ensureDefaults(): Promise<number> {
      const now = clock.now();
      return repo.insertCoupons(DEFAULT_COUPONS.map((c) => couponRowOf(c, now) as NewCoupon));
    },

    /** Adds a coupon; answers the sentence of what is wrong, or null when added. */
    async add(input: CouponInput): Promise<string | null> {
      const row = couponRowOf(input, clock.now());
      if (typeof row === 'string') return row;
      const added = await repo.insertCoupons([row]);
      return added === 1 ? null : `A coupon with the code ${row.code} exists already.`;
    },

    list: () => repo.listCoupons(),

    /** Every coupon with how many times it was redeemed, by code. */
    async listWithUses(): Promise<Array<CouponRow & { uses: number }>> {
      const [rows, uses] = await Promise.all([repo.listCoupons(), repo.redemptionCounts()]);
      return rows.map((c) => ({ ...c, uses: uses.get(c.id) ?? 0 }));
    },

    /** Stops accepting a coupon (subscriptions that carry it keep their discount); undefined for an unknown code. */
    deactivate: (code: string) => repo.deactivateCoupon(code.trim()),

    /**
     * The coupon if `userId` may use it on `plan` in `currency`; otherwise a 400 on the `field` saying why:
     * unknown, expired, not for this plan, used up, already used by you, or an amount off in another currency.
     */
    async check(
      code: string,
      userId: string,
      plan: CatalogPlan,
      currency: string,
      field = 'coupon',
    ): Promise<CouponRow> {
      const shown = code.trim().toUpperCase();
      const c = await repo.couponByCode(shown);
      if (!c) throw subscriptionError.onField(field, 'COUPON_UNKNOWN', `Coupon ${shown} does not exist.`);
      if (!c.active) throw subscriptionError.onField(field, 'COUPON_EXPIRED', `Coupon ${shown} is no longer valid.`);
      if (c.expiresAt && c.expiresAt.getTime() <= clock.now().getTime()) {
        throw subscriptionError.onField(
          field,
          'COUPON_EXPIRED',
          `Coupon ${shown} expired on ${c.expiresAt.toISOString().slice(0, 10)}.`,
        );
      }
      if (c.planIds.length > 0 && !c.planIds.includes(plan.id)) {
        throw subscriptionError.onField(
          field,
          'COUPON_NOT_FOR_PLAN',
          `Coupon ${shown} is not valid for the ${plan.name} plan.`,
        );
      }
      if (c.amountOffMinor !== null && c.currency !== currency) {
        throw subscriptionError.onField(
          field,
          'COUPON_CURRENCY',
          `Coupon ${shown} takes ${minorToDecimal(Number(c.amountOffMinor), c.currency ?? 'USD')} ${c.currency} off and cannot be used with prices in ${currency}.`,
        );
      }
      if (await repo.redeemedBy(c.id, userId)) {
        throw subscriptionError.onField(field, 'COUPON_ALREADY_REDEEMED', `You have already used coupon ${shown}.`);
      }
      if (c.maxRedemptions !== null && (await repo.redemptions(c.id)) >= c.maxRedemptions) {
        throw subscriptionError.onField(field, 'COUPON_USED_UP', `Coupon ${shown} has been used up.`);
      }
      return c;
    },
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
