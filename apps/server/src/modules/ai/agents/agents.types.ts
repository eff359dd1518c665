import type { AiAnswer, AiDeepResearch, AiMention, AiSource, AiStreamEvent } from '@tradedesk/contracts';
import type { ChatModel, KnowledgeSearch, ToolRegistry } from '../ai.types.js';

/**
 * What the agents module needs of the other AI slices, declared structurally so it builds and tests on its own;
 * the lead passes the real ones at merge (ai-chats' `conversation`, ai-tools' `registry`, ai-knowledge's `search` and
 * media lookups, ai-engine's `models`).
 */

/** The agent a turn runs as (the same shape as ai-chats' AgentRuntime). */
export type AgentRuntime = {
  id: string;
  ownerId: string;
  name: string;
  instructions: string;
  /** null: every tool of the registry. */
  toolNames: string[] | null;
  /** The agent's knowledge documents (the owner's media files); searchable by whoever uses the agent. */
  knowledgeMediaIds: string[];
};

export type AgentAskInput = {
  /** The CALLER: their chat, their quota, and the user every tool reads the data of. */
  userId: string;
  chatId: string | null;
  agent: AgentRuntime | null;
  folderId: string | null;
  content: string;
  mentions: AiMention[];
  mediaIds: string[];
  signal: AbortSignal;
  emit(event: AiStreamEvent): void;
};

/** ai-chats' conversation (chats.module.ts): stores the message, runs the turn, stores and returns the answer. */
export interface AgentConversation {
  ask(input: AgentAskInput): Promise<AiAnswer>;
}

/** ai-knowledge's media library, as far as agents use it. */
export interface AgentMedia {
  /** The files among `ids` that belong to `userId` (others are left out). */
  describe(userId: string, ids: string[]): Promise<{ id: string; name: string; type: string }[]>;
  /**
   * Copies a media file (its bytes and its indexed passages with their embeddings) into another user's library;
   * used when cloning a public agent. Null when the file no longer exists.
   */
  copy?(
    fromUserId: string,
    mediaId: string,
    toUserId: string,
  ): Promise<{ id: string; name: string; type: string } | null>;
}

/** ai-engine's model selection. */
export interface AgentModels {
  forUser(userId: string): Promise<ChatModel>;
}

/**
 * Optional: ai-chats stores a finished research in the chat as an answer (isDeepAnalysis, deepResearchData) and
 * returns it. Without it the research answer is built here and not stored in a chat.
 */
export interface ResearchChatSink {
  saveResearch(input: {
    userId: string;
    chatId: string | null;
    agentId: string | null;
    question: string;
    research: AiDeepResearch;
    text: string;
    sources: AiSource[];
    model: AiAnswer['model'];
  }): Promise<AiAnswer>;
}

/** Optional: ai-chats' daily quotas (423 AI_LIMIT_MESSAGE past one), for research runs. */
export interface ResearchQuota {
  assertAllowed(userId: string): Promise<void>;
  record(userId: string, usage: { messages: number; tokens: number }): Promise<void>;
}

export type AgentsDeps = {
  conversation: AgentConversation;
  registry: ToolRegistry;
  knowledge: KnowledgeSearch;
  media: AgentMedia;
  models: AgentModels;
  users?: { getById(id: string): Promise<{ username: string }> };
  chats?: ResearchChatSink;
  quota?: ResearchQuota;
};
