import type { CommunitySummary, ProfileSummary } from '@tradedesk/contracts';
import type { SocialGraph } from '../../social/social.types.js';
import type { CommunityViewer } from '../communities.access.js';

export type UrlOf = (key: string | null) => string | null;

/** How the caller stands with the community, as summaries say it. */
export function membershipOf(v: CommunityViewer, holdsInvite = false): CommunitySummary['membership'] {
  if (v.ban) return 'banned';
  if (v.member) return 'member';
  if (v.invited || holdsInvite) return 'invited';
  if (v.requested) return 'requested';
  return 'none';
}

/** The community as lists show it (invite previews, accept-invite answers). */
export function summaryOf(v: CommunityViewer, urlOf: UrlOf, holdsInvite = false): CommunitySummary {
  const c = v.community;
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
    membership: membershipOf(v, holdsInvite),
    pinned: Boolean(v.member?.pinnedAt),
    createdAt: c.createdAt.toISOString(),
  };
}

/** People's summaries as `viewerId` sees them, by id (unknown or inactive people are missing). */
export async function peopleOf(
  graph: Pick<SocialGraph, 'summaries'>,
  viewerId: string,
  ids: Array<string | null>,
): Promise<Map<string, ProfileSummary>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  const list = unique.length ? await graph.summaries(viewerId, unique) : [];
  return new Map(list.map((p) => [p.id, p]));
}

/** "bob", or "someone" when the person is not known. */
export const nameOf = (people: Map<string, ProfileSummary>, id: string) => people.get(id)?.username ?? 'someone';

export const DAY_MS = 86_400_000;
export const dateOf = (d: Date) => d.toISOString().slice(0, 10);
