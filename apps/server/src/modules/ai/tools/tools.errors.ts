import type { AiToolErrorCode, ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  AI_ACTION_NOT_FOUND: 'not_found',
  AI_ACTION_DECIDED: 'conflict',
} as const satisfies Record<AiToolErrorCode, ErrorCategory>;

export const aiToolError = defineErrors(codes);
export const actionNotFound = () => aiToolError('AI_ACTION_NOT_FOUND', 'No action of yours has this id.');
