import type { ErrorCategory, SocialProfileErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  SOCIAL_PROFILE_NOT_FOUND: 'not_found',
  SOCIAL_PROFILE_PRIVATE: 'forbidden',
  SOCIAL_FOLLOW_SELF: 'unprocessable',
  SOCIAL_FOLLOW_CLOSED: 'forbidden',
  SOCIAL_FOLLOW_BLOCKING: 'conflict',
  SOCIAL_NOT_FOLLOWING: 'not_found',
  SOCIAL_NOT_A_FOLLOWER: 'not_found',
  SOCIAL_REQUEST_NOT_FOUND: 'not_found',
  SOCIAL_BLOCK_SELF: 'unprocessable',
  SOCIAL_NOT_BLOCKED: 'not_found',
  SOCIAL_REPORT_SELF: 'unprocessable',
  SOCIAL_TRACK_RECORD_ACCOUNT_NOT_FOUND: 'not_found',
} as const satisfies Record<SocialProfileErrorCode, ErrorCategory>;

export const profileError = defineErrors(codes);

/** Unknown, not yet activated, or blocking the caller: the same answer, so a block cannot be told apart. */
export const profileNotFound = () =>
  profileError.onField('id', 'SOCIAL_PROFILE_NOT_FOUND', 'No profile with this id is visible to you.');
