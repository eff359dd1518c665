import type { ErrorCategory, tradingAccountErrorCodes, tradingErrorCodes } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

type TradingErrorCode = (typeof tradingAccountErrorCodes)[number] | (typeof tradingErrorCodes)[number];

const codes = {
  TRADING_ACCOUNT_NOT_FOUND: 'not_found',
  TRADING_ACCOUNT_LIMIT_REACHED: 'conflict',
  TRADING_ACCOUNT_ARCHIVED: 'conflict',
  TRADING_ACCOUNT_NOT_VIRTUAL: 'conflict',
  TRADING_ACCOUNT_HAS_OPEN_ITEMS: 'conflict',
  TRADING_NO_CONNECTOR: 'validation',
  TRADING_CONNECTOR_REFUSED: 'validation',
  TRADING_CONNECTOR_UNREACHABLE: 'unavailable',
  TRADING_INVALID_FIELD: 'validation',
  TRADING_ORDER_NOT_FOUND: 'not_found',
  TRADING_ORDER_NOT_PENDING: 'conflict',
  TRADING_POSITION_NOT_FOUND: 'not_found',
  TRADING_POSITION_CLOSED: 'conflict',
  TRADING_TRADE_NOT_FOUND: 'not_found',
  TRADING_UNKNOWN_SYMBOL: 'validation',
  TRADING_INVALID_ORDER: 'validation',
  TRADING_NOT_ENOUGH_MARGIN: 'unprocessable',
  TRADING_MARKET_CLOSED: 'conflict',
  TRADING_SLIPPAGE_EXCEEDED: 'conflict',
  TRADING_ACCOUNT_NOT_TRADABLE: 'conflict',
  TRADING_IDEMPOTENCY_MISMATCH: 'unprocessable',
  TRADING_IDEMPOTENCY_IN_PROGRESS: 'conflict',
} as const satisfies Record<TradingErrorCode, ErrorCategory>;

export const tradingError = defineErrors(codes);
export const accountNotFound = () =>
  tradingError('TRADING_ACCOUNT_NOT_FOUND', 'No trading account of yours has this id or token.');
