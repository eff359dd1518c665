import type { ErrorCategory, HelpDocsErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  HELP_ARTICLE_NOT_FOUND: 'not_found',
  HELP_IMAGE_NOT_FOUND: 'not_found',
} as const satisfies Record<HelpDocsErrorCode, ErrorCategory>;

export const helpDocsError = defineErrors(codes);
