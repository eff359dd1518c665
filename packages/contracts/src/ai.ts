import { z } from 'zod';

/**
 * The AI assistant's shared wire shapes (spec section 3 "chat answer", "media file", "mentions"; section 7 "AI
 * assistant" and "Agents", whose paths the spec does not show: they live under `/api/ai/...`, documented in
 * docs/api.md). Chats, folders and prompts are in ai-chats.ts, media and knowledge in ai-media.ts, agents and
 * deep research in ai-agents.ts; this file holds what all of them share: the answer, its sources and proposed
 * actions, mentions, and the events of a streamed turn.
 */

/** Where the AI routes live (the web client's `ai` host). */
export const AI_PREFIX = '/ai';

/** Charts an answer can draw from its own data (spec: chart_type). */
export const AI_CHART_TYPES = ['equity', 'time', 'day_of_week', 'symbol_allocation', 'bars'] as const;
export type AiChartType = (typeof AI_CHART_TYPES)[number];

/** Mentions (spec: category, option, sub_option): what a message is about. The same triple is never added twice. */
export const AI_MENTION_CATEGORIES = ['symbol', 'account', 'strategy', 'date_range'] as const;
export type AiMentionCategory = (typeof AI_MENTION_CATEGORIES)[number];
export const AI_MENTION_MAX = 10;
export const aiMentionSchema = z.object({
  category: z.enum(AI_MENTION_CATEGORIES, {
    error: `category must be one of ${AI_MENTION_CATEGORIES.join(', ')}.`,
  }),
  /** The thing itself: a ticker, an account id, a strategy id, or a range start (YYYY-MM-DD). */
  option: z.string().trim().min(1, 'option must not be empty.').max(200, 'option must be at most 200 characters.'),
  /** A refinement: a timeframe for a symbol, the range end (YYYY-MM-DD) for a date range, or empty. */
  sub_option: z.string().trim().max(200, 'sub_option must be at most 200 characters.').optional(),
});
export type AiMentionInput = z.infer<typeof aiMentionSchema>;
export type AiMention = { category: AiMentionCategory; option: string; subOption: string | null };

/** Adds mentions to a list without ever adding the same (category, option, sub_option) twice (spec section 5). */
export function addMentions<M extends { category: string; option: string; subOption?: string | null }>(
  list: readonly M[],
  more: readonly M[],
): M[] {
  const key = (m: M) => `${m.category}\u0000${m.option}\u0000${m.subOption ?? ''}`;
  const seen = new Set(list.map(key));
  const out = [...list];
  for (const m of more) {
    const k = key(m);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(m);
  }
  return out;
}

/** A passage or record an answer used: shown in the link panel, cited in the text as [n]. */
export type AiSource = {
  /** 1-based citation number within the answer. */
  n: number;
  kind: 'knowledge' | 'news' | 'event' | 'metrics' | 'trades' | 'link' | 'journal' | 'strategy' | 'market';
  title: string;
  /** The cited passage (knowledge), headline (news) or a one-line description of the data. */
  excerpt: string;
  /** In-app path or http(s) URL that opens it; null when none. */
  url: string | null;
  /** Knowledge: the media file and chunk the passage came from. */
  mediaId?: string;
  chunk?: number;
};

/** An action a tool proposed. Nothing happens until the user confirms it in the chat (POST .../confirm). */
export const AI_ACTION_KINDS = [
  'create_alert',
  'draft_order',
  'add_to_watchlist',
  'tag_trade',
  'write_journal_note',
] as const;
export type AiActionKind = (typeof AI_ACTION_KINDS)[number];
export const AI_ACTION_STATUSES = ['proposed', 'confirmed', 'rejected', 'failed'] as const;
export type AiActionStatus = (typeof AI_ACTION_STATUSES)[number];
export type AiAction = {
  id: string;
  kind: AiActionKind;
  status: AiActionStatus;
  /** One sentence saying exactly what confirming does ("Create a price alert: EURUSD crossing 1.0850."). */
  summary: string;
  /** The action's arguments as the tool will run them (e.g. the drafted order). */
  params: Record<string, unknown>;
  /** True when the proposal came from a turn that read untrusted content (documents, links, news). */
  fromContent: boolean;
  /** After confirmation: what happened (created ids, the order ticket link) or why it failed. */
  result: Record<string, unknown> | null;
  /** draft_order: opens the order ticket prefilled; the order is only sent by the user's click there. */
  redirectTo: string | null;
  createdAt: string;
};

/** A step of a turn, shown live in the thought panel. */
export type AiStep = {
  id: string;
  kind: 'thinking' | 'tool' | 'retrieval' | 'plan' | 'note';
  title: string;
  /** Tool steps: the tool and its arguments. */
  tool?: string;
  args?: Record<string, unknown>;
  /** A one-line outcome once done. */
  result?: string;
  status: 'running' | 'done' | 'failed';
};

/**
 * The chat answer of spec section 3. Field names are the spec's (hence the odd capitals). `text` is Markdown with
 * [n] citations into `sources`. Structured parts come from the tools the turn used, whatever model wrote the text.
 */
export type AiAnswer = {
  text: string;
  isUser: boolean;
  chart_type: AiChartType | null;
  /** The data the chart draws: rows of { label, value } (or { time, value } for equity). */
  json_answer: Record<string, unknown> | null;
  Currency_symbol: string | null;
  symbol: string | null;
  Date_interval: { start_date: string; end_date: string } | null;
  event_ids: string[];
  news_ids: string[];
  /** A button that opens the screen the answer talks about. */
  Button: { label: string } | null;
  redirect_to: string | null;
  /** Follow-up questions. */
  A: string | null;
  B: string | null;
  chat_id: string;
  response_id: string;
  /** Regenerated alternatives of this answer, oldest first (the current one is the answer itself). */
  branches: { response_id: string; text: string; createdAt: string }[];
  /** The answer concerns a chart snapshot the user attached (chart analysis). */
  screenshotTool: boolean;
  isDeepAnalysis: boolean;
  deepResearchData: AiDeepResearch | null;
  /** Extensions. */
  sources: AiSource[];
  actions: AiAction[];
  steps: AiStep[];
  /** Which model wrote it: the built-in analyst or the configured model's name. */
  model: { id: string; label: string; builtIn: boolean };
  mentions: AiMention[];
  media: AiMediaFile[];
  feedback: { vote: 'up' | 'down'; comment: string | null } | null;
  createdAt: string;
};

/** Media file (spec section 3). */
export type AiMediaFile = {
  id: string;
  name: string;
  type: string;
  size: number;
  /** The file's own modification time as the browser reported it (ms since epoch). */
  lastModified: number;
  fileUrl: string;
};

/** Deep research: a plan of steps run with visible progress, ending in a report with sources. */
export type AiDeepResearch = {
  id: string;
  status: 'running' | 'done' | 'cancelled' | 'failed';
  question: string;
  plan: { id: string; title: string; status: 'pending' | 'running' | 'done' | 'failed' | 'skipped' }[];
  report: string | null;
  sources: AiSource[];
  startedAt: string;
  finishedAt: string | null;
};

/**
 * Events of a streamed turn (Server-Sent Events on the stream routes: `event: <type>`, `data: <json>`). A turn
 * always ends with exactly one `answer` or `error`.
 */
export type AiStreamEvent =
  | { type: 'start'; chat_id: string; response_id: string; model: AiAnswer['model'] }
  | { type: 'step'; step: AiStep }
  | { type: 'delta'; text: string }
  | { type: 'source'; source: AiSource }
  | { type: 'action'; action: AiAction }
  | { type: 'research'; research: AiDeepResearch }
  | { type: 'answer'; answer: AiAnswer }
  | { type: 'error'; statusCode: number; code: string; message: string };

/** Per-user daily quotas (counted per message; shown to the user). Past one: 423 "Feature limit reached". */
export type AiUsage = {
  day: string;
  messages: { used: number; limit: number };
  tokens: { used: number; limit: number };
};
export const AI_LIMIT_MESSAGE = 'Feature limit reached: your daily AI assistant allowance is used up.';
