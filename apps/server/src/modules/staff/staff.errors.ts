import { type ErrorCategory, STAFF_USER_NOT_FOUND_MESSAGE, type StaffErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  STAFF_ONLY: 'forbidden',
  STAFF_ADMIN_ONLY: 'forbidden',
  STAFF_USER_NOT_FOUND: 'not_found',
  STAFF_OWN_ROLE: 'conflict',
} as const satisfies Record<StaffErrorCode, ErrorCategory>;

export const staffError = defineErrors(codes);

export const staffOnly = () => staffError('STAFF_ONLY', 'Only staff can do this.');
export const adminOnly = () => staffError('STAFF_ADMIN_ONLY', 'Only an admin can do this.');
export const userNotFound = () => staffError('STAFF_USER_NOT_FOUND', STAFF_USER_NOT_FOUND_MESSAGE);
export const ownRole = () =>
  staffError('STAFF_OWN_ROLE', 'You cannot change your own role: ask another admin, or use tradedesk staff.');
