import type { ErrorCategory, UserDataErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  USER_DATA_NOT_FOUND: 'not_found',
  USER_DATA_LIMIT_REACHED: 'conflict',
  USER_DATA_VERSION_CONFLICT: 'conflict',
  USER_DATA_INVALID_ENTRY: 'validation',
} as const satisfies Record<UserDataErrorCode, ErrorCategory>;

export const userDataError = defineErrors(codes);
