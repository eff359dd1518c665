import type {
  CommunityAuditAction,
  communityAuditPageSchema,
  communityBanPageSchema,
  communityBanSchema,
  communityMemberPageSchema,
} from '@tradedesk/contracts';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock.js';
import { type Db, inTransaction } from '../../../platform/db.js';
import type { CommunityAccess } from '../communities.access.js';
import { communityError } from '../communities.errors.js';
import { closeInvitesOf, removeMember } from '../communities.store.js';
import type { CommunitySliceDeps } from '../communities.types.js';
import type { MembersRepository, Paging } from './members.repository.js';
import { DAY_MS, dateOf, nameOf, peopleOf } from './members.view.js';

type MemberPage = z.infer<typeof communityMemberPageSchema>;
type BanPage = z.infer<typeof communityBanPageSchema>;
type Ban = z.infer<typeof communityBanSchema>;
type AuditPage = z.infer<typeof communityAuditPageSchema>;

export const memberNotFound = () =>
  communityError.onField('memberId', 'COMMUNITY_MEMBER_NOT_FOUND', 'No member of this community has this id.');
export const personNotFound = (field = 'customerId') =>
  communityError.onField(field, 'COMMUNITY_PERSON_NOT_FOUND', 'No person you can see has this id.');

/**
 * Members and moderation: the member list, removing, banning and unbanning, and the audit log. Every decision is
 * the access service's; each action writes its audit entry in its own transaction and tells the person's open tabs
 * (`notifyAccess`) once it is committed.
 */
export function createMembersService(deps: {
  db: Db;
  clock: Clock;
  repo: MembersRepository;
  access: CommunityAccess;
  graph: CommunitySliceDeps['graph'];
}) {
  const { db, clock, repo, access, graph } = deps;

  return {
    async members(userId: string, communityId: string, query: Paging & { search?: string }): Promise<MemberPage> {
      const v = access.requireContent(await access.viewer(userId, communityId));
      const { rows, total } = await repo.members(communityId, v.community.ownerId, query.search, query);
      const ids = rows.map((r) => r.userId);
      const [roles, people] = await Promise.all([access.rolesOf(communityId, ids), peopleOf(graph, userId, ids)]);
      const items = rows.flatMap((r) => {
        const user = people.get(r.userId);
        if (!user) return [];
        const held = roles.get(r.userId) ?? [];
        return [
          {
            user,
            roles: held.map((role) => ({ id: role.id, name: role.name, color: role.color, position: role.position })),
            joinedAt: r.joinedAt.toISOString(),
            manageable: access.mayManage(v, r.userId, held),
          },
        ];
      });
      return { items, page: query.page, limit: query.limit, total };
    },

    /** Removes a member the caller outranks (manage_members). They may join again (unlike a ban). */
    async remove(userId: string, communityId: string, memberId: string): Promise<void> {
      const people = await peopleOf(graph, userId, [userId, memberId]);
      const community = await inTransaction(db, async (tx) => {
        const v = access.requirePermission(await access.viewer(userId, communityId, tx), 'manage_members');
        if (!(await repo.isMember(communityId, memberId, tx))) throw memberNotFound();
        await access.assertOutranks(v, memberId, tx);
        await removeMember(tx, communityId, memberId, clock.now());
        await repo.deleteOffer(tx, communityId, memberId);
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'member.removed',
            targetUserId: memberId,
            summary: `${nameOf(people, userId)} removed ${nameOf(people, memberId)}.`,
          },
          tx,
        );
        return v.community;
      });
      await access.notifyAccess(memberId, {
        communityId,
        change: 'removed',
        message: `You were removed from ${community.name}.`,
      });
    },

    async bans(userId: string, communityId: string, paging: Paging): Promise<BanPage> {
      access.requirePermission(await access.viewer(userId, communityId), 'ban_members');
      const { rows, total } = await repo.bans(communityId, clock.now(), paging);
      const people = await peopleOf(
        graph,
        userId,
        rows.flatMap((r) => [r.userId, r.bannedBy]),
      );
      const items = rows.flatMap((r) => {
        const user = people.get(r.userId);
        if (!user) return [];
        return [
          {
            user,
            reason: r.reason,
            bannedBy: r.bannedBy ? (people.get(r.bannedBy) ?? null) : null,
            createdAt: r.createdAt.toISOString(),
            until: r.until?.toISOString() ?? null,
          },
        ];
      });
      return { items, page: paging.page, limit: paging.limit, total };
    },

    /**
     * Bans a member the caller outranks, or a person who is not a member (ban_members). In one transaction: the
     * membership, the join request, open personal invites and any moderator offer go, and the ban is written (a
     * second ban replaces the reason and the end).
     */
    async ban(
      userId: string,
      communityId: string,
      customerId: string,
      body: { reason: string; duration_days?: number },
    ): Promise<Ban> {
      const people = await peopleOf(graph, userId, [userId, customerId]);
      const target = people.get(customerId);
      const now = clock.now();
      const until = body.duration_days ? new Date(now.getTime() + body.duration_days * DAY_MS) : null;
      const { community, row } = await inTransaction(db, async (tx) => {
        const v = access.requirePermission(await access.viewer(userId, communityId, tx), 'ban_members');
        if (!target) throw personNotFound();
        const wasMember = await repo.isMember(communityId, customerId, tx);
        if (wasMember || customerId === userId) await access.assertOutranks(v, customerId, tx);
        if (wasMember) await removeMember(tx, communityId, customerId, now);
        await repo.deleteJoinRequest(tx, communityId, customerId);
        await closeInvitesOf(tx, communityId, customerId, now);
        await repo.deleteOffer(tx, communityId, customerId);
        const row = await repo.upsertBan(tx, {
          communityId,
          userId: customerId,
          reason: body.reason,
          bannedBy: userId,
          now,
          until,
        });
        const span = body.duration_days ? ` for ${body.duration_days} day${body.duration_days === 1 ? '' : 's'}` : '';
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'member.banned',
            targetUserId: customerId,
            summary: `${nameOf(people, userId)} banned ${target.username}${span}${body.reason ? `: ${body.reason}` : '.'}`,
            details: {
              reason: body.reason,
              durationDays: body.duration_days ?? null,
              until: until?.toISOString() ?? null,
              wasMember,
            },
          },
          tx,
        );
        return { community: v.community, row };
      });
      if (!target) throw personNotFound(); // checked in the transaction; narrows the type here
      const reason = body.reason ? `: ${body.reason}` : '';
      await access.notifyAccess(customerId, {
        communityId,
        change: 'banned',
        message: `You were banned from ${community.name}${until ? ` until ${dateOf(until)}` : ''}${reason}`.replace(
          /([^.!?])$/,
          '$1.',
        ),
      });
      return {
        user: target,
        reason: row.reason,
        bannedBy: people.get(userId) ?? null,
        createdAt: row.createdAt.toISOString(),
        until: row.until?.toISOString() ?? null,
      };
    },

    async unban(userId: string, communityId: string, customerId: string): Promise<void> {
      const people = await peopleOf(graph, userId, [userId, customerId]);
      const community = await inTransaction(db, async (tx) => {
        const v = access.requirePermission(await access.viewer(userId, communityId, tx), 'ban_members');
        if (!(await repo.deleteBan(tx, communityId, customerId, clock.now()))) {
          throw communityError.onField(
            'customerId',
            'COMMUNITY_BAN_NOT_FOUND',
            'This person is not banned from this community.',
          );
        }
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'member.unbanned',
            targetUserId: customerId,
            summary: `${nameOf(people, userId)} lifted the ban of ${nameOf(people, customerId)}.`,
          },
          tx,
        );
        return v.community;
      });
      await access.notifyAccess(customerId, {
        communityId,
        change: 'unbanned',
        message: `Your ban from ${community.name} was lifted.`,
      });
    },

    async audit(userId: string, communityId: string, paging: Paging): Promise<AuditPage> {
      access.requirePermission(await access.viewer(userId, communityId), 'view_audit_log');
      const { rows, total } = await repo.audit(communityId, paging);
      const people = await peopleOf(
        graph,
        userId,
        rows.flatMap((r) => [r.actorId, r.targetUserId]),
      );
      const items = rows.map((r) => ({
        id: r.id,
        action: r.action as CommunityAuditAction,
        actor: r.actorId ? (people.get(r.actorId) ?? null) : null,
        target: r.targetUserId ? (people.get(r.targetUserId) ?? null) : null,
        summary: r.summary,
        details: r.details,
        createdAt: r.createdAt.toISOString(),
      }));
      return { items, page: paging.page, limit: paging.limit, total };
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
