import type { ErrorCategory, WatchlistErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  WATCHLIST_NOT_FOUND: 'not_found',
  WATCHLIST_SYMBOL_NOT_FOUND: 'not_found',
  WATCHLIST_SYMBOL_DUPLICATE: 'conflict',
  WATCHLIST_SYMBOL_LIMIT_REACHED: 'conflict',
  WATCHLIST_LIMIT_REACHED: 'conflict',
  WATCHLIST_INVALID_SYMBOL: 'validation',
  WATCHLIST_INVALID_ORDER: 'validation',
  WATCHLIST_SHARE_NOT_FOUND: 'not_found',
} as const satisfies Record<WatchlistErrorCode, ErrorCategory>;

export const watchlistError = defineErrors(codes);
export const watchlistNotFound = () => watchlistError('WATCHLIST_NOT_FOUND', 'No watchlist of yours has this id.');
