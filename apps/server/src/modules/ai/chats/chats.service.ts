import type {
  AiAction,
  AiChat,
  AiChatDetail,
  AiChatList,
  AiChatListQuery,
  AiFeedbackBody,
  AiShare,
  AiSharedChat,
  CreateAiChatBody,
  UpdateAiChatBody,
} from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { newId, newToken } from '../../../platform/ids.js';
import { shareUrl, toChat, toEntry, toSharedEntry } from './chats.entries.js';
import { aiChatError, chatNotFound, folderNotFound, messageNotFound } from './chats.errors.js';
import type { ChatsRepository } from './chats.repository.js';
import type { AiChatRow } from './chats.table.js';

export const NEW_CHAT_TITLE = 'New chat';

/** The current state of a chat's proposed actions (ai-tools' store), so a reloaded chat shows confirmed ones. */
export type ChatActions = { forChat(userId: string, chatId: string): Promise<AiAction[]> };

/** A chat title from its first message: the first line, cut at a word near 60 characters. */
export function titleFrom(content: string): string {
  const first = content.trim().split(/\r?\n/, 1)[0]?.trim() ?? '';
  if (first.length === 0) return NEW_CHAT_TITLE;
  if (first.length <= 60) return first;
  const cut = first.slice(0, 60);
  const space = cut.lastIndexOf(' ');
  return `${(space > 30 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Chats: list, create, read, change, delete, clear, feedback and the public read-only link. */
export function createChatsService(deps: {
  repo: ChatsRepository;
  clock: Clock;
  publicUrl: string;
  actions?: ChatActions;
}) {
  const { repo, clock } = deps;

  async function owned(userId: string, id: string): Promise<AiChatRow> {
    const chat = await repo.findChat(userId, id);
    if (!chat) throw chatNotFound();
    return chat;
  }

  async function present(row: AiChatRow): Promise<AiChat> {
    const [counts, share] = await Promise.all([repo.entryCounts([row.id]), repo.findShare(row.id)]);
    return toChat(row, counts.get(row.id) ?? 0, share, deps.publicUrl);
  }

  async function checkFolder(userId: string, folderId: string | null | undefined): Promise<void> {
    if (folderId && !(await repo.findFolder(userId, folderId))) throw folderNotFound('folder_id');
  }

  return {
    owned,
    present,
    checkFolder,

    async list(userId: string, q: AiChatListQuery): Promise<AiChatList> {
      const { rows, total } = await repo.listChats(userId, {
        ...(q.search ? { search: q.search } : {}),
        ...(q.pinned !== undefined ? { pinned: q.pinned } : {}),
        ...(q.archived !== undefined ? { archived: q.archived } : {}),
        ...(q.folder_id ? { folderId: q.folder_id } : {}),
        page: q.page,
        limit: q.limit,
      });
      const ids = rows.map((r) => r.id);
      const [counts, shares] = await Promise.all([repo.entryCounts(ids), repo.sharesOf(ids)]);
      const shareOf = new Map(shares.map((s) => [s.chatId, s]));
      return {
        chats: rows.map((r) => toChat(r, counts.get(r.id) ?? 0, shareOf.get(r.id), deps.publicUrl)),
        total,
        page: q.page,
        limit: q.limit,
      };
    },

    async create(
      userId: string,
      body: CreateAiChatBody,
      extra: { agentId?: string | null; title?: string } = {},
    ): Promise<AiChatRow> {
      await checkFolder(userId, body?.folder_id);
      const now = clock.now();
      const row: AiChatRow = {
        id: newId(),
        userId,
        title: body?.title ?? extra.title ?? NEW_CHAT_TITLE,
        folderId: body?.folder_id ?? null,
        agentId: extra.agentId ?? null,
        pinned: false,
        archived: false,
        lastMessageAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await repo.insertChat(row);
      return row;
    },

    async get(userId: string, id: string): Promise<AiChatDetail> {
      const chat = await owned(userId, id);
      const [rows, current] = await Promise.all([repo.messages(chat.id), deps.actions?.forChat(userId, chat.id)]);
      const actions = new Map((current ?? []).map((a) => [a.id, a]));
      return { chat: await present(chat), messages: rows.map((r) => toEntry(r, actions)) };
    },

    async update(userId: string, id: string, body: UpdateAiChatBody): Promise<AiChat> {
      await owned(userId, id);
      await checkFolder(userId, body.folder_id);
      const row = await repo.updateChat(userId, id, {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.pinned !== undefined ? { pinned: body.pinned } : {}),
        ...(body.archived !== undefined ? { archived: body.archived } : {}),
        ...(body.folder_id !== undefined ? { folderId: body.folder_id } : {}),
        updatedAt: clock.now(),
      });
      if (!row) throw chatNotFound();
      return present(row);
    },

    async delete(userId: string, id: string): Promise<void> {
      if ((await repo.deleteChats(userId, [id])) === 0) throw chatNotFound();
    },

    /** Deletes those of the ids that are the caller's chats; others' ids are ignored (counted out). */
    async bulkDelete(userId: string, ids: string[]): Promise<number> {
      return repo.deleteChats(userId, [...new Set(ids)]);
    },

    async clear(userId: string, id: string): Promise<AiChat> {
      const chat = await owned(userId, id);
      await repo.clearMessages(chat.id);
      const row = await repo.updateChat(userId, id, { updatedAt: clock.now(), lastMessageAt: null });
      return present(row ?? chat);
    },

    async feedback(userId: string, chatId: string, responseId: string, body: AiFeedbackBody) {
      const chat = await owned(userId, chatId);
      const entry = (await repo.messages(chat.id)).find((m) => m.role === 'assistant' && m.responseId === responseId);
      if (!entry) throw messageNotFound();
      const row = await repo.updateMessage(userId, entry.id, {
        feedbackVote: body.vote,
        feedbackComment: body.comment?.trim() ? body.comment.trim() : null,
      });
      if (!row) throw messageNotFound();
      return toEntry(row);
    },

    /** Makes (or answers the existing) public read-only link of a chat. */
    async share(userId: string, chatId: string): Promise<AiShare> {
      const chat = await owned(userId, chatId);
      const share = await repo.insertShare({ chatId: chat.id, userId, token: newToken(24), createdAt: clock.now() });
      return {
        token: share.token,
        url: shareUrl(deps.publicUrl, share.token),
        createdAt: share.createdAt.toISOString(),
      };
    },

    /** Revokes the link: the token answers 404 from now on. */
    async unshare(userId: string, chatId: string): Promise<void> {
      await owned(userId, chatId);
      if (!(await repo.deleteShare(userId, chatId)))
        throw aiChatError('AI_SHARE_NOT_FOUND', 'This chat is not shared.');
    },

    async shared(token: string): Promise<AiSharedChat> {
      const share = await repo.findShareByToken(token);
      const chat = share ? await repo.chatById(share.chatId) : undefined;
      if (!share || !chat) throw aiChatError('AI_SHARE_NOT_FOUND', 'This link is not valid or was revoked.');
      const rows = await repo.messages(chat.id);
      return {
        title: chat.title,
        sharedAt: share.createdAt.toISOString(),
        messages: rows.map((r) => toSharedEntry(toEntry(r))),
      };
    },
  };
}
export type ChatsService = ReturnType<typeof createChatsService>;
