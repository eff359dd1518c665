import { UNLIMITED } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import type { PlanGate } from '../../billing/entitlements/entitlements.js';
import type { ChatModel, ToolRegistry, TurnInput, TurnOutput } from '../ai.types.js';
import { createChatsRepository } from './chats.repository.js';
import { aiChatsRoutes } from './chats.routes.js';
import { type ChatActions, createChatsService } from './chats.service.js';
import { createConversation } from './conversation.js';
import type { AgentRuntime } from './conversation.types.js';
import { seedAiDemo } from './demo.js';
import { aiLibraryRoutes } from './library.routes.js';
import { createLibraryService, type MediaLookup } from './library.service.js';
import { type AiQuota, createAiUsage, DEFAULT_AI_QUOTA } from './usage.js';

export type AiChatsDeps = {
  /** ai-engine's `runTurn`, bound: `(input) => runTurn({ actions, clock }, input)`. */
  runTurn(input: TurnInput): Promise<TurnOutput>;
  /** ai-engine's models: the built-in analyst unless a model is configured. */
  models: { forUser(userId: string): Promise<ChatModel> };
  tools: ToolRegistry;
  /** ai-knowledge: the caller's media files by id (unknown or others' ids are left out). */
  media?: MediaLookup;
  /** ai-tools: the current state of a chat's proposals. */
  actions?: ChatActions;
  /** ai-agents: an agent a chat is bound to, as the caller may use it. */
  agentRuntime?(userId: string, agentId: string): Promise<AgentRuntime | null>;
  /** A fixed daily allowance (tests); otherwise the plan's (entitlements), else config AI_DAILY_MESSAGES, AI_DAILY_TOKENS. */
  quota?: AiQuota;
  /** The plan's ai_messages_per_day and ai_tokens_per_day (billing). */
  entitlements?: PlanGate;
  turnTimeoutMs?: number;
};

/**
 * The AI assistant's chats: conversation (every turn, for the chat routes and for ai-agents), chats, folders,
 * prompts, starter questions, usage quotas, the routes (mount under /api) and the demo seed.
 */
/** A plan's daily limit as the usage counter's: unlimited (-1) as the largest count the column holds. */
const allowance = (limit: number) => (limit === UNLIMITED ? 2_147_483_647 : limit);

export function createAiChats(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, deps: AiChatsDeps) {
  const repo = createChatsRepository(ctx.db);
  const chats = createChatsService({
    repo,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
    ...(deps.actions ? { actions: deps.actions } : {}),
  });
  const library = createLibraryService({ repo, clock: ctx.clock, ...(deps.media ? { media: deps.media } : {}) });
  const gate = deps.entitlements;
  const usage = createAiUsage({
    repo,
    clock: ctx.clock,
    quota:
      deps.quota ??
      (gate
        ? async (userId) => ({
            dailyMessages: allowance(await gate.limit(userId, 'ai_messages_per_day')),
            dailyTokens: allowance(await gate.limit(userId, 'ai_tokens_per_day')),
          })
        : (ctx.config.aiQuota ?? DEFAULT_AI_QUOTA)),
  });
  const conversation = createConversation({
    repo,
    chats,
    usage,
    clock: ctx.clock,
    runTurn: deps.runTurn,
    models: deps.models,
    tools: deps.tools,
    ...(deps.media ? { media: deps.media } : {}),
    ...(deps.agentRuntime ? { agentRuntime: deps.agentRuntime } : {}),
    ...(deps.turnTimeoutMs ? { turnTimeoutMs: deps.turnTimeoutMs } : {}),
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(aiChatsRoutes({ chats, conversation }));
    await app.register(aiLibraryRoutes({ library, usage }));
  };
  return {
    conversation,
    chats,
    library,
    usage,
    routes,
    seedDemo: (userId: string, options: { propAccountId?: string | null } = {}) =>
      seedAiDemo({ conversation, library, chats, repo }, userId, options),
  };
}
export type AiChatsModule = ReturnType<typeof createAiChats>;
