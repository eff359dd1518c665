import type { CommunityPermission } from '@tradedesk/contracts';
import { and, asc, eq, gt, gte, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { newId } from '../../../platform/ids.js';
import { containsPattern } from '../../../platform/sql-like.js';
import { users } from '../../users/users.table.js';
import {
  type CommunityRoleRow,
  communities,
  communityBans,
  communityMemberRoles,
  communityMembers,
  communityRoles,
} from '../communities.table.js';

const notOwnerRole = ne(communityRoles.kind, 'owner');

export type RoleChanges = Partial<
  Pick<CommunityRoleRow, 'name' | 'description' | 'color' | 'display' | 'permissions' | 'isDefault'>
>;

/** The roles slice's queries: roles, their holders and the position shifts that keep the hierarchy dense. */
export function createRolesRepository(db: Db) {
  return {
    /** The community's roles, highest first. */
    async list(communityId: string, tx: Db = db): Promise<CommunityRoleRow[]> {
      return tx
        .select()
        .from(communityRoles)
        .where(eq(communityRoles.communityId, communityId))
        .orderBy(sql`${communityRoles.position} desc`, asc(communityRoles.createdAt));
    },

    /** A role of this community (a role of another community is not found). */
    async find(communityId: string, roleId: string, tx: Db = db): Promise<CommunityRoleRow | null> {
      const [row] = await tx
        .select()
        .from(communityRoles)
        .where(and(eq(communityRoles.communityId, communityId), eq(communityRoles.id, roleId)))
        .limit(1);
      return row ?? null;
    },

    /** How many members hold each role (roles nobody holds are absent). */
    async holderCounts(communityId: string, tx: Db = db): Promise<Map<string, number>> {
      const rows = await tx
        .select({ roleId: communityMemberRoles.roleId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(communityMemberRoles)
        .where(eq(communityMemberRoles.communityId, communityId))
        .groupBy(communityMemberRoles.roleId);
      return new Map(rows.map((r) => [r.roleId, r.n]));
    },

    async holderIds(roleId: string, tx: Db = db): Promise<string[]> {
      const rows = await tx
        .select({ userId: communityMemberRoles.userId })
        .from(communityMemberRoles)
        .where(eq(communityMemberRoles.roleId, roleId));
      return rows.map((r) => r.userId);
    },

    async count(communityId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(communityRoles)
        .where(eq(communityRoles.communityId, communityId));
      return row?.n ?? 0;
    },

    /** The highest position of a role other than Owner (0 when there is none). */
    async topPosition(communityId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`coalesce(max(${communityRoles.position}), 0)`.mapWith(Number) })
        .from(communityRoles)
        .where(and(eq(communityRoles.communityId, communityId), notOwnerRole));
      return row?.n ?? 0;
    },

    /** Inserts a role at `position`, first moving every other role at or above it (but Owner) up by one. */
    async insertAt(
      input: {
        communityId: string;
        name: string;
        description: string;
        color: string;
        display: boolean;
        permissions: CommunityPermission[];
        position: number;
        now: Date;
      },
      tx: Db,
    ): Promise<CommunityRoleRow> {
      await tx
        .update(communityRoles)
        .set({ position: sql`${communityRoles.position} + 1` })
        .where(
          and(
            eq(communityRoles.communityId, input.communityId),
            notOwnerRole,
            gte(communityRoles.position, input.position),
          ),
        );
      const [row] = await tx
        .insert(communityRoles)
        .values({
          id: newId(),
          communityId: input.communityId,
          name: input.name,
          description: input.description,
          color: input.color,
          display: input.display,
          permissions: input.permissions,
          kind: 'custom',
          position: input.position,
          createdAt: input.now,
        })
        .returning();
      return row as CommunityRoleRow;
    },

    async update(roleId: string, changes: RoleChanges, tx: Db): Promise<CommunityRoleRow> {
      const [row] = await tx.update(communityRoles).set(changes).where(eq(communityRoles.id, roleId)).returning();
      return row as CommunityRoleRow;
    },

    /** Moves a role from its position to `to`; the roles in between close the gap (Owner never moves). */
    async move(role: CommunityRoleRow, to: number, tx: Db): Promise<CommunityRoleRow> {
      const from = role.position;
      if (to !== from) {
        const others = and(
          eq(communityRoles.communityId, role.communityId),
          notOwnerRole,
          ne(communityRoles.id, role.id),
        );
        await tx
          .update(communityRoles)
          .set({ position: to > from ? sql`${communityRoles.position} - 1` : sql`${communityRoles.position} + 1` })
          .where(
            to > from
              ? and(others, gt(communityRoles.position, from), lte(communityRoles.position, to))
              : and(others, gte(communityRoles.position, to), lt(communityRoles.position, from)),
          );
      }
      const [row] = await tx
        .update(communityRoles)
        .set({ position: to })
        .where(eq(communityRoles.id, role.id))
        .returning();
      return row as CommunityRoleRow;
    },

    /** Deletes a role (its holders lose it by the cascade) and closes the gap it leaves. */
    async remove(role: CommunityRoleRow, tx: Db): Promise<void> {
      await tx.delete(communityRoles).where(eq(communityRoles.id, role.id));
      await tx
        .update(communityRoles)
        .set({ position: sql`${communityRoles.position} - 1` })
        .where(
          and(
            eq(communityRoles.communityId, role.communityId),
            notOwnerRole,
            gt(communityRoles.position, role.position),
          ),
        );
    },

    /** A member (not banned) of the community with their username; null otherwise. */
    async member(
      communityId: string,
      userId: string,
      now: Date,
      tx: Db = db,
    ): Promise<{ userId: string; username: string; joinedAt: Date } | null> {
      const [row] = await tx
        .select({ userId: communityMembers.userId, username: users.username, joinedAt: communityMembers.joinedAt })
        .from(communityMembers)
        .innerJoin(users, eq(users.id, communityMembers.userId))
        .where(
          and(
            eq(communityMembers.communityId, communityId),
            eq(communityMembers.userId, userId),
            sql`not exists (select 1 from ${communityBans} b where b.community_id = ${communityId}
              and b.user_id = ${userId} and (b.until is null or b.until > ${now}))`,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Gives a role; false when the member already held it. */
    async give(communityId: string, userId: string, roleId: string, now: Date, tx: Db): Promise<boolean> {
      const rows = await tx
        .insert(communityMemberRoles)
        .values({ communityId, userId, roleId, assignedAt: now })
        .onConflictDoNothing()
        .returning({ userId: communityMemberRoles.userId });
      return rows.length > 0;
    },

    /** Takes a role; false when the member did not hold it. */
    async take(communityId: string, userId: string, roleId: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .delete(communityMemberRoles)
        .where(
          and(
            eq(communityMemberRoles.communityId, communityId),
            eq(communityMemberRoles.userId, userId),
            eq(communityMemberRoles.roleId, roleId),
          ),
        )
        .returning({ userId: communityMemberRoles.userId });
      return rows.length > 0;
    },

    async setOwner(communityId: string, ownerId: string, now: Date, tx: Db): Promise<void> {
      await tx.update(communities).set({ ownerId, updatedAt: now }).where(eq(communities.id, communityId));
    },

    /**
     * A page of the members holding a role, by joining date; `search` (non-empty) on username, first and last
     * name, case-insensitive.
     */
    async holders(
      communityId: string,
      roleId: string,
      query: { page: number; limit: number; search?: string },
      tx: Db = db,
    ): Promise<{ items: { userId: string; joinedAt: Date }[]; total: number }> {
      const term = query.search?.trim().toLowerCase();
      const like = term ? containsPattern(term) : null;
      const where = and(
        eq(communityMemberRoles.communityId, communityId),
        eq(communityMemberRoles.roleId, roleId),
        eq(users.status, 'active'),
        like
          ? or(
              sql`lower(${users.username}) like ${like}`,
              sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${like}`,
            )
          : undefined,
      );
      const rows = await tx
        .select({
          userId: communityMembers.userId,
          joinedAt: communityMembers.joinedAt,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(communityMemberRoles)
        .innerJoin(
          communityMembers,
          and(
            eq(communityMembers.communityId, communityMemberRoles.communityId),
            eq(communityMembers.userId, communityMemberRoles.userId),
          ),
        )
        .innerJoin(users, eq(users.id, communityMemberRoles.userId))
        .where(where)
        .orderBy(asc(communityMembers.joinedAt), asc(communityMembers.userId))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && query.page > 1) {
        const [c] = await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(communityMemberRoles)
          .innerJoin(
            communityMembers,
            and(
              eq(communityMembers.communityId, communityMemberRoles.communityId),
              eq(communityMembers.userId, communityMemberRoles.userId),
            ),
          )
          .innerJoin(users, eq(users.id, communityMemberRoles.userId))
          .where(where);
        total = c?.n ?? 0;
      }
      return { items: rows.map(({ userId, joinedAt }) => ({ userId, joinedAt })), total };
    },
  };
}
export type RolesRepository = ReturnType<typeof createRolesRepository>;
