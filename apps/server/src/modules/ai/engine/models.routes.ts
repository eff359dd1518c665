import {
  AI_PREFIX,
  aiModelListSchema,
  aiUserModelSettingsSchema,
  errorBodySchema,
  putAiUserModelBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { AiModels } from './models.js';
import type { AiModelSettingsService } from './models.service.js';

const tags = ['ai'];

/** AI models (issue 14): what answers the caller, and the caller's own provider settings. */
export function aiModelsRoutes(deps: { models: AiModels; settings: AiModelSettingsService }): FastifyPluginAsyncZod {
  const { models, settings } = deps;
  return async (app) => {
    app.get(
      `${AI_PREFIX}/models`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The models that can answer the caller; the active one answers their chats',
          description:
            'The built-in analyst (offline, always), the operator’s provider when AI_BASE_URL is set, and the ' +
            'caller’s own provider when the operator allows it and the caller saved one (it then answers).',
          response: { 200: aiModelListSchema },
        },
      },
      async (request) => models.list(authOf(request).userId),
    );

    app.get(
      `${AI_PREFIX}/settings/model`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s own AI provider settings (never the key: only its last four characters)',
          response: { 200: aiUserModelSettingsSchema },
        },
      },
      async (request) => settings.get(authOf(request).userId),
    );

    app.put(
      `${AI_PREFIX}/settings/model`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Saves the caller’s own OpenAI-compatible provider (base URL, key, model)',
          description:
            'Only when the operator sets AI_USER_KEYS=allow (else 403 AI_USER_KEYS_DISABLED). The key is ' +
            'encrypted at rest; leave `api_key` out to keep the saved one (same host only).',
          body: putAiUserModelBodySchema,
          response: {
            200: aiUserModelSettingsSchema,
            403: errorBodySchema.describe('Users’ own keys are not allowed here (AI_USER_KEYS_DISABLED)'),
          },
        },
      },
      async (request) => settings.put(authOf(request).userId, request.body),
    );

    app.delete(
      `${AI_PREFIX}/settings/model`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Removes the caller’s own provider and key; the operator’s model or the built-in analyst answers',
          response: {
            200: aiUserModelSettingsSchema,
            404: errorBodySchema.describe('Nothing saved (AI_USER_MODEL_NOT_FOUND)'),
          },
        },
      },
      async (request) => settings.delete(authOf(request).userId),
    );
  };
}
