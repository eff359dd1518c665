import {
  COMMUNITY_PERMISSIONS,
  type Community,
  type CommunitySummary,
  type ProfileSummary,
} from '@tradedesk/contracts';
import type { SocialGraph } from '../../social/social.types.js';
import type { CommunityAccess, CommunityViewer } from '../communities.access.js';
import type { CommunityRow } from '../communities.table.js';
import type { CommunityMembership, CoreRepository, SummaryRow } from './core.repository.js';

export type CommunityRating = { average: number | null; count: number };
/**
 * The ratings slice's answer for many communities (one statement). Until it is wired (`setRatingLookup`), every
 * community answers no rating.
 */
export type RatingLookup = (communityIds: string[]) => Promise<Map<string, CommunityRating>>;
export const noRatings: RatingLookup = async () => new Map();
const NO_RATING: CommunityRating = { average: null, count: 0 };

/** How the caller stands with the community, from what the access service found. */
export function membershipOf(v: CommunityViewer): CommunityMembership {
  if (v.ban) return 'banned';
  if (v.member) return 'member';
  if (v.requested) return 'requested';
  if (v.invited) return 'invited';
  return 'none';
}

/** Communities as the wire shows them: summaries in lists, the whole page for GET /community/{id}. */
export function createCoreView(deps: {
  access: CommunityAccess;
  graph: Pick<SocialGraph, 'summaries'>;
  repo: Pick<CoreRepository, 'personName'>;
  urlOf: (key: string | null) => string | null;
  ratings: () => RatingLookup;
}) {
  const { access, graph, repo, urlOf } = deps;

  function summaryOf(c: CommunityRow, membership: CommunityMembership, pinned: boolean): CommunitySummary {
    return {
      id: c.id,
      handle: c.handle,
      name: c.name,
      description: c.description,
      imageUrl: urlOf(c.imageKey),
      bannerUrl: urlOf(c.bannerKey),
      visibility: c.visibility,
      categories: c.categories,
      memberCount: c.memberCount,
      membership,
      pinned,
      createdAt: c.createdAt.toISOString(),
    };
  }

  async function ownerOf(viewerId: string, ownerId: string): Promise<ProfileSummary> {
    const [summary] = await graph.summaries(viewerId, [ownerId]);
    if (summary) return summary;
    const name = await repo.personName(ownerId);
    return {
      id: ownerId,
      username: name?.username ?? '',
      displayName: name?.displayName ?? '',
      avatarUrl: null,
      isPublic: false,
      following: false,
    };
  }

  return {
    summary: (row: SummaryRow) => summaryOf(row.community, row.membership, row.pinned),

    /**
     * The community page. For someone who may not read its content (a private community's non-member, a banned
     * person) `limited` is true and the members-only parts (welcome message, the link to the old community) are
     * empty.
     */
    async community(v: CommunityViewer): Promise<Community> {
      const c = v.community;
      const limited = !access.seesContent(v);
      const [owner, ratings, mustAcceptRules] = await Promise.all([
        ownerOf(v.userId, c.ownerId),
        deps.ratings()([c.id]),
        access.mustAcceptRules(v),
      ]);
      return {
        ...summaryOf(c, membershipOf(v), Boolean(v.member?.pinnedAt)),
        type: c.type as Community['type'],
        communitySize: c.communitySize as Community['communitySize'],
        platforms: c.platforms as Community['platforms'],
        existingCommunityUrl: limited ? null : c.existingCommunityUrl,
        owner,
        settings: { ...c.settings, welcomeMessage: limited ? '' : c.settings.welcomeMessage },
        limited,
        myRoles: v.roles.map((r) => ({ id: r.id, name: r.name, color: r.color, position: r.position })),
        myPermissions: COMMUNITY_PERMISSIONS.filter((p) => v.permissions.has(p)),
        mustAcceptRules,
        deletionScheduledFor: c.deletionScheduledFor?.toISOString() ?? null,
        rating: ratings.get(c.id) ?? NO_RATING,
      };
    },
  };
}
export type CoreView = ReturnType<typeof createCoreView>;
