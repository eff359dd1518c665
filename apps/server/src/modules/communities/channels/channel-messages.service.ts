import {
  CHANNEL_MESSAGE_DELETED_EVENT,
  CHANNEL_MESSAGE_EVENT,
  CHANNEL_UNREAD_EVENT,
  type ChannelMessage,
  type ChannelMessageDeletedEvent,
  type ChannelMessageEvent,
  type ChannelUnreadEvent,
  COMMUNITY_CHANNEL_WS_PREFIX,
} from '@tradedesk/contracts';
import type { EventBus } from '../../../platform/bus/event-bus.js';
import type { Clock } from '../../../platform/clock.js';
import { type Db, inTransaction } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { newId } from '../../../platform/ids.js';
import type { LimiterStore } from '../../../platform/limits/limiter-store.js';
import type { ChannelAuthorizer } from '../../../platform/ws/ws-gateway.js';
import { userBusChannel } from '../../../platform/ws/ws-gateway.js';
import type { SocialGraph, SocialNotifier } from '../../social/social.types.js';
import { type CommunityAccess, type CommunityViewer, rolesSeeChannel } from '../communities.access.js';
import { communityError } from '../communities.errors.js';
import type { CommunityRoleRow } from '../communities.table.js';
import type { ChannelRow, ChannelsRepository } from './channels.repository.js';
import type { ChannelsService } from './channels.service.js';
import type { CommunityChannelMessageRow } from './channels.table.js';
import { decodeCursor, encodeCursor, mentionedUsernames, toMessage } from './channels.view.js';

/** Anti-spam allowance per sender (counted in the shared limiter store, so across processes). */
export type ChannelLimits = { messagesPerMinute: number };
export const DEFAULT_CHANNEL_LIMITS: ChannelLimits = { messagesPerMinute: 20 };

export type ChannelMessagesDeps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  limits: LimiterStore;
  access: CommunityAccess;
  graph: SocialGraph;
  notifier: SocialNotifier;
  repo: ChannelsRepository;
  channels: ChannelsService;
  allowance: ChannelLimits;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const messageNotFound = () => communityError('COMMUNITY_MESSAGE_NOT_FOUND', 'No message of this channel has this id.');
const preview = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/** The bus (and WebSocket) channel of a community channel's live messages. */
export const channelBusChannel = (channelId: string) => `${COMMUNITY_CHANNEL_WS_PREFIX}:${channelId}`;

/**
 * Channel messages (issue 16 item 5): newest-first pages with a keyset cursor, posting with `@username` mentions of
 * members who see the channel, deletion by the author or a moderator who outranks them (audited), read markers and
 * unread counts. Live: the message and its deletion on `community-channel:<id>`, each member's counts on `user`.
 */
export function createChannelMessagesService(deps: ChannelMessagesDeps) {
  const { db, clock, bus, access, graph, repo, channels } = deps;

  /** Messages as `v` sees them (authors' summaries, mentions' usernames, whether `v` may delete each). */
  async function view(v: CommunityViewer, rows: CommunityChannelMessageRow[]): Promise<ChannelMessage[]> {
    const authorIds = [...new Set(rows.map((r) => r.authorId))];
    const [summaries, usernames, authorRoles] = await Promise.all([
      graph.summaries(v.userId, authorIds),
      repo.usernames(rows.flatMap((r) => r.mentionIds)),
      v.permissions.has('moderate_posts')
        ? access.rolesOf(v.community.id, authorIds)
        : Promise.resolve(new Map<string, CommunityRoleRow[]>()),
    ]);
    const authorOf = new Map(summaries.map((s) => [s.id, s]));
    return rows.flatMap((r) => {
      const author = authorOf.get(r.authorId);
      if (!author) return [];
      const deletable = access.mayDeleteMessage(v, r.authorId, authorRoles.get(r.authorId) ?? []);
      return [toMessage(r, author, usernames, deletable)];
    });
  }

  /** Tells every member who sees the channel (but `exceptId`) their new unread and mention counts there. */
  async function tellUnread(communityId: string, channel: ChannelRow, exceptId: string): Promise<void> {
    const audience = await repo.audience(communityId, channel.id, exceptId, clock.now());
    await Promise.all(
      audience
        .filter((a) => rolesSeeChannel(a.roles, channel))
        .map((a) =>
          bus.publish({
            channel: userBusChannel(a.userId),
            event: CHANNEL_UNREAD_EVENT,
            data: {
              communityId,
              channelId: channel.id,
              unread: a.unread,
              mentions: a.mentions,
            } satisfies ChannelUnreadEvent,
          }),
        ),
    );
  }

  const authorize: ChannelAuthorizer = async ({ userId, rest }) => {
    if (!UUID.test(rest)) return false;
    const channel = await repo.channelById(rest.toLowerCase());
    if (!channel) return false;
    try {
      return access.seesChannel(await access.viewer(userId, channel.communityId), channel);
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  };

  return {
    authorize,

    async list(
      userId: string,
      communityId: string,
      channelId: string,
      query: { before?: string | undefined; limit: number },
    ): Promise<{ items: ChannelMessage[]; nextBefore: string | null }> {
      const v = await access.viewer(userId, communityId);
      await channels.visible(v, channelId);
      const cursor = query.before ? decodeCursor(query.before) : null;
      const rows = await repo.messages(channelId, cursor, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: await view(v, page),
        nextBefore: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    async post(userId: string, communityId: string, channelId: string, content: string): Promise<ChannelMessage> {
      const v = await access.viewer(userId, communityId);
      const channel = await channels.visible(v, channelId);
      await access.requireChannelWrite(v, channel);
      const hits = await deps.limits.hit(`community-channel:send:${userId}`, { windowMs: 60_000 });
      if (hits.count > deps.allowance.messagesPerMinute) {
        throw communityError(
          'COMMUNITY_RATE_LIMITED',
          'You are sending messages too fast: wait a minute, then send again.',
        );
      }
      const now = clock.now();
      const names = mentionedUsernames(content);
      // only members who see the channel are mentioned (and told): nobody learns of a room they cannot enter
      const mentioned =
        names.length === 0
          ? []
          : (await repo.membersByUsername(communityId, names, now)).filter(
              (m) => m.id !== userId && rolesSeeChannel(m.roles, channel),
            );
      const row = await repo.insertMessage({
        id: newId(),
        channelId,
        authorId: userId,
        content,
        mentionIds: mentioned.map((m) => m.id),
        createdAt: now,
      });
      const [message] = await view(v, [row]);
      if (!message) throw messageNotFound();
      await bus.publish({
        channel: channelBusChannel(channelId),
        event: CHANNEL_MESSAGE_EVENT,
        data: { communityId, channelId, message: { ...message, deletable: false } } satisfies ChannelMessageEvent,
      });
      await tellUnread(communityId, channel, userId);
      const link = `/communities/${v.community.handle}?tab=channels&channel=${channelId}`;
      for (const m of mentioned.filter((x) => x.notifyLevel !== 'none')) {
        await deps.notifier.notify({
          type: 'mention',
          recipientId: m.id,
          actorId: userId,
          title: `You were mentioned in #${channel.name} of ${v.community.name}`,
          body: preview(content),
          link,
          data: { communityId, channelId, messageId: row.id },
        });
      }
      return message;
    },

    async remove(userId: string, communityId: string, channelId: string, messageId: string): Promise<void> {
      const v = await access.viewer(userId, communityId);
      const channel = await channels.visible(v, channelId);
      const row = await repo.message(channelId, messageId);
      if (!row) throw messageNotFound();
      const as = await access.requireMessageDelete(v, row.authorId);
      const deleted = await inTransaction(db, async (tx) => {
        const done = await repo.deleteMessage(tx, messageId, clock.now());
        if (done && as === 'moderator') {
          await access.record(
            {
              communityId,
              actorId: userId,
              action: 'message.deleted',
              targetUserId: row.authorId,
              summary: `Deleted a message in #${channel.name}.`,
              details: { channelId, messageId, excerpt: preview(row.content) },
            },
            tx,
          );
        }
        return done;
      });
      if (!deleted) return;
      await bus.publish({
        channel: channelBusChannel(channelId),
        event: CHANNEL_MESSAGE_DELETED_EVENT,
        data: { communityId, channelId, messageId } satisfies ChannelMessageDeletedEvent,
      });
      await tellUnread(communityId, channel, row.authorId);
    },

    /** Marks the channel read up to now for a member; their open tabs hear the new counts. */
    async read(userId: string, communityId: string, channelId: string): Promise<ChannelUnreadEvent> {
      const v = access.requireMember(await access.viewer(userId, communityId));
      await channels.visible(v, channelId);
      await repo.markRead(channelId, userId, clock.now());
      const counts = (await repo.unreadCounts(communityId, userId, v.member?.joinedAt ?? clock.now())).get(channelId);
      const data: ChannelUnreadEvent = {
        communityId,
        channelId,
        unread: counts?.unread ?? 0,
        mentions: counts?.mentions ?? 0,
      };
      await bus.publish({ channel: userBusChannel(userId), event: CHANNEL_UNREAD_EVENT, data });
      return data;
    },
  };
}
export type ChannelMessagesService = ReturnType<typeof createChannelMessagesService>;
