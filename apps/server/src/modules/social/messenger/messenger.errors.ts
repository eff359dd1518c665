import type { ErrorCategory, MessengerErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  MESSENGER_CONVERSATION_NOT_FOUND: 'not_found',
  MESSENGER_MESSAGE_NOT_FOUND: 'not_found',
  MESSENGER_USER_NOT_FOUND: 'not_found',
  MESSENGER_SELF: 'validation',
  MESSENGER_BLOCKED: 'forbidden',
  MESSENGER_NOT_ACCEPTED: 'forbidden',
  MESSENGER_EMPTY: 'validation',
  MESSENGER_ATTACHMENT_NOT_FOUND: 'validation',
  MESSENGER_RATE_LIMITED: 'rate_limited',
  MESSENGER_UPLOAD_MISSING: 'validation',
  MESSENGER_UPLOAD_TOO_LARGE: 'payload_too_large',
  MESSENGER_UPLOAD_MALFORMED: 'validation',
  MESSENGER_UPLOAD_TYPE: 'unsupported_media_type',
  MESSENGER_INVALID_CURSOR: 'validation',
} as const satisfies Record<MessengerErrorCode, ErrorCategory>;

export const messengerError = defineErrors(codes);
export const conversationNotFound = () =>
  messengerError('MESSENGER_CONVERSATION_NOT_FOUND', 'No conversation of yours has this id.');
export const messageNotFound = () =>
  messengerError('MESSENGER_MESSAGE_NOT_FOUND', 'No message in your conversations has this id.');
