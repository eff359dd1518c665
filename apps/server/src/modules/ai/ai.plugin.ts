import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { UsersService } from '../users/users.service.js';
import { type AiAgentsModule, createAiAgents } from './agents/agents.module.js';
import { seedAgentsDemo } from './agents/demo/seed.js';
import { createBuiltInAnalyst } from './analyst/analyst.js';
import { type AiChatsDeps, createAiChats } from './chats/chats.module.js';
import { createAiEngine } from './engine/engine.module.js';
import { createAiKnowledge } from './knowledge/knowledge.module.js';
import type { AiToolsDeps } from './tools/tools.deps.js';
import { createAiTools } from './tools/tools.module.js';

/**
 * The chats' routes under /api (paths /api/ai/...), built from what the other slices hand over.
 */
export async function registerAi(app: FastifyInstance, ctx: AppContext, deps: AiChatsDeps) {
  const chats = createAiChats(ctx, deps);
  await app.register(chats.routes, { prefix: '/api' });
  return { chats };
}
export type AiModule = Awaited<ReturnType<typeof registerAi>>;

/** The services of the other modules the AI assistant's tools read and act through (all scoped by the caller). */
export type AiAssistantServices = Omit<AiToolsDeps, 'db' | 'clock' | 'knowledge' | 'users'> & {
  users: Pick<UsersService, 'getById' | 'findByEmail'>;
};

/**
 * The AI assistant (README "AI assistant"), called from modules/index.ts: knowledge (documents, OCR, retrieval),
 * the tools over the caller's own data and the proposed actions, the models (built-in analyst unless one is
 * configured) and the orchestrator, the chats, and the agents with deep research. Built in that order; knowledge
 * reaches the models' embedder lazily. Returns the demo seeding, run after the other modules' demo data.
 */
export async function registerAiAssistant(app: FastifyInstance, ctx: AppContext, services: AiAssistantServices) {
  const aiKnowledge = createAiKnowledge(ctx, {
    log: app.log,
    embedder: (userId) => aiEngine.models.embedder(userId),
  });
  app.addHook('onClose', async () => aiKnowledge.close());
  await app.register(aiKnowledge.routes, { prefix: '/api' });
  const aiTools = createAiTools({ ...services, db: ctx.db, clock: ctx.clock, knowledge: aiKnowledge.search });
  app.decorate('aiTools', aiTools);
  await app.register(aiTools.routes, { prefix: '/api' });
  const aiEngine = createAiEngine(ctx, {
    builtIn: createBuiltInAnalyst({ clock: ctx.clock }),
    actions: aiTools.actions,
  });
  await app.register(aiEngine.routes, { prefix: '/api' });
  let aiAgents: AiAgentsModule | undefined;
  const { chats: aiChats } = await registerAi(app, ctx, {
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
  aiAgents = createAiAgents(ctx, {
    conversation: aiChats.conversation,
    registry: aiTools.registry,
    knowledge: aiKnowledge.search,
    media: {
      describe: async (userId, ids) =>
        (await aiKnowledge.media.files(userId, ids)).map((f) => ({ id: f.id, name: f.name, type: f.type })),
    },
    models: aiEngine.models,
    users: services.users,
    quota: {
      assertAllowed: async (userId) => {
        await aiChats.usage.take(userId);
      },
      record: (userId, usage) =>
        aiChats.usage.addTokens(userId, ctx.clock.now().toISOString().slice(0, 10), usage.tokens),
    },
  });
  await app.register(aiAgents.routes, { prefix: '/api' });
  const agents = aiAgents;
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
        const agent = await agents.service.runtime(userId, agentId);
        return { ownerId: agent.ownerId, mediaIds: agent.knowledgeMediaIds };
      } catch {
        return null;
      }
    },
  });

  return {
    /**
     * The demo user's agent "Trading rules coach" with the trading rules guide (a text document: no OCR), then
     * their chats (a performance review, a pre-trade check on the prop account ending in a drafted order, a folder
     * with a prompt) asked through the real conversation, so their figures are the user's own. Each runs once.
     */
    async seedDemo(deps: {
      findDemoUser(): Promise<{ id: string } | null | undefined>;
      propAccountId(userId: string): Promise<string | null>;
      log: FastifyBaseLogger;
    }) {
      await seedAgentsDemo({
        users: { findByEmail: () => deps.findDemoUser() },
        agents: agents.service,
        media: {
          addText: (userId, file) =>
            aiKnowledge.media.upload(userId, {
              name: file.name,
              data: Buffer.from(file.text, 'utf8'),
              lastModified: file.lastModified,
            }),
        },
        now: () => ctx.clock.now(),
        log: deps.log,
      });
      const demo = await deps.findDemoUser();
      if (!demo) return;
      await aiChats.seedDemo(demo.id, { propAccountId: await deps.propAccountId(demo.id) });
    },
  };
}
