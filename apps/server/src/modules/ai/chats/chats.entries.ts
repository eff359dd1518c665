import type { AiAction, AiAnswer, AiChat } from '@tradedesk/contracts';
import type { AiChatRow, AiMessageRow, AiShareRow } from './chats.table.js';

/** The model field of a user's own entries (the answer shape has no "author" otherwise). */
export const USER_MODEL = { id: 'user', label: 'You', builtIn: false } as const;

export function shareUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/shared/ai/${token}`;
}

export function toChat(row: AiChatRow, entries: number, share: AiShareRow | undefined, publicUrl: string): AiChat {
  return {
    id: row.id,
    title: row.title,
    folderId: row.folderId,
    agentId: row.agentId,
    pinned: row.pinned,
    archived: row.archived,
    share: share
      ? { token: share.token, url: shareUrl(publicUrl, share.token), createdAt: share.createdAt.toISOString() }
      : null,
    entries,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored entry in the chat answer's shape; `actions` replaces the proposals' statuses by their current ones. */
export function toEntry(row: AiMessageRow, actions?: Map<string, AiAction>): AiAnswer {
  const base = {
    chat_id: row.chatId,
    createdAt: row.createdAt.toISOString(),
    feedback: row.feedbackVote ? { vote: row.feedbackVote, comment: row.feedbackComment } : null,
    branches: row.branches,
  };
  if (row.role === 'user' || !row.answer) {
    return {
      text: row.content,
      isUser: row.role === 'user',
      chart_type: null,
      json_answer: null,
      Currency_symbol: null,
      symbol: null,
      Date_interval: null,
      event_ids: [],
      news_ids: [],
      Button: null,
      redirect_to: null,
      A: null,
      B: null,
      response_id: row.id,
      screenshotTool: false,
      isDeepAnalysis: false,
      deepResearchData: null,
      sources: [],
      actions: [],
      steps: [],
      model: USER_MODEL,
      mentions: row.mentions,
      media: row.media,
      ...base,
    };
  }
  return {
    ...row.answer,
    text: row.content,
    isUser: false,
    response_id: row.responseId ?? row.id,
    actions: row.answer.actions.map((a) => actions?.get(a.id) ?? a),
    ...base,
  };
}

/**
 * An entry as anyone with the share link sees it: the conversation and its figures, never the proposals (they
 * hold account ids), the attached files (they need the owner's session), the steps' arguments or the feedback.
 */
export function toSharedEntry(entry: AiAnswer): AiAnswer {
  return {
    ...entry,
    actions: [],
    steps: [],
    media: [],
    feedback: null,
    mentions: entry.mentions.filter((m) => m.category !== 'account'),
  };
}
