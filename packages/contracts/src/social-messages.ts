import { z } from 'zod';
import { profileSummarySchema, socialPageSchema } from './social.js';
import { line, multiline } from './text.js';

/**
 * Messaging (spec section 7, the legacy `/communities/...` messenger and friends calls; docs/api.md "Messenger"):
 * one-to-one conversations, messages paged by cursor (newest first), read state, unread counts, typing, attachments
 * and delete for me. Live over the `user` WebSocket channel (the events below). Wire: bodies snake_case, answers
 * camelCase.
 *
 * Who may message whom (checked on starting a conversation and on every message):
 * - never oneself, never across a block (either direction: 403);
 * - the recipient's audience `nobody`: no one (403);
 * - a private recipient (`isPublic` false or audience `followers`): only people the recipient follows, or anyone the
 *   recipient has already written to in this conversation (a reply);
 * - a public recipient: anyone signed in.
 * A stranger to a conversation gets 404 for it and its messages. Friends are mutual follows.
 */

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_MAX_ATTACHMENTS = 4;
/** Attachments: images and PDF documents, recognised by their bytes (not their name or declared type). */
export const MESSAGE_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
] as const;
export const MESSAGE_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const MESSAGES_PAGE_LIMIT = 30;

// ---- live events on the `user` channel ---------------------------------------------------------------------
/** A message arrived in one of the caller's conversations (the sender's other tabs get it too). Data: MessageEvent. */
export const MESSAGE_NEW_EVENT = 'message.new';
/** The other person read the conversation up to `readAt`. Data: MessageReadEvent. */
export const MESSAGE_READ_EVENT = 'message.read';
/** The other person is typing (sent at most every ~2 s while they type; show it for ~5 s). Data: MessageTypingEvent. */
export const MESSAGE_TYPING_EVENT = 'message.typing';
/** The caller's unread totals changed (a message came, or they read one in another tab). Data: MessengerUnread. */
export const MESSENGER_UNREAD_EVENT = 'messenger.unread';
export const MESSENGER_TYPING_SHOW_MS = 5000;

const cursorField = line('cursor', 200)
  .regex(/^[A-Za-z0-9_-]+$/, 'cursor must be the nextCursor of a previous answer.')
  .optional();

export const conversationIdParamsSchema = z.object({ id: z.uuid('id must be a conversation id (a UUID).') });
export const messageIdParamsSchema = z.object({ id: z.uuid('id must be a message id (a UUID).') });

/** POST /communities/messenger/conversations: opens (or finds) the conversation with `user_id`. */
export const startConversationBodySchema = z.strictObject({
  user_id: z.uuid('user_id must be the id of a person (a UUID).'),
});
export type StartConversationBody = z.infer<typeof startConversationBodySchema>;

/** POST /communities/messenger/conversations/{id}/messages: text, attachments (uploaded first), or both. */
export const sendMessageBodySchema = z.strictObject({
  text: multiline('text', MESSAGE_MAX_LENGTH).optional(),
  attachment_ids: z
    .array(z.uuid('Each of attachment_ids must be the id of an uploaded attachment.'), {
      error: 'attachment_ids must be a list of uploaded attachment ids.',
    })
    .max(MESSAGE_MAX_ATTACHMENTS, `attachment_ids may hold at most ${MESSAGE_MAX_ATTACHMENTS} attachments.`)
    .optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** GET .../conversations/{id}/messages: newest first; send `nextCursor` back as `cursor` for older ones. */
export const messagesQuerySchema = z.object({
  cursor: cursorField,
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 50.' })
    .int('limit must be a whole number from 1 to 50.')
    .min(1, 'limit must be a whole number from 1 to 50.')
    .max(50, 'limit must be a whole number from 1 to 50.')
    .default(MESSAGES_PAGE_LIMIT),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messageAttachmentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['image', 'file']),
  /** A name to show and save as (`image.png`, `document.pdf`). */
  name: z.string(),
  contentType: z.enum(MESSAGE_ATTACHMENT_TYPES),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** URL path of the file. */
  url: z.string(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  /** The caller sent it. */
  mine: z.boolean(),
  /** Plain text (shown as text, never as HTML). Empty when hidden by moderation (for the recipient). */
  text: z.string(),
  attachments: z.array(messageAttachmentSchema),
  /** Hidden by moderation: its recipient sees neither text nor attachments. */
  moderated: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagePageSchema = z.object({ items: z.array(messageSchema), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePageSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  peer: profileSummarySchema,
  /** The latest message the caller has not deleted, null for none. */
  lastMessage: messageSchema.nullable(),
  /** Messages from the peer the caller has not read. */
  unreadCount: z.number().int(),
  /** Up to when the caller has read, null when never. */
  lastReadAt: z.string().nullable(),
  /** Up to when the peer has read (the caller's messages up to it show as seen), null when never. */
  peerLastReadAt: z.string().nullable(),
  /** Whether the caller may write now (blocks and the peer's audience). */
  canMessage: z.boolean(),
  /** Why not, as a sentence; null when `canMessage`. */
  cannotMessageReason: z.string().nullable(),
  /** Friends: mutual follows. */
  friends: z.boolean(),
  createdAt: z.string(),
  /** When its latest message was sent (the list's order), else when it was opened. */
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationPageSchema = socialPageSchema(conversationSchema);
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** GET /communities/messenger/unread and the `messenger.unread` event. */
export const messengerUnreadSchema = z.object({
  /** Unread messages over every conversation. */
  messages: z.number().int(),
  /** Conversations with at least one unread message (the navigation's badge). */
  conversations: z.number().int(),
});
export type MessengerUnread = z.infer<typeof messengerUnreadSchema>;

/** PUT .../conversations/{id}/read. */
export const conversationReadSchema = z.object({
  conversationId: z.uuid(),
  lastReadAt: z.string(),
  unread: messengerUnreadSchema,
});
export type ConversationRead = z.infer<typeof conversationReadSchema>;

export type MessageEvent = { conversationId: string; message: Message; unread: MessengerUnread };
export type MessageReadEvent = { conversationId: string; readerId: string; readAt: string };
export type MessageTypingEvent = { conversationId: string; userId: string };

export const messengerErrorCodes = [
  'MESSENGER_CONVERSATION_NOT_FOUND',
  'MESSENGER_MESSAGE_NOT_FOUND',
  'MESSENGER_USER_NOT_FOUND',
  'MESSENGER_SELF',
  'MESSENGER_BLOCKED',
  'MESSENGER_NOT_ACCEPTED',
  'MESSENGER_EMPTY',
  'MESSENGER_ATTACHMENT_NOT_FOUND',
  'MESSENGER_RATE_LIMITED',
  'MESSENGER_UPLOAD_MISSING',
  'MESSENGER_UPLOAD_TOO_LARGE',
  'MESSENGER_UPLOAD_MALFORMED',
  'MESSENGER_UPLOAD_TYPE',
  'MESSENGER_INVALID_CURSOR',
] as const;
export type MessengerErrorCode = (typeof messengerErrorCodes)[number];
