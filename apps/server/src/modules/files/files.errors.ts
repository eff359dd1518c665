import type { ErrorCategory, SettingsErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  FILE_NOT_FOUND: 'not_found',
} as const satisfies Partial<Record<SettingsErrorCode, ErrorCategory>>;

export const fileError = defineErrors(codes);
