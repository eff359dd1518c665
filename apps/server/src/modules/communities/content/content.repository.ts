import { and, asc, avg, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { type SocialPostRow, socialPosts } from '../../social/social.table.js';
import { communityMembers } from '../communities.table.js';
import {
  type CommunityLinkRow,
  type CommunityRatingRow,
  type CommunityRuleRow,
  communityLinks,
  communityPostPins,
  communityRatings,
  communityRules,
} from './content.table.js';

export type ItemKind = 'rules' | 'links';
export type ItemRow = CommunityRuleRow | CommunityLinkRow;
const tables = { rules: communityRules, links: communityLinks } as const;

/**
 * Rules, links, ratings, post pins and the community feed's query (posts are the social posts slice's rows,
 * built into posts by its view). Writes take the caller's transaction (`tx`) so an audit entry lands with them.
 */
export function createContentRepository(db: Db) {
  return {
    // ---- rules and links (the same shape)

    async items(kind: ItemKind, communityId: string, tx: Db = db): Promise<ItemRow[]> {
      const t = tables[kind];
      return tx.select().from(t).where(eq(t.communityId, communityId)).orderBy(asc(t.position), asc(t.createdAt));
    },

    async item(kind: ItemKind, communityId: string, id: string, tx: Db = db): Promise<ItemRow | undefined> {
      const t = tables[kind];
      const [row] = await tx
        .select()
        .from(t)
        .where(and(eq(t.communityId, communityId), eq(t.id, id)));
      return row;
    },

    async countItems(kind: ItemKind, communityId: string, tx: Db = db): Promise<number> {
      const t = tables[kind];
      const [row] = await tx.select({ n: count() }).from(t).where(eq(t.communityId, communityId));
      return row?.n ?? 0;
    },

    async insertRule(row: CommunityRuleRow, tx: Db): Promise<CommunityRuleRow> {
      const [inserted] = await tx.insert(communityRules).values(row).returning();
      if (!inserted) throw new Error('rule insert returned nothing');
      return inserted;
    },

    async insertLink(row: CommunityLinkRow, tx: Db): Promise<CommunityLinkRow> {
      const [inserted] = await tx.insert(communityLinks).values(row).returning();
      if (!inserted) throw new Error('link insert returned nothing');
      return inserted;
    },

    async updateItem(
      kind: ItemKind,
      id: string,
      patch: { title?: string; description?: string; url?: string; updatedAt: Date },
      tx: Db,
    ): Promise<ItemRow> {
      const t = tables[kind];
      const [row] = await tx.update(t).set(patch).where(eq(t.id, id)).returning();
      if (!row) throw new Error('item update returned nothing');
      return row;
    },

    /** Deletes the item and closes the gap: positions stay 1..n. */
    async deleteItem(kind: ItemKind, communityId: string, id: string, tx: Db): Promise<void> {
      const t = tables[kind];
      const [gone] = await tx.delete(t).where(eq(t.id, id)).returning({ position: t.position });
      if (!gone) return;
      await tx
        .update(t)
        .set({ position: sql`${t.position} - 1` })
        .where(and(eq(t.communityId, communityId), sql`${t.position} > ${gone.position}`));
    },

    /** Positions 1..n in the order of `ids` (every item of the community, checked by the caller). */
    async reorder(kind: ItemKind, communityId: string, ids: string[], now: Date, tx: Db): Promise<void> {
      const t = tables[kind];
      const cases = sql.join(
        ids.map((id, i) => sql`when ${id}::uuid then ${i + 1}::int`),
        sql` `,
      );
      await tx
        .update(t)
        .set({ position: sql`case ${t.id} ${cases} end`, updatedAt: now })
        .where(and(eq(t.communityId, communityId), inArray(t.id, ids)));
    },

    async hasRules(communityId: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: communityRules.id })
        .from(communityRules)
        .where(eq(communityRules.communityId, communityId))
        .limit(1);
      return row !== undefined;
    },

    async acceptRules(communityId: string, userId: string, at: Date): Promise<Date> {
      const [row] = await db
        .update(communityMembers)
        .set({ rulesAcceptedAt: sql`coalesce(${communityMembers.rulesAcceptedAt}, ${at})` })
        .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
        .returning({ at: communityMembers.rulesAcceptedAt });
      return row?.at ?? at;
    },

    // ---- ratings

    async ratingsPage(
      communityId: string,
      page: number,
      limit: number,
    ): Promise<{ rows: CommunityRatingRow[]; total: number; average: number | null }> {
      const where = eq(communityRatings.communityId, communityId);
      const [rows, [summary]] = await Promise.all([
        db
          .select()
          .from(communityRatings)
          .where(where)
          .orderBy(desc(communityRatings.updatedAt), asc(communityRatings.userId))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ n: count(), average: avg(communityRatings.rating) })
          .from(communityRatings)
          .where(where),
      ]);
      return {
        rows,
        total: summary?.n ?? 0,
        average: summary?.average === null || summary?.average === undefined ? null : Number(summary.average),
      };
    },

    async rating(communityId: string, userId: string): Promise<CommunityRatingRow | undefined> {
      const [row] = await db
        .select()
        .from(communityRatings)
        .where(and(eq(communityRatings.communityId, communityId), eq(communityRatings.userId, userId)));
      return row;
    },

    async upsertRating(row: CommunityRatingRow): Promise<CommunityRatingRow> {
      const [saved] = await db
        .insert(communityRatings)
        .values(row)
        .onConflictDoUpdate({
          target: [communityRatings.communityId, communityRatings.userId],
          set: { rating: row.rating, review: row.review, updatedAt: row.updatedAt },
        })
        .returning();
      if (!saved) throw new Error('rating upsert returned nothing');
      return saved;
    },

    async deleteRating(communityId: string, userId: string): Promise<boolean> {
      const gone = await db
        .delete(communityRatings)
        .where(and(eq(communityRatings.communityId, communityId), eq(communityRatings.userId, userId)))
        .returning({ userId: communityRatings.userId });
      return gone.length > 0;
    },

    /** Average and count of many communities in one query (communities without ratings are left out). */
    async ratingsOf(communityIds: string[]): Promise<Map<string, { average: number; count: number }>> {
      if (communityIds.length === 0) return new Map();
      const rows = await db
        .select({ id: communityRatings.communityId, n: count(), average: avg(communityRatings.rating) })
        .from(communityRatings)
        .where(inArray(communityRatings.communityId, communityIds))
        .groupBy(communityRatings.communityId);
      return new Map(rows.map((r) => [r.id, { average: Number(r.average), count: Number(r.n) }]));
    },

    // ---- the community feed and its pins

    /**
     * A page of the community's posts as `viewerId` may read them (their own always; others' when not hidden,
     * not moderated and the author and viewer do not block each other): pinned first, then newest or top.
     */
    async feed(
      communityId: string,
      viewerId: string,
      q: { following: boolean; sort: 'recent' | 'top'; page: number; limit: number },
    ): Promise<{ rows: SocialPostRow[]; total: number; pinned: Set<string> }> {
      const p = socialPosts;
      const where = and(
        eq(p.communityId, communityId),
        eq(p.visibility, 'community'),
        sql`(${p.authorId} = ${viewerId} or (${p.hiddenAt} is null and ${p.moderatedAt} is null
          and ${p.authorId} not in (
            select b.blocked_id from social_blocks b where b.blocker_id = ${viewerId}
            union all select b.blocker_id from social_blocks b where b.blocked_id = ${viewerId})))`,
        q.following
          ? sql`(${p.authorId} = ${viewerId} or ${p.authorId} in (
              select f.followee_id from social_follows f where f.follower_id = ${viewerId}))`
          : undefined,
      );
      const pin = communityPostPins;
      const order = [
        sql`${pin.pinnedAt} desc nulls last`,
        ...(q.sort === 'top' ? [desc(p.score)] : []),
        desc(p.createdAt),
        desc(p.id),
      ];
      const [rows, [total]] = await Promise.all([
        db
          .select({ post: p, pinnedAt: pin.pinnedAt })
          .from(p)
          .leftJoin(pin, and(eq(pin.communityId, communityId), eq(pin.postId, p.id)))
          .where(where)
          .orderBy(...order)
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(p).where(where),
      ]);
      return {
        rows: rows.map((r) => r.post),
        total: total?.n ?? 0,
        pinned: new Set(rows.flatMap((r) => (r.pinnedAt ? [r.post.id] : []))),
      };
    },

    /** A post of this community (whatever its state), else undefined. */
    async communityPost(communityId: string, postId: string, tx: Db = db): Promise<SocialPostRow | undefined> {
      const [row] = await tx
        .select()
        .from(socialPosts)
        .where(and(eq(socialPosts.id, postId), eq(socialPosts.communityId, communityId)));
      return row;
    },

    /** Which of `postIds` are pinned in their community. */
    async pinnedOf(postIds: string[], tx: Db = db): Promise<Set<string>> {
      if (postIds.length === 0) return new Set();
      const rows = await tx
        .select({ id: communityPostPins.postId })
        .from(communityPostPins)
        .where(inArray(communityPostPins.postId, postIds));
      return new Set(rows.map((r) => r.id));
    },

    async countPins(communityId: string, tx: Db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(communityPostPins)
        .where(eq(communityPostPins.communityId, communityId));
      return row?.n ?? 0;
    },

    /** True when the pin is new. */
    async pin(communityId: string, postId: string, userId: string, at: Date, tx: Db): Promise<boolean> {
      const rows = await tx
        .insert(communityPostPins)
        .values({ communityId, postId, pinnedBy: userId, pinnedAt: at })
        .onConflictDoNothing()
        .returning({ postId: communityPostPins.postId });
      return rows.length > 0;
    },

    /** True when it was pinned. */
    async unpin(communityId: string, postId: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .delete(communityPostPins)
        .where(and(eq(communityPostPins.communityId, communityId), eq(communityPostPins.postId, postId)))
        .returning({ postId: communityPostPins.postId });
      return rows.length > 0;
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
