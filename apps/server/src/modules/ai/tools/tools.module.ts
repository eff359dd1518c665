import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ActionStore, ToolRegistry } from '../ai.types.js';
import { createActionsRepository } from './actions.repository.js';
import { type ActionsService, createActionsService } from './actions.service.js';
import { createInsightsService } from './insights.service.js';
import { createToolRegistry } from './registry.js';
import { actionTools, sizingTool } from './tools.actions.js';
import type { AiToolsDeps } from './tools.deps.js';
import { marketTools } from './tools.market.js';
import { playbookTools } from './tools.playbook.js';
import { aiToolsRoutes } from './tools.routes.js';
import { tradingTools } from './tools.trading.js';

export type { AiToolsDeps } from './tools.deps.js';

/**
 * The AI assistant's tools over the caller's own data (shared by the built-in analyst and any configured model),
 * the store of proposed actions, and the routes that list the tools and confirm or reject actions. Mount the
 * routes under /api.
 */
export function createAiTools(deps: AiToolsDeps): {
  registry: ToolRegistry;
  actions: ActionStore;
  service: ActionsService;
  routes: FastifyPluginAsyncZod;
} {
  const [getAccounts, getPerformance, getTrades, getPositions, getPropStatus] = tradingTools(deps);
  const [getCandles, getIndicator, getChartReadings, getCalendar, getNews, searchKnowledge] = marketTools(deps);
  const [getStrategies, getCompliance, getJournal] = playbookTools(deps);
  // the catalogue's order (AI_TOOL_NAMES)
  const registry = createToolRegistry([
    getAccounts!,
    getPerformance!,
    getTrades!,
    getPositions!,
    getPropStatus!,
    sizingTool(deps),
    getCandles!,
    getIndicator!,
    getChartReadings!,
    getCalendar!,
    getNews!,
    getStrategies!,
    getCompliance!,
    getJournal!,
    searchKnowledge!,
    ...actionTools(deps),
  ]);
  const service = createActionsService({ repo: createActionsRepository(deps.db), clock: deps.clock, registry });
  return {
    registry,
    actions: service.store,
    service,
    routes: async (app) => {
      const insights = createInsightsService({ registry, clock: deps.clock });
      await app.register(aiToolsRoutes({ tools: () => registry.info(), actions: service, insights }));
    },
  };
}
export type AiToolsModule = ReturnType<typeof createAiTools>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The AI tools module (its registry and action store are what the chats and agents are wired with). */
    aiTools: AiToolsModule;
  }
}
