import type { AppContext } from '../../../platform/context.js';
import type { PlanGate } from '../../billing/entitlements/entitlements.js';
import { createAgentChat } from './agents.chat.js';
import { createAgentsRepository } from './agents.repository.js';
import { type AgentTimeouts, agentsRoutes } from './agents.routes.js';
import { createAgentsService } from './agents.service.js';
import type { AgentsDeps } from './agents.types.js';
import { createResearchService } from './research.service.js';

/** Spec section 9: 5 min for agent chat; 10 s for agent knowledge and tool calls (each research step). */
export const AGENT_CHAT_TIMEOUT_MS = 5 * 60_000;
export const AGENT_STEP_TIMEOUT_MS = 10_000;

/**
 * Agents and deep research. Mount `routes` under /api. `service.runtime(userId, agentId)` is what a chat turn runs as
 * (ai-chats may use it for chats bound to an agent); `seedAgentsDemo` (./demo/seed.ts) seeds the demo agent.
 */
export function createAiAgents(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  deps: AgentsDeps & { timeouts?: Partial<AgentTimeouts & { stepMs: number }>; entitlements?: PlanGate },
) {
  const repo = createAgentsRepository(ctx.db);
  const service = createAgentsService({
    repo,
    clock: ctx.clock,
    registry: deps.registry,
    media: deps.media,
    ...(deps.users ? { users: deps.users } : {}),
    entitlements: deps.entitlements,
  });
  const chat = createAgentChat({ agents: service, conversation: deps.conversation });
  const research = createResearchService({
    repo,
    clock: ctx.clock,
    agents: service,
    registry: deps.registry,
    knowledge: deps.knowledge,
    models: deps.models,
    chats: deps.chats,
    quota: deps.quota,
    stepTimeoutMs: deps.timeouts?.stepMs ?? AGENT_STEP_TIMEOUT_MS,
  });
  const timeouts: AgentTimeouts = {
    chatMs: deps.timeouts?.chatMs ?? AGENT_CHAT_TIMEOUT_MS,
    researchMs: deps.timeouts?.researchMs ?? AGENT_CHAT_TIMEOUT_MS,
  };
  return { service, chat, research, routes: agentsRoutes({ agents: service, chat, research, timeouts }) };
}
export type AiAgentsModule = ReturnType<typeof createAiAgents>;
