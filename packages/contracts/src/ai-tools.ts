import { z } from 'zod';
import { AI_ACTION_KINDS, AI_ACTION_STATUSES, AI_CHART_TYPES } from './ai.js';

/**
 * The AI assistant's tools (GET /ai/tools: the registry, for the agents' tools picker) and the proposed actions a
 * turn leaves in the chat (GET /ai/actions/{id}, POST /ai/actions/{id}/confirm | reject). A tool either reads the
 * caller's own data or proposes an action; an action runs only when its owner confirms it, and at most once.
 */

/** Read tools: the caller's own data, never anyone else's. */
export const AI_READ_TOOLS = [
  'get_accounts',
  'get_performance',
  'get_trades',
  'get_positions',
  'get_prop_status',
  'size_position',
  'get_candles',
  'get_indicator',
  'get_chart_readings',
  'get_calendar',
  'get_news',
  'get_strategies',
  'get_playbook_compliance',
  'get_journal',
  'search_knowledge',
] as const;
/** Action tools: they only propose; the user's confirm runs them. Same names as the action kinds. */
export const AI_ACTION_TOOLS = AI_ACTION_KINDS;
export const AI_TOOL_NAMES = [...AI_READ_TOOLS, ...AI_ACTION_TOOLS] as const;
export type AiToolName = (typeof AI_TOOL_NAMES)[number];

/** The periods the tools understand (in the user's time zone); explicit `from`/`to` (YYYY-MM-DD) win over them. */
export const AI_PERIODS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'all',
] as const;
export type AiPeriod = (typeof AI_PERIODS)[number];

/**
 * GET /ai/insights: the AI screen's insight tabs (spec section 2) read without a chat: performance (equity),
 * time (by hour), symbol allocation and time analysis (day of week) over an account and a period, from the same
 * tool (get_performance) the assistant answers with. Nothing is stored and no message is counted.
 */
export const AI_INSIGHT_TABS = ['performance', 'time', 'symbol_allocation', 'time_analysis'] as const;
export type AiInsightTab = (typeof AI_INSIGHT_TABS)[number];
export const aiInsightQuerySchema = z.object({
  tab: z.enum(AI_INSIGHT_TABS, { error: `tab must be one of ${AI_INSIGHT_TABS.join(', ')}.` }),
  account_id: z.uuid('account_id must be an account id (a UUID).').optional(),
  period: z.enum(AI_PERIODS, { error: `period must be one of ${AI_PERIODS.join(', ')}.` }).default('this_week'),
});
export type AiInsightQuery = z.infer<typeof aiInsightQuerySchema>;
export const aiInsightSchema = z.object({
  tab: z.enum(AI_INSIGHT_TABS),
  /** The chart as an answer carries it (null with no trades to draw). */
  chart_type: z.enum(AI_CHART_TYPES).nullable(),
  json_answer: z.object({ rows: z.array(z.record(z.string(), z.unknown())) }).nullable(),
  Currency_symbol: z.string().nullable(),
  Date_interval: z.object({ start_date: z.string(), end_date: z.string() }).nullable(),
  /** The figures in a few lines (the tool's summary). */
  summary: z.string(),
});
export type AiInsight = z.infer<typeof aiInsightSchema>;

export const aiToolInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
  kind: z.enum(['read', 'action']),
  /** JSON schema of the arguments (what a model is given). */
  parameters: z.record(z.string(), z.unknown()),
});
export type AiToolInfo = z.infer<typeof aiToolInfoSchema>;
export const aiToolListSchema = z.object({ tools: z.array(aiToolInfoSchema) });
export type AiToolList = z.infer<typeof aiToolListSchema>;

/** An action as the wire carries it (the AiAction of ai.ts, with the chat and answer it belongs to). */
export const aiActionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(AI_ACTION_KINDS),
  status: z.enum(AI_ACTION_STATUSES),
  summary: z.string(),
  params: z.record(z.string(), z.unknown()),
  fromContent: z.boolean(),
  result: z.record(z.string(), z.unknown()).nullable(),
  redirectTo: z.string().nullable(),
  createdAt: z.string(),
  chatId: z.string(),
  responseId: z.string(),
  decidedAt: z.string().nullable(),
});
export type AiActionView = z.infer<typeof aiActionSchema>;

export const aiActionParamsSchema = z.object({
  id: z.uuid({ error: 'id must be an action id (a UUID).' }),
});

/** POST /ai/actions/{id}/confirm and /reject take no body (an empty JSON object is accepted). */
export const aiActionDecisionBodySchema = z.strictObject({}).nullish();

export const aiToolErrorCodes = [
  'AI_ACTION_NOT_FOUND',
  /** The action was already confirmed, rejected or failed: a proposal runs at most once. */
  'AI_ACTION_DECIDED',
] as const;
export type AiToolErrorCode = (typeof aiToolErrorCodes)[number];
