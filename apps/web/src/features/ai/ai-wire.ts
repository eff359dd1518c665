import type {
  AiAnswer,
  AiChat,
  AiChatList,
  AiFolder,
  AiFolderType,
  AiMention,
  AiModel,
  AiPrompt,
  AiSanityCategory,
  AiSanityPrompt,
  AiShare,
  AiUsage,
} from '@tradedesk/contracts';

/**
 * The AI screen's view of the chats, folders, prompts and starter questions of `/api/ai/...` (docs/api.md "AI
 * assistant"): the contract's types (contracts/ai-chats.ts, ai-models.ts), with the entries typed as the shared
 * AiAnswer of contracts/ai.ts (what the answer components read).
 */

export { AI_FOLDER_TYPES } from '@tradedesk/contracts';
export type {
  AiChat,
  AiChatList,
  AiFolder,
  AiFolderType,
  AiPrompt,
  AiSanityCategory,
  AiSanityPrompt,
  AiShare,
  AiUsage,
};

/** A chat with its entries, oldest first: user messages and answers, both in the answer's shape (isUser). */
export type AiChatDetail = { chat: AiChat; messages: AiAnswer[] };

export type AiModelInfo = AiModel;

/**
 * What the composer sends with a message (snake_case on the wire, as every body; the server refuses other keys).
 * Mentions go as the contract's input: `sub_option` left out when there is none (see `mentionInputs`).
 */
export type AiMessageBody = {
  content: string;
  mentions: { category: AiMention['category']; option: string; subOption?: string }[];
  mediaIds: string[];
  deepResearch?: boolean;
};

/** Mentions as a request carries them: the server takes `sub_option` as text or absent, never null. */
export function mentionInputs(mentions: readonly AiMention[]): AiMessageBody['mentions'] {
  return mentions.map((m) => ({
    category: m.category,
    option: m.option,
    ...(m.subOption ? { subOption: m.subOption } : {}),
  }));
}

/** The public, read-only view of a shared chat (GET /ai/shared/{token}). */
export type AiSharedChat = { title: string; messages: AiAnswer[]; sharedAt: string };
