import type { AiModelErrorCode, ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

// Provider failures are never 401/403 to our client (that would read as the caller's own session failing):
// a refused key, a provider down or too slow is `unavailable` (503) with a message saying what to fix.
const codes = {
  AI_USER_KEYS_DISABLED: 'forbidden',
  AI_USER_MODEL_NOT_FOUND: 'not_found',
  AI_USER_MODEL_KEY_REQUIRED: 'validation',
  AI_USER_MODEL_URL_PRIVATE: 'validation',
  AI_PROVIDER_AUTH_FAILED: 'unavailable',
  AI_PROVIDER_RATE_LIMITED: 'rate_limited',
  AI_PROVIDER_UNAVAILABLE: 'unavailable',
  AI_PROVIDER_TIMEOUT: 'unavailable',
  AI_PROVIDER_BAD_REQUEST: 'unavailable',
  AI_PROVIDER_BAD_RESPONSE: 'unavailable',
} as const satisfies Record<AiModelErrorCode, ErrorCategory>;

export const aiModelError = defineErrors(codes);
