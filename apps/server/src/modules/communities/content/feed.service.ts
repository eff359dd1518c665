import { COMMUNITY_PINNED_POSTS_MAX, type Post, type PostPage } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { type Db, inTransaction } from '../../../platform/db.js';
import type { CommunityPostsLink } from '../../social/posts/posts.ports.js';
import type { CommunityAccess } from '../communities.access.js';
import { communityError } from '../communities.errors.js';
import type { ContentRepository } from './content.repository.js';

const postNotHere = () => communityError('COMMUNITY_ITEM_NOT_FOUND', 'No post of this community has this id.');

/**
 * The community feed (GET /community/{id}/feed: its posts, pinned first, built by the posts slice's view so they
 * look like every other post) and pinning posts to its top (`pin_posts`, audited).
 */
export function createCommunityFeedService(deps: {
  db: Db;
  repo: ContentRepository;
  access: CommunityAccess;
  clock: Clock;
  /** The posts slice; without it (a build without social) the feed is empty. */
  posts: () => CommunityPostsLink | undefined;
}) {
  const { db, repo, access, clock } = deps;
  const view: CommunityPostsLink['view'] = (viewerId, rows) =>
    deps.posts()?.view(viewerId, rows) ?? Promise.resolve([]);

  async function one(viewerId: string, communityId: string, postId: string): Promise<Post> {
    const row = await repo.communityPost(communityId, postId);
    const [post] = row ? await view(viewerId, [row]) : [];
    if (!post) throw postNotHere();
    return post;
  }

  return {
    async page(
      userId: string,
      communityId: string,
      q: { filter: 'from_anyone' | 'people_you_follow'; sort: 'recent' | 'top'; page: number; limit: number },
    ): Promise<PostPage> {
      access.requireContent(await access.viewer(userId, communityId));
      const { rows, total } = await repo.feed(communityId, userId, {
        following: q.filter === 'people_you_follow',
        sort: q.sort,
        page: q.page,
        limit: q.limit,
      });
      return { items: await view(userId, rows), page: q.page, limit: q.limit, total };
    },

    async pin(userId: string, communityId: string, postId: string, on: boolean): Promise<Post> {
      await inTransaction(db, async (tx) => {
        access.requirePermission(await access.viewer(userId, communityId, tx), 'pin_posts');
        const row = await repo.communityPost(communityId, postId, tx);
        if (!row || row.hiddenAt || row.moderatedAt) throw postNotHere();
        if (on) {
          if ((await repo.pinnedOf([postId], tx)).has(postId)) return;
          if ((await repo.countPins(communityId, tx)) >= COMMUNITY_PINNED_POSTS_MAX) {
            throw communityError(
              'COMMUNITY_LIMIT',
              `A community pins at most ${COMMUNITY_PINNED_POSTS_MAX} posts: unpin one first.`,
            );
          }
          if (!(await repo.pin(communityId, postId, userId, clock.now(), tx))) return;
        } else if (!(await repo.unpin(communityId, postId, tx))) {
          return;
        }
        await access.record(
          {
            communityId,
            actorId: userId,
            action: on ? 'post.pinned' : 'post.unpinned',
            targetUserId: row.authorId,
            summary: on ? 'Pinned a post to the top of the feed.' : 'Unpinned a post.',
            details: { postId },
          },
          tx,
        );
      });
      return one(userId, communityId, postId);
    },
  };
}
export type CommunityFeedService = ReturnType<typeof createCommunityFeedService>;
