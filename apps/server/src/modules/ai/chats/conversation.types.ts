import type { AiAnswer, AiDeepResearch, AiMention, AiStreamEvent } from '@tradedesk/contracts';

/**
 * The seam between ai-chats and its callers (the chat routes, ai-agents' agent chat / media chat / deep research,
 * the demo seed). `conversation.ask` stores the user message, builds the model messages (system prompt + folder or
 * agent instructions + history), picks the model and tools, runs one turn and stores the answer.
 */

/** An agent as a turn needs it. Tools always run as the CALLER (userId of the ask), never as the agent's owner. */
export type AgentRuntime = {
  id: string;
  ownerId: string;
  name: string;
  instructions: string;
  /** The tools the agent selected (names from the registry); null = every tool. */
  toolNames: string[] | null;
  /** Knowledge documents that belong to the agent (usable by anyone allowed to chat with it). */
  knowledgeMediaIds: string[];
};

export type AskInput = {
  /** The caller: whose chat it is and whose data the tools read. */
  userId: string;
  /** Continue this chat (owner-scoped: another user's id is a 404); null creates a new chat. */
  chatId: string | null;
  /** The agent the chat is bound to (a new chat is bound to it; an existing chat keeps its own binding). */
  agent: AgentRuntime | null;
  /** Folder (project) of a NEW chat; its instructions and knowledge apply. Ignored for an existing chat. */
  folderId?: string | null;
  /** The user message (Markdown / plain text). */
  content: string;
  mentions?: AiMention[];
  /** Media the user attached to this message (owner-scoped media ids). */
  mediaIds?: string[];
  /** Run as deep analysis (answer flagged isDeepAnalysis; ai-agents passes the research data). */
  deepResearch?: boolean;
  /** Deep research: the finished research (plan, report, sources) stored as the answer's deepResearchData. */
  deepResearchData?: AiDeepResearch | null;
  /** The answer concerns a chart snapshot / chart data the user attached (answer flagged screenshotTool). */
  screenshotTool?: boolean;
  /** Extra context for the model only (e.g. chart analysis: candles and indicator values as text); not shown. */
  context?: string | null;
  signal: AbortSignal;
  emit(event: AiStreamEvent): void;
};

export interface Conversation {
  /** Runs one turn and resolves with the stored answer (also emitted as the final `answer` event). */
  ask(input: AskInput): Promise<AiAnswer>;
}
