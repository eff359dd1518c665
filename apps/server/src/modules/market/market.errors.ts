import type { ErrorCategory, MarketErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  MARKET_SYMBOL_NOT_FOUND: 'not_found',
  MARKET_SOURCE_MISMATCH: 'validation',
  MARKET_PLATFORM_NOT_FOUND: 'not_found',
  MARKET_RANGE_TOO_LARGE: 'validation',
  MARKET_RANGE_INVALID: 'validation',
  INDICATOR_SETTINGS_INVALID: 'validation',
} as const satisfies Record<MarketErrorCode, ErrorCategory>;

export const marketError = defineErrors(codes);
