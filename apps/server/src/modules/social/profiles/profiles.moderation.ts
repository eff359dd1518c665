import type { Clock } from '../../../platform/clock.js';
import type { ModerationTarget, ModerationTargetHandler } from '../social.types.js';
import type { ProfilesRepository } from './profiles.repository.js';

const EXCERPT_CHARS = 200;

/**
 * Moderation of kind `profile`: a hidden profile shows others only its name and counts (no biography, link,
 * place, avatar or banner) and leaves the people search until restored.
 */
export function createProfileModeration(deps: { repo: ProfilesRepository; clock: Clock }): ModerationTargetHandler {
  const { repo, clock } = deps;
  const target = (p: { id: string; username: string; biography: string }): ModerationTarget => ({
    ownerId: p.id,
    excerpt: `@${p.username}${p.biography ? `: ${p.biography}` : ''}`.slice(0, EXCERPT_CHARS),
    link: `/community/profile/${encodeURIComponent(p.username)}`,
  });
  return {
    async findVisible(viewerId, id) {
      const row = await repo.profile(viewerId, id);
      if (!row || row.blockedBy) return null;
      return target(row);
    },
    async findAny(id) {
      const row = await repo.anyPerson(id);
      return row ? target(row) : null;
    },
    async setModerated(id, hidden) {
      await repo.setModerated(id, hidden ? clock.now() : null, clock.now());
    },
  };
}
