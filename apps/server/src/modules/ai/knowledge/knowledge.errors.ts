import type { AiMediaErrorCode, ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  AI_MEDIA_NOT_FOUND: 'not_found',
  AI_MEDIA_NO_FILE: 'not_found',
  AI_MEDIA_UPLOAD_MISSING: 'validation',
  AI_MEDIA_UPLOAD_TOO_LARGE: 'payload_too_large',
  AI_MEDIA_UPLOAD_MALFORMED: 'validation',
  AI_MEDIA_INVALID_FIELD: 'validation',
  AI_MEDIA_TYPE_UNSUPPORTED: 'unsupported_media_type',
  AI_MEDIA_UNREADABLE: 'unprocessable',
  AI_MEDIA_TIMEOUT: 'unavailable',
  AI_MEDIA_LINK_REFUSED: 'validation',
  AI_MEDIA_LINK_FAILED: 'unprocessable',
} as const satisfies Record<AiMediaErrorCode, ErrorCategory>;

export const mediaError = defineErrors(codes);
export const mediaNotFound = () => mediaError('AI_MEDIA_NOT_FOUND', 'No media file of yours has this id.');
