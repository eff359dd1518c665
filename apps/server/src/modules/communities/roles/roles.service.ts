import {
  type assignRoleBodySchema,
  COMMUNITY_PERMISSION_INFO,
  COMMUNITY_PERMISSIONS,
  type CommunityMember,
  type CommunityPermission,
  type CommunityPermissions,
  type CommunityRole,
  type communityMembersQuerySchema,
  type createCommunityRoleBodySchema,
  type transferOwnershipBodySchema,
  type updateCommunityRoleBodySchema,
} from '@tradedesk/contracts';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock.js';
import { type Db, inTransaction } from '../../../platform/db.js';
import type { SocialGraph } from '../../social/social.types.js';
import type { CommunityAccess, CommunityViewer } from '../communities.access.js';
import type { CommunityRoleRow } from '../communities.table.js';
import {
  confirmMismatch,
  MAX_ROLES,
  memberNotFound,
  ownerRoleNotAssignable,
  ownerRoleProtected,
  roleLimit,
  roleNotFound,
  transferToSelf,
} from './roles.errors.js';
import type { RoleChanges, RolesRepository } from './roles.repository.js';

export type CreateRoleInput = z.output<typeof createCommunityRoleBodySchema>;
export type UpdateRoleInput = z.output<typeof updateCommunityRoleBodySchema>;
export type AssignRoleInput = z.output<typeof assignRoleBodySchema>;
export type TransferOwnershipInput = z.output<typeof transferOwnershipBodySchema>;
export type MembersQuery = z.output<typeof communityMembersQuerySchema>;

const quoted = (name: string) => `“${name}”`;

/**
 * Roles and permissions of a community (issue 16 S2): the role list and editor, assigning and unassigning, default
 * roles, the members holding a role and ownership transfer. Every decision of who may do what is asked of the
 * access service; this service keeps positions dense, writes one audit entry per change in the same transaction
 * and tells the people whose roles changed.
 */
export function createRolesService(deps: {
  db: Db;
  clock: Clock;
  repo: RolesRepository;
  access: CommunityAccess;
  graph: Pick<SocialGraph, 'summaries'>;
}) {
  const { db, clock, repo, access, graph } = deps;

  function view(v: CommunityViewer, row: CommunityRoleRow, members: number): CommunityRole {
    return {
      roleId: row.id,
      communityId: row.communityId,
      name: row.name,
      description: row.description,
      color: row.color,
      display: row.display,
      permissions: row.permissions.filter((p): p is CommunityPermission =>
        (COMMUNITY_PERMISSIONS as readonly string[]).includes(p),
      ),
      kind: row.kind,
      position: row.position,
      isDefault: row.isDefault,
      members,
      editable: access.mayEditRole(v, row),
      assignable: access.mayGiveRole(v, row),
    };
  }

  async function viewOne(v: CommunityViewer, row: CommunityRoleRow, tx: Db = db): Promise<CommunityRole> {
    const counts = await repo.holderCounts(row.communityId, tx);
    return view(v, row, counts.get(row.id) ?? 0);
  }

  async function roleOf(communityId: string, roleId: string, tx: Db, field?: string): Promise<CommunityRoleRow> {
    const role = await repo.find(communityId, roleId, tx);
    if (!role) throw roleNotFound(field);
    return role;
  }

  /** The member of a role change as the caller sees them, with their roles now. */
  async function memberView(v: CommunityViewer, userId: string, joinedAt: Date): Promise<CommunityMember> {
    const [user] = await graph.summaries(v.userId, [userId]);
    if (!user) throw memberNotFound();
    const roles = (await access.rolesOf(v.community.id, [userId])).get(userId) ?? [];
    return {
      user,
      roles: roles.map((r) => ({ id: r.id, name: r.name, color: r.color, position: r.position })),
      joinedAt: joinedAt.toISOString(),
      manageable: access.mayManage(v, userId, roles),
    };
  }

  /** Gives or takes one role (not Owner) of a member; idempotent (no audit when nothing changed). */
  async function changeRole(userId: string, communityId: string, input: AssignRoleInput, give: boolean) {
    const { v, changed, member } = await inTransaction(db, async (tx) => {
      const v = access.requirePermission(await access.viewer(userId, communityId, tx), 'manage_members');
      const role = await roleOf(communityId, input.role_id, tx, 'role_id');
      if (role.kind === 'owner') throw ownerRoleNotAssignable();
      // taking a role away grants nothing: only its place below the caller counts
      if (give) access.assertMayGiveRole(v, role);
      else access.assertRoleBelow(v, role);
      const member = await repo.member(communityId, input.member_id, clock.now(), tx);
      if (!member) throw memberNotFound('member_id');
      await access.assertMayChangeRolesOf(v, member.userId, tx);
      const changed = give
        ? await repo.give(communityId, member.userId, role.id, clock.now(), tx)
        : await repo.take(communityId, member.userId, role.id, tx);
      if (changed) {
        await access.record(
          {
            communityId,
            actorId: userId,
            action: give ? 'role.assigned' : 'role.unassigned',
            targetUserId: member.userId,
            summary: give
              ? `Gave ${member.username} the role ${quoted(role.name)}.`
              : `Took the role ${quoted(role.name)} from ${member.username}.`,
            details: { roleId: role.id, roleName: role.name },
          },
          tx,
        );
      }
      return { v, changed: changed ? role : null, member };
    });
    if (changed && member.userId !== userId) {
      await access.notifyAccess(member.userId, {
        communityId,
        change: 'roles_changed',
        message: give
          ? `You now hold the role ${quoted(changed.name)} in ${v.community.name}.`
          : `You no longer hold the role ${quoted(changed.name)} in ${v.community.name}.`,
      });
    }
    return memberView(v, member.userId, member.joinedAt);
  }

  /** Sets or clears `is_default` of a role below the caller (never Owner). */
  async function setDefault(userId: string, communityId: string, roleId: string, isDefault: boolean, field?: string) {
    return inTransaction(db, async (tx) => {
      const v = access.requirePermission(await access.viewer(userId, communityId, tx), 'manage_roles');
      const role = await roleOf(communityId, roleId, tx, field);
      if (role.kind === 'owner') throw ownerRoleProtected('default');
      if (isDefault) access.assertMayGiveRole(v, role);
      else access.assertRoleBelow(v, role);
      if (role.isDefault === isDefault) return viewOne(v, role, tx);
      const row = await repo.update(role.id, { isDefault }, tx);
      await access.record(
        {
          communityId,
          actorId: userId,
          action: isDefault ? 'role.default_set' : 'role.default_removed',
          summary: isDefault
            ? `Made ${quoted(role.name)} a default role: new members get it.`
            : `${quoted(role.name)} is no longer a default role.`,
          details: { roleId: role.id, roleName: role.name },
        },
        tx,
      );
      return viewOne(v, row, tx);
    });
  }

  return {
    /** Every role, highest first, with how many hold it and whether the caller may edit it. */
    async list(userId: string, communityId: string): Promise<{ items: CommunityRole[] }> {
      const v = access.requireContent(await access.viewer(userId, communityId));
      const [rows, counts] = await Promise.all([repo.list(communityId), repo.holderCounts(communityId)]);
      return { items: rows.map((r) => view(v, r, counts.get(r.id) ?? 0)) };
    },

    async get(userId: string, communityId: string, roleId: string): Promise<CommunityRole> {
      const v = access.requireContent(await access.viewer(userId, communityId));
      return viewOne(v, await roleOf(communityId, roleId, db));
    },

    /** A new role, placed just below the caller's highest role (for the owner: just below Owner). */
    async create(userId: string, communityId: string, input: CreateRoleInput): Promise<CommunityRole> {
      return inTransaction(db, async (tx) => {
        const v = access.requirePermission(await access.viewer(userId, communityId, tx), 'manage_roles');
        access.assertMayGrant(v, input.permissions);
        if ((await repo.count(communityId, tx)) >= MAX_ROLES) throw roleLimit();
        const position = Math.min(v.highest, (await repo.topPosition(communityId, tx)) + 1);
        const permissions = [...new Set(input.permissions)];
        const row = await repo.insertAt(
          {
            communityId,
            name: input.name,
            description: input.description,
            color: input.color,
            display: input.display,
            permissions,
            position,
            now: clock.now(),
          },
          tx,
        );
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'role.created',
            summary: `Created the role ${quoted(row.name)}.`,
            details: { roleId: row.id, name: row.name, permissions, position },
          },
          tx,
        );
        // the caller's own roles moved up: ask again so `editable` sees their new highest
        return view(await access.viewer(userId, communityId, tx), row, 0);
      });
    },

    /**
     * Edits a role below the caller. The Owner role (the owner only) may be renamed, described, coloured and
     * displayed; its permissions and position never change.
     */
    async update(userId: string, communityId: string, roleId: string, input: UpdateRoleInput): Promise<CommunityRole> {
      const { answer, v, name, holders } = await inTransaction(db, async (tx) => {
        const v = access.requirePermission(await access.viewer(userId, communityId, tx), 'manage_roles');
        let role = await roleOf(communityId, roleId, tx);
        access.assertRoleEditable(v, role);
        if (role.kind === 'owner') {
          if (input.permissions !== undefined) throw ownerRoleProtected('permissions');
          if (input.position !== undefined) throw ownerRoleProtected('position');
        }
        const changes: RoleChanges = {};
        const changed: string[] = [];
        for (const key of ['name', 'description', 'color', 'display'] as const) {
          const value = input[key];
          if (value !== undefined && value !== role[key]) {
            Object.assign(changes, { [key]: value });
            changed.push(key);
          }
        }
        const details: Record<string, unknown> = { roleId: role.id };
        if (input.permissions !== undefined) {
          const next = [...new Set(input.permissions)];
          const before = new Set(role.permissions);
          const added = next.filter((p) => !before.has(p));
          const removed = role.permissions.filter((p) => !next.includes(p as CommunityPermission));
          access.assertMayGrant(v, added);
          if (added.length > 0 || removed.length > 0) {
            changes.permissions = next;
            changed.push('permissions');
            Object.assign(details, { added, removed });
          }
        }
        if (Object.keys(changes).length > 0) role = await repo.update(role.id, changes, tx);
        if (input.position !== undefined) {
          const to = Math.min(input.position, await repo.topPosition(communityId, tx));
          access.assertRoleBelow(v, { position: to });
          if (to !== role.position) {
            Object.assign(details, { position: { from: role.position, to } });
            role = await repo.move(role, to, tx);
            changed.push('position');
          }
        }
        if (changed.length > 0) {
          await access.record(
            {
              communityId,
              actorId: userId,
              action: 'role.updated',
              summary: `Changed the role ${quoted(role.name)}: ${changed.join(', ')}.`,
              details: { ...details, changed },
            },
            tx,
          );
        }
        // permissions taken from a role: its holders' open pages and live channels are checked again
        const lost = ((details as { removed?: string[] }).removed ?? []).length > 0;
        const holders = lost ? await repo.holderIds(role.id, tx) : [];
        return { answer: await viewOne(v, role, tx), v, name: role.name, holders };
      });
      for (const holder of holders) {
        if (holder === userId) continue;
        await access.notifyAccess(holder, {
          communityId,
          change: 'roles_changed',
          message: `The role ${quoted(name)} gives fewer permissions in ${v.community.name} now.`,
        });
      }
      return answer;
    },

    /** Deletes a role below the caller (never Owner); its holders lose it and are told. */
    async remove(userId: string, communityId: string, roleId: string): Promise<void> {
      const { v, role, holders } = await inTransaction(db, async (tx) => {
        const v = access.requirePermission(await access.viewer(userId, communityId, tx), 'manage_roles');
        const role = await roleOf(communityId, roleId, tx);
        access.assertRoleEditable(v, role);
        if (role.kind === 'owner') throw ownerRoleProtected('delete');
        const holders = await repo.holderIds(role.id, tx);
        await repo.remove(role, tx);
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'role.deleted',
            summary: `Deleted the role ${quoted(role.name)} (${holders.length} ${holders.length === 1 ? 'member' : 'members'} held it).`,
            details: { roleId: role.id, name: role.name, holders: holders.length },
          },
          tx,
        );
        return { v, role, holders };
      });
      for (const holder of holders) {
        if (holder === userId) continue;
        await access.notifyAccess(holder, {
          communityId,
          change: 'roles_changed',
          message: `The role ${quoted(role.name)} was deleted in ${v.community.name}.`,
        });
      }
    },

    assign: (userId: string, communityId: string, input: AssignRoleInput) =>
      changeRole(userId, communityId, input, true),
    unassign: (userId: string, communityId: string, input: AssignRoleInput) =>
      changeRole(userId, communityId, input, false),

    /** The catalogue of permissions and those the caller holds here (empty when not a member). */
    async permissions(userId: string, communityId: string): Promise<CommunityPermissions> {
      const v = await access.viewer(userId, communityId);
      return {
        catalogue: COMMUNITY_PERMISSIONS.map((name) => ({ name, ...COMMUNITY_PERMISSION_INFO[name] })),
        mine: COMMUNITY_PERMISSIONS.filter((p) => v.member && v.permissions.has(p)),
      };
    },

    /** The members holding a role, by joining date; search on username and names only when non-empty. */
    async memberList(userId: string, communityId: string, roleId: string, query: MembersQuery) {
      const v = access.requireContent(await access.viewer(userId, communityId));
      await roleOf(communityId, roleId, db);
      const page = await repo.holders(communityId, roleId, query);
      const ids = page.items.map((m) => m.userId);
      const [people, roles] = await Promise.all([graph.summaries(userId, ids), access.rolesOf(communityId, ids)]);
      const byId = new Map(people.map((p) => [p.id, p]));
      const items = page.items.flatMap((m): CommunityMember[] => {
        const user = byId.get(m.userId);
        if (!user) return [];
        const held = roles.get(m.userId) ?? [];
        return [
          {
            user,
            roles: held.map((r) => ({ id: r.id, name: r.name, color: r.color, position: r.position })),
            joinedAt: m.joinedAt.toISOString(),
            manageable: access.mayManage(v, m.userId, held),
          },
        ];
      });
      return { items, page: query.page, limit: query.limit, total: page.total };
    },

    setDefault: (userId: string, communityId: string, roleId: string) =>
      setDefault(userId, communityId, roleId, true, 'role_id'),
    removeDefault: (userId: string, communityId: string, roleId: string) =>
      setDefault(userId, communityId, roleId, false),

    /**
     * Hands the community to another member: they get the Owner role and `owner_id`; the old owner keeps the
     * Moderator role (and any other role they held).
     */
    async transferOwnership(userId: string, communityId: string, input: TransferOwnershipInput): Promise<void> {
      const { v, next } = await inTransaction(db, async (tx) => {
        const v = access.requireOwner(await access.viewer(userId, communityId, tx));
        if (input.confirm.trim() !== v.community.handle) throw confirmMismatch();
        if (input.member_id === userId) throw transferToSelf();
        const next = await repo.member(communityId, input.member_id, clock.now(), tx);
        if (!next) throw memberNotFound('member_id');
        const now = clock.now();
        const roles = await repo.list(communityId, tx);
        const ownerRole = roles.find((r) => r.kind === 'owner');
        const moderatorRole = roles.find((r) => r.kind === 'moderator');
        if (!ownerRole) throw roleNotFound();
        await repo.take(communityId, userId, ownerRole.id, tx);
        await repo.give(communityId, next.userId, ownerRole.id, now, tx);
        if (moderatorRole) await repo.give(communityId, userId, moderatorRole.id, now, tx);
        await repo.setOwner(communityId, next.userId, now, tx);
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'community.ownership_transferred',
            targetUserId: next.userId,
            summary: `Transferred ownership of the community to ${next.username}.`,
            details: { from: userId, to: next.userId },
          },
          tx,
        );
        return { v, next };
      });
      await access.notifyAccess(next.userId, {
        communityId,
        change: 'roles_changed',
        message: `You now own ${v.community.name}.`,
      });
      await access.notifyAccess(userId, {
        communityId,
        change: 'roles_changed',
        message: `You handed ${v.community.name} over to ${next.username}; you keep the Moderator role.`,
      });
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
