import fastifyMultipart from '@fastify/multipart';
import {
  conversationIdParamsSchema,
  conversationPageSchema,
  conversationReadSchema,
  conversationSchema,
  errorBodySchema,
  imageUploadBodySchema,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  messageAttachmentSchema,
  messageIdParamsSchema,
  messagePageSchema,
  messageSchema,
  messagesQuerySchema,
  messengerUnreadSchema,
  okSchema,
  profileSummaryPageSchema,
  reportBodySchema,
  reportResultSchema,
  searchTermParamsSchema,
  sendMessageBodySchema,
  socialPageQuerySchema,
  startConversationBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import { imageUploadReader } from '../../../platform/uploads/image-upload.js';
import { formatBytes } from '../../settings/profile-images.service.js';
import { messengerError } from './messenger.errors.js';
import type { MessengerService } from './messenger.service.js';

const tags = ['messenger'];
const base = '/communities/messenger';
const conversationMissing = {
  404: errorBodySchema.describe('No conversation of the caller has this id (MESSENGER_CONVERSATION_NOT_FOUND)'),
};
const refused = {
  403: errorBodySchema.describe(
    'MESSENGER_BLOCKED (a block either way) or MESSENGER_NOT_ACCEPTED (the person’s audience refuses the caller)',
  ),
};
const tooFast = { 429: errorBodySchema.describe('MESSENGER_RATE_LIMITED: too many messages or new people') };

/**
 * The messenger and friends (spec section 7's legacy `/communities/...` calls, docs/api.md "Messenger"). Live
 * events on the `user` channel: message.new, message.read, message.typing, messenger.unread.
 */
export function messengerRoutes(deps: { messenger: MessengerService }): FastifyPluginAsyncZod {
  const { messenger } = deps;
  return async (app) => {
    const preHandler = app.authenticate;

    app.get(
      `${base}/conversations`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'The caller’s conversations, the latest message first (page 1, 10 a page by default)',
          querystring: socialPageQuerySchema,
          response: { 200: conversationPageSchema },
        },
      },
      async (request) => messenger.list(authOf(request).userId, request.query),
    );

    app.post(
      `${base}/conversations`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Opens the conversation with a person, or answers the one there is (201 when new)',
          body: startConversationBodySchema,
          response: {
            200: conversationSchema,
            201: conversationSchema,
            ...refused,
            ...tooFast,
            404: errorBodySchema.describe('MESSENGER_USER_NOT_FOUND'),
          },
        },
      },
      async (request, reply) => {
        const { conversation, created } = await messenger.start(authOf(request).userId, request.body.user_id);
        return reply.status(created ? 201 : 200).send(conversation);
      },
    );

    app.get(
      `${base}/conversations/:id`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'One conversation of the caller',
          params: conversationIdParamsSchema,
          response: { 200: conversationSchema, ...conversationMissing },
        },
      },
      async (request) => messenger.get(authOf(request).userId, request.params.id),
    );

    app.delete(
      `${base}/conversations/:id`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Deletes a conversation for the caller only (a new message brings it back, without the old ones)',
          params: conversationIdParamsSchema,
          response: { 200: okSchema, ...conversationMissing },
        },
      },
      async (request) => {
        await messenger.deleteConversation(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      `${base}/conversations/:id/messages`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Messages of a conversation, newest first; send nextCursor back as cursor for older ones',
          params: conversationIdParamsSchema,
          querystring: messagesQuerySchema,
          response: { 200: messagePageSchema, ...conversationMissing },
        },
      },
      async (request) => messenger.messages(authOf(request).userId, request.params.id, request.query),
    );

    app.post(
      `${base}/conversations/:id/messages`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Sends a message (text, uploaded attachments, or both)',
          params: conversationIdParamsSchema,
          body: sendMessageBodySchema,
          response: { 201: messageSchema, ...conversationMissing, ...refused, ...tooFast },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await messenger.send(authOf(request).userId, request.params.id, request.body)),
    );

    app.put(
      `${base}/conversations/:id/read`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Marks the conversation read up to now (the peer gets message.read)',
          params: conversationIdParamsSchema,
          response: { 200: conversationReadSchema, ...conversationMissing },
        },
      },
      async (request) => messenger.read(authOf(request).userId, request.params.id),
    );

    app.post(
      `${base}/conversations/:id/typing`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Tells the peer the caller is typing (message.typing; at most one every 1.5 s is passed on)',
          params: conversationIdParamsSchema,
          response: { 200: okSchema, ...conversationMissing, ...refused },
        },
      },
      async (request) => {
        await messenger.typing(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.delete(
      `${base}/messages/:id`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Deletes a message for the caller only',
          params: messageIdParamsSchema,
          response: { 200: okSchema, 404: errorBodySchema.describe('MESSENGER_MESSAGE_NOT_FOUND') },
        },
      },
      async (request) => {
        await messenger.deleteMessage(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      `${base}/messages/:id/report`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Reports a message the caller received',
          params: messageIdParamsSchema,
          body: reportBodySchema,
          response: { 200: reportResultSchema, 404: errorBodySchema.describe('Not a message the caller received') },
        },
      },
      async (request) => messenger.report(authOf(request).userId, request.params.id, request.body),
    );

    app.get(
      `${base}/unread`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Unread messages and conversations of the caller (the navigation badge)',
          response: { 200: messengerUnreadSchema },
        },
      },
      async (request) => messenger.unread(authOf(request).userId),
    );

    app.get(
      '/communities/friends',
      {
        preHandler,
        schema: {
          tags,
          summary: 'The caller’s friends (mutual follows), by username',
          querystring: socialPageQuerySchema,
          response: { 200: profileSummaryPageSchema },
        },
      },
      async (request) => messenger.friends(authOf(request).userId, request.query),
    );

    app.get(
      '/communities/friends/search/:term',
      {
        preHandler,
        schema: {
          tags,
          summary: 'The caller’s friends whose username or name starts with the term',
          params: searchTermParamsSchema,
          querystring: socialPageQuerySchema,
          response: { 200: profileSummaryPageSchema },
        },
      },
      async (request) => messenger.searchFriends(authOf(request).userId, request.params.term, request.query),
    );

    await app.register(attachmentRoute(messenger));
  };
}

/** The upload route, in a scope of its own: no other route accepts multipart bodies by accident. */
function attachmentRoute(messenger: MessengerService): FastifyPluginAsyncZod {
  const limitText = formatBytes(MESSAGE_ATTACHMENT_MAX_BYTES);
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: MESSAGE_ATTACHMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 },
    });
    const readFile = imageUploadReader(app, {
      limitText,
      fileError: (problem, message) => messengerError.onField('file', `MESSENGER_${problem}`, message),
    });
    app.post(
      `${base}/attachments`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Uploads an attachment for the caller’s next message',
          description:
            `multipart/form-data with one file field \`file\`: a PNG, JPEG, WebP or GIF image or a PDF, at most ${limitText}. ` +
            'The type is read from the content, not the name: anything else is a 415. Send its id in attachment_ids.',
          consumes: ['multipart/form-data'],
          body: imageUploadBodySchema,
          response: {
            201: messageAttachmentSchema,
            413: errorBodySchema.describe('MESSENGER_UPLOAD_TOO_LARGE'),
            415: errorBodySchema.describe('MESSENGER_UPLOAD_TYPE: not an image or a PDF'),
          },
        },
      },
      async (request, reply) => {
        const data = await readFile(request);
        return reply.status(201).send(await messenger.upload(authOf(request).userId, data));
      },
    );
  };
}
