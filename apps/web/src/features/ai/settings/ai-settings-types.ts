/**
 * The wire shapes of the AI model settings (ai-engine's `GET /ai/models`, `GET/PUT/DELETE /ai/settings/model`),
 * written from the lead's design of issue 14. Replace with the contract's types once ai-engine's are merged.
 */

/** A model the caller can use: the built-in analyst always, the operator's model and the user's own when set. */
export type AiModelInfo = {
  id: string;
  label: string;
  builtIn: boolean;
  /** Where it comes from: the built-in analyst, the operator's configuration, or the user's own key. */
  source: 'built_in' | 'operator' | 'user';
  /** The one the assistant uses for this user now. */
  active: boolean;
};

/** The user's own model: the key is stored encrypted and never sent back, only whether one is set. */
export type AiUserModelSetting = {
  /** The operator lets users bring their own key (AI_USER_KEYS=allow). */
  allowed: boolean;
  baseUrl: string | null;
  model: string | null;
  hasKey: boolean;
  updatedAt: string | null;
};

export type AiUserModelInput = { baseUrl: string; apiKey: string; model: string };
