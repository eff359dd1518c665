import type { AuthErrorCode, ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  AUTH_REQUIRED: 'unauthenticated',
  AUTH_TOKEN_INVALID: 'unauthenticated',
  AUTH_TOKEN_EXPIRED: 'unauthenticated',
  AUTH_SESSION_REVOKED: 'unauthenticated',
  AUTH_BAD_CREDENTIALS: 'unauthenticated',
  AUTH_NOT_ACTIVATED: 'forbidden',
  AUTH_LINK_INVALID: 'validation',
  AUTH_LINK_USED: 'validation',
  AUTH_LINK_EXPIRED: 'validation',
  AUTH_ALREADY_ACTIVE: 'conflict',
  AUTH_REFRESH_INVALID: 'unauthenticated',
  AUTH_REFRESH_EXPIRED: 'unauthenticated',
  AUTH_REFRESH_REUSED: 'unauthenticated',
  AUTH_CHALLENGE_INVALID: 'unauthenticated',
  AUTH_CHALLENGE_EXPIRED: 'unauthenticated',
  AUTH_CHALLENGE_EXHAUSTED: 'unauthenticated',
  AUTH_2FA_CODE_INVALID: 'validation',
  AUTH_2FA_ALREADY_ENABLED: 'conflict',
  AUTH_2FA_NOT_ENABLED: 'conflict',
  AUTH_2FA_NOT_STARTED: 'conflict',
  AUTH_PASSWORD_INVALID: 'validation',
  AUTH_PASSWORD_WEAK: 'validation',
  AUTH_SESSION_NOT_FOUND: 'not_found',
  AUTH_MAIL_UNAVAILABLE: 'unavailable',
  USER_USERNAME_TAKEN: 'conflict',
  RATE_LIMITED: 'rate_limited',
} as const satisfies Partial<Record<AuthErrorCode, ErrorCategory>>;

export const authError = defineErrors(codes);
