import type { ErrorCategory, PostErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  POST_NOT_FOUND: 'not_found',
  POST_COMMENT_NOT_FOUND: 'not_found',
  POST_FORBIDDEN: 'forbidden',
  POST_EMPTY: 'validation',
  POST_INVALID_FIELD: 'validation',
  POST_COMMUNITY_UNAVAILABLE: 'unprocessable',
  POST_LOCKED: 'conflict',
  POST_ALREADY_REPOSTED: 'conflict',
  POST_COMMENTS_CLOSED: 'forbidden',
  POST_REPLY_NOT_ALLOWED: 'forbidden',
  POST_POLL_NOT_FOUND: 'not_found',
  POST_POLL_CLOSED: 'conflict',
  POST_POLL_ALREADY_VOTED: 'conflict',
  POST_POLL_RESULTS_HIDDEN: 'forbidden',
  POST_MEDIA_NOT_FOUND: 'validation',
  POST_UPLOAD_TYPE: 'unsupported_media_type',
  POST_UPLOAD_UNREADABLE: 'validation',
  POST_UPLOAD_MISSING: 'validation',
  POST_UPLOAD_TOO_LARGE: 'payload_too_large',
  POST_UPLOAD_MALFORMED: 'validation',
  POST_GIF_NOT_FOUND: 'validation',
  POST_GIF_UNAVAILABLE: 'unavailable',
  POST_CHART_NOT_FOUND: 'validation',
} as const satisfies Record<PostErrorCode, ErrorCategory>;

export const postError = defineErrors(codes);
export const postNotFound = () => postError('POST_NOT_FOUND', 'No post you can see has this id.');
export const commentNotFound = () => postError('POST_COMMENT_NOT_FOUND', 'No comment of this post has this id.');
