import type { ErrorCategory, PlanErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  PLAN_NOT_FOUND: 'not_found',
  PLAN_LIMIT_REACHED: 'locked',
  PLAN_FEATURE_NOT_INCLUDED: 'locked',
} as const satisfies Record<PlanErrorCode, ErrorCategory>;

export const planError = defineErrors(codes);
