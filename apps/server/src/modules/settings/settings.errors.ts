import type { ErrorCategory, SettingsErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  SETTINGS_TWOFA_READ_ONLY: 'validation',
  SETTINGS_PASSWORD_INCORRECT: 'validation',
  SETTINGS_PASSWORD_REQUIRED: 'validation',
  SETTINGS_CONFIRM_REQUIRED: 'validation',
  SETTINGS_PASSWORD_UNCHANGED: 'validation',
  SETTINGS_UPLOAD_MISSING: 'validation',
  SETTINGS_UPLOAD_TYPE: 'unsupported_media_type',
  SETTINGS_UPLOAD_TOO_LARGE: 'payload_too_large',
  SETTINGS_UPLOAD_MALFORMED: 'validation',
  SETTINGS_UPLOAD_UNREADABLE: 'validation',
  SETTINGS_UPLOAD_DIMENSIONS: 'validation',
} as const satisfies Partial<Record<SettingsErrorCode, ErrorCategory>>;

export const settingsError = defineErrors(codes);
