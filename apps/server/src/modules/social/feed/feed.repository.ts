import { and, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { readableCommunitySql } from '../../communities/communities.access.js';
import { users } from '../../users/users.table.js';
import { type SocialPostRow, socialPosts } from '../social.table.js';

const p = socialPosts;
const postColumns = getTableColumns(socialPosts);

/**
 * Whether `viewerId` may see a post of the joined `users` row, in SQL (README "Social", audience rules): always
 * their own; otherwise a not hidden, not moderated post whose author neither blocks nor is blocked by the viewer,
 * and either public with an audience of everyone (a public profile) or, for a private profile, an accepted
 * follower; or a community post of a community the viewer may read (the communities' rule, whatever the author's
 * profile audience). Used by a profile's posts, topics and bookmarks; the feed takes public posts only.
 */
export function visibleTo(viewerId: string): SQL {
  // the follow and block sets are subqueries of the viewer alone (hashed once per query), so the planner keeps
  // walking the posts index in feed order instead of probing per row
  return sql`(${p.authorId} = ${viewerId} or (
    ${p.hiddenAt} is null and ${p.moderatedAt} is null
    and ((${p.visibility} = 'public'
      and ${users.visibility} <> 'nobody'
      and ((${users.visibility} = 'everyone' and ${users.isPublic})
        or ${p.authorId} in (select f.followee_id from social_follows f where f.follower_id = ${viewerId})))
      or (${p.visibility} = 'community' and ${readableCommunitySql(viewerId, p.communityId)}))
    and ${p.authorId} not in (
      select b.blocked_id from social_blocks b where b.blocker_id = ${viewerId}
      union all select b.blocker_id from social_blocks b where b.blocked_id = ${viewerId})
  ))`;
}

/**
 * The feed's posts: public ones only. Community posts, the viewer's own included, live in their community's feed
 * (GET /community/{id}/feed).
 */
function inFeed(viewerId: string): SQL {
  return sql`(${p.visibility} = 'public' and ${visibleTo(viewerId)})`;
}

/** The people the viewer follows, and the viewer: a derived table `a(author_id)`. */
function followedAuthors(viewerId: string): SQL {
  return sql`(select f.followee_id as author_id from social_follows f where f.follower_id = ${viewerId}
    union select ${viewerId}::uuid) a`;
}

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A keyset position: `at` is created_at as PostgreSQL prints it (microseconds kept), `score` for sort top. */
export type FeedKey = { at: string; id: string; score?: number };
export type FeedRow = SocialPostRow & { keyAt: string };

/** The posts indexes are `desc nulls last`: the same words here, or PostgreSQL sorts instead of walking them. */
const newestFirst = [sql`${p.createdAt} desc nulls last`, sql`${p.id} desc nulls last`];

export function createFeedRepository(db: Db) {
  const base = () =>
    db
      .select({ ...postColumns, keyAt: sql<string>`${p.createdAt}::text` })
      .from(p)
      .innerJoin(users, eq(users.id, p.authorId));

  /** Full rows of these ids, in their order. */
  async function byIds(ids: string[]): Promise<FeedRow[]> {
    if (ids.length === 0) return [];
    const at = new Map(ids.map((id, i) => [id, i]));
    const rows = await base().where(inArray(p.id, ids));
    return rows.sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
  }

  async function countOfAuthor(viewerId: string, ownerId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(p)
      .innerJoin(users, eq(users.id, p.authorId))
      .where(and(eq(p.authorId, ownerId), visibleTo(viewerId)));
    return row?.n ?? 0;
  }

  return {
    /** One feed page (limit + 1 rows, so the caller knows whether there is more): newest first. */
    async recent(viewerId: string, q: { following: boolean; after?: FeedKey; limit: number }): Promise<FeedRow[]> {
      const after = q.after
        ? sql`(${p.createdAt}, ${p.id}) < (${q.after.at}::timestamptz, ${q.after.id}::uuid)`
        : sql`true`;
      if (q.following) {
        // per followed author, their newest visible posts (the author index), then the newest of those: a scan
        // of the whole posts index would read past everyone else's posts
        const keys = await rowsOf<{ id: string }>(
          db,
          sql`select k.id from ${followedAuthors(viewerId)} cross join lateral (
            select ${p.id} as id, ${p.createdAt} as created_at from ${p} join ${users} on ${users.id} = ${p.authorId}
            where ${p.authorId} = a.author_id and ${after} and ${inFeed(viewerId)}
            order by ${p.createdAt} desc nulls last, ${p.id} desc nulls last limit ${q.limit + 1}) k
          order by k.created_at desc, k.id desc limit ${q.limit + 1}`,
        );
        return byIds(keys.map((k) => k.id));
      }
      return base()
        .where(and(inFeed(viewerId), after))
        .orderBy(...newestFirst)
        .limit(q.limit + 1);
    },

    /**
     * Sort top: the posts of the 7 days up to `until` (the instant of the first page, so posts arriving later do
     * not shift the pages) by score (likes + 2 comments + 3 reposts, the stored `score` column), then newest. The
     * query walks `social_posts_top_idx` in this order from the keyset position, checking the window on its
     * entries, and stops at the page's end: no sort of the window's posts.
     */
    async top(
      viewerId: string,
      q: { following: boolean; after?: FeedKey; until: string; limit: number },
    ): Promise<FeedRow[]> {
      const where = [
        inFeed(viewerId),
        sql`${p.createdAt} <= ${q.until}::timestamptz`,
        sql`${p.createdAt} > ${q.until}::timestamptz - interval '7 days'`,
      ];
      if (q.following) {
        where.push(sql`${p.authorId} in (select author_id from ${followedAuthors(viewerId)})`);
      }
      if (q.after) {
        where.push(
          sql`(${p.score}, ${p.createdAt}, ${p.id}) < (${q.after.score ?? 0}::int, ${q.after.at}::timestamptz, ${q.after.id}::uuid)`,
        );
      }
      return base()
        .where(and(...where))
        .orderBy(sql`${p.score} desc nulls last`, ...newestFirst)
        .limit(q.limit + 1);
    },

    /** The keyset position of a post (any post: the caller's `since`). */
    async keyOf(postId: string): Promise<FeedKey | undefined> {
      const [row] = await db
        .select({ at: sql<string>`${p.createdAt}::text`, id: p.id })
        .from(p)
        .where(eq(p.id, postId));
      return row;
    },

    /** How many feed posts came after `since` (at most `cap`). */
    async countNewer(viewerId: string, q: { following: boolean; since: FeedKey; cap: number }): Promise<number> {
      const where = [
        inFeed(viewerId),
        sql`(${p.createdAt}, ${p.id}) > (${q.since.at}::timestamptz, ${q.since.id}::uuid)`,
      ];
      if (q.following) where.push(sql`${p.authorId} in (select author_id from ${followedAuthors(viewerId)})`);
      const inner = db
        .select({ id: p.id })
        .from(p)
        .innerJoin(users, eq(users.id, p.authorId))
        .where(and(...where))
        .limit(q.cap)
        .as('newer');
      const [row] = await db.select({ n: count() }).from(inner);
      return row?.n ?? 0;
    },

    /** How `viewerId` stands to `ownerId`: null when the owner is unknown or blocks the viewer. */
    async audience(
      viewerId: string,
      ownerId: string,
    ): Promise<{ self: boolean; canSee: boolean; visibility: string; blocking: boolean } | null> {
      const [row] = await db
        .select({
          visibility: users.visibility,
          isPublic: users.isPublic,
          follows: sql<boolean>`exists (select 1 from social_follows f where f.follower_id = ${viewerId} and f.followee_id = ${users.id})`,
          blockedBy: sql<boolean>`exists (select 1 from social_blocks b where b.blocker_id = ${users.id} and b.blocked_id = ${viewerId})`,
          blocking: sql<boolean>`exists (select 1 from social_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = ${users.id})`,
        })
        .from(users)
        .where(eq(users.id, ownerId));
      if (!row) return null;
      const self = viewerId === ownerId;
      if (!self && row.blockedBy) return null;
      const open = row.visibility === 'everyone' && row.isPublic;
      const canSee = self || (!row.blocking && row.visibility !== 'nobody' && (open || row.follows));
      return { self, canSee, visibility: row.visibility, blocking: row.blocking };
    },

    /** A profile's posts as `viewerId` sees them: pinned first, then newest. */
    async ofAuthor(
      viewerId: string,
      ownerId: string,
      q: { offset: number; limit: number },
    ): Promise<{ rows: SocialPostRow[]; total: number }> {
      const where = and(eq(p.authorId, ownerId), visibleTo(viewerId));
      const rows = await db
        .select(postColumns)
        .from(p)
        .innerJoin(users, eq(users.id, p.authorId))
        .where(where)
        .orderBy(sql`${p.pinnedAt} desc nulls last`, ...newestFirst)
        .offset(q.offset)
        .limit(q.limit);
      return { rows, total: await countOfAuthor(viewerId, ownerId) };
    },

    countOfAuthor,

    /** A post if `viewerId` may see it. */
    async visiblePost(viewerId: string, postId: string): Promise<SocialPostRow | undefined> {
      const [row] = await db
        .select(postColumns)
        .from(p)
        .innerJoin(users, eq(users.id, p.authorId))
        .where(and(eq(p.id, postId), visibleTo(viewerId)));
      return row;
    },

    /** Posts by id if visible, in no particular order. */
    async visiblePosts(viewerId: string, ids: string[]): Promise<SocialPostRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(postColumns)
        .from(p)
        .innerJoin(users, eq(users.id, p.authorId))
        .where(and(sql`${p.id} in ${ids}`, visibleTo(viewerId)));
    },

    /** Trending `$SYMBOL` tags and `#hashtags` of the visible posts of the 7 days up to `now`. */
    async topics(
      viewerId: string,
      q: { now: Date; offset: number; limit: number },
    ): Promise<{ rows: { tag: string; kind: 'symbol' | 'hashtag'; posts: number }[]; total: number }> {
      const since = new Date(q.now.getTime() - 7 * 86_400_000).toISOString();
      const recent = sql`select ${p.id} as id, ${p.symbols} as symbols, ${p.hashtags} as hashtags
        from ${p} join ${users} on ${users.id} = ${p.authorId}
        where ${visibleTo(viewerId)} and ${p.createdAt} > ${since}::timestamptz`;
      const tags = sql`with recent as (${recent}), tags as (
          select 'symbol' as kind, upper(s->>'ticker') as tag, r.id from recent r, jsonb_array_elements(r.symbols) s
          union all
          select 'hashtag' as kind, lower(h) as tag, r.id from recent r, unnest(r.hashtags) h
        ), grouped as (select kind, tag, count(distinct id)::int as posts from tags group by kind, tag)`;
      const result = await db.execute(sql`${tags}
        select kind, tag, posts, (count(*) over ())::int as total from grouped
        order by posts desc, tag asc offset ${q.offset} limit ${q.limit}`);
      const rows = (result as unknown as { rows: { kind: string; tag: string; posts: number; total: number }[] }).rows;
      let total = rows[0]?.total;
      if (total === undefined) {
        const counted = await db.execute(sql`${tags} select count(*)::int as total from grouped`);
        total = (counted as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0;
      }
      return {
        rows: rows.map((r) => ({ tag: r.tag, kind: r.kind as 'symbol' | 'hashtag', posts: Number(r.posts) })),
        total: Number(total),
      };
    },
  };
}
export type FeedRepository = ReturnType<typeof createFeedRepository>;
