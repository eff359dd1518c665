import type { ErrorCategory, PaymentErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  PAYMENT_METHOD_NOT_FOUND: 'not_found',
  PAYMENT_RETURN_URL_INVALID: 'validation',
  PAYMENT_SESSION_NOT_FOUND: 'not_found',
  PAYMENT_SESSION_CLOSED: 'conflict',
  PAYMENT_CARD_INVALID: 'validation',
  PAYMENT_CHARGE_NOT_FOUND: 'not_found',
  PAYMENT_CHARGE_NOT_AWAITING_AUTHENTICATION: 'conflict',
  PAYMENT_IDEMPOTENCY_KEY_REUSED: 'conflict',
  PAYMENT_REFUND_INVALID: 'unprocessable',
} as const satisfies Record<PaymentErrorCode, ErrorCategory>;

export const paymentError = defineErrors(codes);
export const methodNotFound = () => paymentError('PAYMENT_METHOD_NOT_FOUND', 'No payment method of yours has this id.');
export const sessionNotFound = () =>
  paymentError('PAYMENT_SESSION_NOT_FOUND', 'No payment session of yours has this id.');
export const chargeNotFound = () => paymentError('PAYMENT_CHARGE_NOT_FOUND', 'No payment of yours has this reference.');
