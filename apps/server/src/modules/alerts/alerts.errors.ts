import type { AlertErrorCode, ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  ALERT_NOT_FOUND: 'not_found',
  ALERT_LIMIT_REACHED: 'conflict',
  ALERT_INVALID_SYMBOL: 'validation',
  ALERT_INVALID_INDICATOR: 'validation',
  ALERT_INVALID_DRAWING: 'validation',
} as const satisfies Record<AlertErrorCode, ErrorCategory>;

export const alertError = defineErrors(codes);
export const alertNotFound = () => alertError('ALERT_NOT_FOUND', 'No alert of yours has this id.');
