import type { Post } from '@tradedesk/contracts';
import { type Db, inTransaction } from '../../../platform/db.js';
import type { CommunityDeletion, CommunityPostsGate } from '../../social/posts/posts.ports.js';
import type { CommunityAccess, CommunityViewer } from '../communities.access.js';
import type { ContentRepository } from './content.repository.js';

/**
 * The communities' side of community posts (`CommunityGate` in communities.types.ts and what the posts slice asks
 * beyond it), every answer from the one access service: read = `seesContent`, post and comment = `requireWrite`
 * (member, permission, not banned, rules accepted), moderate = `moderate_posts` and outranking the author.
 */
export function createCommunityGate(deps: { db: Db; repo: ContentRepository; access: CommunityAccess }) {
  const { db, repo, access } = deps;

  /** The viewer, or null when the community is not there for them (404: unknown, hidden, being deleted). */
  const viewerOrNull = (userId: string, communityId: string) => access.viewer(userId, communityId).catch(() => null);

  async function canRead(userId: string, communityId: string): Promise<boolean> {
    const v = await viewerOrNull(userId, communityId);
    return v !== null && access.seesContent(v);
  }

  async function moderatableBy(v: CommunityViewer | null, authorIds: string[]): Promise<Set<string>> {
    if (!v || v.ban || !v.member || !v.permissions.has('moderate_posts') || authorIds.length === 0) return new Set();
    const roles = await access.rolesOf(v.community.id, authorIds);
    return new Set(authorIds.filter((id) => access.outranks(v, id, roles.get(id) ?? [])));
  }

  /** What the viewer may do on one post, by the community's permissions and the post's reply access. */
  function mayComment(v: CommunityViewer | null, post: Post): boolean {
    if (!v || v.ban || !v.member || !v.permissions.has('comment')) return false;
    if (post.author.id === v.userId) return true;
    if (post.commentsClosed) return false;
    switch (post.replyAccess) {
      case 'everyone':
        return true;
      case 'followers':
        return post.author.following;
      case 'mentioned':
        return post.mentions.some((m) => m.id === v.userId);
      case 'nobody':
        return false;
    }
  }

  const gate: CommunityPostsGate = {
    async assertCanPost(userId, communityId) {
      await access.requireWrite(await access.viewer(userId, communityId), 'post');
    },

    async assertCanComment(userId, communityId) {
      await access.requireWrite(await access.viewer(userId, communityId), 'comment');
    },

    canRead,

    async canModerate(userId, communityId, authorId) {
      return (await moderatableBy(await viewerOrNull(userId, communityId), [authorId])).has(authorId);
    },

    async readable(userId, communityIds) {
      const unique = [...new Set(communityIds)];
      const answers = await Promise.all(unique.map((id) => canRead(userId, id)));
      return new Set(unique.filter((_, i) => answers[i]));
    },

    async moderatable(userId, communityId, authorIds) {
      return moderatableBy(await viewerOrNull(userId, communityId), [...new Set(authorIds)]);
    },

    async decorate(viewerId, posts) {
      const ofCommunity = posts.filter((p) => p.communityId);
      if (ofCommunity.length === 0) return posts;
      const communityIds = [...new Set(ofCommunity.map((p) => p.communityId as string))];
      const [pinned, facts] = await Promise.all([
        repo.pinnedOf(ofCommunity.map((p) => p.id)),
        Promise.all(
          communityIds.map(async (id) => {
            const v = await viewerOrNull(viewerId, id);
            const authors = ofCommunity.filter((p) => p.communityId === id).map((p) => p.author.id);
            return [id, { v, moderatable: await moderatableBy(v, [...new Set(authors)]) }] as const;
          }),
        ),
      ]);
      const byCommunity = new Map(facts);
      return posts.map((post) => {
        const f = post.communityId ? byCommunity.get(post.communityId) : undefined;
        if (!f) return post;
        const closedTrade = post.trade?.status === 'closed';
        return {
          ...post,
          pinned: pinned.has(post.id),
          canComment: mayComment(f.v, post),
          canDelete: post.canDelete || (!closedTrade && f.moderatable.has(post.author.id)),
        };
      });
    },

    audited(deletion: CommunityDeletion, work) {
      return inTransaction(db, async (tx) => {
        const out = await work(tx);
        const what = deletion.kind === 'post' ? 'post' : 'comment';
        await access.record(
          {
            communityId: deletion.communityId,
            actorId: deletion.actorId,
            action: deletion.kind === 'post' ? 'post.deleted' : 'comment.deleted',
            targetUserId: deletion.authorId,
            summary: deletion.excerpt ? `Deleted a ${what}: "${deletion.excerpt}".` : `Deleted a ${what}.`,
            details: {
              postId: deletion.postId,
              ...(deletion.commentId ? { commentId: deletion.commentId } : {}),
            },
          },
          tx,
        );
        return out;
      });
    },
  };
  return gate;
}
