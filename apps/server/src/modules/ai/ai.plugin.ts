import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { type AiChatsDeps, createAiChats } from './chats/chats.module.js';

/**
 * The AI assistant's wiring (called from modules/index.ts). Each slice adds its part here at merge: ai-engine's
 * models and orchestrator (`runTurn`, `models`), ai-tools' registry, action store and routes, ai-knowledge's search,
 * media and routes, ai-agents' routes and `agentRuntime`. The chats are built from what those hand over; every
 * route is mounted under /api (paths /api/ai/...).
 */
export async function registerAi(app: FastifyInstance, ctx: AppContext, deps: AiChatsDeps) {
  const chats = createAiChats(ctx, deps);
  await app.register(chats.routes, { prefix: '/api' });
  return { chats };
}
export type AiModule = Awaited<ReturnType<typeof registerAi>>;
