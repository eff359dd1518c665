import type { ErrorCategory, StaffErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  STAFF_ONLY: 'forbidden',
  STAFF_ADMIN_ONLY: 'forbidden',
} as const satisfies Record<StaffErrorCode, ErrorCategory>;

export const staffError = defineErrors(codes);

export const staffOnly = () => staffError('STAFF_ONLY', 'Only staff can do this.');
export const adminOnly = () => staffError('STAFF_ADMIN_ONLY', 'Only an admin can do this.');
