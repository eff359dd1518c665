import type { ErrorCategory, StaffBillingErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  STAFF_BILLING_NOT_FOUND: 'not_found',
  STAFF_COUPON_EXISTS: 'conflict',
} as const satisfies Record<StaffBillingErrorCode, ErrorCategory>;

export const staffBillingError = defineErrors(codes);
