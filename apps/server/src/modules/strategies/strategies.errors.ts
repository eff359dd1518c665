import type { ErrorCategory, StrategyErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  STRATEGY_NOT_FOUND: 'not_found',
  STRATEGY_APPROACH_NOT_FOUND: 'not_found',
  STRATEGY_ITEM_NOT_FOUND: 'not_found',
  STRATEGY_LIMIT_REACHED: 'conflict',
  STRATEGY_INVALID_FIELD: 'validation',
  STRATEGY_DUPLICATE: 'conflict',
  STRATEGY_UPLOAD_MISSING: 'validation',
  STRATEGY_UPLOAD_TYPE: 'unsupported_media_type',
  STRATEGY_UPLOAD_TOO_LARGE: 'payload_too_large',
  STRATEGY_UPLOAD_MALFORMED: 'validation',
  STRATEGY_UPLOAD_UNREADABLE: 'validation',
  STRATEGY_UPLOAD_DIMENSIONS: 'validation',
} as const satisfies Record<StrategyErrorCode, ErrorCategory>;

export const strategyError = defineErrors(codes);
export const strategyNotFound = () => strategyError('STRATEGY_NOT_FOUND', 'No strategy of yours has this id.');
export const approachNotFound = () =>
  strategyError('STRATEGY_APPROACH_NOT_FOUND', 'This strategy of yours has no approach with this id.');
/** `what` names the item and its parent: "This approach has no criterion with this id." */
export const itemNotFound = (what: string) => strategyError('STRATEGY_ITEM_NOT_FOUND', what);
export const limitReached = (message: string) => strategyError('STRATEGY_LIMIT_REACHED', message);
