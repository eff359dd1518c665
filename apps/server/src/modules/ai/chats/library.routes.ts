import {
  AI_PREFIX,
  aiFolderListQuerySchema,
  aiFolderListSchema,
  aiFolderSchema,
  aiPromptListQuerySchema,
  aiPromptListSchema,
  aiPromptSchema,
  aiSanityCategoryListSchema,
  aiSanityPromptListSchema,
  aiSanityPromptQuerySchema,
  aiUsageSchema,
  createAiFolderBodySchema,
  createAiPromptBodySchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  updateAiFolderBodySchema,
  updateAiPromptBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { LibraryService } from './library.service.js';
import { SANITY_CATEGORIES, SANITY_PROMPTS } from './sanity-prompts.js';
import type { AiUsageService } from './usage.js';

const tags = ['ai'];
const invalid = { 400: errorBodySchema.describe('A field is not valid (named in details.fields)') };
const folderNotFound = { 404: errorBodySchema.describe('No folder of the caller has this id (AI_FOLDER_NOT_FOUND)') };
const promptNotFound = { 404: errorBodySchema.describe('No prompt of the caller has this id (AI_PROMPT_NOT_FOUND)') };

/** Chat folders, the prompt library, the starter questions and the day's usage. */
export function aiLibraryRoutes(deps: { library: LibraryService; usage: AiUsageService }): FastifyPluginAsyncZod {
  const { library, usage } = deps;
  const p = AI_PREFIX;
  return async (app) => {
    app.get(
      `${p}/folders`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s chat folders (optionally of one item type), with their chat and prompt counts',
          querystring: aiFolderListQuerySchema,
          response: { 200: aiFolderListSchema },
        },
      },
      async (request) => ({ folders: await library.listFolders(authOf(request).userId, request.query.type) }),
    );

    app.post(
      `${p}/folders`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Makes a folder: name, colour, item type (CHAT, AGENT, KNOWLEDGE, TEAM), instructions, knowledge',
          body: createAiFolderBodySchema,
          response: {
            201: aiFolderSchema,
            ...invalid,
            404: errorBodySchema.describe('A knowledge media id is not the caller’s'),
            409: errorBodySchema.describe('AI_FOLDER_LIMIT_REACHED'),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await library.createFolder(authOf(request).userId, request.body)),
    );

    app.get(
      `${p}/folders/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A folder of the caller',
          params: idParamsSchema,
          response: { 200: aiFolderSchema, ...folderNotFound },
        },
      },
      async (request) => library.getFolder(authOf(request).userId, request.params.id),
    );

    app.put(
      `${p}/folders/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Changes a folder (any field of POST)',
          params: idParamsSchema,
          body: updateAiFolderBodySchema,
          response: { 200: aiFolderSchema, ...invalid, ...folderNotFound },
        },
      },
      async (request) => library.updateFolder(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      `${p}/folders/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a folder; its chats and prompts stay, outside any folder',
          params: idParamsSchema,
          response: { 200: okSchema, ...folderNotFound },
        },
      },
      async (request) => {
        await library.deleteFolder(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      `${p}/prompts`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s prompt library, by name, with each prompt’s {{variables}}',
          querystring: aiPromptListQuerySchema,
          response: { 200: aiPromptListSchema },
        },
      },
      async (request) => ({ prompts: await library.listPrompts(authOf(request).userId, request.query) }),
    );

    app.post(
      `${p}/prompts`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Adds a prompt: name, prompt (with {{variables}}), folder, slash command',
          body: createAiPromptBodySchema,
          response: {
            201: aiPromptSchema,
            ...invalid,
            404: errorBodySchema.describe('folder_id is not a folder of the caller'),
            409: errorBodySchema.describe('AI_PROMPT_COMMAND_TAKEN or AI_PROMPT_LIMIT_REACHED'),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await library.createPrompt(authOf(request).userId, request.body)),
    );

    app.get(
      `${p}/prompts/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A prompt of the caller',
          params: idParamsSchema,
          response: { 200: aiPromptSchema, ...promptNotFound },
        },
      },
      async (request) => library.getPrompt(authOf(request).userId, request.params.id),
    );

    app.put(
      `${p}/prompts/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Changes a prompt (any field of POST)',
          params: idParamsSchema,
          body: updateAiPromptBodySchema,
          response: {
            200: aiPromptSchema,
            ...invalid,
            ...promptNotFound,
            409: errorBodySchema.describe('AI_PROMPT_COMMAND_TAKEN'),
          },
        },
      },
      async (request) => library.updatePrompt(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      `${p}/prompts/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a prompt',
          params: idParamsSchema,
          response: { 200: okSchema, ...promptNotFound },
        },
      },
      async (request) => {
        await library.deletePrompt(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      `${p}/sanity-prompts`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            'Starter questions (sanity prompts), optionally of one category; each one the built-in analyst answers',
          querystring: aiSanityPromptQuerySchema,
          response: { 200: aiSanityPromptListSchema },
        },
      },
      async (request) => ({
        prompts: request.query.category
          ? SANITY_PROMPTS.filter((s) => s.category === request.query.category)
          : SANITY_PROMPTS,
      }),
    );

    app.get(
      `${p}/sanity-prompts/categories`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The categories of the starter questions',
          response: { 200: aiSanityCategoryListSchema },
        },
      },
      async () => ({ categories: SANITY_CATEGORIES }),
    );

    app.get(
      `${p}/usage`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s AI allowance today (UTC): messages and tokens used and their limits',
          response: { 200: aiUsageSchema },
        },
      },
      async (request) => usage.get(authOf(request).userId),
    );
  };
}
