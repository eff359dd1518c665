import type { ErrorCategory, JournalErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  JOURNAL_DAY_NOT_FOUND: 'not_found',
  JOURNAL_TRADE_NOT_FOUND: 'not_found',
  JOURNAL_TRADE_OPEN: 'conflict',
  JOURNAL_ANNOTATION_NOT_FOUND: 'not_found',
  JOURNAL_ACCOUNT_NOT_FOUND: 'not_found',
  JOURNAL_IMAGE_NOT_FOUND: 'not_found',
  JOURNAL_CHART_NOT_FOUND: 'not_found',
  JOURNAL_MISTAKE_NOT_FOUND: 'not_found',
  JOURNAL_MISTAKE_DUPLICATE: 'conflict',
  JOURNAL_MISTAKE_LIMIT_REACHED: 'conflict',
  JOURNAL_STRATEGY_NOT_FOUND: 'not_found',
  JOURNAL_APPROACH_NOT_FOUND: 'not_found',
  JOURNAL_CHECKLIST_ITEM_NOT_FOUND: 'not_found',
  JOURNAL_INVALID_FIELD: 'validation',
  JOURNAL_UPLOAD_MISSING: 'validation',
  JOURNAL_UPLOAD_TOO_LARGE: 'payload_too_large',
  JOURNAL_UPLOAD_TYPE: 'unsupported_media_type',
  JOURNAL_UPLOAD_UNREADABLE: 'validation',
  JOURNAL_UPLOAD_MALFORMED: 'validation',
} as const satisfies Record<JournalErrorCode, ErrorCategory>;

export const journalError = defineErrors(codes);
