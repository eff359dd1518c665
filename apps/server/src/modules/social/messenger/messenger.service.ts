import { randomBytes } from 'node:crypto';
import {
  type Conversation,
  type ConversationPage,
  type ConversationRead,
  MESSAGE_ATTACHMENT_TYPES,
  MESSAGE_NEW_EVENT,
  MESSAGE_READ_EVENT,
  MESSAGE_TYPING_EVENT,
  MESSENGER_UNREAD_EVENT,
  type Message,
  type MessageAttachment,
  type MessageEvent,
  type MessagePage,
  type MessageReadEvent,
  type MessagesQuery,
  type MessageTypingEvent,
  type MessengerUnread,
  type ProfileSummaryPage,
  type ReportBody,
  type ReportResult,
  type SendMessageBody,
  type SocialPageQuery,
} from '@tradedesk/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { EventBus } from '../../../platform/bus/event-bus.js';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { LimiterStore } from '../../../platform/limits/limiter-store.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import { userBusChannel } from '../../../platform/ws/ws-gateway.js';
import type { ModerationRegistry, ModerationTargetHandler, SocialGraph, SocialNotifier } from '../social.types.js';
import { conversationNotFound, messageNotFound, messengerError } from './messenger.errors.js';
import type { Cursor, Membership, MessengerRepository } from './messenger.repository.js';
import type { SocialMessageRow, StoredAttachment } from './messenger.table.js';

/** Anti-spam allowances (per sender, shared by every process through the limiter store). */
export type MessengerLimits = { messagesPerMinute: number; newPeoplePerHour: number };
export const DEFAULT_MESSENGER_LIMITS: MessengerLimits = { messagesPerMinute: 30, newPeoplePerHour: 20 };
const TYPING_EVERY_MS = 1500;

export type MessengerServiceDeps = {
  repo: MessengerRepository;
  graph: SocialGraph;
  notifier: SocialNotifier;
  moderation: ModerationRegistry;
  bus: EventBus;
  clock: Clock;
  limits: LimiterStore;
  storage: FileStorage;
  allowance: MessengerLimits;
};

const accepted = new Set<string>(MESSAGE_ATTACHMENT_TYPES);
const preview = (row: SocialMessageRow): string =>
  row.text ? (row.text.length > 140 ? `${row.text.slice(0, 139)}…` : row.text) : 'Sent an attachment.';

function encodeCursor(row: SocialMessageRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}
function decodeCursor(cursor: string): Cursor {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = at ? new Date(at) : new Date(Number.NaN);
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw messengerError.onField(
      'cursor',
      'MESSENGER_INVALID_CURSOR',
      'cursor must be the nextCursor of a previous answer.',
    );
  }
  return { at: date, id };
}

type Refusal = {
  code: 'MESSENGER_BLOCKED' | 'MESSENGER_NOT_ACCEPTED' | 'MESSENGER_USER_NOT_FOUND';
  message: string;
} | null;

/**
 * Why a message may not go to a person, from the facts: a block either way; an audience of nobody; a private or
 * followers-only person who neither follows the sender nor wrote in the conversation (`mayReach`, asked last).
 */
async function refusalOf(f: {
  blocked: boolean;
  visibility?: 'everyone' | 'followers' | 'nobody';
  isPublic?: boolean;
  mayReach?: () => Promise<boolean>;
}): Promise<Refusal> {
  if (f.blocked) {
    return { code: 'MESSENGER_BLOCKED', message: 'You cannot message this person: one of you has blocked the other.' };
  }
  if (f.visibility === 'nobody')
    return { code: 'MESSENGER_NOT_ACCEPTED', message: 'This person does not take messages.' };
  if ((f.visibility === 'followers' || f.isPublic === false) && !(await f.mayReach?.())) {
    return { code: 'MESSENGER_NOT_ACCEPTED', message: 'This person takes messages only from people they follow.' };
  }
  return null;
}

/**
 * One-to-one messaging (contracts social-messages.ts says who may message whom): conversations, messages, read
 * state and unread counts, typing, attachments, delete for me, reports. Live events go to both members' `user`
 * channel.
 */
export function createMessengerService(deps: MessengerServiceDeps) {
  const { repo, graph, bus, clock, storage } = deps;

  const toWireAttachment = (a: StoredAttachment): MessageAttachment => ({
    id: a.id,
    kind: a.kind,
    name: a.name,
    contentType: a.contentType as MessageAttachment['contentType'],
    sizeBytes: a.sizeBytes,
    width: a.width,
    height: a.height,
    url: storage.url(a.key),
  });

  function toWire(viewerId: string, row: SocialMessageRow): Message {
    const mine = row.senderId === viewerId;
    const hidden = row.moderatedAt !== null && !mine;
    return {
      id: row.id,
      conversationId: row.conversationId,
      senderId: row.senderId,
      mine,
      text: hidden ? '' : row.text,
      attachments: hidden ? [] : row.attachments.map(toWireAttachment),
      moderated: row.moderatedAt !== null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Why `senderId` may not write to `recipientId` now (a sentence with its code), or null. */
  async function refusal(senderId: string, recipientId: string, conversationId: string | null): Promise<Refusal> {
    if (await graph.blockedEither(senderId, recipientId)) return refusalOf({ blocked: true });
    const audience = await repo.audienceOf(recipientId);
    if (!audience) return { code: 'MESSENGER_USER_NOT_FOUND', message: 'user_id is not the id of a person.' };
    return refusalOf({
      blocked: false,
      ...audience,
      mayReach: async () =>
        (await graph.isFollowing(recipientId, senderId)) ||
        (conversationId !== null && (await repo.hasWritten(recipientId, conversationId))),
    });
  }

  async function assertMayWrite(senderId: string, recipientId: string, conversationId: string | null) {
    const no = await refusal(senderId, recipientId, conversationId);
    if (!no) return;
    if (no.code === 'MESSENGER_USER_NOT_FOUND') throw messengerError.onField('user_id', no.code, no.message);
    throw messengerError(no.code, no.message);
  }

  async function member(userId: string, conversationId: string): Promise<Membership> {
    const found = await repo.membership(userId, conversationId);
    if (!found) throw conversationNotFound();
    return found;
  }

  async function unread(userId: string): Promise<MessengerUnread> {
    const counts = await repo.unreadCounts(userId);
    let messages = 0;
    for (const n of counts.values()) messages += n;
    return { messages, conversations: counts.size };
  }

  async function toConversations(userId: string, rows: Membership[]): Promise<Conversation[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.conversation.id);
    const [summaries, last, unreadOf] = await Promise.all([
      graph.summaries(
        userId,
        rows.map((r) => r.peer.userId),
      ),
      repo.lastMessages(userId, ids),
      repo.unreadCounts(userId, ids),
    ]);
    const summaryOf = new Map(summaries.map((s) => [s.id, s]));
    // one query for every row's blocks, audience, follows and replies (not two to five graph calls a row)
    const facts = await repo.peerFacts(
      userId,
      rows.map((r) => ({ peerId: r.peer.userId, conversationId: r.conversation.id })),
    );
    const extras = await Promise.all(
      rows.map(async (r) => {
        const f = facts.get(r.conversation.id);
        if (!f) return { no: null, friends: false };
        const no = await refusalOf({ ...f, mayReach: async () => f.peerFollowsMe || f.peerWrote });
        return { no, friends: f.peerFollowsMe && f.iFollowPeer };
      }),
    );
    return rows.flatMap((r, i) => {
      const peer = summaryOf.get(r.peer.userId);
      if (!peer) return [];
      const lastRow = last.get(r.conversation.id);
      const no = extras[i]?.no ?? null;
      return [
        {
          id: r.conversation.id,
          peer,
          lastMessage: lastRow ? toWire(userId, lastRow) : null,
          unreadCount: unreadOf.get(r.conversation.id) ?? 0,
          lastReadAt: r.me.lastReadAt?.toISOString() ?? null,
          peerLastReadAt: r.peer.lastReadAt?.toISOString() ?? null,
          canMessage: no === null,
          cannotMessageReason: no?.message ?? null,
          friends: extras[i]?.friends ?? false,
          createdAt: r.conversation.createdAt.toISOString(),
          updatedAt: (r.conversation.lastMessageAt ?? r.conversation.createdAt).toISOString(),
        },
      ];
    });
  }

  async function conversationOf(userId: string, m: Membership): Promise<Conversation> {
    const [conversation] = await toConversations(userId, [m]);
    if (!conversation) throw conversationNotFound();
    return conversation;
  }

  const publish = (userId: string, event: string, data: unknown) =>
    bus.publish({ channel: userBusChannel(userId), event, data });

  async function friendsPage(userId: string, query: SocialPageQuery, term?: string): Promise<ProfileSummaryPage> {
    const { ids, total } = await repo.friends(userId, query.page, query.limit, term);
    return { items: await graph.summaries(userId, ids), page: query.page, limit: query.limit, total };
  }

  const moderationHandler: ModerationTargetHandler = {
    async findVisible(viewerId, id) {
      const found = await repo.messageFor(viewerId, id);
      // one reports what one received, not one's own words
      if (!found || found.message.senderId === viewerId) return null;
      return { ownerId: found.message.senderId, excerpt: preview(found.message), link: null };
    },
    async findAny(id) {
      const row = await repo.messageById(id);
      return row ? { ownerId: row.senderId, excerpt: preview(row), link: null } : null;
    },
    async setModerated(id, hidden) {
      await repo.setModerated(id, hidden ? clock.now() : null);
    },
  };

  return {
    moderationHandler,
    unread,

    /** Opens the conversation with `peerId` (or finds it): 201 when new. */
    async start(userId: string, peerId: string): Promise<{ conversation: Conversation; created: boolean }> {
      if (peerId === userId) {
        throw messengerError.onField('user_id', 'MESSENGER_SELF', 'user_id: you cannot message yourself.');
      }
      const existing = await repo.openPairIfExists(userId, peerId);
      await assertMayWrite(userId, peerId, existing?.id ?? null);
      if (!existing) {
        const people = await deps.limits.addMember(`messenger:people:${userId}`, peerId, { windowMs: 3_600_000 });
        if (people > deps.allowance.newPeoplePerHour) {
          throw messengerError(
            'MESSENGER_RATE_LIMITED',
            'You have started conversations with too many people this hour: wait a while, then try again.',
          );
        }
      }
      const { conversation, created } = await repo.openPair(userId, peerId, newId(), clock.now());
      return { conversation: await conversationOf(userId, await member(userId, conversation.id)), created };
    },

    async list(userId: string, query: SocialPageQuery): Promise<ConversationPage> {
      const { rows, total } = await repo.listFor(userId, query.page, query.limit);
      return { items: await toConversations(userId, rows), page: query.page, limit: query.limit, total };
    },

    async get(userId: string, conversationId: string): Promise<Conversation> {
      return conversationOf(userId, await member(userId, conversationId));
    },

    async messages(userId: string, conversationId: string, query: MessagesQuery): Promise<MessagePage> {
      const m = await member(userId, conversationId);
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await repo.messagesPage(userId, m.me, cursor, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => toWire(userId, r)),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    async send(userId: string, conversationId: string, body: SendMessageBody): Promise<Message> {
      const m = await member(userId, conversationId);
      const text = body.text ?? '';
      const attachmentIds = [...new Set(body.attachment_ids ?? [])];
      if (text === '' && attachmentIds.length === 0) {
        throw messengerError.onField('text', 'MESSENGER_EMPTY', 'text is required: write a message or attach a file.');
      }
      const peerId = m.peer.userId;
      await assertMayWrite(userId, peerId, conversationId);
      const hits = await deps.limits.hit(`messenger:send:${userId}`, { windowMs: 60_000 });
      if (hits.count > deps.allowance.messagesPerMinute) {
        throw messengerError(
          'MESSENGER_RATE_LIMITED',
          'You are sending messages too fast: wait a minute, then send again.',
        );
      }
      const found = await repo.unsentAttachments(userId, attachmentIds);
      const byId = new Map(found.map((a) => [a.id, a]));
      const attachments: StoredAttachment[] = [];
      for (const id of attachmentIds) {
        const a = byId.get(id);
        if (!a) {
          throw messengerError.onField(
            'attachment_ids',
            'MESSENGER_ATTACHMENT_NOT_FOUND',
            'attachment_ids holds an id that is not one of your unsent attachments.',
          );
        }
        attachments.push({
          id: a.id,
          kind: a.kind,
          name: a.name,
          contentType: a.contentType,
          key: a.key,
          sizeBytes: a.sizeBytes,
          width: a.width,
          height: a.height,
        });
      }
      const row = await repo.insertMessage({
        id: newId(),
        conversationId,
        senderId: userId,
        text,
        attachments,
        createdAt: clock.now(),
      });
      if (!row) {
        throw messengerError.onField(
          'attachment_ids',
          'MESSENGER_ATTACHMENT_NOT_FOUND',
          'attachment_ids holds an attachment that was sent meanwhile.',
        );
      }
      const [peerUnread, myUnread, peerCounts] = await Promise.all([
        unread(peerId),
        unread(userId),
        repo.unreadCounts(peerId, [conversationId]),
      ]);
      await Promise.all([
        publish(peerId, MESSAGE_NEW_EVENT, {
          conversationId,
          message: toWire(peerId, row),
          unread: peerUnread,
        } satisfies MessageEvent),
        publish(peerId, MESSENGER_UNREAD_EVENT, peerUnread),
        publish(userId, MESSAGE_NEW_EVENT, {
          conversationId,
          message: toWire(userId, row),
          unread: myUnread,
        } satisfies MessageEvent),
      ]);
      // one notice per run of unread messages, not one per message
      if ((peerCounts.get(conversationId) ?? 0) === 1) {
        const [me] = await graph.summaries(peerId, [userId]);
        await deps.notifier.notify({
          type: 'message',
          recipientId: peerId,
          actorId: userId,
          title: `${me?.displayName ?? 'Someone'} sent you a message`,
          body: preview(row),
          link: `/messages?to=${userId}`,
          data: { conversationId, messageId: row.id },
        });
      }
      return toWire(userId, row);
    },

    async read(userId: string, conversationId: string): Promise<ConversationRead> {
      const m = await member(userId, conversationId);
      const at = clock.now();
      await repo.markRead(userId, conversationId, at);
      const totals = await unread(userId);
      await Promise.all([
        publish(m.peer.userId, MESSAGE_READ_EVENT, {
          conversationId,
          readerId: userId,
          readAt: at.toISOString(),
        } satisfies MessageReadEvent),
        publish(userId, MESSENGER_UNREAD_EVENT, totals),
      ]);
      return { conversationId, lastReadAt: at.toISOString(), unread: totals };
    },

    /** Tells the peer the caller is typing; at most one event per conversation every 1.5 s (extra calls are dropped). */
    async typing(userId: string, conversationId: string): Promise<void> {
      const m = await member(userId, conversationId);
      await assertMayWrite(userId, m.peer.userId, conversationId);
      const first = await deps.limits.claim(`messenger:typing:${userId}:${conversationId}`, {
        windowMs: TYPING_EVERY_MS,
      });
      if (!first) return;
      await publish(m.peer.userId, MESSAGE_TYPING_EVENT, { conversationId, userId } satisfies MessageTypingEvent);
    },

    /** Deletes a message for the caller only; the other still sees it. */
    async deleteMessage(userId: string, messageId: string): Promise<void> {
      const found = await repo.messageFor(userId, messageId);
      if (!found) throw messageNotFound();
      await repo.hideMessage(userId, messageId);
      await publish(userId, MESSENGER_UNREAD_EVENT, await unread(userId));
    },

    /** Deletes the conversation for the caller only: its messages so far are gone for them; a new one brings it back. */
    async deleteConversation(userId: string, conversationId: string): Promise<void> {
      await member(userId, conversationId);
      await repo.clear(userId, conversationId, clock.now());
      await publish(userId, MESSENGER_UNREAD_EVENT, await unread(userId));
    },

    /** Stores an attachment (an image or a PDF, recognised by its bytes) for the caller's next message. */
    async upload(userId: string, data: Buffer): Promise<MessageAttachment> {
      const type = await fileTypeFromBuffer(data);
      if (!type || !accepted.has(type.mime)) {
        throw messengerError.onField(
          'file',
          'MESSENGER_UPLOAD_TYPE',
          'The file must be a PNG, JPEG, WebP or GIF image or a PDF document.',
        );
      }
      const kind = type.mime === 'application/pdf' ? 'file' : 'image';
      let size: { width: number; height: number } | null = null;
      if (kind === 'image') {
        try {
          const s = imageSize(new Uint8Array(data));
          size = { width: s.width, height: s.height };
        } catch {
          throw messengerError.onField(
            'file',
            'MESSENGER_UPLOAD_MALFORMED',
            'The image could not be read: its header is damaged.',
          );
        }
      }
      const key = `messenger/${randomBytes(16).toString('hex')}.${type.ext}`;
      await storage.put(key, data, type.mime);
      const row = await repo
        .insertAttachment({
          id: newId(),
          userId,
          key,
          kind,
          name: `${kind === 'image' ? 'image' : 'document'}.${type.ext}`,
          contentType: type.mime,
          sizeBytes: data.length,
          width: size?.width ?? null,
          height: size?.height ?? null,
          createdAt: clock.now(),
        })
        .catch(async (error: unknown) => {
          await storage.delete(key).catch(() => {});
          throw error;
        });
      return toWireAttachment({ ...row, kind: row.kind });
    },

    async report(userId: string, messageId: string, body: ReportBody): Promise<ReportResult> {
      return deps.moderation.report(userId, 'message', messageId, body);
    },

    friends: (userId: string, query: SocialPageQuery) => friendsPage(userId, query),
    searchFriends: (userId: string, term: string, query: SocialPageQuery) => friendsPage(userId, query, term),
  };
}
export type MessengerService = ReturnType<typeof createMessengerService>;
