import type { backtestErrorCodes, ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

export const backtestError = defineErrors({
  BACKTEST_NOT_FOUND: 'not_found',
  BACKTEST_STRATEGY_NOT_FOUND: 'not_found',
  BACKTEST_GRAPH_INVALID: 'unprocessable',
  BACKTEST_UNKNOWN_SYMBOL: 'validation',
  BACKTEST_NO_BARS: 'unprocessable',
  BACKTEST_TOO_MANY_BARS: 'unprocessable',
} as const satisfies Record<(typeof backtestErrorCodes)[number], ErrorCategory>);
