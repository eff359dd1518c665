import type { ErrorCategory, PropErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  PROP_FIRM_NOT_FOUND: 'not_found',
  PROP_CHALLENGE_NOT_FOUND: 'not_found',
  PROP_INVALID_FIELD: 'validation',
  PROP_NO_CHALLENGE: 'conflict',
  PROP_CHALLENGE_ACCOUNT: 'conflict',
  PROP_OBJECTIVE_NOT_FOUND: 'not_found',
  PROP_OBJECTIVE_LIMIT_REACHED: 'conflict',
  PROP_OBJECTIVE_NOT_ON_ACCOUNT: 'not_found',
  PROP_OBJECTIVE_ALREADY_ON_ACCOUNT: 'conflict',
  PROP_INVALID_VALUE: 'unprocessable',
  PROP_TRADING_PAUSED: 'unprocessable',
  PROP_ACCOUNT_FAILED: 'unprocessable',
  PROP_RULE_REFUSED: 'unprocessable',
} as const satisfies Record<PropErrorCode, ErrorCategory>;

export const propError = defineErrors(codes);
export const objectiveNotFound = () => propError('PROP_OBJECTIVE_NOT_FOUND', 'No objective of yours has this id.');
