import type { AiAnswer, AiMention, AiUsage } from '@tradedesk/contracts';

/**
 * The AI screen's view of the chats, folders, prompts and starter questions of `/api/ai/...` (docs/api.md "AI
 * assistant"). The server's zod schemas for these live in contracts' ai-chats.ts, written by the chats slice at the
 * same time as this screen: these types are the answers as the lead's design describes them, kept in this one file
 * so that aligning them with the contract after the merge touches nothing else.
 */

export const AI_FOLDER_TYPES = ['CHAT', 'AGENT', 'KNOWLEDGE', 'TEAM'] as const;
export type AiFolderType = (typeof AI_FOLDER_TYPES)[number];

export type AiChat = {
  id: string;
  title: string;
  pinned: boolean;
  archived: boolean;
  folderId: string | null;
  agentId: string | null;
  share?: { token: string; url: string; createdAt: string } | null;
  createdAt: string;
  updatedAt: string;
};

/** A chat with its entries, oldest first: user messages and answers, both in the answer's shape (isUser). */
export type AiChatDetail = { chat: AiChat; messages: AiAnswer[] };

export type AiChatList = { chats: AiChat[]; total: number };

export type AiFolder = {
  id: string;
  name: string;
  color: string;
  type: AiFolderType;
  instructions: string;
  knowledgeMediaIds: string[];
};

export type AiPrompt = {
  id: string;
  name: string;
  prompt: string;
  folderId: string | null;
  /** The slash command that inserts it ("risk" for /risk), or null. */
  command: string | null;
};

export type AiSanityPrompt = { id: string; category: string; text: string };
export type AiSanityCategory = { id: string; name: string };

export type AiModelInfo = { id: string; label: string; builtIn: boolean; active: boolean };

export type AiShare = { token: string; url: string };

/** What the composer sends with a message (snake_case on the wire, as every body; the server refuses other keys). */
export type AiMessageBody = {
  content: string;
  mentions: AiMention[];
  mediaIds: string[];
  deepResearch?: boolean;
};

/** The public, read-only view of a shared chat (GET /ai/shared/{token}). */
export type AiSharedChat = { title: string; messages: AiAnswer[]; sharedAt: string };

export type { AiUsage };
