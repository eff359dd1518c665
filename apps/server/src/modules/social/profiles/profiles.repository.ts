import { and, asc, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { escapeLike } from '../../../platform/sql-like.js';
import { users } from '../../users/users.table.js';
import { socialBlocks, socialFollowRequests, socialFollows } from '../social.table.js';
import { socialProfileSettings } from './profiles.table.js';

/**
 * The social graph's queries: follows, follow requests, blocks, people lists and the profile view. Each
 * public read is one statement (the graph is asked on every post, comment and message: it must stay cheap);
 * relations come from EXISTS sub-queries on the tables' primary keys.
 */

const f = socialFollows;
const r = socialFollowRequests;
const b = socialBlocks;

type Id = string | SQL | typeof users.id;

const follows = (follower: Id, followee: Id) =>
  sql<boolean>`exists(select 1 from ${f} where ${f.followerId} = ${follower} and ${f.followeeId} = ${followee})`;
const requested = (requester: Id, target: Id) =>
  sql<boolean>`exists(select 1 from ${r} where ${r.requesterId} = ${requester} and ${r.targetId} = ${target})`;
const blocks = (blocker: Id, blocked: Id) =>
  sql<boolean>`exists(select 1 from ${b} where ${b.blockerId} = ${blocker} and ${b.blockedId} = ${blocked})`;
const total = sql<number>`count(*) over ()`.mapWith(Number);
const active = eq(users.status, 'active');

/** The columns of a person in a list, with whether the viewer follows them. */
const personColumns = (viewerId: string) => ({
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarKey: users.avatarKey,
  visibility: users.visibility,
  isPublic: users.isPublic,
  following: follows(viewerId, users.id),
});
export type PersonRow = {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  avatarKey: string | null;
  visibility: 'everyone' | 'followers' | 'nobody';
  isPublic: boolean;
  following: boolean;
};

/** How a viewer relates to one person: every flag of SocialRelation, from one row. */
const relationColumns = (viewerId: string) => ({
  following: follows(viewerId, users.id),
  followedBy: follows(users.id, viewerId),
  requested: requested(viewerId, users.id),
  requestedMe: requested(users.id, viewerId),
  blocking: blocks(viewerId, users.id),
  blockedBy: blocks(users.id, viewerId),
});

export type Page<T> = { items: T[]; total: number };
const offsetOf = (page: number, limit: number) => (page - 1) * limit;

export function createProfilesRepository(db: Db) {
  /** A page of rows carrying `total` (count(*) over ()); past the last page it counts on its own. */
  async function paged<T extends { total: number }>(
    rows: T[],
    page: number,
    countQuery: () => Promise<number>,
  ): Promise<Page<Omit<T, 'total'>>> {
    const items = rows.map(({ total: _t, ...rest }) => rest);
    if (rows.length > 0) return { items, total: rows[0]!.total };
    return { items, total: page > 1 ? await countQuery() : 0 };
  }

  /** One boolean expression, evaluated in one statement. */
  async function truth(expression: SQL): Promise<boolean> {
    const result = await db.execute(sql`select (${expression}) as yes`);
    const rows = (result as unknown as { rows: Array<{ yes: unknown }> }).rows;
    return rows[0]?.yes === true;
  }

  async function profileWhere(viewerId: string, where: SQL) {
    const [row] = await db
      .select({
        ...personColumns(viewerId),
        biography: users.biography,
        url: users.url,
        location: users.location,
        bannerKey: users.bannerKey,
        createdAt: users.createdAt,
        ...relationColumns(viewerId),
        followers: sql<number>`(select count(*) from ${f} where ${f.followeeId} = ${users.id})`.mapWith(Number),
        followingCount: sql<number>`(select count(*) from ${f} where ${f.followerId} = ${users.id})`.mapWith(Number),
        trackRecordAccountId: socialProfileSettings.trackRecordAccountId,
        moderatedAt: socialProfileSettings.moderatedAt,
      })
      .from(users)
      .leftJoin(socialProfileSettings, eq(socialProfileSettings.userId, users.id))
      .where(and(where, active))
      .limit(1);
    return row;
  }

  return {
    /** Everything GET /profile/{id} shows, as `viewerId` relates to the profile, in one statement. */
    profile: (viewerId: string, id: string) => profileWhere(viewerId, eq(users.id, id)),
    profileByUsername: (viewerId: string, username: string) =>
      profileWhere(viewerId, sql`lower(${users.username}) = lower(${username})`),

    /** The relation flags and audience of `otherId` as `viewerId` sees them; undefined for an unknown person. */
    async relation(viewerId: string, otherId: string) {
      const [row] = await db
        .select({ visibility: users.visibility, isPublic: users.isPublic, ...relationColumns(viewerId) })
        .from(users)
        .where(and(eq(users.id, otherId), active));
      return row;
    },

    /** The owner's audience with the viewer's follow and any block between them. */
    /** `audience` for many owners at once (one statement), keyed by owner id; unknown or inactive ids left out. */
    async audiences(viewerId: string, ownerIds: string[]) {
      if (ownerIds.length === 0) return [];
      return db
        .select({
          id: users.id,
          visibility: users.visibility,
          isPublic: users.isPublic,
          following: follows(viewerId, users.id),
          blocked: sql<boolean>`(${blocks(viewerId, users.id)} or ${blocks(users.id, viewerId)})`,
        })
        .from(users)
        .where(and(inArray(users.id, [...new Set(ownerIds)]), active));
    },

    async audience(viewerId: string, ownerId: string) {
      const [row] = await db
        .select({
          visibility: users.visibility,
          isPublic: users.isPublic,
          following: follows(viewerId, users.id),
          blocked: sql<boolean>`(${blocks(viewerId, users.id)} or ${blocks(users.id, viewerId)})`,
        })
        .from(users)
        .where(and(eq(users.id, ownerId), active));
      return row;
    },

    blockedEither: (a: string, c: string) => truth(sql`${blocks(a, c)} or ${blocks(c, a)}`),
    isFollowing: (followerId: string, followeeId: string) => truth(follows(followerId, followeeId)),
    areFriends: (a: string, c: string) => truth(sql`${follows(a, c)} and ${follows(c, a)}`),

    async usersByUsername(usernames: string[]): Promise<{ id: string; username: string }[]> {
      const lower = [...new Set(usernames.map((u) => u.toLowerCase()))];
      if (lower.length === 0) return [];
      return db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(and(inArray(sql`lower(${users.username})`, lower), active));
    },

    async people(viewerId: string, ids: string[]): Promise<PersonRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(personColumns(viewerId))
        .from(users)
        .where(and(inArray(users.id, [...new Set(ids)]), active));
    },

    /**
     * Followers (`side: 'followers'`) or followed people of `ownerId`, newest first, leaving out anyone who
     * blocks the viewer (they are not to be seen by the viewer).
     */
    async connections(viewerId: string, ownerId: string, side: 'followers' | 'following', page: number, limit: number) {
      const [mine, theirs] = side === 'followers' ? [f.followeeId, f.followerId] : [f.followerId, f.followeeId];
      const where = and(eq(mine, ownerId), active, sql`not ${blocks(users.id, viewerId)}`);
      const rows = await db
        .select({ ...personColumns(viewerId), total })
        .from(f)
        .innerJoin(users, eq(users.id, theirs))
        .where(where)
        .orderBy(desc(f.createdAt), asc(users.id))
        .limit(limit)
        .offset(offsetOf(page, limit));
      return paged(rows, page, async () => {
        const [c] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(f)
          .innerJoin(users, eq(users.id, theirs))
          .where(where);
        return c?.n ?? 0;
      });
    },

    /** Follow requests to the user (incoming) or by the user (outgoing), newest first. */
    async requests(userId: string, direction: 'incoming' | 'outgoing', page: number, limit: number) {
      const [mine, theirs] = direction === 'incoming' ? [r.targetId, r.requesterId] : [r.requesterId, r.targetId];
      const where = and(eq(mine, userId), active);
      const rows = await db
        .select({ ...personColumns(userId), createdAt: r.createdAt, total })
        .from(r)
        .innerJoin(users, eq(users.id, theirs))
        .where(where)
        .orderBy(desc(r.createdAt), asc(users.id))
        .limit(limit)
        .offset(offsetOf(page, limit));
      return paged(rows, page, async () => {
        const [c] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(r)
          .innerJoin(users, eq(users.id, theirs))
          .where(where);
        return c?.n ?? 0;
      });
    },

    async blocked(userId: string, page: number, limit: number) {
      const where = eq(b.blockerId, userId);
      const rows = await db
        .select({ ...personColumns(userId), blockedAt: b.createdAt, total })
        .from(b)
        .innerJoin(users, eq(users.id, b.blockedId))
        .where(where)
        .orderBy(desc(b.createdAt), asc(users.id))
        .limit(limit)
        .offset(offsetOf(page, limit));
      return paged(rows, page, async () => {
        const [c] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(b)
          .where(where);
        return c?.n ?? 0;
      });
    },

    /**
     * People whose username or name contains `term` (case-insensitive): username prefixes first, then name
     * prefixes, then the rest, by username. Leaves out people who block the viewer, `nobody` profiles and
     * moderated ones (the caller is always found).
     */
    async search(viewerId: string, term: string, page: number, limit: number) {
      const t = escapeLike(term.toLowerCase());
      const contains = `%${t}%`;
      const prefix = `${t}%`;
      const name = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
      const where = and(
        active,
        or(sql`lower(${users.username}) like ${contains}`, sql`${name} like ${contains}`),
        or(
          eq(users.id, viewerId),
          and(
            ne(users.visibility, 'nobody'),
            sql`not ${blocks(users.id, viewerId)}`,
            sql`not exists(select 1 from ${socialProfileSettings} where ${socialProfileSettings.userId} = ${users.id} and ${isNotNull(socialProfileSettings.moderatedAt)})`,
          ),
        ),
      );
      const rank = sql`case when lower(${users.username}) like ${prefix} then 0
        when lower(${users.firstName}) like ${prefix} or lower(${users.lastName}) like ${prefix} or ${name} like ${prefix} then 1
        else 2 end`;
      const rows = await db
        .select({ ...personColumns(viewerId), total })
        .from(users)
        .where(where)
        .orderBy(rank, sql`lower(${users.username})`)
        .limit(limit)
        .offset(offsetOf(page, limit));
      return paged(rows, page, async () => {
        const [c] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(users)
          .where(where);
        return c?.n ?? 0;
      });
    },

    // ---- changes ------------------------------------------------------------------------------------

    /** Follows at once; false when the follow already existed. Any pending request between them is dropped. */
    async addFollow(followerId: string, followeeId: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(r).where(and(eq(r.requesterId, followerId), eq(r.targetId, followeeId)));
        const added = await tx
          .insert(f)
          .values({ followerId, followeeId, createdAt: at })
          .onConflictDoNothing()
          .returning({ id: f.followerId });
        return added.length > 0;
      });
    },

    async addRequest(requesterId: string, targetId: string, at: Date): Promise<boolean> {
      const added = await db
        .insert(r)
        .values({ requesterId, targetId, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: r.requesterId });
      return added.length > 0;
    },

    async removeFollow(followerId: string, followeeId: string): Promise<boolean> {
      const gone = await db
        .delete(f)
        .where(and(eq(f.followerId, followerId), eq(f.followeeId, followeeId)))
        .returning({ id: f.followerId });
      return gone.length > 0;
    },

    async removeRequest(requesterId: string, targetId: string): Promise<boolean> {
      const gone = await db
        .delete(r)
        .where(and(eq(r.requesterId, requesterId), eq(r.targetId, targetId)))
        .returning({ id: r.requesterId });
      return gone.length > 0;
    },

    /** Turns a pending request into a follow; false when there was no request. */
    async acceptRequest(requesterId: string, targetId: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(r)
          .where(and(eq(r.requesterId, requesterId), eq(r.targetId, targetId)))
          .returning({ id: r.requesterId });
        if (gone.length === 0) return false;
        await tx
          .insert(f)
          .values({ followerId: requesterId, followeeId: targetId, createdAt: at })
          .onConflictDoNothing();
        return true;
      });
    },

    /** Blocks and, in the same transaction, ends the follows and requests between the two either way. */
    async block(blockerId: string, blockedId: string, at: Date): Promise<void> {
      const between = (x: typeof f.followerId | typeof r.requesterId, y: typeof f.followeeId | typeof r.targetId) =>
        or(and(eq(x, blockerId), eq(y, blockedId)), and(eq(x, blockedId), eq(y, blockerId)));
      await db.transaction(async (tx) => {
        await tx.insert(b).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing();
        await tx.delete(f).where(between(f.followerId, f.followeeId));
        await tx.delete(r).where(between(r.requesterId, r.targetId));
      });
    },

    async unblock(blockerId: string, blockedId: string): Promise<boolean> {
      const gone = await db
        .delete(b)
        .where(and(eq(b.blockerId, blockerId), eq(b.blockedId, blockedId)))
        .returning({ id: b.blockerId });
      return gone.length > 0;
    },

    // ---- settings -----------------------------------------------------------------------------------

    async setTrackRecordAccount(userId: string, accountId: string | null, at: Date): Promise<void> {
      await db
        .insert(socialProfileSettings)
        .values({ userId, trackRecordAccountId: accountId, updatedAt: at })
        .onConflictDoUpdate({
          target: socialProfileSettings.userId,
          set: { trackRecordAccountId: accountId, updatedAt: at },
        });
    },

    async setModerated(userId: string, moderatedAt: Date | null, at: Date): Promise<void> {
      await db
        .insert(socialProfileSettings)
        .values({ userId, moderatedAt, updatedAt: at })
        .onConflictDoUpdate({ target: socialProfileSettings.userId, set: { moderatedAt, updatedAt: at } });
    },

    /** The row of anyone (staff queue: whatever their state), undefined when unknown. */
    async anyPerson(id: string) {
      const [row] = await db
        .select({ id: users.id, username: users.username, biography: users.biography })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
