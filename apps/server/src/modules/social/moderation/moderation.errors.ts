import type { ErrorCategory, ModerationErrorCode, ReportTargetKind } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  MODERATION_STAFF_ONLY: 'forbidden',
  MODERATION_TARGET_NOT_FOUND: 'not_found',
  MODERATION_OWN_TARGET: 'unprocessable',
  MODERATION_NOT_REPORTED: 'not_found',
} as const satisfies Record<ModerationErrorCode, ErrorCategory>;

export const moderationError = defineErrors(codes);

const noun: Record<ReportTargetKind, string> = {
  post: 'post',
  comment: 'comment',
  article: 'article',
  article_comment: 'comment',
  message: 'message',
  profile: 'profile',
};

export const staffOnly = () => moderationError('MODERATION_STAFF_ONLY', 'Only staff can moderate.');
export const targetNotFound = (kind: ReportTargetKind) =>
  moderationError('MODERATION_TARGET_NOT_FOUND', `No ${noun[kind]} you can see has this id.`);
export const ownTarget = (kind: ReportTargetKind) =>
  moderationError(
    'MODERATION_OWN_TARGET',
    kind === 'profile' ? 'You cannot report your own profile.' : `You cannot report your own ${noun[kind]}.`,
  );
export const notReported = (kind: ReportTargetKind) =>
  moderationError('MODERATION_NOT_REPORTED', `No reported ${noun[kind]} has this id.`);
