import type { SocialProfile, TrackRecord, VerifiedIdeasStats } from '@tradedesk/contracts';
import { audienceOf, displayNameOf, seesContent } from './profiles.audience.js';
import type { ProfilesRepository } from './profiles.repository.js';
import type { TrackRecords } from './profiles.track-record.js';

export type ProfileRow = NonNullable<Awaited<ReturnType<ProfilesRepository['profile']>>>;

/** What the profile view reads from the other slices: the feed's figures (the feed slice provides them). */
export type ProfileFigures = {
  /** Hit rate and average R of the owner's verified trade ideas. */
  ideasStats(userId: string): Promise<VerifiedIdeasStats>;
  /** How many of the owner's posts the viewer can see. */
  postCount(viewerId: string, ownerId: string): Promise<number>;
};

/**
 * GET /profile/{id} from its one row: the limited view (name, avatar, counts, follow button) for whoever may not
 * see the content, the full one with the live track record and verified ideas for the others.
 */
export function createProfileView(deps: {
  figures: ProfileFigures;
  trackRecords: TrackRecords;
  urlOf: (key: string | null) => string | null;
  onTrackRecordError?: (error: unknown, userId: string) => void;
}) {
  const { figures, trackRecords, urlOf } = deps;

  async function trackRecordOf(row: ProfileRow): Promise<TrackRecord | null> {
    if (!row.trackRecordAccountId) return null;
    try {
      return await trackRecords.compute(row.id, row.trackRecordAccountId);
    } catch (error) {
      // An account archived or broken since it was published: the profile still shows, without the record.
      deps.onTrackRecordError?.(error, row.id);
      return null;
    }
  }

  return async function view(viewerId: string, row: ProfileRow): Promise<SocialProfile> {
    const self = row.id === viewerId;
    const audience = audienceOf(row);
    const blocked = row.blocking || row.blockedBy;
    const moderated = row.moderatedAt !== null && !self;
    const limited = !self && (moderated || !seesContent(audience, row.following, blocked));
    const [posts, trackRecord, verifiedIdeas] = await Promise.all([
      figures.postCount(viewerId, row.id),
      limited ? null : trackRecordOf(row),
      limited ? null : figures.ideasStats(row.id),
    ]);
    return {
      id: row.id,
      username: row.username,
      displayName: displayNameOf(row),
      avatarUrl: moderated ? null : urlOf(row.avatarKey),
      isPublic: audience === 'public',
      following: !self && row.following,
      biography: limited ? '' : row.biography,
      url: limited ? '' : row.url,
      location: limited ? '' : row.location,
      visibility: row.visibility,
      bannerUrl: limited ? null : urlOf(row.bannerKey),
      joinedAt: row.createdAt.toISOString(),
      limited,
      canFollow: !self && !blocked && audience !== 'nobody' && !row.following && !row.requested,
      // as the messenger decides: a private profile takes messages from the people it follows (and replies in a
      // conversation it wrote in, which the messenger itself offers)
      canMessage: !self && !blocked && (audience === 'public' || (audience === 'private' && row.followedBy)),
      relation: {
        self,
        following: !self && row.following,
        followedBy: !self && row.followedBy,
        requested: !self && row.requested,
        requestedMe: !self && row.requestedMe,
        blocking: !self && row.blocking,
        friends: !self && row.following && row.followedBy,
      },
      counts: { followers: row.followers, following: row.followingCount, posts },
      trackRecord,
      verifiedIdeas,
      shareUrl: `/community/profile/${encodeURIComponent(row.username)}`,
    };
  };
}
export type ProfileView = ReturnType<typeof createProfileView>;
