import type { ErrorCategory, GoogleSignInErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  AUTH_GOOGLE_DISABLED: 'not_found',
  AUTH_GOOGLE_UNAVAILABLE: 'unavailable',
  AUTH_GOOGLE_DENIED: 'unauthenticated',
  AUTH_GOOGLE_STATE_INVALID: 'unauthenticated',
  AUTH_GOOGLE_EXCHANGE_FAILED: 'unauthenticated',
  AUTH_GOOGLE_EMAIL_MISSING: 'validation',
  AUTH_GOOGLE_EMAIL_NOT_VERIFIED: 'conflict',
  AUTH_GOOGLE_ACCOUNT_CONFLICT: 'conflict',
  AUTH_GOOGLE_FAILED: 'internal',
} as const satisfies Record<GoogleSignInErrorCode | 'AUTH_GOOGLE_DISABLED', ErrorCategory>;

export const googleError = defineErrors(codes);
export type GoogleErrorCode = keyof typeof codes;
