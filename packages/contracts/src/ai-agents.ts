import { z } from 'zod';
import { aiMentionSchema } from './ai.js';
import { idFieldSchema } from './charts.js';
import { line, multiline } from './text.js';

/**
 * Agents and deep research (spec section 3 "agents", section 4 "agent public share", section 7 "Agents": paths not
 * shown, so they live under `/api/ai/...`, documented in docs/api.md "AI assistant: agents and deep research").
 *
 * An agent is a user's own assistant: instructions, knowledge items (files and links of the media library), slash
 * commands and a choice of tools from the registry (GET /ai/tools). Its owner may make it public: then anyone signed
 * in can see it, chat with it, pin and star it, and clone it when the owner allows, but never change it; its tools
 * always run as the CALLER (on the caller's own accounts and data), never as its owner. Pins and stars are per user.
 *
 * Deep research: a plan of 3 to 6 steps made from the question, each a read tool or a knowledge look-up, run with
 * progress streamed (`research` and `step` events), ending in a report with numbered sources; cancellable.
 * Request bodies snake_case, answers camelCase.
 */

export const AI_AGENT_NAME_MAX = 80;
export const AI_AGENT_DESCRIPTION_MAX = 500;
export const AI_AGENT_INSTRUCTIONS_MAX = 8000;
export const AI_AGENT_COMMANDS_MAX = 20;
export const AI_AGENT_COMMAND_PROMPT_MAX = 2000;
export const AI_AGENT_KNOWLEDGE_MAX = 50;
export const AI_AGENT_TOOLS_MAX = 50;
export const AI_AGENTS_MAX_PER_USER = 100;
export const AI_AGENT_MESSAGE_MAX = 8000;
export const AI_AGENT_MEDIA_MAX = 10;
export const AI_RESEARCH_QUESTION_MAX = 2000;
/** A deep research plan has at least 3 and at most 6 steps. */
export const AI_RESEARCH_MIN_STEPS = 3;
export const AI_RESEARCH_MAX_STEPS = 6;

export const AI_AGENT_KNOWLEDGE_TYPES = ['file', 'link'] as const;
export type AiAgentKnowledgeType = (typeof AI_AGENT_KNOWLEDGE_TYPES)[number];
export const AI_AGENT_SCOPES = ['mine', 'public'] as const;
export type AiAgentScope = (typeof AI_AGENT_SCOPES)[number];

// ---- pieces ---------------------------------------------------------------------------------------

const flag = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be true or false.` })
    .transform((v) => v === 'true')
    .optional();

/** A slash command's name: letters, digits, `-` and `_`, typed with or without its leading slash. */
export const aiAgentCommandNameSchema = line('command', 40, { min: 1 })
  .transform((s) => s.replace(/^\//, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9_-]{0,39}$/,
        'command must be 1 to 40 letters, digits, hyphens or underscores (the leading slash is optional).',
      ),
  );

export const aiAgentCommandBodySchema = z.strictObject({
  command: aiAgentCommandNameSchema,
  prompt: multiline('prompt', AI_AGENT_COMMAND_PROMPT_MAX, { min: 1 }),
});
export const aiAgentCommandsBodySchema = z
  .array(aiAgentCommandBodySchema, { error: 'commands must be a list of { command, prompt }.' })
  .max(AI_AGENT_COMMANDS_MAX, `commands may hold at most ${AI_AGENT_COMMANDS_MAX} commands.`)
  .refine((list) => new Set(list.map((c) => c.command)).size === list.length, 'Each command must be named only once.');

export const aiAgentKnowledgeItemBodySchema = z.strictObject({
  type: z.enum(AI_AGENT_KNOWLEDGE_TYPES, { error: `type must be one of ${AI_AGENT_KNOWLEDGE_TYPES.join(', ')}.` }),
  /** A file or link of the caller's media library (POST /ai/media, POST /ai/media/links). */
  media_id: idFieldSchema('media_id', 'a media file id'),
});
export const aiAgentKnowledgeBodySchema = z.strictObject({
  items: z
    .array(aiAgentKnowledgeItemBodySchema, { error: 'items must be a list of { type, media_id }.' })
    .max(AI_AGENT_KNOWLEDGE_MAX, `items may hold at most ${AI_AGENT_KNOWLEDGE_MAX} knowledge items.`),
});

const toolName = line('Each of tools', 60, { min: 1 });
/** Tool names of the registry; null = every tool of the registry. */
const toolNames = z
  .array(toolName, { error: 'tools must be a list of tool names.' })
  .max(AI_AGENT_TOOLS_MAX, `tools may hold at most ${AI_AGENT_TOOLS_MAX} names.`)
  .nullable();
export const aiAgentToolsBodySchema = z.strictObject({
  names: toolNames.describe('Tool names from GET /ai/tools; null: every tool of the registry.'),
});

export const aiAgentShareBodySchema = z.strictObject({
  /** What others see about the agent in the public list (defaults to the agent's description). */
  public_description: line('public_description', AI_AGENT_DESCRIPTION_MAX).optional(),
  /** Others may clone it (default true). */
  allow_clone: z.boolean({ error: 'allow_clone must be true or false.' }).optional(),
  /** Others may read its instructions and command prompts (default false). */
  show_instructions: z.boolean({ error: 'show_instructions must be true or false.' }).optional(),
});
export type AiAgentShareBody = z.infer<typeof aiAgentShareBodySchema>;

// ---- requests -------------------------------------------------------------------------------------

export const createAiAgentBodySchema = z.strictObject({
  name: line('name', AI_AGENT_NAME_MAX, { min: 1 }),
  description: line('description', AI_AGENT_DESCRIPTION_MAX).default(''),
  instructions: multiline('instructions', AI_AGENT_INSTRUCTIONS_MAX).default(''),
  commands: aiAgentCommandsBodySchema.default([]),
  tools: toolNames.default(null),
  knowledge: aiAgentKnowledgeBodySchema.shape.items.default([]),
});
export type CreateAiAgentBody = z.infer<typeof createAiAgentBodySchema>;

export const updateAiAgentBodySchema = z.strictObject({
  name: line('name', AI_AGENT_NAME_MAX, { min: 1 }).optional(),
  description: line('description', AI_AGENT_DESCRIPTION_MAX).optional(),
  instructions: multiline('instructions', AI_AGENT_INSTRUCTIONS_MAX).optional(),
  commands: aiAgentCommandsBodySchema.optional(),
  tools: toolNames.optional(),
  knowledge: aiAgentKnowledgeBodySchema.shape.items.optional(),
});
export type UpdateAiAgentBody = z.infer<typeof updateAiAgentBodySchema>;

export const aiAgentListQuerySchema = z.object({
  search: line('search', 100).optional(),
  starred: flag('starred'),
  pinned: flag('pinned'),
  /** mine (default): the caller's agents; public: every public agent, the caller's own included. */
  scope: z.enum(AI_AGENT_SCOPES, { error: `scope must be one of ${AI_AGENT_SCOPES.join(', ')}.` }).default('mine'),
  page: z.coerce
    .number({ error: 'page must be a whole number of at least 1.' })
    .int('page must be a whole number of at least 1.')
    .min(1, 'page must be a whole number of at least 1.')
    .max(100_000, 'page must be at most 100000.')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100.' })
    .int('limit must be a whole number from 1 to 100.')
    .min(1, 'limit must be a whole number from 1 to 100.')
    .max(100, 'limit must be a whole number from 1 to 100.')
    .default(50),
});
export type AiAgentListQuery = z.infer<typeof aiAgentListQuerySchema>;

const mediaIds = (max: number, min = 0) =>
  z
    .array(idFieldSchema('Each of media_ids', 'a media file id'), { error: 'media_ids must be a list of ids.' })
    .min(min, `media_ids must hold at least ${min} media file.`)
    .max(max, `media_ids may hold at most ${max} media files.`);

/** POST /ai/agents/{id}/chat (SSE). `/command rest` expands the agent's command prompt, followed by the rest. */
export const aiAgentChatBodySchema = z.strictObject({
  content: multiline('content', AI_AGENT_MESSAGE_MAX, { min: 1 }),
  /** Continues this chat of the caller's (bound to the agent); absent: a new chat. */
  chat_id: idFieldSchema('chat_id', 'a chat id').optional(),
  mentions: z.array(aiMentionSchema).max(10, 'mentions may hold at most 10 mentions.').default([]),
  media_ids: mediaIds(AI_AGENT_MEDIA_MAX).default([]),
});
export type AiAgentChatBody = z.infer<typeof aiAgentChatBodySchema>;

/** POST /ai/agents/{id}/media-chat (SSE): a message with at least one media file attached. */
export const aiAgentMediaChatBodySchema = aiAgentChatBodySchema.extend({
  media_ids: mediaIds(AI_AGENT_MEDIA_MAX, 1),
});
export type AiAgentMediaChatBody = z.infer<typeof aiAgentMediaChatBodySchema>;

export const aiResearchBodySchema = z.strictObject({
  question: multiline('question', AI_RESEARCH_QUESTION_MAX, { min: 1 }),
  chat_id: idFieldSchema('chat_id', 'a chat id').optional(),
  agent_id: idFieldSchema('agent_id', 'an agent id').optional(),
  mentions: z.array(aiMentionSchema).max(10, 'mentions may hold at most 10 mentions.').default([]),
  media_ids: mediaIds(AI_AGENT_MEDIA_MAX).default([]),
});
export type AiResearchBody = z.infer<typeof aiResearchBodySchema>;

// ---- answers --------------------------------------------------------------------------------------

export const aiAgentKnowledgeItemSchema = z.object({
  type: z.enum(AI_AGENT_KNOWLEDGE_TYPES),
  mediaId: z.string(),
  name: z.string(),
  mediaType: z.string(),
});
export type AiAgentKnowledgeItem = z.infer<typeof aiAgentKnowledgeItemSchema>;

export const aiAgentShareSchema = z.object({
  isPublic: z.boolean(),
  publicDescription: z.string().nullable(),
  allowClone: z.boolean(),
  showInstructions: z.boolean(),
  sharedAt: z.string().nullable(),
});
export type AiAgentShare = z.infer<typeof aiAgentShareSchema>;

export const aiAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Null for someone else's public agent whose owner does not show its instructions. */
  instructions: z.string().nullable(),
  /** Command prompts are null like the instructions. */
  commands: z.array(z.object({ command: z.string(), prompt: z.string().nullable() })),
  /** Null: every tool of the registry. */
  tools: z.array(z.string()).nullable(),
  knowledge: z.array(aiAgentKnowledgeItemSchema),
  share: aiAgentShareSchema,
  /** The caller owns it (only the owner may change, share or delete it). */
  isOwner: z.boolean(),
  /** The owner's username, shown on public agents. */
  ownerName: z.string().nullable(),
  pinned: z.boolean(),
  starred: z.boolean(),
  clonedFrom: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiAgent = z.infer<typeof aiAgentSchema>;

export const aiAgentListSchema = z.object({
  agents: z.array(aiAgentSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AiAgentList = z.infer<typeof aiAgentListSchema>;

const sourceSchema = z.object({
  n: z.number().int(),
  kind: z.enum(['knowledge', 'news', 'event', 'metrics', 'trades', 'link', 'journal', 'strategy', 'market']),
  title: z.string(),
  excerpt: z.string(),
  url: z.string().nullable(),
  mediaId: z.string().optional(),
  chunk: z.number().int().optional(),
});

/** AiDeepResearch of contracts/ai.ts as a schema (GET /ai/research/{id}). */
export const aiResearchSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'cancelled', 'failed']),
  question: z.string(),
  plan: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(['pending', 'running', 'done', 'failed', 'skipped']),
    }),
  ),
  report: z.string().nullable(),
  sources: z.array(sourceSchema),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const aiAgentErrorCodes = [
  'AI_AGENT_NOT_FOUND',
  'AI_AGENT_READ_ONLY',
  'AI_AGENT_LIMIT_REACHED',
  'AI_AGENT_NOT_PUBLIC',
  'AI_AGENT_CLONE_NOT_ALLOWED',
  'AI_AGENT_UNKNOWN_TOOL',
  'AI_AGENT_UNKNOWN_MEDIA',
  'AI_AGENT_UNKNOWN_COMMAND',
  'AI_RESEARCH_NOT_FOUND',
  'AI_RESEARCH_FINISHED',
] as const;
export type AiAgentErrorCode = (typeof aiAgentErrorCodes)[number];
