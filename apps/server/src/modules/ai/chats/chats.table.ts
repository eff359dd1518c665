import type { AiAnswer, AiFolderType, AiMediaFile, AiMention } from '@tradedesk/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/** Chat folders (projects): chats and prompts may sit in one; its instructions and knowledge apply to its chats. */
export const aiFolders = pgTable(
  'ai_folders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    type: text('type').$type<AiFolderType>().notNull(),
    instructions: text('instructions').notNull().default(''),
    knowledgeMediaIds: jsonb('knowledge_media_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ai_folders_user_idx').on(t.userId, t.createdAt)],
);
export type AiFolderRow = typeof aiFolders.$inferSelect;

/** A chat. `agent_id` binds it to an agent (ai-agents' table; no foreign key across slices, checked by the service). */
export const aiChats = pgTable(
  'ai_chats',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    folderId: uuid('folder_id').references(() => aiFolders.id, { onDelete: 'set null' }),
    agentId: uuid('agent_id'),
    pinned: boolean('pinned').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ai_chats_user_idx').on(t.userId, t.updatedAt), index('ai_chats_agent_idx').on(t.agentId)],
);
export type AiChatRow = typeof aiChats.$inferSelect;

/** The stored part of an answer: everything of AiAnswer but the fields the row itself holds. */
export type StoredAnswer = Omit<AiAnswer, 'chat_id' | 'response_id' | 'branches' | 'feedback' | 'createdAt' | 'isUser'>;
export type StoredBranch = { response_id: string; text: string; createdAt: string };

/**
 * The entries of a chat in order (`seq`): user messages and answers. An answer's `response_id` changes when it is
 * regenerated; the alternatives it replaced are kept in `branches`.
 */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => aiChats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    /** User message: its text. Answer: the answer's text. */
    content: text('content').notNull(),
    mentions: jsonb('mentions').$type<AiMention[]>().notNull().default([]),
    media: jsonb('media').$type<AiMediaFile[]>().notNull().default([]),
    responseId: uuid('response_id'),
    answer: jsonb('answer').$type<StoredAnswer>(),
    branches: jsonb('branches').$type<StoredBranch[]>().notNull().default([]),
    feedbackVote: text('feedback_vote').$type<'up' | 'down'>(),
    feedbackComment: text('feedback_comment'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ai_messages_chat_seq_idx').on(t.chatId, t.seq),
    index('ai_messages_response_idx').on(t.responseId),
  ],
);
export type AiMessageRow = typeof aiMessages.$inferSelect;

/** Public read-only links to chats (the token is the capability; deleting the row revokes it). */
export const aiShares = pgTable(
  'ai_shares',
  {
    chatId: uuid('chat_id')
      .primaryKey()
      .references(() => aiChats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('ai_shares_token_idx').on(t.token)],
);
export type AiShareRow = typeof aiShares.$inferSelect;

/** The prompt library. `command` is unique per user (slash commands). */
export const aiPrompts = pgTable(
  'ai_prompts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prompt: text('prompt').notNull(),
    folderId: uuid('folder_id').references(() => aiFolders.id, { onDelete: 'set null' }),
    command: text('command'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ai_prompts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('ai_prompts_command_idx').on(t.userId, t.command),
  ],
);
export type AiPromptRow = typeof aiPrompts.$inferSelect;

/** Per-user daily usage (UTC day), counted per message; tokens as the model reported them. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    messages: integer('messages').notNull().default(0),
    tokens: integer('tokens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
