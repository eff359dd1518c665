import type { ArticleErrorCode, ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  ARTICLE_NOT_FOUND: 'not_found',
  ARTICLE_COMMENT_NOT_FOUND: 'not_found',
  ARTICLE_NOT_AUTHOR: 'forbidden',
  ARTICLE_COMMENT_NOT_AUTHOR: 'forbidden',
  ARTICLE_NOT_PUBLISHED: 'conflict',
  ARTICLE_ALREADY_PUBLISHED: 'conflict',
  ARTICLE_INCOMPLETE: 'validation',
  ARTICLE_COMMENTS_RESTRICTED: 'forbidden',
  ARTICLE_SHARE_FORBIDDEN: 'forbidden',
  ARTICLE_SHARE_NOT_FOUND: 'not_found',
  ARTICLE_MEDIA_NOT_FOUND: 'not_found',
  ARTICLE_INVALID_FIELD: 'validation',
  ARTICLE_UPLOAD_MISSING: 'validation',
  ARTICLE_UPLOAD_TOO_LARGE: 'payload_too_large',
  ARTICLE_UPLOAD_TYPE: 'unsupported_media_type',
  ARTICLE_UPLOAD_UNREADABLE: 'validation',
  ARTICLE_UPLOAD_MALFORMED: 'validation',
} as const satisfies Record<ArticleErrorCode, ErrorCategory>;

export const articleError = defineErrors(codes);
export const articleNotFound = () => articleError('ARTICLE_NOT_FOUND', 'No article you can see has this id.');
