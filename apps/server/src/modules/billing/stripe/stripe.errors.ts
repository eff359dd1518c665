import type { ErrorCategory, StripeErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  STRIPE_SIGNATURE_INVALID: 'validation',
  STRIPE_SIGNATURE_EXPIRED: 'validation',
  STRIPE_PAYMENT_METHOD_NOT_FOUND: 'not_found',
  STRIPE_REFUND_REFUSED: 'conflict',
  STRIPE_UNAVAILABLE: 'unavailable',
  STRIPE_MISCONFIGURED: 'internal',
} as const satisfies Record<StripeErrorCode, ErrorCategory>;

export const stripeError = defineErrors(codes);

export const paymentMethodNotFound = () =>
  stripeError('STRIPE_PAYMENT_METHOD_NOT_FOUND', 'No payment method of yours has this id.');
