import type { ProfileSummary, SocialRelation } from '@tradedesk/contracts';
import type { Db } from '../../../platform/db.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import type { AudienceBatch } from '../posts/posts.ports.js';
import type { SocialGraph } from '../social.types.js';
import { audienceOf, seesContent, toSummary } from './profiles.audience.js';
import { createProfilesRepository, type ProfilesRepository } from './profiles.repository.js';

const NO_RELATION: SocialRelation = {
  self: false,
  following: false,
  followedBy: false,
  requested: false,
  requestedMe: false,
  blocking: false,
  friends: false,
};

/**
 * The social graph every slice asks (who sees whom, who follows whom, mentions, people summaries). Each call is
 * one statement; `canSeeContent` and the others never load a whole profile.
 */
export function createSocialGraph(
  ctx: { db: Db; storage: Pick<FileStorage, 'url'> },
  repo: ProfilesRepository = createProfilesRepository(ctx.db),
): SocialGraph & AudienceBatch {
  const urlOf = (key: string | null) => (key ? ctx.storage.url(key) : null);
  return {
    async relation(viewerId, otherId) {
      if (viewerId === otherId) return { ...NO_RELATION, self: true };
      const row = await repo.relation(viewerId, otherId);
      if (!row) return NO_RELATION;
      return {
        self: false,
        following: row.following,
        followedBy: row.followedBy,
        requested: row.requested,
        requestedMe: row.requestedMe,
        blocking: row.blocking,
        friends: row.following && row.followedBy,
      };
    },

    async canSeeContent(viewerId, ownerId) {
      if (viewerId === ownerId) return true;
      const row = await repo.audience(viewerId, ownerId);
      if (!row) return false;
      return seesContent(audienceOf(row), row.following, row.blocked);
    },

    blockedEither: (a, b) => (a === b ? Promise.resolve(false) : repo.blockedEither(a, b)),
    isFollowing: (followerId, followeeId) =>
      followerId === followeeId ? Promise.resolve(false) : repo.isFollowing(followerId, followeeId),
    areFriends: (a, b) => (a === b ? Promise.resolve(false) : repo.areFriends(a, b)),
    usersByUsername: (usernames) => repo.usersByUsername(usernames),

    /** How the viewer stands to many authors at once (one statement): a feed page's authors. */
    async audienceOf(viewerId, ownerIds) {
      const rows = await repo.audiences(viewerId, ownerIds);
      const out = new Map(
        rows.map((row) => [
          row.id,
          {
            canSee: row.id === viewerId || seesContent(audienceOf(row), row.following, row.blocked),
            following: row.id !== viewerId && row.following,
            blocked: row.id !== viewerId && row.blocked,
          },
        ]),
      );
      return out;
    },

    async summaries(viewerId, ids): Promise<ProfileSummary[]> {
      const rows = await repo.people(viewerId, ids);
      const byId = new Map(rows.map((p) => [p.id, toSummary(p, viewerId, urlOf)]));
      return ids.flatMap((id) => {
        const s = byId.get(id);
        return s ? [s] : [];
      });
    },
  };
}
