import type { PostComment, ReportBody, ReportResult } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import { nestReplies, REPLIES_SHOWN, shownTo, takesReplies } from '../comment-threads.js';
import type { SocialPostRow } from '../social.table.js';
import type { ModerationTargetHandler } from '../social.types.js';
import { type CommentsRepository, createCommentsRepository } from './comments.repository.js';
import { commentNotFound, postError } from './posts.errors.js';
import type { SocialPostsDeps } from './posts.ports.js';
import type { PostsService } from './posts.service.js';
import type { SocialCommentRow } from './posts.table.js';
import { mayComment } from './posts.view.js';
import { plainText } from './sanitize.js';

const link = (postId: string, id: string) => `/community/posts/${postId}?comment=${id}`;
const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/**
 * Comments on posts, threaded one level. Anyone who sees the post reads them (moderated ones only their author);
 * writing needs the post's reply access and open comments (`mayComment`). Its author edits a comment; its author or
 * the post's author deletes it. On a community post, writing also needs the community's `comment` permission and
 * its rules accepted (the communities' gate), and a moderator there who outranks its author may delete it (audited).
 */
export function createCommentsService(deps: {
  repo: CommentsRepository;
  posts: PostsService;
  clock: Clock;
  ports: SocialPostsDeps;
}) {
  const { repo, posts, clock, ports } = deps;

  /** The communities' gate, asked only about community posts (whose visibility the posts service checked). */
  function gate() {
    const found = ports.community?.();
    if (!found) throw postError('POST_COMMUNITY_UNAVAILABLE', 'Communities are not available on this server.');
    return found;
  }

  async function build(viewerId: string, post: SocialPostRow, rows: SocialCommentRow[], withReplies: boolean) {
    const replies = withReplies
      ? await repo.replies(
          viewerId,
          rows.map((r) => r.id),
          REPLIES_SHOWN,
        )
      : { rows: [], counts: new Map<string, number>() };
    const shownReplies = shownTo(viewerId, replies.rows);
    const all = [...rows, ...shownReplies];
    const [people, liked] = await Promise.all([
      ports.graph.summaries(viewerId, [...new Set(all.map((r) => r.authorId))]),
      repo.likedOf(
        viewerId,
        all.map((r) => r.id),
      ),
    ]);
    const byId = new Map(people.map((p) => [p.id, p]));
    const moderatable = post.communityId
      ? await gate().moderatable(viewerId, post.communityId, [...new Set(all.map((r) => r.authorId))])
      : new Set<string>();
    const base = (r: SocialCommentRow) => {
      const author = byId.get(r.authorId);
      if (!author) return null;
      return {
        id: r.id,
        postId: r.postId,
        parentId: r.parentId,
        author,
        content: r.content,
        createdAt: r.createdAt.toISOString(),
        editedAt: r.editedAt?.toISOString() ?? null,
        likes: r.likeCount,
        liked: liked.has(r.id),
        canEdit: r.authorId === viewerId,
        canDelete: r.authorId === viewerId || post.authorId === viewerId || moderatable.has(r.authorId),
      };
    };
    return nestReplies(rows, { rows: shownReplies, counts: replies.counts }, base) satisfies PostComment[];
  }

  async function visibleComment(viewerId: string, postId: string, id: string) {
    const { row: post, audience } = await posts.visible(viewerId, postId);
    const comment = await repo.find(postId, id);
    if (!comment || (comment.moderatedAt && comment.authorId !== viewerId)) throw commentNotFound();
    if (comment.authorId !== viewerId && (await ports.graph.blockedEither(viewerId, comment.authorId))) {
      throw commentNotFound();
    }
    return { post, audience, comment };
  }

  async function one(viewerId: string, postId: string, id: string): Promise<PostComment> {
    const { post, comment } = await visibleComment(viewerId, postId, id);
    const [built] = await build(viewerId, post, [comment], comment.parentId === null);
    if (!built) throw commentNotFound();
    return built;
  }

  return {
    async list(
      viewerId: string,
      postId: string,
      query: { parent_id?: string | undefined; page: number; limit: number },
    ) {
      const { row: post } = await posts.visible(viewerId, postId);
      if (query.parent_id && !(await repo.find(postId, query.parent_id))) throw commentNotFound();
      const { rows, total } = await repo.page(viewerId, postId, query.parent_id ?? null, query.page, query.limit);
      const items = await build(viewerId, post, shownTo(viewerId, rows), !query.parent_id);
      return { items, page: query.page, limit: query.limit, total };
    },

    async create(userId: string, postId: string, body: { content: string; parent_id?: string | undefined }) {
      const { row: post, audience } = await posts.visible(userId, postId);
      if (post.communityId) await gate().assertCanComment(userId, post.communityId);
      if (post.commentsClosed && post.authorId !== userId) {
        throw postError('POST_COMMENTS_CLOSED', 'Comments on this post are closed.');
      }
      if (!mayComment(userId, post, audience)) {
        const who = {
          everyone: 'people who can see it',
          followers: 'the author’s followers',
          mentioned: 'the people it mentions',
          nobody: 'nobody',
        }[post.replyAccess];
        throw postError('POST_REPLY_NOT_ALLOWED', `Replies to this post are open to ${who} only.`);
      }
      let parent: SocialCommentRow | undefined;
      if (body.parent_id) {
        parent = await repo.find(postId, body.parent_id);
        if (!takesReplies(parent)) {
          throw postError.onField(
            'parent_id',
            'POST_INVALID_FIELD',
            'parent_id must be a top-level comment of this post (replies are one level deep).',
          );
        }
      }
      const text = await posts.prepareText(userId, body.content);
      if (text.contentText.length === 0) throw postError.onField('content', 'POST_EMPTY', 'Comment must not be empty.');
      const id = newId();
      await repo.transaction((q) =>
        q.insert({
          id,
          postId,
          parentId: parent?.id ?? null,
          authorId: userId,
          content: text.content,
          mentionIds: text.mentions.map((m) => m.id),
          likeCount: 0,
          moderatedAt: null,
          createdAt: clock.now(),
          editedAt: null,
        }),
      );
      const told = new Set<string>([userId]);
      for (const recipientId of [post.authorId, parent?.authorId]) {
        if (!recipientId || told.has(recipientId)) continue;
        told.add(recipientId);
        await ports.notifier.notify({
          type: 'comment',
          recipientId,
          actorId: userId,
          title: recipientId === post.authorId ? 'New comment on your post' : 'New reply to your comment',
          body: excerpt(text.contentText),
          link: link(postId, id),
          data: { postId, commentId: id },
        });
      }
      for (const m of text.mentions) {
        if (told.has(m.id)) continue;
        await ports.notifier.notify({
          type: 'mention',
          recipientId: m.id,
          actorId: userId,
          title: 'You were mentioned in a comment',
          body: excerpt(text.contentText),
          link: link(postId, id),
          data: { postId, commentId: id },
        });
      }
      return one(userId, postId, id);
    },

    async update(userId: string, postId: string, id: string, body: { content: string }) {
      const { post, comment } = await visibleComment(userId, postId, id);
      if (comment.authorId !== userId) throw postError('POST_FORBIDDEN', 'Only its author can edit this comment.');
      if (post.communityId) await gate().assertCanComment(userId, post.communityId);
      const text = await posts.prepareText(userId, body.content);
      if (text.contentText.length === 0) throw postError.onField('content', 'POST_EMPTY', 'Comment must not be empty.');
      await repo.update(id, {
        content: text.content,
        mentionIds: text.mentions.map((m) => m.id),
        editedAt: clock.now(),
      });
      return one(userId, postId, id);
    },

    async delete(userId: string, postId: string, id: string): Promise<void> {
      const { post, comment } = await visibleComment(userId, postId, id);
      if (comment.authorId === userId || post.authorId === userId) {
        await repo.transaction((q) => q.delete(postId, id));
        return;
      }
      const community = post.communityId;
      if (!community || !(await gate().moderatable(userId, community, [comment.authorId])).has(comment.authorId)) {
        throw postError(
          'POST_FORBIDDEN',
          community
            ? 'Only its author, the post’s author or a moderator of the community who outranks its author can delete this comment.'
            : 'Only its author or the post’s author can delete this comment.',
        );
      }
      const deletion = {
        actorId: userId,
        communityId: community,
        authorId: comment.authorId,
        kind: 'comment' as const,
        postId,
        commentId: id,
        excerpt: excerpt(plainText(comment.content)),
      };
      await gate().audited(deletion, (tx) => createCommentsRepository(tx).delete(postId, id));
    },

    async like(userId: string, postId: string, id: string, on: boolean) {
      await visibleComment(userId, postId, id);
      if (on) await repo.like(userId, id, clock.now());
      else await repo.unlike(userId, id);
      return one(userId, postId, id);
    },

    async report(userId: string, postId: string, id: string, body: ReportBody): Promise<ReportResult> {
      await visibleComment(userId, postId, id);
      return ports.moderation.report(userId, 'comment', id, body);
    },

    moderationHandler: {
      async findVisible(viewerId, id) {
        const c = await repo.findById(id);
        if (!c) return null;
        const found = await visibleComment(viewerId, c.postId, id).catch(() => null);
        return found ? { ownerId: c.authorId, excerpt: excerpt(c.content), link: link(c.postId, id) } : null;
      },
      async findAny(id) {
        const c = await repo.findById(id);
        return c ? { ownerId: c.authorId, excerpt: excerpt(c.content), link: link(c.postId, id) } : null;
      },
      async setModerated(id, hidden) {
        await repo.update(id, { moderatedAt: hidden ? clock.now() : null });
      },
    } satisfies ModerationTargetHandler,
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
