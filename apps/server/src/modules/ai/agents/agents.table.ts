import type { AiAgentKnowledgeType, AiDeepResearch, AiSource } from '@tradedesk/contracts';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

export type AgentCommand = { command: string; prompt: string };
export type AgentKnowledgeRef = { type: AiAgentKnowledgeType; mediaId: string; name: string; mediaType: string };

/**
 * A user's agent. `tool_names` null: every tool of the registry. `knowledge` references files and links of the
 * owner's media library (their names kept for listing). The share columns hold the public share configuration.
 */
export const aiAgents = pgTable(
  'ai_agents',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    commands: jsonb('commands').$type<AgentCommand[]>().notNull().default([]),
    toolNames: jsonb('tool_names').$type<string[] | null>(),
    knowledge: jsonb('knowledge').$type<AgentKnowledgeRef[]>().notNull().default([]),
    isPublic: boolean('is_public').notNull().default(false),
    publicDescription: text('public_description'),
    allowClone: boolean('allow_clone').notNull().default(true),
    showInstructions: boolean('show_instructions').notNull().default(false),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    /** The agent this one was cloned from (kept when that one is deleted, for the record). */
    clonedFrom: uuid('cloned_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ai_agents_owner_idx').on(t.ownerId, t.updatedAt), index('ai_agents_public_idx').on(t.isPublic)],
);
export type AiAgentRow = typeof aiAgents.$inferSelect;

/** Each user's pin and star of an agent (their own or a public one). */
export const aiAgentMarks = pgTable(
  'ai_agent_marks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => aiAgents.id, { onDelete: 'cascade' }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    starredAt: timestamp('starred_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.agentId] })],
);
export type AiAgentMarkRow = typeof aiAgentMarks.$inferSelect;

/**
 * A deep research run. Kept in the database so any process answers GET, and so a cancel reaches the process that
 * runs it (it reads the status between steps) even when the cancel call lands on another process.
 */
export const aiResearch = pgTable(
  'ai_research',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').references(() => aiAgents.id, { onDelete: 'set null' }),
    chatId: uuid('chat_id'),
    question: text('question').notNull(),
    status: text('status').$type<AiDeepResearch['status']>().notNull(),
    plan: jsonb('plan').$type<AiDeepResearch['plan']>().notNull().default([]),
    report: text('report'),
    sources: jsonb('sources').$type<AiSource[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ai_research_user_idx').on(t.userId, t.startedAt)],
);
export type AiResearchRow = typeof aiResearch.$inferSelect;
