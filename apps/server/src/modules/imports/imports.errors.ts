import type { ErrorCategory, tradeImportErrorCodes } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

type Code = (typeof tradeImportErrorCodes)[number];

export const importError = defineErrors({
  TRADE_IMPORT_NOT_FOUND: 'not_found',
  TRADE_IMPORT_NOT_IMPORTED_ACCOUNT: 'conflict',
  TRADE_IMPORT_UPLOAD_MISSING: 'validation',
  TRADE_IMPORT_UPLOAD_MALFORMED: 'validation',
  TRADE_IMPORT_TOO_LARGE: 'payload_too_large',
  TRADE_IMPORT_UNREADABLE: 'unprocessable',
  TRADE_IMPORT_INVALID_FIELD: 'validation',
} as const satisfies Record<Code, ErrorCategory>);

export const importNotFound = () => importError('TRADE_IMPORT_NOT_FOUND', 'No import of this account has this id.');
