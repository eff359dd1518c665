import { and, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { escapeLike } from '../../../platform/sql-like.js';
import { users } from '../../users/users.table.js';
import { socialBlocks, socialFollows } from '../social.table.js';
import {
  type SocialMessageRow,
  type StoredAttachment,
  socialConversationMembers,
  socialConversations,
  socialMessageAttachments,
  socialMessageHides,
  socialMessages,
} from './messenger.table.js';

export type ConversationRow = typeof socialConversations.$inferSelect;
export type MemberRow = typeof socialConversationMembers.$inferSelect;
export type Membership = { conversation: ConversationRow; me: MemberRow; peer: MemberRow };
export type AttachmentRow = typeof socialMessageAttachments.$inferSelect;
export type Cursor = { at: Date; id: string };

const EPOCH = new Date(0);

/** How a conversation's peer stands to the caller (`peerFacts`). */
export type PeerFacts = {
  visibility: 'everyone' | 'followers' | 'nobody';
  isPublic: boolean;
  blocked: boolean;
  peerFollowsMe: boolean;
  iFollowPeer: boolean;
  peerWrote: boolean;
};

/** Joins a message to the conversation-member row of `userId`. */
const memberRowOf = (userId: string): SQL =>
  and(
    eq(socialConversationMembers.conversationId, socialMessages.conversationId),
    eq(socialConversationMembers.userId, userId),
  ) as SQL;
/** The message was not deleted ("for me") by `userId`. */
const notHiddenBy = (userId: string): SQL =>
  sql`not exists (select 1 from ${socialMessageHides} h where h.message_id = ${socialMessages.id} and h.user_id = ${userId})`;
/** With the member row joined: the message came after the member cleared the conversation. */
const afterClearOfMember = sql`${socialMessages.createdAt} > coalesce(${socialConversationMembers.clearedAt}, 'epoch'::timestamptz)`;

/** Conversations, members, messages and attachments; every read of a conversation is scoped by its member. */
export function createMessengerRepository(db: Db) {
  /** Messages the member `userId` still sees: after their clear, not deleted by them. */
  const visibleTo = (userId: string, clearedAt: Date | null): SQL =>
    and(gt(socialMessages.createdAt, clearedAt ?? EPOCH), notHiddenBy(userId)) as SQL;

  return {
    /** Audience of a person (users' own columns), null for an unknown id. */
    async audienceOf(
      userId: string,
    ): Promise<{ visibility: 'everyone' | 'followers' | 'nobody'; isPublic: boolean } | null> {
      const [row] = await db
        .select({ visibility: users.visibility, isPublic: users.isPublic })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /**
     * What decides, for each conversation of a list, whether `userId` may write to its peer and whether they are
     * friends: blocks either way, the peer's audience, follows both ways and whether the peer wrote there. One
     * query for the whole page (the single-conversation paths ask the graph instead).
     */
    async peerFacts(
      userId: string,
      pairs: { peerId: string; conversationId: string }[],
    ): Promise<Map<string, PeerFacts>> {
      if (pairs.length === 0) return new Map();
      const list = sql.join(
        pairs.map((p) => sql`(${p.peerId}::uuid, ${p.conversationId}::uuid)`),
        sql`, `,
      );
      type Row = {
        conversation_id: string;
        visibility: PeerFacts['visibility'];
        is_public: boolean;
        blocked: boolean;
        peer_follows_me: boolean;
        i_follow_peer: boolean;
        peer_wrote: boolean;
      };
      const result = (await db.execute(sql`
        select c.conversation_id, u.visibility, u.is_public,
          exists (select 1 from ${socialBlocks} b where (b.blocker_id = ${userId} and b.blocked_id = u.id)
            or (b.blocker_id = u.id and b.blocked_id = ${userId})) as blocked,
          exists (select 1 from ${socialFollows} f where f.follower_id = u.id and f.followee_id = ${userId}) as peer_follows_me,
          exists (select 1 from ${socialFollows} f where f.follower_id = ${userId} and f.followee_id = u.id) as i_follow_peer,
          exists (select 1 from ${socialMessages} m where m.conversation_id = c.conversation_id and m.sender_id = u.id) as peer_wrote
        from (values ${list}) as c(peer_id, conversation_id)
        join ${users} u on u.id = c.peer_id`)) as unknown as { rows: Row[] };
      return new Map(
        result.rows.map((r) => [
          r.conversation_id,
          {
            visibility: r.visibility,
            isPublic: r.is_public,
            blocked: r.blocked,
            peerFollowsMe: r.peer_follows_me,
            iFollowPeer: r.i_follow_peer,
            peerWrote: r.peer_wrote,
          },
        ]),
      );
    },

    async openPairIfExists(a: string, b: string): Promise<ConversationRow | null> {
      const [low, high] = a < b ? [a, b] : [b, a];
      const [found] = await db
        .select()
        .from(socialConversations)
        .where(and(eq(socialConversations.userLow, low), eq(socialConversations.userHigh, high)));
      return found ?? null;
    },

    /** The conversation of a pair, created on first use (both members' rows in the same transaction). */
    async openPair(
      a: string,
      b: string,
      id: string,
      at: Date,
    ): Promise<{ conversation: ConversationRow; created: boolean }> {
      const [low, high] = a < b ? [a, b] : [b, a];
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(socialConversations)
          .values({ id, userLow: low, userHigh: high, createdAt: at })
          .onConflictDoNothing()
          .returning();
        if (inserted[0]) {
          await tx.insert(socialConversationMembers).values([
            { conversationId: id, userId: low, peerId: high },
            { conversationId: id, userId: high, peerId: low },
          ]);
          return { conversation: inserted[0], created: true };
        }
        const [found] = await tx
          .select()
          .from(socialConversations)
          .where(and(eq(socialConversations.userLow, low), eq(socialConversations.userHigh, high)));
        if (!found) throw new Error('conversation vanished while opening it');
        return { conversation: found, created: false };
      });
    },

    /** The conversation with both members' rows if `userId` is one of them, else null. */
    async membership(userId: string, conversationId: string): Promise<Membership | null> {
      const rows = await db
        .select({ conversation: socialConversations, member: socialConversationMembers })
        .from(socialConversationMembers)
        .innerJoin(socialConversations, eq(socialConversations.id, socialConversationMembers.conversationId))
        .where(eq(socialConversationMembers.conversationId, conversationId));
      const me = rows.find((r) => r.member.userId === userId);
      const peer = rows.find((r) => r.member.userId !== userId);
      if (!me || !peer) return null;
      return { conversation: me.conversation, me: me.member, peer: peer.member };
    },

    /** The caller's conversations with a message they still see, latest first. */
    async listFor(userId: string, page: number, limit: number): Promise<{ rows: Membership[]; total: number }> {
      const shown = and(
        eq(socialConversationMembers.userId, userId),
        sql`${socialConversations.lastMessageAt} is not null`,
        or(
          isNull(socialConversationMembers.clearedAt),
          gt(socialConversations.lastMessageAt, socialConversationMembers.clearedAt),
        ),
      );
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(socialConversationMembers)
        .innerJoin(socialConversations, eq(socialConversations.id, socialConversationMembers.conversationId))
        .where(shown);
      const mine = await db
        .select({ conversation: socialConversations, member: socialConversationMembers })
        .from(socialConversationMembers)
        .innerJoin(socialConversations, eq(socialConversations.id, socialConversationMembers.conversationId))
        .where(shown)
        .orderBy(desc(socialConversations.lastMessageAt), desc(socialConversations.id))
        .limit(limit)
        .offset((page - 1) * limit);
      if (mine.length === 0) return { rows: [], total };
      const peers = await db
        .select()
        .from(socialConversationMembers)
        .where(
          and(
            inArray(
              socialConversationMembers.conversationId,
              mine.map((r) => r.conversation.id),
            ),
            ne(socialConversationMembers.userId, userId),
          ),
        );
      const peerOf = new Map(peers.map((p) => [p.conversationId, p]));
      return {
        rows: mine.flatMap((r) => {
          const peer = peerOf.get(r.conversation.id);
          return peer ? [{ conversation: r.conversation, me: r.member, peer }] : [];
        }),
        total,
      };
    },

    /** The latest message `userId` still sees in each of `conversationIds`. */
    async lastMessages(userId: string, conversationIds: string[]): Promise<Map<string, SocialMessageRow>> {
      if (conversationIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([socialMessages.conversationId], { message: socialMessages })
        .from(socialMessages)
        .innerJoin(socialConversationMembers, memberRowOf(userId))
        .where(and(inArray(socialMessages.conversationId, conversationIds), afterClearOfMember, notHiddenBy(userId)))
        .orderBy(socialMessages.conversationId, desc(socialMessages.createdAt), desc(socialMessages.id));
      return new Map(rows.map((r) => [r.message.conversationId, r.message]));
    },

    /**
     * Unread messages of `userId` per conversation (all of theirs when `conversationIds` is omitted): from the
     * peer, after their last read and their clear, not deleted by them, not hidden by moderation.
     */
    async unreadCounts(userId: string, conversationIds?: string[]): Promise<Map<string, number>> {
      if (conversationIds && conversationIds.length === 0) return new Map();
      const rows = await db
        .select({ conversationId: socialMessages.conversationId, unread: count() })
        .from(socialMessages)
        .innerJoin(socialConversationMembers, memberRowOf(userId))
        .where(
          and(
            conversationIds ? inArray(socialMessages.conversationId, conversationIds) : undefined,
            ne(socialMessages.senderId, userId),
            isNull(socialMessages.moderatedAt),
            sql`${socialMessages.createdAt} > greatest(coalesce(${socialConversationMembers.lastReadAt}, 'epoch'::timestamptz), coalesce(${socialConversationMembers.clearedAt}, 'epoch'::timestamptz))`,
            notHiddenBy(userId),
          ),
        )
        .groupBy(socialMessages.conversationId);
      return new Map(rows.map((r) => [r.conversationId, r.unread]));
    },

    /** A page of messages `userId` sees, newest first, older than `cursor`. */
    async messagesPage(
      userId: string,
      member: MemberRow,
      cursor: Cursor | null,
      limit: number,
    ): Promise<SocialMessageRow[]> {
      return db
        .select()
        .from(socialMessages)
        .where(
          and(
            eq(socialMessages.conversationId, member.conversationId),
            visibleTo(userId, member.clearedAt),
            cursor
              ? sql`(${socialMessages.createdAt}, ${socialMessages.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(socialMessages.createdAt), desc(socialMessages.id))
        .limit(limit);
    },

    /** Whether `senderId` has written in the conversation (a private person's reply opens the way back). */
    async hasWritten(senderId: string, conversationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: socialMessages.id })
        .from(socialMessages)
        .where(and(eq(socialMessages.conversationId, conversationId), eq(socialMessages.senderId, senderId)))
        .limit(1);
      return row !== undefined;
    },

    /** The unsent attachments of `userId` among `ids`. */
    async unsentAttachments(userId: string, ids: string[]): Promise<AttachmentRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(socialMessageAttachments)
        .where(
          and(
            eq(socialMessageAttachments.userId, userId),
            inArray(socialMessageAttachments.id, ids),
            isNull(socialMessageAttachments.messageId),
          ),
        );
    },

    /** Stores a message, moves the conversation up and marks its attachments sent, in one transaction. */
    async insertMessage(
      row: typeof socialMessages.$inferInsert & { attachments: StoredAttachment[] },
    ): Promise<SocialMessageRow | null> {
      return db
        .transaction(async (tx) => {
          const [message] = await tx.insert(socialMessages).values(row).returning();
          const ids = row.attachments.map((a) => a.id);
          if (ids.length > 0) {
            const claimed = await tx
              .update(socialMessageAttachments)
              .set({ messageId: row.id })
              .where(
                and(
                  eq(socialMessageAttachments.userId, row.senderId),
                  inArray(socialMessageAttachments.id, ids),
                  isNull(socialMessageAttachments.messageId),
                ),
              )
              .returning({ id: socialMessageAttachments.id });
            // sent with another message meanwhile: this one is not stored
            if (claimed.length !== ids.length) tx.rollback();
          }
          await tx
            .update(socialConversations)
            .set({ lastMessageAt: row.createdAt })
            .where(eq(socialConversations.id, row.conversationId));
          return message ?? null;
        })
        .catch((error: unknown) => {
          if ((error as { name?: string } | null)?.name === 'TransactionRollbackError') return null;
          throw error;
        });
    },

    async insertAttachment(row: typeof socialMessageAttachments.$inferInsert): Promise<AttachmentRow> {
      const [inserted] = await db.insert(socialMessageAttachments).values(row).returning();
      if (!inserted) throw new Error('attachment not stored');
      return inserted;
    },

    /** A message in a conversation of `userId` that they still see, with the membership. */
    async messageFor(
      userId: string,
      messageId: string,
    ): Promise<{ message: SocialMessageRow; member: MemberRow } | null> {
      const [row] = await db
        .select({ message: socialMessages, member: socialConversationMembers })
        .from(socialMessages)
        .innerJoin(socialConversationMembers, memberRowOf(userId))
        .where(and(eq(socialMessages.id, messageId), afterClearOfMember, notHiddenBy(userId)));
      return row ?? null;
    },

    async messageById(messageId: string): Promise<SocialMessageRow | null> {
      const [row] = await db.select().from(socialMessages).where(eq(socialMessages.id, messageId));
      return row ?? null;
    },

    async hideMessage(userId: string, messageId: string): Promise<void> {
      await db.insert(socialMessageHides).values({ userId, messageId }).onConflictDoNothing();
    },

    async setModerated(messageId: string, at: Date | null): Promise<void> {
      await db.update(socialMessages).set({ moderatedAt: at }).where(eq(socialMessages.id, messageId));
    },

    async markRead(userId: string, conversationId: string, at: Date): Promise<void> {
      await db
        .update(socialConversationMembers)
        .set({ lastReadAt: at })
        .where(
          and(
            eq(socialConversationMembers.conversationId, conversationId),
            eq(socialConversationMembers.userId, userId),
          ),
        );
    },

    async clear(userId: string, conversationId: string, at: Date): Promise<void> {
      await db
        .update(socialConversationMembers)
        .set({ clearedAt: at, lastReadAt: at })
        .where(
          and(
            eq(socialConversationMembers.conversationId, conversationId),
            eq(socialConversationMembers.userId, userId),
          ),
        );
    },

    /** Friends of `userId` (mutual follows), optionally whose username or name starts with `term`; by username. */
    async friends(
      userId: string,
      page: number,
      limit: number,
      term?: string,
    ): Promise<{ ids: string[]; total: number }> {
      const pattern = term ? `${escapeLike(term).toLowerCase()}%` : null;
      const where = and(
        eq(socialFollows.followerId, userId),
        sql`exists (select 1 from ${socialFollows} back where back.follower_id = ${socialFollows.followeeId} and back.followee_id = ${userId})`,
        pattern
          ? or(
              sql`lower(${users.username}) like ${pattern}`,
              sql`lower(${users.firstName}) like ${pattern}`,
              sql`lower(${users.lastName}) like ${pattern}`,
              sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
            )
          : undefined,
      );
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(socialFollows)
        .innerJoin(users, eq(users.id, socialFollows.followeeId))
        .where(where);
      const rows = await db
        .select({ id: users.id })
        .from(socialFollows)
        .innerJoin(users, eq(users.id, socialFollows.followeeId))
        .where(where)
        .orderBy(sql`lower(${users.username})`)
        .limit(limit)
        .offset((page - 1) * limit);
      return { ids: rows.map((r) => r.id), total };
    },
  };
}
export type MessengerRepository = ReturnType<typeof createMessengerRepository>;
