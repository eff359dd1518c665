import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/**
 * Actions the assistant proposed in a chat (create an alert, draft an order, ...). A row is written `proposed` by a
 * turn and changes only by its owner's decision: `confirmed` (the tool ran, `result` says what it did), `failed`
 * (the tool refused, `result.error` says why) or `rejected`. The status moves away from `proposed` at most once
 * (a conditional update), so a proposal runs at most once whatever the number of clicks or processes.
 */
export const aiActions = pgTable(
  'ai_actions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The chat and answer the proposal belongs to (ai_chats/ai_messages ids; no foreign key across slices). */
    chatId: text('chat_id').notNull(),
    responseId: text('response_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    summary: text('summary').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    redirectTo: text('redirect_to'),
    fromContent: boolean('from_content').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('ai_actions_user_idx').on(t.userId, t.createdAt), index('ai_actions_chat_idx').on(t.chatId)],
);
export type AiActionRow = typeof aiActions.$inferSelect;
