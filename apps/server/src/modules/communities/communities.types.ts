import type { SocialGraph, SocialNotifier } from '../social/social.types.js';
import type { CommunityAccess } from './communities.access.js';

/**
 * What every community slice is built from besides the AppContext (docs/architecture.md "Communities"): the one
 * access service (every permission check), the social graph (people's summaries, blocks, follows) and the social
 * notifier (in-app notices, honouring each person's switches and blocks).
 */
export type CommunitySliceDeps = {
  access: CommunityAccess;
  graph: SocialGraph;
  notifier: SocialNotifier;
};

/**
 * What the posts slice asks about a community post (`visibility: 'community'`, `community_id`), implemented by the
 * communities feed slice over the access service: who may read, write, comment, pin and moderate there.
 */
export interface CommunityGate {
  /** Throws the access service's error unless `userId` may post in the community (member, `post`, rules accepted, not banned). */
  assertCanPost(userId: string, communityId: string): Promise<void>;
  /** Throws unless `userId` may comment on a post of the community (`comment`, rules accepted, not banned). */
  assertCanComment(userId: string, communityId: string): Promise<void>;
  /** Whether `userId` may read the community's posts. */
  canRead(userId: string, communityId: string): Promise<boolean>;
  /** Whether `userId` may delete `authorId`'s post or comment there (`moderate_posts` and outranks the author). */
  canModerate(userId: string, communityId: string, authorId: string): Promise<boolean>;
}
