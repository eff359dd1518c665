import type { CandlesErrorCode, ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  CANDLES_IMPORT_INVALID: 'validation',
  CANDLES_UPLOAD_MISSING: 'validation',
  CANDLES_UPLOAD_MALFORMED: 'validation',
  CANDLES_UPLOAD_TOO_LARGE: 'payload_too_large',
  CANDLES_IMPORT_NOT_FOUND: 'not_found',
  CANDLES_IMPORT_READ_ONLY: 'forbidden',
  CANDLES_IMPORT_BUSY: 'conflict',
} as const satisfies Record<CandlesErrorCode, ErrorCategory>;

export const candlesError = defineErrors(codes);

/** A failure about one form field, with `details.fields` as validation failures have it. */
export const candlesFieldError = (field: string, code: keyof typeof codes, message: string) =>
  candlesError(code, message, { fields: [{ field, message }] });
