import type { ErrorCategory, NewsErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  NEWS_NOT_FOUND: 'not_found',
  NEWS_FOLDER_NOT_FOUND: 'not_found',
  NEWS_LOGO_NOT_FOUND: 'not_found',
  NEWS_FOLDER_LIMIT_REACHED: 'conflict',
  NEWS_UNKNOWN_PROVIDER: 'validation',
  NEWS_INVALID_CURSOR: 'validation',
} as const satisfies Record<NewsErrorCode, ErrorCategory>;

export const newsError = defineErrors(codes);
export const newsNotFound = () => newsError('NEWS_NOT_FOUND', 'No news item has this id.');
export const folderNotFound = () => newsError('NEWS_FOLDER_NOT_FOUND', 'No news folder of yours has this id.');
export const logoNotFound = () => newsError('NEWS_LOGO_NOT_FOUND', 'This news provider has no logo.');
