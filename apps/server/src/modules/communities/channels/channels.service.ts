import {
  CHANNEL_ACCESS_CHANGED_EVENT,
  COMMUNITY_CHANNEL_WS_PREFIX,
  COMMUNITY_CHANNELS_MAX,
  type CommunityChannel,
  type createCommunityChannelBodySchema,
  type updateCommunityChannelBodySchema,
} from '@tradedesk/contracts';
import type { z } from 'zod';
import type { EventBus } from '../../../platform/bus/event-bus.js';
import type { Clock } from '../../../platform/clock.js';
import { type Db, inTransaction } from '../../../platform/db.js';
import { isUniqueViolation } from '../../../platform/db-errors.js';
import { newId } from '../../../platform/ids.js';
import type { CommunityAccess, CommunityViewer } from '../communities.access.js';
import { channelNotFound, communityError } from '../communities.errors.js';
import type { ChannelRow, ChannelsRepository } from './channels.repository.js';
import { toChannel } from './channels.view.js';

type CreateBody = z.output<typeof createCommunityChannelBodySchema>;
type UpdateBody = z.output<typeof updateCommunityChannelBodySchema>;

export type ChannelsServiceDeps = {
  db: Db;
  clock: Clock;
  /** Tells the channel's live subscribers' gateways to authorise them again when who may read it changed. */
  bus?: EventBus;
  access: CommunityAccess;
  repo: ChannelsRepository;
};

const nameTaken = () =>
  communityError.onField('name', 'COMMUNITY_CHANNEL_NAME_TAKEN', 'name is taken by another channel of this community.');

/**
 * The channels of a community (issue 16 item 5): the list a person sees (private ones by role), and their creation,
 * change and deletion by members with `manage_channels` (audited). Messages are `channel-messages.service.ts`.
 */
export function createChannelsService(deps: ChannelsServiceDeps) {
  const { db, clock, access, repo } = deps;

  /** Who may read the channel changed: its WebSocket subscribers are authorised again (those refused are dropped). */
  async function accessChanged(communityId: string, channelId: string): Promise<void> {
    await deps.bus?.publish({
      channel: `${COMMUNITY_CHANNEL_WS_PREFIX}:${channelId}`,
      event: CHANNEL_ACCESS_CHANGED_EVENT,
      data: { communityId, channelId },
    });
  }

  /** The channel if `v` may see it: 403 when they may not read the community, 404 when not this or not theirs. */
  async function visible(v: CommunityViewer, channelId: string, tx: Db = db): Promise<ChannelRow> {
    access.requireContent(v);
    const row = await repo.channel(v.community.id, channelId, tx);
    if (!row) throw channelNotFound();
    access.requireChannel(v, row);
    return row;
  }

  async function assertRoles(communityId: string, roleIds: string[], tx: Db): Promise<void> {
    const found = await repo.rolesOfCommunity(communityId, roleIds, tx);
    if (roleIds.some((id) => !found.has(id))) {
      throw communityError.onField(
        'role_ids',
        'COMMUNITY_ROLE_NOT_FOUND',
        'role_ids must be ids of roles of this community.',
      );
    }
  }

  async function one(v: CommunityViewer, channelId: string): Promise<CommunityChannel> {
    const row = await repo.channel(v.community.id, channelId);
    if (!row) throw channelNotFound();
    const counts = v.member ? await repo.unreadCounts(v.community.id, v.userId, v.member.joinedAt) : new Map();
    return toChannel(access, v, row, counts.get(row.id));
  }

  const renameError = (error: unknown) => {
    if (isUniqueViolation(error) === 'community_channels_name_key') throw nameTaken();
    throw error;
  };

  return {
    /** Who may read any channel of the community changed (its visibility): every channel's subscribers are checked. */
    async communityAccessChanged(communityId: string): Promise<void> {
      for (const row of await repo.channels(communityId)) await accessChanged(communityId, row.id);
    },

    visible,

    async list(userId: string, communityId: string): Promise<CommunityChannel[]> {
      const v = access.requireContent(await access.viewer(userId, communityId));
      const rows = (await repo.channels(communityId)).filter((row) => access.seesChannel(v, row));
      const counts = v.member ? await repo.unreadCounts(communityId, userId, v.member.joinedAt) : new Map();
      return rows.map((row) => toChannel(access, v, row, counts.get(row.id)));
    },

    async create(userId: string, communityId: string, body: CreateBody): Promise<CommunityChannel> {
      const v = access.requirePermission(await access.viewer(userId, communityId), 'manage_channels');
      const roleIds = body.private ? [...new Set(body.role_ids)] : [];
      const id = newId();
      await inTransaction(db, async (tx) => {
        if ((await repo.count(communityId, tx)) >= COMMUNITY_CHANNELS_MAX) {
          throw communityError(
            'COMMUNITY_LIMIT',
            `A community has at most ${COMMUNITY_CHANNELS_MAX} channels: delete one before creating another.`,
          );
        }
        if (await repo.nameTaken(communityId, body.name, null, tx)) throw nameTaken();
        await assertRoles(communityId, roleIds, tx);
        const now = clock.now();
        await repo.insertChannel(
          tx,
          {
            id,
            communityId,
            name: body.name,
            topic: body.topic,
            kind: body.kind,
            private: body.private,
            createdAt: now,
            updatedAt: now,
          },
          roleIds,
        );
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'channel.created',
            summary: `Created the ${body.private ? 'private ' : ''}channel #${body.name}.`,
            details: { channelId: id, name: body.name, kind: body.kind, private: body.private, roleIds },
          },
          tx,
        );
      }).catch(renameError);
      return one(v, id);
    },

    async update(userId: string, communityId: string, channelId: string, body: UpdateBody): Promise<CommunityChannel> {
      const v = access.requirePermission(await access.viewer(userId, communityId), 'manage_channels');
      const before = await visible(v, channelId);
      const isPrivate = body.private ?? before.private;
      const roleIds = isPrivate ? [...new Set(body.role_ids ?? before.roleIds)] : [];
      const changed: string[] = [];
      if (body.name !== undefined && body.name !== before.name) changed.push('name');
      if (body.topic !== undefined && body.topic !== before.topic) changed.push('topic');
      if (body.kind !== undefined && body.kind !== before.kind) changed.push('kind');
      if (isPrivate !== before.private) changed.push('private');
      if ([...roleIds].sort().join() !== [...(before.private ? before.roleIds : [])].sort().join()) {
        changed.push('role_ids');
      }
      if (body.position !== undefined && body.position !== before.position) changed.push('position');
      if (changed.length === 0) return one(v, channelId);
      await inTransaction(db, async (tx) => {
        if (body.name !== undefined && (await repo.nameTaken(communityId, body.name, channelId, tx))) throw nameTaken();
        if (changed.includes('role_ids')) await assertRoles(communityId, roleIds, tx);
        await repo.updateChannel(tx, channelId, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.topic !== undefined ? { topic: body.topic } : {}),
          ...(body.kind !== undefined ? { kind: body.kind } : {}),
          private: isPrivate,
          updatedAt: clock.now(),
        });
        if (changed.includes('role_ids')) await repo.setRoles(tx, channelId, roleIds);
        if (body.position !== undefined) await repo.move(tx, communityId, channelId, body.position);
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'channel.updated',
            summary: `Changed the channel #${body.name ?? before.name}: ${changed.join(', ')}.`,
            details: { channelId, changed, ...(body.name && body.name !== before.name ? { from: before.name } : {}) },
          },
          tx,
        );
      }).catch(renameError);
      if (changed.includes('private') || changed.includes('role_ids')) await accessChanged(communityId, channelId);
      return one(v, channelId);
    },

    async remove(userId: string, communityId: string, channelId: string): Promise<void> {
      const v = access.requirePermission(await access.viewer(userId, communityId), 'manage_channels');
      const row = await visible(v, channelId);
      await inTransaction(db, async (tx) => {
        await repo.deleteChannel(tx, channelId);
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'channel.deleted',
            summary: `Deleted the channel #${row.name} and its messages.`,
            details: { channelId, name: row.name },
          },
          tx,
        );
      });
      await accessChanged(communityId, channelId);
    },
  };
}
export type ChannelsService = ReturnType<typeof createChannelsService>;
