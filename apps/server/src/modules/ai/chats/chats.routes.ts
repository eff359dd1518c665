import {
  AI_PREFIX,
  aiAnswerSchema,
  aiChartAnalysisBodySchema,
  aiChatDetailSchema,
  aiChatListQuerySchema,
  aiChatListSchema,
  aiChatMessageParamsSchema,
  aiChatResponseParamsSchema,
  aiChatSchema,
  aiEditMessageBodySchema,
  aiFeedbackBodySchema,
  aiMessageBodySchema,
  aiRedoSchema,
  aiSharedChatSchema,
  aiShareSchema,
  aiShareTokenParamsSchema,
  bulkDeleteAiChatsBodySchema,
  bulkDeleteAiChatsSchema,
  createAiChatBodySchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  updateAiChatBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { ChatsService } from './chats.service.js';
import { type ConversationService, mentionsOf } from './conversation.js';
import { sseResponseDoc, streamSse } from './sse.js';

const tags = ['ai'];
const notFound = { 404: errorBodySchema.describe('No chat of the caller has this id (AI_CHAT_NOT_FOUND)') };
const limited = {
  423: errorBodySchema.describe('The daily messages or tokens are used up: "Feature limit reached" (AI_LIMIT_REACHED)'),
};
const invalid = { 400: errorBodySchema.describe('A field is not valid (named in details.fields)') };
const conflict = { 409: errorBodySchema.describe('The chat has no entry to take back, or the answer is not the last') };

/** The AI assistant's chats (spec section 7 "AI assistant"; paths under /api/ai, documented in docs/api.md). */
export function aiChatsRoutes(deps: { chats: ChatsService; conversation: ConversationService }): FastifyPluginAsyncZod {
  const { chats, conversation } = deps;
  const p = AI_PREFIX;
  return async (app) => {
    app.get(
      `${p}/chats`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s chats: pinned first, then the latest; search in titles and messages',
          querystring: aiChatListQuerySchema,
          response: { 200: aiChatListSchema },
        },
      },
      async (request) => chats.list(authOf(request).userId, request.query),
    );

    app.post(
      `${p}/chats`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Starts an empty chat, optionally in a folder (its title comes from the first message)',
          body: createAiChatBodySchema,
          response: { 201: aiChatSchema, ...invalid, 404: errorBodySchema.describe('AI_FOLDER_NOT_FOUND') },
        },
      },
      async (request, reply) => {
        const userId = authOf(request).userId;
        const row = await chats.create(userId, request.body ?? null);
        return reply.status(201).send(await chats.present(row));
      },
    );

    app.post(
      `${p}/chats/bulk-delete`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes several chats (selection mode); ids that are not the caller’s chats are left out',
          body: bulkDeleteAiChatsBodySchema,
          response: { 200: bulkDeleteAiChatsSchema, ...invalid },
        },
      },
      async (request) => ({ deleted: await chats.bulkDelete(authOf(request).userId, request.body.ids) }),
    );

    app.get(
      `${p}/chats/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A chat with its entries (user messages and answers, in the chat answer’s shape), oldest first',
          params: idParamsSchema,
          response: { 200: aiChatDetailSchema, ...notFound },
        },
      },
      async (request) => chats.get(authOf(request).userId, request.params.id),
    );

    app.patch(
      `${p}/chats/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Renames, pins, archives a chat or moves it to a folder (`folder_id: null`: out of any folder)',
          params: idParamsSchema,
          body: updateAiChatBodySchema,
          response: { 200: aiChatSchema, ...invalid, ...notFound },
        },
      },
      async (request) => chats.update(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      `${p}/chats/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a chat with its entries and its share link',
          params: idParamsSchema,
          response: { 200: okSchema, ...notFound },
        },
      },
      async (request) => {
        await chats.delete(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      `${p}/chats/:id/clear`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Clears a chat: every entry is deleted, the chat stays',
          params: idParamsSchema,
          response: { 200: aiChatSchema, ...notFound },
        },
      },
      async (request) => chats.clear(authOf(request).userId, request.params.id),
    );

    app.post(
      `${p}/chats/:id/messages`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Generic chat: sends a message and answers the stored answer as JSON when the turn is done',
          params: idParamsSchema,
          body: aiMessageBodySchema,
          response: { 200: aiAnswerSchema, ...invalid, ...notFound, ...limited },
        },
      },
      async (request, reply) => {
        const abort = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableEnded) abort.abort();
        });
        return conversation.ask({
          userId: authOf(request).userId,
          chatId: request.params.id,
          agent: null,
          content: request.body.content,
          mentions: mentionsOf(request.body.mentions),
          mediaIds: request.body.media_ids ?? [],
          deepResearch: request.body.deep_research ?? false,
          signal: abort.signal,
          emit: () => {},
        });
      },
    );

    app.post(
      `${p}/chats/:id/stream`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Stream chat: sends a message and streams the turn as Server-Sent Events',
          description:
            'Events: `start`, `step` (thought panel), `delta` (text), `source` (link panel), `action` (a proposal ' +
            'awaiting the user’s confirmation), then exactly one `answer` (the stored answer) or `error`. A failure ' +
            'before the stream opens (404, 423, 400) answers as an ordinary error.',
          params: idParamsSchema,
          body: aiMessageBodySchema,
          response: { ...sseResponseDoc, ...invalid, ...notFound, ...limited },
        },
      },
      async (request, reply) =>
        streamSse(request, reply, (stream) =>
          conversation.ask({
            userId: authOf(request).userId,
            chatId: request.params.id,
            agent: null,
            content: request.body.content,
            mentions: mentionsOf(request.body.mentions),
            mediaIds: request.body.media_ids ?? [],
            deepResearch: request.body.deep_research ?? false,
            ...stream,
          }),
        ),
    );

    app.post(
      `${p}/chats/:id/messages/:responseId/regenerate`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Regenerates the last answer (SSE); the replaced answer is kept in `branches`',
          params: aiChatResponseParamsSchema,
          response: { ...sseResponseDoc, ...notFound, ...conflict, ...limited },
        },
      },
      async (request, reply) =>
        streamSse(request, reply, (stream) =>
          conversation.regenerate(authOf(request).userId, request.params.id, request.params.responseId, stream),
        ),
    );

    app.post(
      `${p}/chats/:id/redo`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Redo: removes the last answer and the message it answered, and answers that message for editing',
          params: idParamsSchema,
          response: { 200: aiRedoSchema, ...notFound, ...conflict },
        },
      },
      async (request) => conversation.redo(authOf(request).userId, request.params.id),
    );

    app.post(
      `${p}/chats/:id/repost`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Repost: replaces the last two entries (message and answer) with a new message and its answer (SSE)',
          params: idParamsSchema,
          body: aiEditMessageBodySchema,
          response: { ...sseResponseDoc, ...invalid, ...notFound, ...conflict, ...limited },
        },
      },
      async (request, reply) =>
        streamSse(request, reply, (stream) =>
          conversation.repost(authOf(request).userId, request.params.id, request.body, stream),
        ),
    );

    app.put(
      `${p}/chats/:id/messages/:messageId`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'History edit: changes a message of the user, drops every entry after it and asks again (SSE)',
          params: aiChatMessageParamsSchema,
          body: aiEditMessageBodySchema,
          response: { ...sseResponseDoc, ...invalid, ...notFound, ...limited },
        },
      },
      async (request, reply) =>
        streamSse(request, reply, (stream) =>
          conversation.edit(authOf(request).userId, request.params.id, request.params.messageId, request.body, stream),
        ),
    );

    app.post(
      `${p}/chats/:id/messages/:responseId/feedback`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Thumbs up or down on an answer, with an optional comment (a new vote replaces the last)',
          params: aiChatResponseParamsSchema,
          body: aiFeedbackBodySchema,
          response: { 200: aiAnswerSchema, ...invalid, ...notFound },
        },
      },
      async (request) =>
        chats.feedback(authOf(request).userId, request.params.id, request.params.responseId, request.body),
    );

    app.post(
      `${p}/chats/:id/chart-analysis`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Chart analysis (SSE): the chart’s candles and indicator values, and its snapshot if attached',
          params: idParamsSchema,
          body: aiChartAnalysisBodySchema,
          response: { ...sseResponseDoc, ...invalid, ...notFound, ...limited },
        },
      },
      async (request, reply) =>
        streamSse(request, reply, (stream) =>
          conversation.chartAnalysis(authOf(request).userId, request.params.id, request.body, stream),
        ),
    );

    app.post(
      `${p}/chats/:id/share`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Shares a chat: a read-only public link (answers the existing link when already shared)',
          params: idParamsSchema,
          response: { 200: aiShareSchema, ...notFound },
        },
      },
      async (request) => chats.share(authOf(request).userId, request.params.id),
    );

    app.delete(
      `${p}/chats/:id/share`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Revokes a chat’s public link',
          params: idParamsSchema,
          response: { 200: okSchema, 404: errorBodySchema.describe('AI_CHAT_NOT_FOUND or AI_SHARE_NOT_FOUND') },
        },
      },
      async (request) => {
        await chats.unshare(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      `${p}/shared/:token`,
      {
        schema: {
          tags,
          summary: 'A shared chat, read-only, for anyone with the link (no proposals, files or feedback)',
          params: aiShareTokenParamsSchema,
          response: {
            200: aiSharedChatSchema,
            404: errorBodySchema.describe('Not a link, or revoked (AI_SHARE_NOT_FOUND)'),
          },
        },
      },
      async (request) => chats.shared(request.params.token),
    );
  };
}
