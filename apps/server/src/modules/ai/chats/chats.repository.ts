import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { containsPattern } from '../../../platform/sql-like.js';
import {
  type AiChatRow,
  type AiFolderRow,
  type AiMessageRow,
  type AiPromptRow,
  type AiShareRow,
  aiChats,
  aiFolders,
  aiMessages,
  aiPrompts,
  aiShares,
  aiUsage,
} from './chats.table.js';

export type ChatListFilter = {
  search?: string;
  pinned?: boolean;
  archived?: boolean;
  folderId?: string | 'none';
  page: number;
  limit: number;
};

/** Chats, their entries, folders, prompts, shares and usage. Every query on a user's rows is scoped by the owner. */
export function createChatsRepository(db: Db) {
  const ownedChat = (userId: string, id: string) => and(eq(aiChats.userId, userId), eq(aiChats.id, id));

  return {
    // ---------- chats ----------
    async insertChat(row: AiChatRow): Promise<void> {
      await db.insert(aiChats).values(row);
    },

    async findChat(userId: string, id: string): Promise<AiChatRow | undefined> {
      const [row] = await db.select().from(aiChats).where(ownedChat(userId, id)).limit(1);
      return row;
    },

    async listChats(userId: string, f: ChatListFilter): Promise<{ rows: AiChatRow[]; total: number }> {
      const conds = [eq(aiChats.userId, userId), eq(aiChats.archived, f.archived ?? false)];
      if (f.pinned !== undefined) conds.push(eq(aiChats.pinned, f.pinned));
      if (f.folderId === 'none') conds.push(isNull(aiChats.folderId));
      else if (f.folderId) conds.push(eq(aiChats.folderId, f.folderId));
      if (f.search) {
        const like = containsPattern(f.search);
        // a chat matches by its title or by the text of any of its entries
        const inMessages = db
          .select({ id: aiMessages.chatId })
          .from(aiMessages)
          .where(and(eq(aiMessages.userId, userId), ilike(aiMessages.content, like)));
        const match = or(ilike(aiChats.title, like), inArray(aiChats.id, inMessages));
        if (match) conds.push(match);
      }
      const where = and(...conds);
      const [total] = await db.select({ n: count() }).from(aiChats).where(where);
      const rows = await db
        .select()
        .from(aiChats)
        .where(where)
        .orderBy(desc(aiChats.pinned), desc(aiChats.updatedAt), desc(aiChats.id))
        .limit(f.limit)
        .offset((f.page - 1) * f.limit);
      return { rows, total: total?.n ?? 0 };
    },

    async updateChat(
      userId: string,
      id: string,
      set: Partial<Pick<AiChatRow, 'title' | 'pinned' | 'archived' | 'folderId' | 'updatedAt' | 'lastMessageAt'>>,
    ): Promise<AiChatRow | undefined> {
      const [row] = await db.update(aiChats).set(set).where(ownedChat(userId, id)).returning();
      return row;
    },

    async deleteChats(userId: string, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .delete(aiChats)
        .where(and(eq(aiChats.userId, userId), inArray(aiChats.id, ids)))
        .returning({ id: aiChats.id });
      return rows.length;
    },

    async entryCounts(chatIds: string[]): Promise<Map<string, number>> {
      if (chatIds.length === 0) return new Map();
      const rows = await db
        .select({ chatId: aiMessages.chatId, n: count() })
        .from(aiMessages)
        .where(inArray(aiMessages.chatId, chatIds))
        .groupBy(aiMessages.chatId);
      return new Map(rows.map((r) => [r.chatId, r.n]));
    },

    // ---------- entries ----------
    async messages(chatId: string): Promise<AiMessageRow[]> {
      return db.select().from(aiMessages).where(eq(aiMessages.chatId, chatId)).orderBy(asc(aiMessages.seq));
    },

    async nextSeq(chatId: string): Promise<number> {
      const [row] = await db
        .select({ seq: max(aiMessages.seq) })
        .from(aiMessages)
        .where(eq(aiMessages.chatId, chatId));
      return (row?.seq ?? -1) + 1;
    },

    async insertMessage(row: AiMessageRow): Promise<void> {
      await db.insert(aiMessages).values(row);
    },

    async updateMessage(
      userId: string,
      id: string,
      set: Partial<
        Pick<
          AiMessageRow,
          | 'content'
          | 'answer'
          | 'responseId'
          | 'branches'
          | 'feedbackVote'
          | 'feedbackComment'
          | 'promptTokens'
          | 'completionTokens'
          | 'mentions'
          | 'media'
          | 'createdAt'
        >
      >,
    ): Promise<AiMessageRow | undefined> {
      const [row] = await db
        .update(aiMessages)
        .set(set)
        .where(and(eq(aiMessages.userId, userId), eq(aiMessages.id, id)))
        .returning();
      return row;
    },

    async deleteMessageIds(chatId: string, ids: string[]): Promise<void> {
      if (ids.length > 0)
        await db.delete(aiMessages).where(and(eq(aiMessages.chatId, chatId), inArray(aiMessages.id, ids)));
    },

    /** Drops the entries from `seq` on (history edit, redo, repost). */
    async deleteMessagesFrom(chatId: string, seq: number): Promise<void> {
      await db.delete(aiMessages).where(and(eq(aiMessages.chatId, chatId), gte(aiMessages.seq, seq)));
    },

    async deleteMessagesAfter(chatId: string, seq: number): Promise<void> {
      await db.delete(aiMessages).where(and(eq(aiMessages.chatId, chatId), gt(aiMessages.seq, seq)));
    },

    async clearMessages(chatId: string): Promise<void> {
      await db.delete(aiMessages).where(eq(aiMessages.chatId, chatId));
    },

    // ---------- shares ----------
    async findShare(chatId: string): Promise<AiShareRow | undefined> {
      const [row] = await db.select().from(aiShares).where(eq(aiShares.chatId, chatId)).limit(1);
      return row;
    },

    async sharesOf(chatIds: string[]): Promise<AiShareRow[]> {
      if (chatIds.length === 0) return [];
      return db.select().from(aiShares).where(inArray(aiShares.chatId, chatIds));
    },

    /** Public: the token is the capability. */
    async findShareByToken(token: string): Promise<AiShareRow | undefined> {
      const [row] = await db.select().from(aiShares).where(eq(aiShares.token, token)).limit(1);
      return row;
    },

    async insertShare(row: AiShareRow): Promise<AiShareRow> {
      const [made] = await db.insert(aiShares).values(row).onConflictDoNothing().returning();
      return made ?? ((await this.findShare(row.chatId)) as AiShareRow);
    },

    async deleteShare(userId: string, chatId: string): Promise<boolean> {
      const rows = await db
        .delete(aiShares)
        .where(and(eq(aiShares.userId, userId), eq(aiShares.chatId, chatId)))
        .returning({ id: aiShares.chatId });
      return rows.length > 0;
    },

    async chatById(id: string): Promise<AiChatRow | undefined> {
      const [row] = await db.select().from(aiChats).where(eq(aiChats.id, id)).limit(1);
      return row;
    },

    // ---------- folders ----------
    async listFolders(userId: string, type?: AiFolderRow['type']): Promise<AiFolderRow[]> {
      const where = type ? and(eq(aiFolders.userId, userId), eq(aiFolders.type, type)) : eq(aiFolders.userId, userId);
      return db.select().from(aiFolders).where(where).orderBy(asc(aiFolders.createdAt), asc(aiFolders.id));
    },

    async findFolder(userId: string, id: string): Promise<AiFolderRow | undefined> {
      const [row] = await db
        .select()
        .from(aiFolders)
        .where(and(eq(aiFolders.userId, userId), eq(aiFolders.id, id)))
        .limit(1);
      return row;
    },

    async countFolders(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(aiFolders).where(eq(aiFolders.userId, userId));
      return row?.n ?? 0;
    },

    async insertFolder(row: AiFolderRow): Promise<void> {
      await db.insert(aiFolders).values(row);
    },

    async updateFolder(
      userId: string,
      id: string,
      set: Partial<Omit<AiFolderRow, 'id' | 'userId' | 'createdAt'>>,
    ): Promise<AiFolderRow | undefined> {
      const [row] = await db
        .update(aiFolders)
        .set(set)
        .where(and(eq(aiFolders.userId, userId), eq(aiFolders.id, id)))
        .returning();
      return row;
    },

    async deleteFolder(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(aiFolders)
        .where(and(eq(aiFolders.userId, userId), eq(aiFolders.id, id)))
        .returning({ id: aiFolders.id });
      return rows.length > 0;
    },

    async folderCounts(userId: string): Promise<{ chats: Map<string, number>; prompts: Map<string, number> }> {
      const chats = await db
        .select({ id: aiChats.folderId, n: count() })
        .from(aiChats)
        .where(and(eq(aiChats.userId, userId), sql`${aiChats.folderId} is not null`))
        .groupBy(aiChats.folderId);
      const prompts = await db
        .select({ id: aiPrompts.folderId, n: count() })
        .from(aiPrompts)
        .where(and(eq(aiPrompts.userId, userId), sql`${aiPrompts.folderId} is not null`))
        .groupBy(aiPrompts.folderId);
      return {
        chats: new Map(chats.map((r) => [r.id as string, r.n])),
        prompts: new Map(prompts.map((r) => [r.id as string, r.n])),
      };
    },

    // ---------- prompts ----------
    async listPrompts(userId: string, f: { folderId?: string; search?: string }): Promise<AiPromptRow[]> {
      const conds = [eq(aiPrompts.userId, userId)];
      if (f.folderId) conds.push(eq(aiPrompts.folderId, f.folderId));
      if (f.search) {
        const like = containsPattern(f.search);
        const match = or(ilike(aiPrompts.name, like), ilike(aiPrompts.prompt, like), ilike(aiPrompts.command, like));
        if (match) conds.push(match);
      }
      return db
        .select()
        .from(aiPrompts)
        .where(and(...conds))
        .orderBy(asc(aiPrompts.name), asc(aiPrompts.id));
    },

    async findPrompt(userId: string, id: string): Promise<AiPromptRow | undefined> {
      const [row] = await db
        .select()
        .from(aiPrompts)
        .where(and(eq(aiPrompts.userId, userId), eq(aiPrompts.id, id)))
        .limit(1);
      return row;
    },

    async findPromptByCommand(userId: string, command: string): Promise<AiPromptRow | undefined> {
      const [row] = await db
        .select()
        .from(aiPrompts)
        .where(and(eq(aiPrompts.userId, userId), eq(aiPrompts.command, command)))
        .limit(1);
      return row;
    },

    async countPrompts(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(aiPrompts).where(eq(aiPrompts.userId, userId));
      return row?.n ?? 0;
    },

    async insertPrompt(row: AiPromptRow): Promise<void> {
      await db.insert(aiPrompts).values(row);
    },

    async updatePrompt(
      userId: string,
      id: string,
      set: Partial<Omit<AiPromptRow, 'id' | 'userId' | 'createdAt'>>,
    ): Promise<AiPromptRow | undefined> {
      const [row] = await db
        .update(aiPrompts)
        .set(set)
        .where(and(eq(aiPrompts.userId, userId), eq(aiPrompts.id, id)))
        .returning();
      return row;
    },

    async deletePrompt(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(aiPrompts)
        .where(and(eq(aiPrompts.userId, userId), eq(aiPrompts.id, id)))
        .returning({ id: aiPrompts.id });
      return rows.length > 0;
    },

    // ---------- usage ----------
    async usage(userId: string, day: string): Promise<{ messages: number; tokens: number }> {
      const [row] = await db
        .select({ messages: aiUsage.messages, tokens: aiUsage.tokens })
        .from(aiUsage)
        .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day)))
        .limit(1);
      return row ?? { messages: 0, tokens: 0 };
    },

    /**
     * Counts one message when the day's allowance has room, in one statement (two concurrent requests cannot both
     * take the last one); false when the messages or the tokens of the day are used up.
     */
    async takeMessage(userId: string, day: string, limits: { messages: number; tokens: number }): Promise<boolean> {
      if (limits.messages <= 0 || limits.tokens <= 0) return false;
      const result = await db.execute(sql`
        insert into ai_usage (user_id, day, messages, tokens) values (${userId}, ${day}, 1, 0)
        on conflict (user_id, day) do update set messages = ai_usage.messages + 1
        where ai_usage.messages < ${limits.messages} and ai_usage.tokens < ${limits.tokens}
        returning messages`);
      const rows = (result as unknown as { rows: unknown[] }).rows;
      return rows.length > 0;
    },

    async addTokens(userId: string, day: string, tokens: number): Promise<void> {
      if (tokens <= 0) return;
      await db
        .insert(aiUsage)
        .values({ userId, day, messages: 0, tokens })
        .onConflictDoUpdate({
          target: [aiUsage.userId, aiUsage.day],
          set: { tokens: sql`${aiUsage.tokens} + ${tokens}` },
        });
    },
  };
}
export type ChatsRepository = ReturnType<typeof createChatsRepository>;
