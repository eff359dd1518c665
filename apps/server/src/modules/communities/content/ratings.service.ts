import type { ProfileSummary } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import type { SocialGraph } from '../../social/social.types.js';
import type { CommunityAccess } from '../communities.access.js';
import { communityError } from '../communities.errors.js';
import type { ContentRepository } from './content.repository.js';
import type { CommunityRatingRow } from './content.table.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Legacy ratings (/communities/{id}/ratings): members rate a community 1-5 with an optional review, once each
 * (rating again replaces it); anyone who may read the community reads them with the average and their own.
 */
export function createRatingsService(deps: {
  repo: ContentRepository;
  access: CommunityAccess;
  graph: SocialGraph;
  clock: Clock;
}) {
  const { repo, access, graph, clock } = deps;

  function toRating(row: CommunityRatingRow, people: Map<string, ProfileSummary>) {
    const user = people.get(row.userId);
    return user ? { user, rating: row.rating, review: row.review, updatedAt: row.updatedAt.toISOString() } : null;
  }

  return {
    async list(userId: string, communityId: string, page: number, limit: number) {
      access.requireContent(await access.viewer(userId, communityId));
      const [{ rows, total, average }, mine] = await Promise.all([
        repo.ratingsPage(communityId, page, limit),
        repo.rating(communityId, userId),
      ]);
      const ids = [...new Set([...rows.map((r) => r.userId), ...(mine ? [userId] : [])])];
      const people = new Map((await graph.summaries(userId, ids)).map((p) => [p.id, p]));
      return {
        items: rows.flatMap((r) => toRating(r, people) ?? []),
        page,
        limit,
        total,
        average: average === null ? null : round2(average),
        mine: mine ? toRating(mine, people) : null,
      };
    },

    async rate(userId: string, communityId: string, body: { rating: number; review: string }) {
      access.requireMember(await access.viewer(userId, communityId));
      const now = clock.now();
      const row = await repo.upsertRating({
        communityId,
        userId,
        rating: body.rating,
        review: body.review,
        createdAt: now,
        updatedAt: now,
      });
      const people = new Map((await graph.summaries(userId, [userId])).map((p) => [p.id, p]));
      const rating = toRating(row, people);
      if (!rating) throw new Error('the rater has no summary');
      return rating;
    },

    async remove(userId: string, communityId: string): Promise<void> {
      await access.viewer(userId, communityId);
      if (!(await repo.deleteRating(communityId, userId))) {
        throw communityError('COMMUNITY_ITEM_NOT_FOUND', 'You have not rated this community.');
      }
    },

    /** The `rating` of communities in one query (the core slice's port): no ratings answer average null, count 0. */
    async ratingOf(communityIds: string[]): Promise<Map<string, { average: number | null; count: number }>> {
      const found = await repo.ratingsOf(communityIds);
      return new Map(
        communityIds.map((id) => {
          const r = found.get(id);
          return [id, r ? { average: round2(r.average), count: r.count } : { average: null, count: 0 }];
        }),
      );
    },
  };
}
export type RatingsService = ReturnType<typeof createRatingsService>;
