import {
  CHANNEL_MESSAGE_DELETED_EVENT,
  CHANNEL_MESSAGE_EVENT,
  type ChannelMessage,
  COMMUNITY_CHANNEL_WS_PREFIX,
  channelMessageSchema,
} from '@tradedesk/contracts';

/** The WebSocket channel of a community channel's live messages. */
export const channelWsName = (channelId: string) => `${COMMUNITY_CHANNEL_WS_PREFIX}:${channelId}`;

/** Messages oldest first, each once (a page and a live message may carry the same one: the later copy wins). */
export function mergeChannelMessages(current: ChannelMessage[], incoming: ChannelMessage[]): ChannelMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** What a live event of a channel means for the pane: a message to add, one to mark deleted, or nothing. */
export type ChannelLiveChange =
  | { kind: 'message'; message: ChannelMessage }
  | { kind: 'deleted'; messageId: string }
  | { kind: 'none' };

/**
 * Reads a `community-channel:<id>` event. A message event carries the message (alone or as `{ message }`); a deletion
 * names the message (`messageId`, or `id`, or the message itself).
 */
export function channelLiveChange(event: string, data: unknown): ChannelLiveChange {
  const d = (data ?? {}) as Record<string, unknown>;
  if (event === CHANNEL_MESSAGE_EVENT) {
    const parsed = channelMessageSchema.safeParse(d.message ?? d);
    return parsed.success ? { kind: 'message', message: parsed.data } : { kind: 'none' };
  }
  if (event === CHANNEL_MESSAGE_DELETED_EVENT) {
    const inner = (d.message ?? {}) as Record<string, unknown>;
    const id = d.messageId ?? d.id ?? inner.id;
    return typeof id === 'string' ? { kind: 'deleted', messageId: id } : { kind: 'none' };
  }
  return { kind: 'none' };
}

/** A deleted message stays in place with its content emptied (as the server keeps it). */
export function markDeleted(messages: ChannelMessage[], id: string): ChannelMessage[] {
  return messages.map((m) => (m.id === id ? { ...m, deleted: true, content: '', deletable: false } : m));
}

/**
 * The `@name` being typed at the caret, for the mention suggestions: the text after the last `@` that starts a word,
 * when it is still a username in the making (letters, digits, `_` and `.`); null otherwise.
 */
export function mentionAt(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([A-Za-z0-9_.]{0,30})$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { query, start: caret - query.length - 1 };
}

/** The text with the mention being typed replaced by `@username ` and the caret after it. */
export function insertMention(
  text: string,
  at: { start: number; query: string },
  username: string,
): { text: string; caret: number } {
  const end = at.start + 1 + at.query.length;
  const inserted = `@${username} `;
  return { text: text.slice(0, at.start) + inserted + text.slice(end), caret: at.start + inserted.length };
}
