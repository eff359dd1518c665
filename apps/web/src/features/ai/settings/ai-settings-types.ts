import type { AiModel, AiUserModelSettings } from '@tradedesk/contracts';

/**
 * The wire shapes of the AI model settings (ai-engine's `GET /ai/models`, `GET/PUT/DELETE /ai/settings/model`):
 * the contract's types (contracts/ai-models.ts) under the names the settings panel uses.
 */

/** A model the caller can use: the built-in analyst always, the operator's model and the user's own when set. */
export type AiModelInfo = AiModel;

/** The user's own model: the key is stored encrypted and never sent back, only its last four characters. */
export type AiUserModelSetting = AiUserModelSettings;

/** What the form sends (snake_case on the wire); an empty key is left out so the stored one is kept. */
export type AiUserModelInput = { baseUrl: string; apiKey?: string; model: string };
