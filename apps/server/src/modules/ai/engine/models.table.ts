import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/**
 * A user's own OpenAI-compatible provider (only used when the operator sets AI_USER_KEYS=allow). The key is sealed
 * with AES-256-GCM (`key_sealed`, the user id as additional data); `key_hint` keeps its last four characters to
 * show. No key (a local server that checks none): both null.
 */
export const aiUserModels = pgTable('ai_user_models', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  model: text('model').notNull(),
  embeddingModel: text('embedding_model'),
  keySealed: text('key_sealed'),
  keyHint: text('key_hint'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type AiUserModelRow = typeof aiUserModels.$inferSelect;
