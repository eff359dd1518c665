import { AI_LIMIT_MESSAGE, type AiChatErrorCode, type ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  AI_CHAT_NOT_FOUND: 'not_found',
  AI_MESSAGE_NOT_FOUND: 'not_found',
  AI_FOLDER_NOT_FOUND: 'not_found',
  AI_PROMPT_NOT_FOUND: 'not_found',
  AI_SHARE_NOT_FOUND: 'not_found',
  AI_MEDIA_NOT_FOUND: 'not_found',
  AI_FOLDER_LIMIT_REACHED: 'conflict',
  AI_PROMPT_LIMIT_REACHED: 'conflict',
  AI_PROMPT_COMMAND_TAKEN: 'conflict',
  AI_CHAT_EMPTY: 'conflict',
  AI_NOT_LAST_ANSWER: 'conflict',
  AI_CHAT_AGENT_MISMATCH: 'validation',
  AI_LIMIT_REACHED: 'locked',
  AI_TURN_FAILED: 'internal',
} as const satisfies Record<AiChatErrorCode, ErrorCategory>;

export const aiChatError = defineErrors(codes);
export const chatNotFound = () => aiChatError('AI_CHAT_NOT_FOUND', 'No chat of yours has this id.');
export const messageNotFound = () => aiChatError('AI_MESSAGE_NOT_FOUND', 'This chat has no message with this id.');
export const folderNotFound = (field?: string) =>
  field
    ? aiChatError.onField(field, 'AI_FOLDER_NOT_FOUND', `${field} is not the id of one of your folders.`)
    : aiChatError('AI_FOLDER_NOT_FOUND', 'No folder of yours has this id.');
export const promptNotFound = () => aiChatError('AI_PROMPT_NOT_FOUND', 'No prompt of yours has this id.');
/** Spec section 9: 423 with "Feature limit reached" opens the feature-limit dialog. */
export const limitReached = () => aiChatError('AI_LIMIT_REACHED', AI_LIMIT_MESSAGE);
