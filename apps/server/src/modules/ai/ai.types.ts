import type { AiAction, AiActionKind, AiChartType, AiMention, AiSource, AiStreamEvent } from '@tradedesk/contracts';
import type { z } from 'zod';

/**
 * The seams of the AI module. A turn is: the chats service builds the conversation, picks a model (the built-in
 * analyst or an OpenAI-compatible provider), and the orchestrator runs the model with the tool registry until it
 * answers, streaming AiStreamEvents. Tools read the caller's own data through other modules' services; action tools
 * only ever PROPOSE (an AiAction with status `proposed`), and the user's confirm call runs them.
 */

// ---------- models ----------

export type ModelToolCall = { id: string; name: string /** JSON text of the arguments */; arguments: string };

export type ModelMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ModelToolCall[] }
  | {
      role: 'tool';
      toolCallId: string;
      name: string /** JSON text of the ToolResult's `data` and `summary` */;
      content: string;
    };

/** A tool as the model sees it (OpenAI function-calling shape). */
export type ModelToolSpec = { name: string; description: string; parameters: Record<string, unknown> };

export type ModelRequest = {
  messages: ModelMessage[];
  tools: ModelToolSpec[];
  /** Hints for the built-in analyst (a model provider ignores them): the mentions of the last user message. */
  mentions?: AiMention[];
  /**
   * Hint for the built-in analyst: the turn has documents in scope (a project folder, an agent's knowledge or
   * attached files), so an open question is looked up in them rather than answered "I can't answer that".
   */
  documentsInScope?: boolean;
  /** Upper bound of output tokens. */
  maxTokens?: number;
};

export type ModelEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool_call'; call: ModelToolCall }
  /**
   * Follow-up questions the model suggests (the answer's A and B). Added by ai-analyst: the built-in analyst emits
   * it before `done`; the orchestrator puts them ahead of the tools' followUps. A provider model never emits it.
   */
  | { type: 'follow_ups'; questions: string[] }
  | { type: 'done'; usage: { promptTokens: number; completionTokens: number } };

/** One model. `chat` streams a single round: text deltas and/or tool calls, then `done`. */
export interface ChatModel {
  id: string;
  label: string;
  /** True for the built-in analyst: the UI labels it "Built-in analyst" and it never claims to be a language model. */
  builtIn: boolean;
  chat(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent>;
  /** Present when the provider offers embeddings. */
  embed?(texts: string[], signal: AbortSignal): Promise<number[][]>;
  /** Which embedding model `embed` uses (`<provider host>/<model>`): vectors of different models never mix. */
  embeddingId?: string;
}

// ---------- tools ----------

export type ToolContext = {
  /** Whose data the tool reads. For a public agent used by someone else this is the CALLER, never the owner. */
  userId: string;
  nowMs: number;
  signal: AbortSignal;
  /** The chat the turn belongs to (proposed actions are attached to it). */
  chatId: string;
  responseId: string;
  /** True once the turn has read untrusted content (documents, links, news): proposals are flagged fromContent. */
  readUntrusted: boolean;
  /** Knowledge scope for retrieval: the chat's folder (project) and/or agent. */
  knowledge: { folderId: string | null; agentId: string | null; mediaIds: string[] };
};

/** What a read tool returns. The orchestrator turns the structured parts into the answer's fields. */
export type ToolResult = {
  /** Short plain text for the model (a few lines with the key figures). */
  summary: string;
  /** The full structured result (sent to the model as JSON, kept for the answer's json_answer). */
  data: unknown;
  /** True when `data` carries third-party text (documents, links, news bodies). */
  untrusted?: boolean;
  sources?: Omit<AiSource, 'n'>[];
  chart?: { type: AiChartType; rows: Record<string, unknown>[]; currency?: string | null };
  eventIds?: string[];
  newsIds?: string[];
  symbol?: string;
  dateInterval?: { start_date: string; end_date: string };
  /** An in-app screen the result is about, with its button label. */
  open?: { path: string; label: string };
  followUps?: string[];
};

export interface AiTool<A = unknown> {
  name: string;
  description: string;
  /** zod schema of the arguments (converted to JSON schema for the model with z.toJSONSchema). */
  parameters: z.ZodType<A>;
  kind: 'read' | 'action';
  /** Read tools: run. Action tools: validate and describe the proposal (never change anything). */
  run(ctx: ToolContext, args: A): Promise<ToolResult>;
  /** Action tools only: what the proposal will do. */
  propose?(
    ctx: ToolContext,
    args: A,
  ): Promise<{ kind: AiActionKind; summary: string; params: Record<string, unknown>; redirectTo: string | null }>;
  /** Action tools only: run a confirmed proposal (called by the confirm route, never by a turn). */
  execute?(
    userId: string,
    params: Record<string, unknown>,
  ): Promise<{ result: Record<string, unknown>; redirectTo: string | null }>;
}

export interface ToolRegistry {
  list(): AiTool[];
  get(name: string): AiTool | undefined;
  /** The subset an agent selected (by name); unknown names are ignored. */
  pick(names: readonly string[] | null): AiTool[];
}

/** Proposed actions, kept per chat so a confirm click can run exactly what was shown. */
export interface ActionStore {
  propose(input: {
    userId: string;
    chatId: string;
    responseId: string;
    kind: AiActionKind;
    summary: string;
    params: Record<string, unknown>;
    redirectTo: string | null;
    fromContent: boolean;
  }): Promise<AiAction>;
}

// ---------- the turn ----------

export type TurnInput = {
  userId: string;
  chatId: string;
  responseId: string;
  model: ChatModel;
  messages: ModelMessage[];
  mentions: AiMention[];
  tools: AiTool[];
  knowledge: ToolContext['knowledge'];
  signal: AbortSignal;
  emit(event: AiStreamEvent): void;
};

export type TurnOutput = {
  text: string;
  sources: AiSource[];
  actions: AiAction[];
  /** Structured answer parts gathered from the tool results. */
  chart: ToolResult['chart'] | null;
  eventIds: string[];
  newsIds: string[];
  symbol: string | null;
  dateInterval: ToolResult['dateInterval'] | null;
  open: ToolResult['open'] | null;
  followUps: string[];
  steps: import('@tradedesk/contracts').AiStep[];
  usage: { promptTokens: number; completionTokens: number };
};

/** Retrieval over a user's knowledge (documents, images' text, links), used by the `search_knowledge` tool. */
export interface KnowledgeSearch {
  search(
    userId: string,
    scope: ToolContext['knowledge'],
    query: string,
    limit: number,
    signal?: AbortSignal,
  ): Promise<{ mediaId: string; name: string; chunk: number; text: string; score: number; url: string }[]>;
}
