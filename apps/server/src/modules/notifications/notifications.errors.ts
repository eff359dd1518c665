import type { ErrorCategory, NotificationErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  NOTIFICATION_NOT_FOUND: 'not_found',
} as const satisfies Record<NotificationErrorCode, ErrorCategory>;

export const notificationError = defineErrors(codes);
export const notificationNotFound = () =>
  notificationError('NOTIFICATION_NOT_FOUND', 'No notification of yours has this id.');
