import type { AppContext } from '../../../platform/context.js';
import type { ActionStore, ChatModel, TurnInput, TurnOutput } from '../ai.types.js';
import { createKeyCipher } from './key-cipher.js';
import { AI_DEFAULTS, createModels } from './models.js';
import { createAiUserModelsRepository } from './models.repository.js';
import { aiModelsRoutes } from './models.routes.js';
import { createAiModelSettingsService } from './models.service.js';
import { runTurn } from './orchestrator.js';

/**
 * The AI engine: model selection (`models.forUser`, `models.embedder`), the turn orchestrator bound to the action
 * store (`turn`), and the routes GET /ai/models, GET/PUT/DELETE /ai/settings/model (mount under /api).
 */
export function createAiEngine(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  deps: { builtIn: ChatModel; actions: ActionStore; fetch?: typeof fetch },
) {
  const config = ctx.config.ai ?? AI_DEFAULTS;
  const repo = createAiUserModelsRepository(ctx.db);
  const cipher = createKeyCipher(config.keySecret);
  const models = createModels({ config, repo, cipher, builtIn: deps.builtIn, fetch: deps.fetch });
  const settings = createAiModelSettingsService({ config, repo, cipher, clock: ctx.clock });
  const turn = (input: TurnInput): Promise<TurnOutput> =>
    runTurn({ actions: deps.actions, clock: ctx.clock, toolTimeoutMs: config.toolTimeoutMs }, input);
  return { models, settings, turn, routes: aiModelsRoutes({ models, settings }) };
}
export type AiEngine = ReturnType<typeof createAiEngine>;
