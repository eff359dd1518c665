import type { ErrorCategory, SubscriptionErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  SUBSCRIPTION_NOT_FOUND: 'not_found',
  SUBSCRIPTION_PLAN_UNKNOWN: 'validation',
  SUBSCRIPTION_PLAN_FREE: 'validation',
  SUBSCRIPTION_PRICE_MISSING: 'validation',
  SUBSCRIPTION_ADDON_UNKNOWN: 'validation',
  SUBSCRIPTION_ADDON_QUANTITY: 'validation',
  SUBSCRIPTION_EXISTS: 'conflict',
  SUBSCRIPTION_NO_PAYMENT_METHOD: 'conflict',
  SUBSCRIPTION_PAYMENT_DECLINED: 'unprocessable',
  SUBSCRIPTION_NOT_CANCELABLE: 'conflict',
  SUBSCRIPTION_NOT_REACTIVATABLE: 'conflict',
  SUBSCRIPTION_NOT_MODIFIABLE: 'conflict',
  SUBSCRIPTION_NO_CHANGE: 'validation',
  COUPON_UNKNOWN: 'validation',
  COUPON_EXPIRED: 'validation',
  COUPON_NOT_FOR_PLAN: 'validation',
  COUPON_USED_UP: 'validation',
  COUPON_ALREADY_REDEEMED: 'validation',
  COUPON_CURRENCY: 'validation',
} as const satisfies Record<SubscriptionErrorCode, ErrorCategory>;

export const subscriptionError = defineErrors(codes);
export const subscriptionNotFound = () =>
  subscriptionError('SUBSCRIPTION_NOT_FOUND', 'No subscription of yours has this id.');
