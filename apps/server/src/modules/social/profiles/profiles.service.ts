import type {
  FollowRequestPage,
  FollowResult,
  ProfileSummaryPage,
  ReportBody,
  ReportResult,
  SocialPageQuery,
  SocialProfile,
  TrackRecordResult,
} from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import type { ModerationRegistry, SocialNotice, SocialNotifier } from '../social.types.js';
import { audienceOf, displayNameOf, seesContent, toSummary } from './profiles.audience.js';
import { profileError, profileNotFound } from './profiles.errors.js';
import type { ProfilesRepository } from './profiles.repository.js';
import type { TrackRecords } from './profiles.track-record.js';
import type { ProfileView } from './profiles.view.js';

type Log = { warn(obj: unknown, msg: string): void };

/**
 * Profiles, follows, follow requests and blocks (the rules of contracts' social.ts): who may see, follow or
 * list whom. A person who blocks the caller does not exist for the caller (404, like an unknown id).
 */
export function createProfilesService(deps: {
  repo: ProfilesRepository;
  view: ProfileView;
  trackRecords: TrackRecords;
  notifier: SocialNotifier;
  moderation: Pick<ModerationRegistry, 'report'>;
  clock: Clock;
  urlOf: (key: string | null) => string | null;
  log?: Log;
}) {
  const { repo, view, clock, urlOf } = deps;

  async function profileOf(viewerId: string, id: string): Promise<SocialProfile> {
    const row = await repo.profile(viewerId, id);
    if (!row || row.blockedBy) throw profileNotFound();
    return view(viewerId, row);
  }

  /** The other person as the caller relates to them; 404 when unknown or blocking the caller. */
  async function visiblePerson(viewerId: string, id: string) {
    const row = await repo.relation(viewerId, id);
    if (!row || row.blockedBy) throw profileNotFound();
    return row;
  }

  /** Tells the recipient; a failed notification never fails the follow itself. */
  async function tell(
    actorId: string,
    notice: Omit<SocialNotice, 'actorId' | 'title' | 'body' | 'link'>,
    text: (name: string) => { title: string; body: string },
  ) {
    try {
      const [actor] = await repo.people(notice.recipientId, [actorId]);
      if (!actor) return;
      await deps.notifier.notify({
        ...notice,
        actorId,
        ...text(displayNameOf(actor)),
        link: `/community/profile/${encodeURIComponent(actor.username)}`,
        data: { ...notice.data, userId: actorId, username: actor.username },
      });
    } catch (error) {
      deps.log?.warn({ err: error, type: notice.type }, 'a social notification could not be sent');
    }
  }

  function summaries<T extends { total: number; items: Parameters<typeof toSummary>[0][] }>(viewerId: string, page: T) {
    return page.items.map((p) => toSummary(p, viewerId, urlOf));
  }

  return {
    profile: profileOf,

    async profileByUsername(viewerId: string, username: string): Promise<SocialProfile> {
      const row = await repo.profileByUsername(viewerId, username);
      if (!row || row.blockedBy) {
        throw profileError.onField(
          'username',
          'SOCIAL_PROFILE_NOT_FOUND',
          'No profile with this username is visible to you.',
        );
      }
      return view(viewerId, row);
    },

    /** Followers or followed people of a profile the caller may see into (403 when it is private to them). */
    async connections(
      viewerId: string,
      id: string,
      side: 'followers' | 'following',
      query: SocialPageQuery,
    ): Promise<ProfileSummaryPage> {
      if (viewerId !== id) {
        const row = await visiblePerson(viewerId, id);
        const what = side === 'followers' ? 'its followers' : 'whom it follows';
        if (row.blocking) {
          throw profileError('SOCIAL_PROFILE_PRIVATE', `You block this person: unblock them to see ${what}.`);
        }
        const audience = audienceOf(row);
        if (!seesContent(audience, row.following, false)) {
          throw profileError(
            'SOCIAL_PROFILE_PRIVATE',
            audience === 'nobody'
              ? `This profile is hidden: only its owner sees ${what}.`
              : `This profile is private: only its accepted followers see ${what}.`,
          );
        }
      }
      const page = await repo.connections(viewerId, id, side, query.page, query.limit);
      return { items: summaries(viewerId, page), page: query.page, limit: query.limit, total: page.total };
    },

    async follow(viewerId: string, id: string): Promise<FollowResult> {
      if (viewerId === id) throw profileError.onField('id', 'SOCIAL_FOLLOW_SELF', 'You cannot follow yourself.');
      const row = await visiblePerson(viewerId, id);
      if (row.blocking) {
        throw profileError.onField(
          'id',
          'SOCIAL_FOLLOW_BLOCKING',
          'You block this person: unblock them before following them.',
        );
      }
      const audience = audienceOf(row);
      if (audience === 'nobody') {
        throw profileError.onField(
          'id',
          'SOCIAL_FOLLOW_CLOSED',
          'This profile is not open to followers: its owner shows it to nobody.',
        );
      }
      let status: FollowResult['status'];
      if (row.following) status = 'following';
      else if (audience === 'public') {
        status = 'following';
        if (await repo.addFollow(viewerId, id, clock.now())) {
          await tell(viewerId, { type: 'follow', recipientId: id }, (name) => ({
            title: 'New follower',
            body: `${name} follows you now.`,
          }));
        }
      } else {
        status = 'requested';
        if (!row.requested && (await repo.addRequest(viewerId, id, clock.now()))) {
          await tell(viewerId, { type: 'follow_request', recipientId: id }, (name) => ({
            title: 'Follow request',
            body: `${name} asks to follow you.`,
          }));
        }
      }
      return { status, profile: await profileOf(viewerId, id) };
    },

    /** Stops following (or withdraws a pending request to) a person. */
    async unfollow(viewerId: string, id: string): Promise<void> {
      await visiblePerson(viewerId, id);
      const [follow, request] = await Promise.all([repo.removeFollow(viewerId, id), repo.removeRequest(viewerId, id)]);
      if (!follow && !request) {
        throw profileError.onField('id', 'SOCIAL_NOT_FOLLOWING', 'You do not follow this person.');
      }
    },

    /** Removes someone who follows the caller. */
    async removeFollower(userId: string, followerId: string): Promise<void> {
      if (!(await repo.removeFollow(followerId, userId))) {
        throw profileError.onField('id', 'SOCIAL_NOT_A_FOLLOWER', 'This person does not follow you.');
      }
    },

    async requests(
      userId: string,
      direction: 'incoming' | 'outgoing',
      query: SocialPageQuery,
    ): Promise<FollowRequestPage> {
      const page = await repo.requests(userId, direction, query.page, query.limit);
      return {
        items: page.items.map((p) => ({ user: toSummary(p, userId, urlOf), createdAt: p.createdAt.toISOString() })),
        page: query.page,
        limit: query.limit,
        total: page.total,
      };
    },

    async accept(userId: string, requesterId: string): Promise<void> {
      if (!(await repo.acceptRequest(requesterId, userId, clock.now()))) {
        throw profileError.onField(
          'id',
          'SOCIAL_REQUEST_NOT_FOUND',
          'This person has no follow request waiting for you.',
        );
      }
      await tell(userId, { type: 'follow_accepted', recipientId: requesterId }, (name) => ({
        title: 'Follow request accepted',
        body: `${name} accepted your follow request.`,
      }));
    },

    async reject(userId: string, requesterId: string): Promise<void> {
      if (!(await repo.removeRequest(requesterId, userId))) {
        throw profileError.onField(
          'id',
          'SOCIAL_REQUEST_NOT_FOUND',
          'This person has no follow request waiting for you.',
        );
      }
    },

    /** Withdraws the caller's own pending request to `targetId`. */
    async revoke(userId: string, targetId: string): Promise<void> {
      if (!(await repo.removeRequest(userId, targetId))) {
        throw profileError.onField(
          'id',
          'SOCIAL_REQUEST_NOT_FOUND',
          'You have no follow request waiting with this person.',
        );
      }
    },

    async block(userId: string, id: string): Promise<void> {
      if (userId === id) throw profileError.onField('id', 'SOCIAL_BLOCK_SELF', 'You cannot block yourself.');
      // Blocking is always possible, even of someone who blocks the caller: it protects the caller.
      if (!(await repo.anyPerson(id))) throw profileNotFound();
      await repo.block(userId, id, clock.now());
    },

    async unblock(userId: string, id: string): Promise<void> {
      if (!(await repo.unblock(userId, id))) {
        throw profileError.onField('id', 'SOCIAL_NOT_BLOCKED', 'You do not block this person.');
      }
    },

    async blocked(userId: string, query: SocialPageQuery) {
      const page = await repo.blocked(userId, query.page, query.limit);
      return {
        items: page.items.map((p) => ({ ...toSummary(p, userId, urlOf), blockedAt: p.blockedAt.toISOString() })),
        page: query.page,
        limit: query.limit,
        total: page.total,
      };
    },

    async search(viewerId: string, term: string, query: SocialPageQuery): Promise<ProfileSummaryPage> {
      const page = await repo.search(viewerId, term, query.page, query.limit);
      return { items: summaries(viewerId, page), page: query.page, limit: query.limit, total: page.total };
    },

    /** Publishes one of the caller's own accounts as the track record (null: none); answers it as others see it. */
    async publishTrackRecord(userId: string, accountId: string | null): Promise<TrackRecordResult> {
      if (accountId === null) {
        await repo.setTrackRecordAccount(userId, null, clock.now());
        return { trackRecord: null };
      }
      let trackRecord: TrackRecordResult['trackRecord'];
      try {
        trackRecord = await deps.trackRecords.compute(userId, accountId);
      } catch (error) {
        if (error instanceof AppError && error.category === 'not_found') {
          throw profileError.onField(
            'account_id',
            'SOCIAL_TRACK_RECORD_ACCOUNT_NOT_FOUND',
            'account_id must be one of your trading accounts.',
          );
        }
        throw error;
      }
      await repo.setTrackRecordAccount(userId, accountId, clock.now());
      return { trackRecord };
    },

    async report(viewerId: string, id: string, body: ReportBody): Promise<ReportResult> {
      if (viewerId === id)
        throw profileError.onField('id', 'SOCIAL_REPORT_SELF', 'You cannot report your own profile.');
      return deps.moderation.report(viewerId, 'profile', id, body);
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
