import { z } from 'zod';
import { line, opaque } from './text.js';

/**
 * AI models (issue 14, "Models behind one interface"): which models can answer a user, and the user's own
 * OpenAI-compatible provider settings. The built-in analyst is always there and works offline; the operator's
 * provider (AI_BASE_URL / AI_API_KEY / AI_MODEL) is listed when configured; a user may add their own base URL,
 * key and model only when the operator allows it (AI_USER_KEYS=allow). The key is encrypted at rest and never
 * returned, only its last four characters.
 *
 * GET /ai/models, GET/PUT/DELETE /ai/settings/model.
 */

export const AI_MODEL_KINDS = ['built_in', 'provider', 'user'] as const;
export type AiModelKind = (typeof AI_MODEL_KINDS)[number];

/** The id of the built-in analyst (offline, answers from the user's own data through the tools). */
export const AI_BUILT_IN_MODEL_ID = 'built-in-analyst';
export const AI_BUILT_IN_MODEL_LABEL = 'Built-in analyst';

export const aiModelSchema = z.object({
  /** `built-in-analyst`, `provider:<model>` or `user:<model>`. */
  id: z.string(),
  label: z.string(),
  kind: z.enum(AI_MODEL_KINDS),
  builtIn: z.boolean(),
  /** The provider's model name (null for the built-in analyst). */
  model: z.string().nullable(),
  /** Host of the provider's base URL (null for the built-in analyst): where the conversation is sent. */
  host: z.string().nullable(),
  /** Retrieval can use the provider's embeddings (an embedding model is configured). */
  embeddings: z.boolean(),
  /** The model that answers this user's chats: the user's own, else the operator's, else the built-in analyst. */
  active: z.boolean(),
});
export type AiModel = z.infer<typeof aiModelSchema>;

export const aiModelListSchema = z.object({
  models: z.array(aiModelSchema),
  /** The id of the model that answers (the one with `active: true`). */
  activeId: z.string(),
  /** Whether this deployment lets users bring their own provider and key (AI_USER_KEYS=allow). */
  userKeysAllowed: z.boolean(),
});
export type AiModelList = z.infer<typeof aiModelListSchema>;

export const AI_USER_MODEL_KEY_MAX = 500;
export const AI_USER_MODEL_NAME_MAX = 200;
export const AI_USER_MODEL_URL_MAX = 500;

/** GET /ai/settings/model: the user's own provider, without its key. */
export const aiUserModelSettingsSchema = z.object({
  /** The operator allows users' own keys (AI_USER_KEYS=allow); when false PUT answers 403. */
  allowed: z.boolean(),
  /** False until the user saved a provider. */
  configured: z.boolean(),
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  embeddingModel: z.string().nullable(),
  /** The last four characters of the stored key ("…" + 4), never the key itself; null when none is stored. */
  keyHint: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AiUserModelSettings = z.infer<typeof aiUserModelSettingsSchema>;

const baseUrl = line('base_url', AI_USER_MODEL_URL_MAX, { min: 1 }).refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
  } catch {
    return false;
  }
}, 'base_url must be an http(s) URL without user name or password, such as https://api.example.com/v1.');

/**
 * PUT /ai/settings/model. `api_key` may be left out when a key is already stored (changing only the model keeps
 * the key); some local servers need no key: send an empty `api_key` only if yours does not check one.
 */
export const putAiUserModelBodySchema = z.object({
  base_url: baseUrl,
  api_key: opaque('api_key', AI_USER_MODEL_KEY_MAX).optional(),
  model: line('model', AI_USER_MODEL_NAME_MAX, { min: 1 }),
  embedding_model: line('embedding_model', AI_USER_MODEL_NAME_MAX).optional(),
});
export type PutAiUserModelBody = z.infer<typeof putAiUserModelBodySchema>;

export const aiModelErrorCodes = [
  'AI_USER_KEYS_DISABLED',
  'AI_USER_MODEL_NOT_FOUND',
  'AI_USER_MODEL_KEY_REQUIRED',
  'AI_USER_MODEL_URL_PRIVATE',
  'AI_PROVIDER_AUTH_FAILED',
  'AI_PROVIDER_RATE_LIMITED',
  'AI_PROVIDER_UNAVAILABLE',
  'AI_PROVIDER_TIMEOUT',
  'AI_PROVIDER_BAD_REQUEST',
  'AI_PROVIDER_BAD_RESPONSE',
] as const;
export type AiModelErrorCode = (typeof aiModelErrorCodes)[number];
