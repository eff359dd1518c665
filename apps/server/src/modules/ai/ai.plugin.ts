import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import { withSeedLock } from '../demo/demo.charting.js';
import { DEMO_PROP_ACCOUNT_NAME } from '../demo/demo.prop.js';
import { DEMO_USER } from '../demo/demo.seed.js';
import type { UsersService } from '../users/users.service.js';
import { type AiAgentsModule, createAiAgents } from './agents/agents.module.js';
import { seedAgentsDemo } from './agents/demo/seed.js';
import { createBuiltInAnalyst } from './analyst/analyst.js';
import { createAiChats } from './chats/chats.module.js';
import { createAiEngine } from './engine/engine.module.js';
import { createAiKnowledge } from './knowledge/knowledge.module.js';
import type { AiToolsDeps } from './tools/tools.deps.js';
import { createAiTools } from './tools/tools.module.js';

/**
 * The AI assistant (README "AI assistant"), wired in dependency order: knowledge (documents, OCR, retrieval), the
 * tools over the caller's own data and the proposed actions, the models (the built-in analyst unless one is
 * configured) with the orchestrator, the chats, then the agents with deep research. Knowledge reaches the models'
 * embedder lazily, and the folders' and agents' knowledge once those exist. Every route is mounted under /api.
 */
export async function registerAiAssistant(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { users: UsersService; tools: Omit<AiToolsDeps, 'db' | 'clock' | 'knowledge'>; entitlements?: PlanGate },
) {
  const aiKnowledge = createAiKnowledge(ctx, {
    entitlements: deps.entitlements,
    log: app.log,
    embedder: (userId) => aiEngine.models.embedder(userId),
  });
  app.addHook('onClose', async () => aiKnowledge.close());
  ctx.jobs.register(aiKnowledge.reembedder.job);
  await app.register(aiKnowledge.routes, { prefix: '/api' });
  const aiTools = createAiTools({ ...deps.tools, db: ctx.db, clock: ctx.clock, knowledge: aiKnowledge.search });
  app.decorate('aiTools', aiTools);
  await app.register(aiTools.routes, { prefix: '/api' });
  const aiEngine = createAiEngine(ctx, {
    builtIn: createBuiltInAnalyst({ clock: ctx.clock }),
    actions: aiTools.actions,
  });
  await app.register(aiEngine.routes, { prefix: '/api' });
  let aiAgents: AiAgentsModule | undefined;
  const aiChats = createAiChats(ctx, {
    entitlements: deps.entitlements,
    runTurn: aiEngine.turn,
    models: aiEngine.models,
    tools: aiTools.registry,
    media: aiKnowledge.media,
    actions: aiTools.service,
    agentRuntime: async (userId, agentId) => {
      try {
        return (await aiAgents?.service.runtime(userId, agentId)) ?? null;
      } catch {
        return null;
      }
    },
  });
  await app.register(aiChats.routes, { prefix: '/api' });
  aiAgents = createAiAgents(ctx, {
    entitlements: deps.entitlements,
    conversation: aiChats.conversation,
    registry: aiTools.registry,
    knowledge: aiKnowledge.search,
    media: {
      describe: async (userId, ids) =>
        (await aiKnowledge.media.files(userId, ids)).map((f) => ({ id: f.id, name: f.name, type: f.type })),
      copy: (fromUserId, mediaId, toUserId) => aiKnowledge.media.copy(fromUserId, mediaId, toUserId),
    },
    models: aiEngine.models,
    users: deps.users,
    chats: { saveResearch: (input) => aiChats.conversation.saveResearch(input) },
    quota: {
      assertAllowed: async (userId) => {
        await aiChats.usage.take(userId);
      },
      record: (userId, usage) =>
        aiChats.usage.addTokens(userId, ctx.clock.now().toISOString().slice(0, 10), usage.tokens),
    },
  });
  await app.register(aiAgents.routes, { prefix: '/api' });
  const agentsForScopes = aiAgents;
  aiKnowledge.useScopes({
    folderMediaIds: async (userId, folderId) => {
      try {
        return (await aiChats.library.folder(userId, folderId)).knowledgeMediaIds;
      } catch {
        return [];
      }
    },
    agentKnowledge: async (userId, agentId) => {
      try {
        const agent = await agentsForScopes.service.runtime(userId, agentId);
        return { ownerId: agent.ownerId, mediaIds: agent.knowledgeMediaIds };
      } catch {
        return null;
      }
    },
  });

  return {
    knowledge: aiKnowledge,
    tools: aiTools,
    engine: aiEngine,
    chats: aiChats,
    agents: aiAgents,
    /** The demo user's agent with its guide, and chats answered by real turns (after the trading and prop seeds). */
    async seedDemo() {
      await withSeedLock(ctx.database.pool, () =>
        seedAgentsDemo({
          users: deps.users,
          agents: agentsForScopes.service,
          media: {
            addText: (userId, file) =>
              aiKnowledge.media.upload(userId, {
                name: file.name,
                data: Buffer.from(file.text, 'utf8'),
                lastModified: file.lastModified,
              }),
          },
          now: () => ctx.clock.now(),
          log: app.log,
        }),
      );
      await withSeedLock(ctx.database.pool, async () => {
        const demo = await deps.users.findByEmail(DEMO_USER.email);
        if (!demo) return;
        const prop = (await deps.tools.accounts.list(demo.id, 'all')).find((a) => a.name === DEMO_PROP_ACCOUNT_NAME);
        await aiChats.seedDemo(demo.id, { propAccountId: prop?.id ?? null });
      });
    },
  };
}
export type AiAssistant = Awaited<ReturnType<typeof registerAiAssistant>>;
