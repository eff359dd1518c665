import {
  AI_PREFIX,
  AI_TIMEOUTS,
  type AiToolInfo,
  aiActionDecisionBodySchema,
  aiActionParamsSchema,
  aiActionSchema,
  aiInsightQuerySchema,
  aiInsightSchema,
  aiToolListSchema,
  errorBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { ActionsService } from './actions.service.js';
import type { InsightsService } from './insights.service.js';

const tags = ['AI assistant: tools and actions'];
const notFound = errorBodySchema.describe('No action of the caller has this id (AI_ACTION_NOT_FOUND)');
const decided = errorBodySchema.describe('AI_ACTION_DECIDED: the action was already confirmed, rejected or failed');

/** The tool registry and the user's decisions on proposed actions (under /api/ai, documented in docs/api.md). */
export function aiToolsRoutes(deps: {
  tools: () => AiToolInfo[];
  actions: ActionsService;
  insights: InsightsService;
}): FastifyPluginAsyncZod {
  const { actions } = deps;
  return async (app) => {
    app.get(
      `${AI_PREFIX}/insights`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            'An insight tab of the AI screen read directly: performance, time, symbol allocation or day of week over an account and a period',
          description:
            'The get_performance tool run as the caller; its chart in the answer’s shape. No chat message, nothing counted.',
          querystring: aiInsightQuerySchema,
          response: {
            200: aiInsightSchema,
            404: errorBodySchema.describe('No account of the caller has this id'),
          },
        },
      },
      async (request) =>
        deps.insights.insight(authOf(request).userId, request.query, AbortSignal.timeout(AI_TIMEOUTS.historyMs)),
    );

    app.get(
      `${AI_PREFIX}/tools`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            'The assistant’s tools: name, description, kind (read or action) and the JSON schema of the arguments',
          description:
            'What the agents’ tools picker offers. Action tools only propose; the user confirms each action.',
          response: { 200: aiToolListSchema },
        },
      },
      async () => ({ tools: deps.tools() }),
    );

    app.get(
      `${AI_PREFIX}/actions/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A proposed action with its status (proposed, confirmed, rejected, failed) and result',
          params: aiActionParamsSchema,
          response: { 200: aiActionSchema, 404: notFound },
        },
      },
      async (request) => actions.get(authOf(request).userId, request.params.id),
    );

    app.post(
      `${AI_PREFIX}/actions/:id/confirm`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Runs a proposed action exactly as it was shown, once',
          description:
            'The answer is the action: `confirmed` with what it did in `result` (a draft order only opens the ticket at `redirectTo`: nothing is sent), or `failed` with `result.error` when the tool refused (the account went away, the symbol is already listed).',
          params: aiActionParamsSchema,
          body: aiActionDecisionBodySchema,
          response: { 200: aiActionSchema, 404: notFound, 409: decided },
        },
      },
      async (request) => actions.confirm(authOf(request).userId, request.params.id),
    );

    app.post(
      `${AI_PREFIX}/actions/:id/reject`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Dismisses a proposed action: it will never run',
          params: aiActionParamsSchema,
          body: aiActionDecisionBodySchema,
          response: { 200: aiActionSchema, 404: notFound, 409: decided },
        },
      },
      async (request) => actions.reject(authOf(request).userId, request.params.id),
    );
  };
}
