import type { AiUserModelSettings, PutAiUserModelBody } from '@tradedesk/contracts';
import type { AiConfig } from '../../../config.js';
import type { Clock } from '../../../platform/clock.js';
import { aiModelError } from './engine.errors.js';
import type { KeyCipher } from './key-cipher.js';
import type { AiUserModelsRepository } from './models.repository.js';
import type { AiUserModelRow } from './models.table.js';
import { isPrivateUrlHost } from './net-guard.js';

/** A user's own provider settings (GET/PUT/DELETE /ai/settings/model). The key is sealed and never returned. */
export function createAiModelSettingsService(deps: {
  config: AiConfig;
  repo: AiUserModelsRepository;
  cipher: KeyCipher;
  clock: Clock;
}) {
  const { config, repo, cipher, clock } = deps;

  const view = (row: AiUserModelRow | null): AiUserModelSettings => ({
    allowed: config.userKeys,
    configured: row !== null,
    baseUrl: row?.baseUrl ?? null,
    model: row?.model ?? null,
    embeddingModel: row?.embeddingModel ?? null,
    keyHint: row?.keyHint ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  });

  return {
    async get(userId: string): Promise<AiUserModelSettings> {
      return view(await repo.get(userId));
    },

    async put(userId: string, body: PutAiUserModelBody): Promise<AiUserModelSettings> {
      if (!config.userKeys) {
        throw aiModelError(
          'AI_USER_KEYS_DISABLED',
          'Using your own AI model is not enabled on this server (the operator allows it with AI_USER_KEYS=allow).',
        );
      }
      if (!config.userPrivateUrls && isPrivateUrlHost(body.base_url)) {
        throw aiModelError.onField(
          'base_url',
          'AI_USER_MODEL_URL_PRIVATE',
          'base_url must be a public address: this server does not call loopback or private addresses for you.',
        );
      }
      const existing = await repo.get(userId);
      const sameHost = existing !== null && new URL(existing.baseUrl).host === new URL(body.base_url).host;
      let keySealed: string | null;
      let keyHint: string | null;
      if (body.api_key !== undefined) {
        keySealed = body.api_key === '' ? null : cipher.seal(body.api_key, userId);
        keyHint = body.api_key === '' ? null : `…${body.api_key.slice(-4)}`;
      } else if (existing && sameHost) {
        keySealed = existing.keySealed;
        keyHint = existing.keyHint;
      } else {
        // A stored key is only ever sent to the host it was saved for.
        throw aiModelError.onField(
          'api_key',
          'AI_USER_MODEL_KEY_REQUIRED',
          existing
            ? 'api_key is required when base_url moves to another host (your saved key is only sent to its own host).'
            : 'api_key is required: send your provider’s key, or an empty api_key if your server checks none.',
        );
      }
      const now = clock.now();
      const saved = await repo.upsert({
        userId,
        baseUrl: body.base_url,
        model: body.model,
        embeddingModel: body.embedding_model ? body.embedding_model : null,
        keySealed,
        keyHint,
        createdAt: existing?.createdAt ?? now,
        // strictly later than the last save, so a cached model built from the old settings is replaced
        updatedAt: new Date(Math.max(now.getTime(), (existing?.updatedAt.getTime() ?? 0) + 1)),
      });
      return view(saved);
    },

    async delete(userId: string): Promise<AiUserModelSettings> {
      if (!(await repo.delete(userId))) {
        throw aiModelError('AI_USER_MODEL_NOT_FOUND', 'You have no AI model of your own saved.');
      }
      return view(null);
    },
  };
}
export type AiModelSettingsService = ReturnType<typeof createAiModelSettingsService>;
