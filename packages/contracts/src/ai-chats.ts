import { z } from 'zod';
import {
  AI_ACTION_KINDS,
  AI_ACTION_STATUSES,
  AI_CHART_TYPES,
  AI_MENTION_CATEGORIES,
  AI_MENTION_MAX,
  aiMentionSchema,
} from './ai.js';
import { line, multiline } from './text.js';

/**
 * AI assistant chats (spec section 3 "chat folders, prompts, folder item types, chat answer, mentions"; section 4
 * "reposting, selection mode, redo"; section 7 "AI assistant", paths under /api/ai). A chat is a list of entries in
 * the chat answer's shape: the user's messages (isUser true) and the assistant's answers. Folders group chats (and,
 * on the web, agents and knowledge) and may carry their own instructions and knowledge, as a project.
 */

export { AI_TIMEOUTS } from './ai-timeouts.js';

export const AI_MESSAGE_MAX_CHARS = 8000;
export const AI_CHAT_TITLE_MAX = 120;
export const AI_FOLDER_MAX_PER_USER = 100;
export const AI_PROMPT_MAX_PER_USER = 200;
export const AI_MEDIA_PER_MESSAGE_MAX = 10;

// ---------- entries (the chat answer shape) ----------

const sourceSchema = z.object({
  n: z.number().int(),
  kind: z.enum(['knowledge', 'news', 'event', 'metrics', 'trades', 'link', 'journal', 'strategy', 'market']),
  title: z.string(),
  excerpt: z.string(),
  url: z.string().nullable(),
  mediaId: z.string().optional(),
  chunk: z.number().int().optional(),
});

const actionSchema = z.object({
  id: z.string(),
  kind: z.enum(AI_ACTION_KINDS),
  status: z.enum(AI_ACTION_STATUSES),
  summary: z.string(),
  params: z.record(z.string(), z.unknown()),
  fromContent: z.boolean(),
  result: z.record(z.string(), z.unknown()).nullable(),
  redirectTo: z.string().nullable(),
  createdAt: z.string(),
});

const stepSchema = z.object({
  id: z.string(),
  kind: z.enum(['thinking', 'tool', 'retrieval', 'plan', 'note']),
  title: z.string(),
  tool: z.string().optional(),
  args: z.record(z.string(), z.unknown()).optional(),
  result: z.string().optional(),
  status: z.enum(['running', 'done', 'failed']),
});

const mediaFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
  lastModified: z.number(),
  fileUrl: z.string(),
});

const researchSchema = z.object({
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

/** An entry of a chat: AiAnswer (contracts/ai.ts) as it goes over the wire. */
export const aiAnswerSchema = z.object({
  text: z.string(),
  isUser: z.boolean(),
  chart_type: z.enum(AI_CHART_TYPES).nullable(),
  json_answer: z.record(z.string(), z.unknown()).nullable(),
  Currency_symbol: z.string().nullable(),
  symbol: z.string().nullable(),
  Date_interval: z.object({ start_date: z.string(), end_date: z.string() }).nullable(),
  event_ids: z.array(z.string()),
  news_ids: z.array(z.string()),
  Button: z.object({ label: z.string() }).nullable(),
  redirect_to: z.string().nullable(),
  A: z.string().nullable(),
  B: z.string().nullable(),
  chat_id: z.string(),
  response_id: z.string(),
  branches: z.array(z.object({ response_id: z.string(), text: z.string(), createdAt: z.string() })),
  screenshotTool: z.boolean(),
  isDeepAnalysis: z.boolean(),
  deepResearchData: researchSchema.nullable(),
  sources: z.array(sourceSchema),
  actions: z.array(actionSchema),
  steps: z.array(stepSchema),
  model: z.object({ id: z.string(), label: z.string(), builtIn: z.boolean() }),
  mentions: z.array(
    z.object({ category: z.enum(AI_MENTION_CATEGORIES), option: z.string(), subOption: z.string().nullable() }),
  ),
  media: z.array(mediaFileSchema),
  feedback: z.object({ vote: z.enum(['up', 'down']), comment: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});

// ---------- chats ----------

export const aiChatSchema = z.object({
  id: z.string(),
  title: z.string(),
  folderId: z.string().nullable(),
  /** The agent the chat is bound to (agent chat), or null. */
  agentId: z.string().nullable(),
  pinned: z.boolean(),
  archived: z.boolean(),
  /** The public read-only link while the chat is shared, else null. */
  share: z.object({ token: z.string(), url: z.string(), createdAt: z.string() }).nullable(),
  /** Number of entries (user messages and answers). */
  entries: z.number().int(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiChat = z.infer<typeof aiChatSchema>;

export const aiChatListSchema = z.object({
  chats: z.array(aiChatSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AiChatList = z.infer<typeof aiChatListSchema>;

/** A chat with its entries, oldest first. */
export const aiChatDetailSchema = z.object({ chat: aiChatSchema, messages: z.array(aiAnswerSchema) });
export type AiChatDetail = z.infer<typeof aiChatDetailSchema>;

const boolQuery = (field: string) =>
  z.enum(['true', 'false'], { error: `${field} must be true or false.` }).transform((v) => v === 'true');

export const aiChatListQuerySchema = z.object({
  search: line('search', 120).optional(),
  pinned: boolQuery('pinned').optional(),
  /** Default false: archived chats are listed only when asked for. */
  archived: boolQuery('archived').optional(),
  /** A folder id, or `none` for the chats outside any folder. */
  folder_id: z.union([z.uuid('folder_id must be a folder id (a UUID) or none.'), z.literal('none')]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AiChatListQuery = z.infer<typeof aiChatListQuerySchema>;

const titleSchema = line('title', AI_CHAT_TITLE_MAX, { min: 1 });
const folderIdSchema = z.uuid('folder_id must be a folder id (a UUID).').nullable();

export const createAiChatBodySchema = z
  .strictObject({ title: titleSchema.optional(), folder_id: folderIdSchema.optional() })
  .nullish();
export type CreateAiChatBody = z.infer<typeof createAiChatBodySchema>;

/** PATCH /ai/chats/{id}: rename, pin, archive, move to a folder (null: out of any folder). */
export const updateAiChatBodySchema = z.strictObject({
  title: titleSchema.optional(),
  pinned: z.boolean({ error: 'pinned must be true or false.' }).optional(),
  archived: z.boolean({ error: 'archived must be true or false.' }).optional(),
  folder_id: folderIdSchema.optional(),
});
export type UpdateAiChatBody = z.infer<typeof updateAiChatBodySchema>;

export const bulkDeleteAiChatsBodySchema = z.strictObject({
  ids: z
    .array(z.uuid('Each of ids must be a chat id (a UUID).'))
    .min(1, 'ids must hold at least one chat id.')
    .max(200, 'ids must have at most 200 items.'),
});
export const bulkDeleteAiChatsSchema = z.object({ deleted: z.number().int() });

const mentionsSchema = z
  .array(aiMentionSchema)
  .max(AI_MENTION_MAX, `mentions must have at most ${AI_MENTION_MAX} items.`)
  .optional();
const mediaIdsSchema = z
  .array(z.uuid('Each of media_ids must be a media file id (a UUID).'))
  .max(AI_MEDIA_PER_MESSAGE_MAX, `media_ids must have at most ${AI_MEDIA_PER_MESSAGE_MAX} items.`)
  .optional();
const contentSchema = multiline('content', AI_MESSAGE_MAX_CHARS, { min: 1 });

/** A user message: POST /ai/chats/{id}/messages (JSON answer) and /stream (SSE). */
export const aiMessageBodySchema = z.strictObject({
  content: contentSchema,
  mentions: mentionsSchema,
  media_ids: mediaIdsSchema,
  /** Deep search toggle: the answer is marked as a deep analysis. */
  deep_research: z.boolean({ error: 'deep_research must be true or false.' }).optional(),
});
export type AiMessageBody = z.infer<typeof aiMessageBodySchema>;

/** PUT /ai/chats/{id}/messages/{messageId} (history edit) and POST /ai/chats/{id}/repost. */
export const aiEditMessageBodySchema = z.strictObject({
  content: contentSchema,
  mentions: mentionsSchema,
  media_ids: mediaIdsSchema,
});
export type AiEditMessageBody = z.infer<typeof aiEditMessageBodySchema>;

export const aiChatMessageParamsSchema = z.object({ id: z.uuid(), messageId: z.uuid() });
export const aiChatResponseParamsSchema = z.object({ id: z.uuid(), responseId: z.uuid() });

/** POST /ai/chats/{id}/redo: the user message that goes back into the composer for editing. */
export const aiRedoSchema = z.object({
  content: z.string(),
  mentions: aiAnswerSchema.shape.mentions,
  media: aiAnswerSchema.shape.media,
});
export type AiRedo = z.infer<typeof aiRedoSchema>;

export const aiFeedbackBodySchema = z.strictObject({
  vote: z.enum(['up', 'down'], { error: 'vote must be up or down.' }),
  comment: multiline('comment', 1000).nullish(),
});
export type AiFeedbackBody = z.infer<typeof aiFeedbackBodySchema>;

const candleSchema = z.object({
  time: z.number({ error: 'Each candle time must be a unix time in seconds.' }).int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number().optional(),
});

/** POST /ai/chats/{id}/chart-analysis: the chart's own data goes to the analysis, not only a picture. */
export const aiChartAnalysisBodySchema = z.strictObject({
  symbol: line('symbol', 40, { min: 1 }),
  timeframe: line('timeframe', 10, { min: 1 }),
  question: multiline('question', 2000).optional(),
  candles: z.array(candleSchema).max(500, 'candles must have at most 500 items.').optional(),
  indicators: z
    .array(
      z.strictObject({
        name: line('indicator name', 60, { min: 1 }),
        /** The latest values of each plot, e.g. { rsi: 61.2 } or { macd: 0.0004, signal: 0.0002 }. */
        values: z.record(z.string().max(40), z.number().nullable()),
      }),
    )
    .max(20, 'indicators must have at most 20 items.')
    .optional(),
  /** A chart snapshot uploaded through POST /ai/media. */
  snapshot_media_id: z.uuid('snapshot_media_id must be a media file id (a UUID).').optional(),
});
export type AiChartAnalysisBody = z.infer<typeof aiChartAnalysisBodySchema>;

export const aiShareSchema = z.object({ token: z.string(), url: z.string(), createdAt: z.string() });
export type AiShare = z.infer<typeof aiShareSchema>;
export const aiShareTokenParamsSchema = z.object({ token: line('token', 100, { min: 1 }) });

/** GET /ai/shared/{token}: a shared chat as anyone with the link sees it (no actions, media or feedback). */
export const aiSharedChatSchema = z.object({
  title: z.string(),
  sharedAt: z.string(),
  messages: z.array(aiAnswerSchema),
});
export type AiSharedChat = z.infer<typeof aiSharedChatSchema>;

// ---------- folders ----------

export const AI_FOLDER_TYPES = ['CHAT', 'AGENT', 'KNOWLEDGE', 'TEAM'] as const;
export type AiFolderType = (typeof AI_FOLDER_TYPES)[number];
export const AI_FOLDER_DEFAULT_COLOR = '#8861E4';

const colorSchema = z
  .string({ error: 'color must be a colour such as #8861E4.' })
  .regex(/^#[0-9A-Fa-f]{6}$/, 'color must be a colour such as #8861E4.');

export const aiFolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  type: z.enum(AI_FOLDER_TYPES),
  /** Project instructions added to every chat of the folder. */
  instructions: z.string(),
  /** Knowledge (media ids) every chat of the folder can search. */
  knowledgeMediaIds: z.array(z.string()),
  chats: z.number().int(),
  prompts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiFolder = z.infer<typeof aiFolderSchema>;
export const aiFolderListSchema = z.object({ folders: z.array(aiFolderSchema) });

const knowledgeIdsSchema = z
  .array(z.uuid('Each of knowledge_media_ids must be a media file id (a UUID).'))
  .max(50, 'knowledge_media_ids must have at most 50 items.');

export const createAiFolderBodySchema = z.strictObject({
  name: line('name', 60, { min: 1 }),
  color: colorSchema.optional(),
  type: z.enum(AI_FOLDER_TYPES, { error: `type must be one of ${AI_FOLDER_TYPES.join(', ')}.` }).optional(),
  instructions: multiline('instructions', 4000).optional(),
  knowledge_media_ids: knowledgeIdsSchema.optional(),
});
export type CreateAiFolderBody = z.infer<typeof createAiFolderBodySchema>;
export const updateAiFolderBodySchema = createAiFolderBodySchema.partial();
export type UpdateAiFolderBody = z.infer<typeof updateAiFolderBodySchema>;

export const aiFolderListQuerySchema = z.object({
  type: z.enum(AI_FOLDER_TYPES, { error: `type must be one of ${AI_FOLDER_TYPES.join(', ')}.` }).optional(),
});

// ---------- prompts ----------

export const aiPromptSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The text, with {{variables}} the form asks for before sending. */
  prompt: z.string(),
  folderId: z.string().nullable(),
  /** Slash command (`/pretrade`) that inserts the prompt, or null. */
  command: z.string().nullable(),
  /** The {{variables}} of the prompt, in order of first use. */
  variables: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiPrompt = z.infer<typeof aiPromptSchema>;
export const aiPromptListSchema = z.object({ prompts: z.array(aiPromptSchema) });

export const aiPromptListQuerySchema = z.object({
  folder_id: z.uuid('folder_id must be a folder id (a UUID).').optional(),
  search: line('search', 120).optional(),
});

export const createAiPromptBodySchema = z.strictObject({
  name: line('name', 80, { min: 1 }),
  prompt: multiline('prompt', 4000, { min: 1 }),
  folder_id: folderIdSchema.optional(),
  command: z
    .string({ error: 'command must be text.' })
    .regex(
      /^[a-z0-9][a-z0-9_-]{0,31}$/,
      'command must be 1 to 32 lower-case letters, digits, - or _ (used as /command).',
    )
    .nullish(),
});
export type CreateAiPromptBody = z.infer<typeof createAiPromptBodySchema>;
export const updateAiPromptBodySchema = createAiPromptBodySchema.partial();
export type UpdateAiPromptBody = z.infer<typeof updateAiPromptBodySchema>;

/** The {{variables}} of a prompt, in order of first use (the prompt library's form asks for them). */
export function promptVariables(prompt: string): string[] {
  const out: string[] = [];
  for (const m of prompt.matchAll(/\{\{\s*([A-Za-z][A-Za-z0-9_]{0,39})\s*\}\}/g)) {
    const name = m[1] as string;
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/** Fills a prompt's {{variables}}; a variable left without a value stays as typed. */
export function fillPrompt(prompt: string, values: Record<string, string>): string {
  return prompt.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]{0,39})\s*\}\}/g, (all, name: string) =>
    values[name] !== undefined && values[name] !== '' ? values[name] : all,
  );
}

// ---------- sanity prompts (starter questions) ----------

export const aiSanityCategorySchema = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type AiSanityCategory = z.infer<typeof aiSanityCategorySchema>;
export const aiSanityPromptSchema = z.object({ id: z.string(), category: z.string(), text: z.string() });
export type AiSanityPrompt = z.infer<typeof aiSanityPromptSchema>;
export const aiSanityCategoryListSchema = z.object({ categories: z.array(aiSanityCategorySchema) });
export const aiSanityPromptListSchema = z.object({ prompts: z.array(aiSanityPromptSchema) });
export const aiSanityPromptQuerySchema = z.object({ category: line('category', 40).optional() });

// ---------- usage ----------

export const aiUsageSchema = z.object({
  day: z.string(),
  messages: z.object({ used: z.number().int(), limit: z.number().int() }),
  tokens: z.object({ used: z.number().int(), limit: z.number().int() }),
});

export const AI_CHAT_ERROR_CODES = [
  'AI_CHAT_NOT_FOUND',
  'AI_MESSAGE_NOT_FOUND',
  'AI_FOLDER_NOT_FOUND',
  'AI_PROMPT_NOT_FOUND',
  'AI_SHARE_NOT_FOUND',
  'AI_MEDIA_NOT_FOUND',
  'AI_FOLDER_LIMIT_REACHED',
  'AI_PROMPT_LIMIT_REACHED',
  'AI_PROMPT_COMMAND_TAKEN',
  'AI_CHAT_EMPTY',
  'AI_NOT_LAST_ANSWER',
  'AI_CHAT_AGENT_MISMATCH',
  'AI_LIMIT_REACHED',
  'AI_TURN_FAILED',
] as const;
export type AiChatErrorCode = (typeof AI_CHAT_ERROR_CODES)[number];
