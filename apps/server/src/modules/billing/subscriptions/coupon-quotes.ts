import {
  BILLING_INTERVALS,
  type BillingInterval,
  type CouponCheckBody,
  type CouponQuote,
  couponCheckBodySchema,
} from '@tradedesk/contracts';
import { minorToDecimal } from '@tradedesk/core';
import { type CouponsService, couponView, termsOf } from './coupons.service.js';
import { subscriptionError } from './subscriptions.errors.js';
import { couponDiscount } from './subscriptions.money.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';
import type { SubscriptionsService } from './subscriptions.service.js';

/** "pro", "pro:yearly", "pro-monthly", "pro_yearly" -> the plan id and interval (monthly when not named). */
export function parseItemPriceId(id: string): { planId: string; interval: BillingInterval } {
  const m = /^(.+?)[:_-](monthly|yearly)$/i.exec(id.trim());
  if (m && (BILLING_INTERVALS as readonly string[]).includes(m[2]!.toLowerCase())) {
    return { planId: m[1]!, interval: m[2]!.toLowerCase() as BillingInterval };
  }
  return { planId: id.trim(), interval: 'monthly' };
}

/** POST /customer/subscriptions/coupon and GET /customer/subscriptions/coupon/remove/{planId}. */
export function createCouponQuotes(deps: {
  repo: SubscriptionsRepository;
  coupons: CouponsService;
  subscriptions: SubscriptionsService;
}) {
  const { repo, coupons, subscriptions } = deps;

  async function planPrice(planId: string, interval: BillingInterval, currency: string, field: string) {
    try {
      const items = await subscriptions.itemsOf(planId, {}, currency, interval, field);
      return { plan: items.plan, amountMinor: items.amountMinor };
    } catch (e) {
      if (e instanceof Error && 'code' in e && e.code === 'SUBSCRIPTION_PLAN_FREE') {
        throw subscriptionError.onField(field, 'COUPON_NOT_FOR_PLAN', 'Coupons do not apply to the free plan.');
      }
      throw e;
    }
  }

  return {
    async check(userId: string, input: CouponCheckBody): Promise<CouponQuote> {
      const body = couponCheckBodySchema.parse(input);
      const { planId, interval } = parseItemPriceId(body.item_price_id);
      const { plan, amountMinor } = await planPrice(planId, interval, body.currency, 'item_price_id');
      const coupon = await coupons.check(body.coupon, userId, plan, body.currency);
      const discount = couponDiscount(amountMinor, termsOf(coupon), body.currency);
      return {
        coupon: couponView(coupon),
        planId: plan.id,
        interval,
        currency: body.currency,
        priceBefore: minorToDecimal(amountMinor, body.currency),
        discount: minorToDecimal(discount, body.currency),
        priceAfter: minorToDecimal(amountMinor - discount, body.currency),
      };
    },

    async remove(userId: string, planIdParam: string): Promise<CouponQuote> {
      const live = await repo.live(userId);
      const { planId } = parseItemPriceId(planIdParam);
      const mine = live && live.planId === planId ? live : undefined;
      if (mine?.couponId) {
        await repo.transaction(async (tx) => {
          const locked = await tx.lock(mine.id);
          if (locked?.couponId) await tx.update(mine.id, { couponId: null, couponRedeemedAt: null });
        });
      }
      const interval = (mine?.interval as BillingInterval | undefined) ?? parseItemPriceId(planIdParam).interval;
      const currency = (mine?.currency ?? 'USD') as CouponQuote['currency'];
      const { plan, amountMinor } = await planPrice(planId, interval, currency, 'planId');
      const price = minorToDecimal(amountMinor, currency);
      return {
        coupon: null,
        planId: plan.id,
        interval,
        currency,
        priceBefore: price,
        discount: minorToDecimal(0, currency),
        priceAfter: price,
      };
    },
  };
}
export type CouponQuotes = ReturnType<typeof createCouponQuotes>;
