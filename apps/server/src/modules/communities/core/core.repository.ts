import type { COMMUNITY_MEMBERSHIPS } from '@tradedesk/contracts';
import { and, asc, desc, eq, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { containsPattern } from '../../../platform/sql-like.js';
import { users } from '../../users/users.table.js';
import { type CommunityRow, communities, communityJoinRequests, communityMembers } from '../communities.table.js';

export type CommunityMembership = (typeof COMMUNITY_MEMBERSHIPS)[number];
/** A community in a list with how the caller stands with it (computed in the same statement). */
export type SummaryRow = { community: CommunityRow; membership: CommunityMembership; pinned: boolean };
export type Paged<T> = { items: T[]; total: number };

const total = sql<number>`count(*) over ()`.mapWith(Number);
const offsetOf = (page: number, limit: number) => (page - 1) * limit;

/** An active ban of `userId` in the community of the outer row (`communities`). */
const bannedSql = (userId: string, now: Date) =>
  sql`exists (select 1 from community_bans b where b.community_id = ${communities.id} and b.user_id = ${userId}
    and (b.until is null or b.until > ${now}))`;
const memberSql = (userId: string) =>
  sql`exists (select 1 from community_members m where m.community_id = ${communities.id} and m.user_id = ${userId})`;

/**
 * How the caller stands with each community of a page, in the page's own statement: banned (an active ban) first,
 * then member, an open join request, an open personal invite, else none.
 */
const membershipSql = (userId: string, now: Date) =>
  sql<CommunityMembership>`case
    when ${bannedSql(userId, now)} then 'banned'
    when ${memberSql(userId)} then 'member'
    when exists (select 1 from community_join_requests r where r.community_id = ${communities.id}
      and r.user_id = ${userId}) then 'requested'
    when exists (select 1 from community_invites i where i.community_id = ${communities.id}
      and i.invitee_id = ${userId} and i.revoked_at is null and i.uses < i.max_uses and i.expires_at > ${now})
      then 'invited'
    else 'none' end`;
const pinnedSql = (userId: string) =>
  sql<boolean>`exists (select 1 from community_members m where m.community_id = ${communities.id}
    and m.user_id = ${userId} and m.pinned_at is not null)`;

const summaryColumns = (userId: string, now: Date) => ({
  community: communities,
  membership: membershipSql(userId, now),
  pinned: pinnedSql(userId),
  total,
});

/** Listed to the caller: public and private, hidden only to its members (never to the banned); none being deleted. */
const listedTo = (userId: string, now: Date) =>
  and(
    isNull(communities.deletionScheduledFor),
    sql`(${communities.visibility} <> 'hidden' or (${memberSql(userId)} and not ${bannedSql(userId, now)}))`,
  );

function paged(rows: Array<SummaryRow & { total: number }>): Paged<SummaryRow> {
  return {
    items: rows.map(({ community, membership, pinned }) => ({ community, membership, pinned })),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * The core slice's queries: the directory and the caller's lists (each one statement with the caller's standing),
 * categories, spotlight, the community row, join requests, pins, notification preferences and the purge.
 */
export function createCoreRepository(db: Db) {
  /** A page past the end has no row to carry `count(*) over ()`: count once more only then. */
  async function withTotal(
    rows: Array<SummaryRow & { total: number }>,
    page: number,
    where: SQL | undefined,
    from: 'communities' | 'joined',
    userId: string,
  ): Promise<Paged<SummaryRow>> {
    if (rows.length > 0 || page === 1) return paged(rows);
    const base = db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(communities);
    const [row] =
      from === 'joined'
        ? await base
            .innerJoin(
              communityMembers,
              and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, userId)),
            )
            .where(where)
        : await base.where(where);
    return { items: [], total: row?.n ?? 0 };
  }

  return {
    async directory(
      userId: string,
      now: Date,
      query: { search?: string; category?: string; page: number; limit: number },
    ): Promise<Paged<SummaryRow>> {
      const conditions: Array<SQL | undefined> = [listedTo(userId, now)];
      const search = query.search?.trim();
      if (search) {
        const like = containsPattern(search.toLowerCase());
        conditions.push(
          sql`(lower(${communities.name}) like ${like} or ${communities.handle} like ${like}
            or lower(${communities.description}) like ${like})`,
        );
      }
      if (query.category) conditions.push(sql`${query.category} = any(${communities.categories})`);
      const where = and(...conditions);
      const rows = await db
        .select(summaryColumns(userId, now))
        .from(communities)
        .where(where)
        .orderBy(desc(communities.memberCount), asc(communities.name), asc(communities.id))
        .limit(query.limit)
        .offset(offsetOf(query.page, query.limit));
      return withTotal(rows, query.page, where, 'communities', userId);
    },

    /** The caller's communities (not those being deleted unless they own them): pinned first, then by name. */
    async joined(userId: string, now: Date, page: { page: number; limit: number }): Promise<Paged<SummaryRow>> {
      const where = and(
        sql`(${communities.deletionScheduledFor} is null or ${communities.ownerId} = ${userId})`,
        sql`not ${bannedSql(userId, now)}`,
      );
      const rows = await db
        .select(summaryColumns(userId, now))
        .from(communities)
        .innerJoin(
          communityMembers,
          and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, userId)),
        )
        .where(where)
        .orderBy(
          sql`${communityMembers.pinnedAt} is null`,
          desc(communityMembers.pinnedAt),
          asc(communities.name),
          asc(communities.id),
        )
        .limit(page.limit)
        .offset(offsetOf(page.page, page.limit));
      return withTotal(rows, page.page, where, 'joined', userId);
    },

    /** How many communities the user owns (those being deleted too): the plan's communities_owned counts them. */
    async countOwned(userId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(communities)
        .where(eq(communities.ownerId, userId));
      return row?.n ?? 0;
    },

    /** What the plan's communities_owned limit counts (those being deleted too), for assertEditable. */
    async countedOwned(userId: string): Promise<Array<{ id: string; createdAt: Date }>> {
      return db
        .select({ id: communities.id, createdAt: communities.createdAt })
        .from(communities)
        .where(eq(communities.ownerId, userId));
    },

    /** The communities the caller owns (those being deleted too, so they can be restored), by name. */
    async owned(userId: string, now: Date, page: { page: number; limit: number }): Promise<Paged<SummaryRow>> {
      const where = eq(communities.ownerId, userId);
      const rows = await db
        .select(summaryColumns(userId, now))
        .from(communities)
        .where(where)
        .orderBy(asc(communities.name), asc(communities.id))
        .limit(page.limit)
        .offset(offsetOf(page.page, page.limit));
      return withTotal(rows, page.page, where, 'communities', userId);
    },

    /** Public communities with the most members joined since `since`, then the most members. */
    async spotlight(userId: string, now: Date, since: Date, size: number): Promise<SummaryRow[]> {
      const recent = sql<number>`(select count(*) from community_members m where m.community_id = ${communities.id}
        and m.joined_at >= ${since})`;
      const rows = await db
        .select(summaryColumns(userId, now))
        .from(communities)
        .where(and(eq(communities.visibility, 'public'), isNull(communities.deletionScheduledFor)))
        .orderBy(desc(recent), desc(communities.memberCount), asc(communities.name), asc(communities.id))
        .limit(size);
      return paged(rows).items;
    },

    /** How many listed communities (public, private; not being deleted) carry each category. */
    async categoryCounts(): Promise<Map<string, number>> {
      const result = await db.execute(sql`
        select c.category, count(*) as n from communities, unnest(communities.categories) as c(category)
        where communities.visibility <> 'hidden' and communities.deletion_scheduled_for is null
        group by c.category`);
      const rows = (result as unknown as { rows: Array<{ category: string; n: number | string }> }).rows;
      return new Map(rows.map((r) => [r.category, Number(r.n)]));
    },

    async idByHandle(handle: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: communities.id })
        .from(communities)
        .where(eq(communities.handle, handle))
        .limit(1);
      return row?.id;
    },

    async handleTaken(handle: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: communities.id })
        .from(communities)
        .where(eq(communities.handle, handle))
        .limit(1);
      return Boolean(row);
    },

    /** The owner's name, when the social graph leaves them out (an account not active). */
    async personName(userId: string): Promise<{ username: string; displayName: string } | undefined> {
      const [row] = await db
        .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!row) return undefined;
      const name = `${row.firstName} ${row.lastName}`.trim();
      return { username: row.username, displayName: name || row.username };
    },

    async update(
      tx: Db,
      id: string,
      patch: Partial<Omit<CommunityRow, 'id' | 'createdAt'>> & { updatedAt: Date },
    ): Promise<CommunityRow> {
      const [row] = await tx.update(communities).set(patch).where(eq(communities.id, id)).returning();
      if (!row) throw new Error(`community ${id} vanished during an update`);
      return row;
    },

    async memberIds(communityId: string, tx: Db = db): Promise<string[]> {
      const rows = await tx
        .select({ userId: communityMembers.userId })
        .from(communityMembers)
        .where(eq(communityMembers.communityId, communityId));
      return rows.map((r) => r.userId);
    },

    /** Deletes up to `batch` communities whose grace period ended (everything of theirs cascades). */
    async purgeDue(now: Date, batch: number) {
      const due = db
        .select({ id: communities.id })
        .from(communities)
        .where(and(isNotNull(communities.deletionScheduledFor), lte(communities.deletionScheduledFor, now)))
        .limit(batch);
      return db
        .delete(communities)
        .where(sql`${communities.id} in ${due}`)
        .returning({ id: communities.id, imageKey: communities.imageKey, bannerKey: communities.bannerKey });
    },

    // ---- join requests ----

    async requests(communityId: string, page: { page: number; limit: number }) {
      const r = communityJoinRequests;
      const where = eq(r.communityId, communityId);
      const rows = await db
        .select({ id: r.id, userId: r.userId, message: r.message, createdAt: r.createdAt, total })
        .from(r)
        .where(where)
        .orderBy(asc(r.createdAt), asc(r.id))
        .limit(page.limit)
        .offset(offsetOf(page.page, page.limit));
      if (rows.length > 0 || page.page === 1) return { items: rows, total: rows[0]?.total ?? 0 };
      const [c] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(r)
        .where(where);
      return { items: [], total: c?.n ?? 0 };
    },

    async findRequest(communityId: string, requestId: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(communityJoinRequests)
        .where(and(eq(communityJoinRequests.id, requestId), eq(communityJoinRequests.communityId, communityId)))
        .limit(1);
      return row;
    },

    /** Asks to join, or updates the message of the open request. */
    async upsertRequest(
      tx: Db,
      input: { id: string; communityId: string; userId: string; message: string; now: Date },
    ) {
      await tx
        .insert(communityJoinRequests)
        .values({
          id: input.id,
          communityId: input.communityId,
          userId: input.userId,
          message: input.message,
          createdAt: input.now,
        })
        .onConflictDoUpdate({
          target: [communityJoinRequests.communityId, communityJoinRequests.userId],
          set: { message: input.message },
        });
    },

    /** Deletes a person's open request; false when there was none. */
    async deleteRequestOf(communityId: string, userId: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(communityJoinRequests)
        .where(and(eq(communityJoinRequests.communityId, communityId), eq(communityJoinRequests.userId, userId)))
        .returning({ id: communityJoinRequests.id });
      return rows.length > 0;
    },

    // ---- the member's own row: pin and notification preferences ----

    async setPinned(communityId: string, userId: string, at: Date | null): Promise<void> {
      await db
        .update(communityMembers)
        .set({ pinnedAt: at })
        .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
    },

    async updatePrefs(
      communityId: string,
      userId: string,
      patch: Partial<
        Pick<typeof communityMembers.$inferInsert, 'notifyLevel' | 'notifyNewPosts' | 'notifyAnnouncements'>
      >,
    ) {
      const [row] = await db
        .update(communityMembers)
        .set(patch)
        .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
        .returning();
      return row;
    },
  };
}
export type CoreRepository = ReturnType<typeof createCoreRepository>;
