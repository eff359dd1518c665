import type { ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  SOCIAL_FEED_BAD_CURSOR: 'validation',
  SOCIAL_POST_NOT_FOUND: 'not_found',
  SOCIAL_PROFILE_NOT_FOUND: 'not_found',
  SOCIAL_PROFILE_PRIVATE: 'forbidden',
  SOCIAL_BOOKMARK_NOT_FOUND: 'not_found',
  SOCIAL_BOOKMARK_DUPLICATE: 'conflict',
  SOCIAL_BOOKMARK_FOLDER_NOT_FOUND: 'not_found',
  SOCIAL_BOOKMARK_FOLDER_DUPLICATE: 'conflict',
  SOCIAL_IDEA_INVALID: 'validation',
  SOCIAL_IDEA_LOCKED: 'conflict',
} as const satisfies Record<string, ErrorCategory>;

export type SocialFeedErrorCode = keyof typeof codes;
export const feedError = defineErrors(codes);

export const postNotFound = () => feedError('SOCIAL_POST_NOT_FOUND', 'No post you can see has this id.');
export const folderNotFound = (field = 'folder_id') =>
  feedError.onField(field, 'SOCIAL_BOOKMARK_FOLDER_NOT_FOUND', `${field} must be one of your bookmark folder ids.`);
