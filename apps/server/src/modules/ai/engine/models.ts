import { AI_BUILT_IN_MODEL_ID, type AiModel, type AiModelList } from '@tradedesk/contracts';
import type { AiConfig } from '../../../config.js';
import type { ChatModel } from '../ai.types.js';
import type { KeyCipher } from './key-cipher.js';
import type { AiUserModelsRepository } from './models.repository.js';
import type { AiUserModelRow } from './models.table.js';
import { publicOnlyFetch } from './net-guard.js';
import { createOpenAiModel, hostOf } from './openai-provider.js';

/** Without configuration: the built-in analyst only, users' own keys denied. */
export const AI_DEFAULTS: AiConfig = {
  provider: undefined,
  userKeys: false,
  userPrivateUrls: false,
  keySecret: Buffer.alloc(32).toString('base64'),
  requestTimeoutMs: 60_000,
  toolTimeoutMs: 10_000,
};

export type ModelsDeps = {
  config: AiConfig;
  repo: AiUserModelsRepository;
  cipher: KeyCipher;
  /** The offline default (ai-analyst's `createBuiltInAnalyst`). */
  builtIn: ChatModel;
  /** Tests: how the providers are called (default: fetch; users' own URLs: public addresses only unless allowed). */
  fetch?: typeof fetch;
  maxRetries?: number;
};

/**
 * Which model answers a user: their own provider when the operator allows it and they saved one, else the
 * operator's provider (AI_BASE_URL), else the built-in analyst. Models are built once per configuration.
 */
export function createModels(deps: ModelsDeps) {
  const { config, builtIn } = deps;
  const operator = config.provider
    ? createOpenAiModel({
        id: `provider:${config.provider.model}`,
        label: config.provider.model,
        baseUrl: config.provider.baseUrl,
        apiKey: config.provider.apiKey,
        model: config.provider.model,
        embeddingModel: config.provider.embeddingModel,
        owner: 'operator',
        timeoutMs: config.requestTimeoutMs,
        maxRetries: deps.maxRetries,
        fetch: deps.fetch,
      })
    : null;
  // Keyed by user, rebuilt when the saved settings change (updatedAt).
  const ownModels = new Map<string, { stamp: number; model: ChatModel }>();
  const ownFetch = deps.fetch ?? (config.userPrivateUrls ? undefined : publicOnlyFetch());

  function ownModel(row: AiUserModelRow): ChatModel {
    const stamp = row.updatedAt.getTime();
    const cached = ownModels.get(row.userId);
    if (cached && cached.stamp === stamp) return cached.model;
    const model = createOpenAiModel({
      id: `user:${row.model}`,
      label: row.model,
      baseUrl: row.baseUrl,
      apiKey: row.keySealed ? deps.cipher.open(row.keySealed, row.userId) : undefined,
      model: row.model,
      embeddingModel: row.embeddingModel ?? undefined,
      owner: 'user',
      timeoutMs: config.requestTimeoutMs,
      maxRetries: deps.maxRetries,
      fetch: ownFetch,
    });
    ownModels.set(row.userId, { stamp, model });
    return model;
  }

  async function ownRow(userId: string): Promise<AiUserModelRow | null> {
    return config.userKeys ? deps.repo.get(userId) : null;
  }

  return {
    /** The model that answers this user's chats. */
    async forUser(userId: string): Promise<ChatModel> {
      const row = await ownRow(userId);
      if (row) return ownModel(row);
      return operator ?? builtIn;
    },

    /**
     * Embeddings of the model that answers this user, when it offers them (vector retrieval), with the embedding
     * model's id (stored with the vectors, so a change of model is seen); else null.
     */
    async embedder(userId: string): Promise<{ id: string; embed: NonNullable<ChatModel['embed']> } | null> {
      const model = await this.forUser(userId);
      return model.embed ? { id: model.embeddingId ?? model.id, embed: model.embed.bind(model) } : null;
    },

    /** GET /ai/models: every model configured for this user, the one that answers marked active. */
    async list(userId: string): Promise<AiModelList> {
      const row = await ownRow(userId);
      const activeKind = row ? 'user' : operator ? 'provider' : 'built_in';
      const models: AiModel[] = [
        {
          id: AI_BUILT_IN_MODEL_ID,
          label: builtIn.label,
          kind: 'built_in',
          builtIn: true,
          model: null,
          host: null,
          embeddings: false,
          active: activeKind === 'built_in',
        },
      ];
      if (config.provider && operator) {
        models.push({
          id: operator.id,
          label: operator.label,
          kind: 'provider',
          builtIn: false,
          model: config.provider.model,
          host: hostOf(config.provider.baseUrl),
          embeddings: Boolean(config.provider.embeddingModel),
          active: activeKind === 'provider',
        });
      }
      if (row) {
        models.push({
          id: `user:${row.model}`,
          label: row.model,
          kind: 'user',
          builtIn: false,
          model: row.model,
          host: hostOf(row.baseUrl),
          embeddings: Boolean(row.embeddingModel),
          active: true,
        });
      }
      return { models, activeId: models.find((m) => m.active)!.id, userKeysAllowed: config.userKeys };
    },
  };
}
export type AiModels = ReturnType<typeof createModels>;
