import { and, asc, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { containsPattern } from '../../../platform/sql-like.js';
import { users } from '../../users/users.table.js';
import {
  communityAudit,
  communityBans,
  communityJoinRequests,
  communityMemberRoles,
  communityMembers,
  communityRoles,
} from '../communities.table.js';
import { communityModeratorOffers } from './members.table.js';

export type Paging = { page: number; limit: number };
const offsetOf = (p: Paging) => (p.page - 1) * p.limit;
const count = sql<number>`count(*)`.mapWith(Number);

/**
 * The members slice's reads and writes of members, bans, the audit log and moderator offers (invites live in
 * `invites.repository.ts`). Membership itself is written through `communities.store.ts`.
 */
export function createMembersRepository(db: Db) {
  return {
    /**
     * A page of members: the owner first, then by their highest role, then who joined first. `search` (non-empty)
     * matches the username, the first or last name or both.
     */
    async members(communityId: string, ownerId: string, search: string | undefined, paging: Paging) {
      const where: SQL[] = [eq(communityMembers.communityId, communityId)];
      const term = search?.trim();
      if (term) {
        const like = containsPattern(term);
        where.push(
          sql`(${users.username} ilike ${like} or ${users.firstName} ilike ${like} or ${users.lastName} ilike ${like}
            or (${users.firstName} || ' ' || ${users.lastName}) ilike ${like})`,
        );
      }
      const top = sql<number>`coalesce((select max(r.position) from ${communityMemberRoles} mr
        join ${communityRoles} r on r.id = mr.role_id
        where mr.community_id = ${communityMembers.communityId} and mr.user_id = ${communityMembers.userId}), 0)`;
      const rows = await db
        .select({ userId: communityMembers.userId, joinedAt: communityMembers.joinedAt })
        .from(communityMembers)
        .innerJoin(users, eq(users.id, communityMembers.userId))
        .where(and(...where))
        .orderBy(
          desc(sql`${communityMembers.userId} = ${ownerId}`),
          desc(top),
          asc(communityMembers.joinedAt),
          asc(communityMembers.userId),
        )
        .limit(paging.limit)
        .offset(offsetOf(paging));
      const [c] = await db
        .select({ n: count })
        .from(communityMembers)
        .innerJoin(users, eq(users.id, communityMembers.userId))
        .where(and(...where));
      return { rows, total: c?.n ?? 0 };
    },

    async isMember(communityId: string, userId: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ userId: communityMembers.userId })
        .from(communityMembers)
        .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
      return Boolean(row);
    },

    /** The person's ban that still counts (not past `until`), else undefined. */
    async activeBan(communityId: string, userId: string, now: Date, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(communityBans)
        .where(
          and(
            eq(communityBans.communityId, communityId),
            eq(communityBans.userId, userId),
            or(isNull(communityBans.until), gt(communityBans.until, now)),
          ),
        );
      return row;
    },

    /** Bans still in force, newest first. */
    async bans(communityId: string, now: Date, paging: Paging) {
      const where = and(
        eq(communityBans.communityId, communityId),
        or(isNull(communityBans.until), gt(communityBans.until, now)),
      );
      const rows = await db
        .select()
        .from(communityBans)
        .where(where)
        .orderBy(desc(communityBans.createdAt), asc(communityBans.userId))
        .limit(paging.limit)
        .offset(offsetOf(paging));
      const [c] = await db.select({ n: count }).from(communityBans).where(where);
      return { rows, total: c?.n ?? 0 };
    },

    /** Writes (or replaces: a new reason and end) the ban. */
    async upsertBan(
      tx: Db,
      ban: { communityId: string; userId: string; reason: string; bannedBy: string; now: Date; until: Date | null },
    ) {
      const values = { reason: ban.reason, bannedBy: ban.bannedBy, createdAt: ban.now, until: ban.until };
      const [row] = await tx
        .insert(communityBans)
        .values({ communityId: ban.communityId, userId: ban.userId, ...values })
        .onConflictDoUpdate({ target: [communityBans.communityId, communityBans.userId], set: values })
        .returning();
      if (!row) throw new Error('the ban was not written');
      return row;
    },

    /** Lifts a ban still in force; false when there was none. Expired rows go too. */
    async deleteBan(tx: Db, communityId: string, userId: string, now: Date): Promise<boolean> {
      const rows = await tx
        .delete(communityBans)
        .where(and(eq(communityBans.communityId, communityId), eq(communityBans.userId, userId)))
        .returning({ until: communityBans.until });
      return rows.some((r) => r.until === null || r.until > now);
    },

    async deleteJoinRequest(tx: Db, communityId: string, userId: string): Promise<void> {
      await tx
        .delete(communityJoinRequests)
        .where(and(eq(communityJoinRequests.communityId, communityId), eq(communityJoinRequests.userId, userId)));
    },

    /** The audit log, newest first. */
    async audit(communityId: string, paging: Paging) {
      const where = eq(communityAudit.communityId, communityId);
      const rows = await db
        .select()
        .from(communityAudit)
        .where(where)
        .orderBy(desc(communityAudit.createdAt), desc(communityAudit.id))
        .limit(paging.limit)
        .offset(offsetOf(paging));
      const [c] = await db.select({ n: count }).from(communityAudit).where(where);
      return { rows, total: c?.n ?? 0 };
    },

    // ---- moderators (legacy) ----

    /** The community's built-in Moderator role (undefined if it was deleted). */
    async moderatorRole(communityId: string, tx: Db = db) {
      const [role] = await tx
        .select()
        .from(communityRoles)
        .where(and(eq(communityRoles.communityId, communityId), eq(communityRoles.kind, 'moderator')))
        .orderBy(desc(communityRoles.position))
        .limit(1);
      return role;
    },

    /**
     * Members holding the Moderator role (approved; `offeredBy` from their offer if there was one) and members with
     * a pending offer, approved first.
     */
    async moderators(communityId: string, roleId: string | null) {
      const held = roleId
        ? await db
            .select({
              userId: communityMemberRoles.userId,
              since: communityMemberRoles.assignedAt,
              offeredBy: communityModeratorOffers.offeredBy,
            })
            .from(communityMemberRoles)
            .leftJoin(
              communityModeratorOffers,
              and(
                eq(communityModeratorOffers.communityId, communityMemberRoles.communityId),
                eq(communityModeratorOffers.userId, communityMemberRoles.userId),
              ),
            )
            .where(and(eq(communityMemberRoles.communityId, communityId), eq(communityMemberRoles.roleId, roleId)))
            .orderBy(asc(communityMemberRoles.assignedAt))
        : [];
      const heldIds = new Set(held.map((h) => h.userId));
      const pending = await db
        .select({
          userId: communityModeratorOffers.userId,
          since: communityModeratorOffers.createdAt,
          offeredBy: communityModeratorOffers.offeredBy,
        })
        .from(communityModeratorOffers)
        .innerJoin(
          communityMembers,
          and(
            eq(communityMembers.communityId, communityModeratorOffers.communityId),
            eq(communityMembers.userId, communityModeratorOffers.userId),
          ),
        )
        .where(
          and(eq(communityModeratorOffers.communityId, communityId), eq(communityModeratorOffers.status, 'pending')),
        )
        .orderBy(asc(communityModeratorOffers.createdAt));
      return [
        ...held.map((h) => ({ ...h, status: 'approved' as const })),
        ...pending.filter((p) => !heldIds.has(p.userId)).map((p) => ({ ...p, status: 'pending' as const })),
      ];
    },

    async offer(communityId: string, userId: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(communityModeratorOffers)
        .where(and(eq(communityModeratorOffers.communityId, communityId), eq(communityModeratorOffers.userId, userId)));
      return row;
    },

    async upsertOffer(tx: Db, offer: { communityId: string; userId: string; offeredBy: string; now: Date }) {
      const values = { offeredBy: offer.offeredBy, status: 'pending' as const, createdAt: offer.now };
      const [row] = await tx
        .insert(communityModeratorOffers)
        .values({ communityId: offer.communityId, userId: offer.userId, ...values })
        .onConflictDoUpdate({
          target: [communityModeratorOffers.communityId, communityModeratorOffers.userId],
          set: values,
        })
        .returning();
      if (!row) throw new Error('the offer was not written');
      return row;
    },

    /** Approves a pending offer; undefined when none is pending. */
    async approveOffer(tx: Db, communityId: string, userId: string) {
      const [row] = await tx
        .update(communityModeratorOffers)
        .set({ status: 'approved' })
        .where(
          and(
            eq(communityModeratorOffers.communityId, communityId),
            eq(communityModeratorOffers.userId, userId),
            eq(communityModeratorOffers.status, 'pending'),
          ),
        )
        .returning();
      return row;
    },

    /** Deletes the person's offer (pending only, or any); true when one was deleted. */
    async deleteOffer(tx: Db, communityId: string, userId: string, onlyPending = false): Promise<boolean> {
      const rows = await tx
        .delete(communityModeratorOffers)
        .where(
          and(
            eq(communityModeratorOffers.communityId, communityId),
            eq(communityModeratorOffers.userId, userId),
            onlyPending ? eq(communityModeratorOffers.status, 'pending') : undefined,
          ),
        )
        .returning({ userId: communityModeratorOffers.userId });
      return rows.length > 0;
    },

    async giveRole(tx: Db, communityId: string, userId: string, roleId: string, now: Date): Promise<void> {
      await tx
        .insert(communityMemberRoles)
        .values({ communityId, userId, roleId, assignedAt: now })
        .onConflictDoNothing();
    },

    /** Takes a role from a member; true when they held it. */
    async takeRole(tx: Db, communityId: string, userId: string, roleId: string): Promise<boolean> {
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
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
