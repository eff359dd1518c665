import type { ErrorCategory, HelpPostErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  HELP_POST_NOT_FOUND: 'not_found',
  HELP_COMMENT_NOT_FOUND: 'not_found',
  HELP_NOT_ALLOWED: 'unprocessable',
  HELP_BAD_STATUS: 'unprocessable',
  HELP_MERGE_INVALID: 'unprocessable',
  HELP_SCREENSHOT_INVALID: 'unsupported_media_type',
  HELP_SCREENSHOT_TOO_LARGE: 'payload_too_large',
  HELP_UPLOAD_MALFORMED: 'validation',
} as const satisfies Record<HelpPostErrorCode, ErrorCategory>;

export const helpPostError = defineErrors(codes);

export const NOUN = {
  bug: 'bug report',
  feature: 'feature request',
  announcement: 'announcement',
  update: 'update',
  tutorial: 'tutorial',
} as const;

export const postNotFound = (noun = 'post') =>
  helpPostError('HELP_POST_NOT_FOUND', `No ${noun} you can see has this id.`);
export const commentNotFound = () =>
  helpPostError('HELP_COMMENT_NOT_FOUND', 'No comment of yours on this post has this id.');
