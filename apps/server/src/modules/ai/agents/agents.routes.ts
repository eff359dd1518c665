import {
  aiAgentChatBodySchema,
  aiAgentCommandsBodySchema,
  aiAgentKnowledgeBodySchema,
  aiAgentListQuerySchema,
  aiAgentListSchema,
  aiAgentMediaChatBodySchema,
  aiAgentSchema,
  aiAgentShareBodySchema,
  aiAgentToolsBodySchema,
  aiResearchBodySchema,
  aiResearchSchema,
  createAiAgentBodySchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  updateAiAgentBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../../platform/auth/guard.js';
import { AppError } from '../../../platform/errors.js';
import type { AgentChatService } from './agents.chat.js';
import type { AgentsService } from './agents.service.js';
import { duration, streamEvents } from './agents.sse.js';
import type { ResearchService } from './research.service.js';

const tags = ['ai-agents'];
const notFound = {
  404: errorBodySchema.describe('No agent of the caller and no public agent has this id (AI_AGENT_NOT_FOUND)'),
};
const readOnly = {
  403: errorBodySchema.describe('Someone else’s public agent: only its owner may change it (AI_AGENT_READ_ONLY)'),
};
const invalid = { 400: errorBodySchema.describe('A field is not valid (named in details.fields)') };
const stream = z
  .string()
  .describe(
    'text/event-stream: `event: <type>` / `data: <AiStreamEvent JSON>` (start, step, delta, source, action, research), ' +
      'ending with exactly one `answer` or `error`',
  );

export type AgentTimeouts = { chatMs: number; researchMs: number };

/** Spec section 9: 30 s for a single fetch and deletes; 10 s for agent knowledge and tool calls. */
const FETCH_MS = 30_000;
const KNOWLEDGE_MS = 10_000;

/** The answer of `work`, or a 503 `AI_TIMEOUT` once `ms` have passed (the work itself is not undone). */
export async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new AppError('AI_TIMEOUT', 'unavailable', `The call took longer than ${duration(ms)} and was stopped.`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Agents and deep research under /ai (spec section 7 "Agents": paths not shown, designed here): CRUD, pin, star,
 * clone, knowledge, tools, commands, public share, agent chat and media chat (SSE), research (SSE), its cancel and
 * its state.
 */
export function agentsRoutes(deps: {
  agents: AgentsService;
  chat: AgentChatService;
  research: ResearchService;
  timeouts: AgentTimeouts;
}): FastifyPluginAsyncZod {
  const { agents, chat, research, timeouts } = deps;
  return async (app) => {
    const auth = { preHandler: app.authenticate };
    const byId = { params: idParamsSchema };

    app.get(
      '/ai/agents',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The caller’s agents (scope=mine, default) or every public agent (scope=public)',
          description: 'Pinned first, then the most recently changed. `starred`/`pinned` filter by the caller’s marks.',
          querystring: aiAgentListQuerySchema,
          response: { 200: aiAgentListSchema, ...invalid },
        },
      },
      async (request) => agents.list(authOf(request).userId, request.query),
    );

    app.post(
      '/ai/agents',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Makes an agent (private until shared)',
          body: createAiAgentBodySchema,
          response: { 201: aiAgentSchema, ...invalid, 409: errorBodySchema.describe('AI_AGENT_LIMIT_REACHED') },
        },
      },
      async (request, reply) => reply.status(201).send(await agents.create(authOf(request).userId, request.body)),
    );

    app.get(
      '/ai/agents/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'An agent of the caller, or a public agent (read-only: its prompts only when its owner shows them)',
          ...byId,
          response: { 200: aiAgentSchema, ...notFound },
        },
      },
      async (request) => within(FETCH_MS, agents.get(authOf(request).userId, request.params.id)),
    );

    app.put(
      '/ai/agents/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Changes an agent: any of name, description, instructions, commands, tools, knowledge',
          ...byId,
          body: updateAiAgentBodySchema,
          response: { 200: aiAgentSchema, ...invalid, ...readOnly, ...notFound },
        },
      },
      async (request) => agents.update(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/ai/agents/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Deletes an agent (its knowledge files stay in the media library)',
          ...byId,
          response: { 200: okSchema, ...readOnly, ...notFound },
        },
      },
      async (request) => {
        await within(FETCH_MS, agents.delete(authOf(request).userId, request.params.id));
        return { ok: true as const };
      },
    );

    for (const action of ['pin', 'unpin', 'star', 'unstar'] as const) {
      app.post(
        `/ai/agents/:id/${action}`,
        {
          ...auth,
          schema: {
            tags,
            summary: `${action[0]!.toUpperCase()}${action.slice(1)}s an agent for the caller (own or public)`,
            ...byId,
            response: { 200: aiAgentSchema, ...notFound },
          },
        },
        async (request) => agents[action](authOf(request).userId, request.params.id),
      );
    }

    app.post(
      '/ai/agents/:id/clone',
      {
        ...auth,
        schema: {
          tags,
          summary: 'A private copy for the caller: instructions, commands, tools and knowledge',
          description:
            'Someone else’s public agent can be cloned when its owner allows it; its knowledge files are copied into ' +
            'the caller’s library (or left out when the library cannot copy them).',
          ...byId,
          response: {
            201: aiAgentSchema,
            403: errorBodySchema.describe('AI_AGENT_CLONE_NOT_ALLOWED'),
            409: errorBodySchema.describe('AI_AGENT_LIMIT_REACHED'),
            ...notFound,
          },
        },
      },
      async (request, reply) => reply.status(201).send(await agents.clone(authOf(request).userId, request.params.id)),
    );

    app.put(
      '/ai/agents/:id/knowledge',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Sets the agent’s knowledge: files and links of the caller’s media library',
          ...byId,
          body: aiAgentKnowledgeBodySchema,
          response: { 200: aiAgentSchema, ...invalid, ...readOnly, ...notFound },
        },
      },
      async (request) =>
        within(KNOWLEDGE_MS, agents.setKnowledge(authOf(request).userId, request.params.id, request.body.items)),
    );

    app.put(
      '/ai/agents/:id/tools',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Sets the tools the agent may use (names from GET /ai/tools; null: all of them)',
          ...byId,
          body: aiAgentToolsBodySchema,
          response: { 200: aiAgentSchema, ...invalid, ...readOnly, ...notFound },
        },
      },
      async (request) =>
        within(KNOWLEDGE_MS, agents.setTools(authOf(request).userId, request.params.id, request.body.names)),
    );

    app.put(
      '/ai/agents/:id/commands',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Sets the agent’s slash commands: [{ command, prompt }]',
          description: 'In the agent’s chat, `/command rest` sends the command’s prompt followed by the rest.',
          ...byId,
          body: aiAgentCommandsBodySchema,
          response: { 200: aiAgentSchema, ...invalid, ...readOnly, ...notFound },
        },
      },
      async (request) => agents.setCommands(authOf(request).userId, request.params.id, request.body),
    );

    app.post(
      '/ai/agents/:id/share',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Makes the agent public with its share configuration',
          description:
            'Anyone signed in can then find it (scope=public), chat with it, pin and star it, and clone it when ' +
            '`allow_clone`; its tools always read the data of whoever uses it, never the owner’s.',
          ...byId,
          body: aiAgentShareBodySchema.nullish(),
          response: { 200: aiAgentSchema, ...invalid, ...readOnly, ...notFound },
        },
      },
      async (request) => agents.share(authOf(request).userId, request.params.id, request.body ?? {}),
    );

    app.put(
      '/ai/agents/:id/share',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Changes the share configuration of a public agent',
          ...byId,
          body: aiAgentShareBodySchema,
          response: {
            200: aiAgentSchema,
            ...invalid,
            ...readOnly,
            ...notFound,
            409: errorBodySchema.describe('The agent is private (AI_AGENT_NOT_PUBLIC)'),
          },
        },
      },
      async (request) => agents.updateShare(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/ai/agents/:id/share',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Makes the agent private again',
          ...byId,
          response: { 200: aiAgentSchema, ...readOnly, ...notFound },
        },
      },
      async (request) => agents.unshare(authOf(request).userId, request.params.id),
    );

    const chatSchema = (media: boolean) => ({
      tags,
      summary: media
        ? 'Sends a message with media files attached to the agent (SSE; 5 min)'
        : 'Sends a message to the agent, in a new chat or the given one (SSE; 5 min)',
      description:
        'The agent’s instructions, knowledge and tool choice apply; its tools read the CALLER’s data. ' +
        '`/command rest` expands one of the agent’s commands.',
      ...byId,
      body: media ? aiAgentMediaChatBodySchema : aiAgentChatBodySchema,
      response: { 200: stream, ...invalid, ...notFound, 423: errorBodySchema.describe('Daily AI allowance used up') },
    });

    app.post('/ai/agents/:id/chat', { ...auth, schema: chatSchema(false) }, async (request, reply) => {
      const userId = authOf(request).userId;
      await streamEvents(reply, timeouts.chatMs, (emit, signal) =>
        chat.send(userId, request.params.id, request.body, emit, signal),
      );
    });

    app.post('/ai/agents/:id/media-chat', { ...auth, schema: chatSchema(true) }, async (request, reply) => {
      const userId = authOf(request).userId;
      await streamEvents(reply, timeouts.chatMs, (emit, signal) =>
        chat.send(userId, request.params.id, request.body, emit, signal),
      );
    });

    app.post(
      '/ai/research',
      {
        ...auth,
        schema: {
          tags,
          summary:
            'Deep research: a plan of 3-6 steps run with visible progress, ending in a report with sources (SSE)',
          description:
            'Events: `research` (the plan with each step’s status, then the report), `step` (each tool call or ' +
            'knowledge look-up), `source`, `delta` (a configured model writing the report), then `answer` ' +
            '(isDeepAnalysis, deepResearchData). Only read tools run. Each step has 10 s; the run 5 min. ' +
            'Cancel with POST /ai/research/{id}/cancel (the id is the `start` event’s response_id).',
          body: aiResearchBodySchema,
          response: {
            200: stream,
            ...invalid,
            ...notFound,
            423: errorBodySchema.describe('Daily AI allowance used up'),
          },
        },
      },
      async (request, reply) => {
        const userId = authOf(request).userId;
        await streamEvents(reply, timeouts.researchMs, async (emit, signal) => {
          await research.run(userId, request.body, emit, signal);
        });
      },
    );

    app.get(
      '/ai/research/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'A deep research of the caller: its plan, status, report and sources',
          ...byId,
          response: { 200: aiResearchSchema, 404: errorBodySchema.describe('AI_RESEARCH_NOT_FOUND') },
        },
      },
      async (request) => within(FETCH_MS, research.get(authOf(request).userId, request.params.id)),
    );

    app.post(
      '/ai/research/:id/cancel',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Cancels a running deep research (the steps not yet run are skipped; the report covers the rest)',
          ...byId,
          response: {
            200: aiResearchSchema,
            404: errorBodySchema.describe('AI_RESEARCH_NOT_FOUND'),
            409: errorBodySchema.describe('The research has already ended (AI_RESEARCH_FINISHED)'),
          },
        },
      },
      async (request) => research.cancel(authOf(request).userId, request.params.id),
    );
  };
}
