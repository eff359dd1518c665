import type {
  ArticleComment,
  ArticleCommentPage,
  ArticleCommentReply,
  CreateArticleCommentBody,
  ReportBody,
  ReportResult,
} from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import { nestReplies, REPLIES_SHOWN, shownTo, takesReplies } from '../comment-threads.js';
import type { ModerationRegistry, ModerationTargetHandler, SocialGraph, SocialNotifier } from '../social.types.js';
import type { ArticleAccess } from './articles.access.js';
import { articleError } from './articles.errors.js';
import type { ArticlesRepository } from './articles.repository.js';
import type { SocialArticleCommentRow, SocialArticleRow } from './articles.table.js';

const link = (articleId: string, id: string) => `/community/articles/${articleId}?comment=${id}`;
const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/**
 * Comments on a published article (plain text), threaded one level like post comments (comment-threads.ts). Who
 * may write one: `who_can_replay` (the author's followers, or every reader); reading follows the article. The
 * writer edits; the writer or the article's author deletes (a comment with its replies). Another article's
 * comment id, a comment of an article the caller cannot read, a moderated comment of someone else or one of a
 * person blocked either way is a 404. Reported as kind `article_comment` through the moderation registry.
 */
export function createArticleCommentsService(deps: {
  repo: ArticlesRepository;
  access: ArticleAccess;
  graph: SocialGraph;
  notifier: SocialNotifier;
  moderation: ModerationRegistry;
  clock: Clock;
}) {
  const { repo, access, graph, notifier, clock } = deps;
  const notFound = () => articleError('ARTICLE_COMMENT_NOT_FOUND', 'This article has no comment with this id.');

  async function build(
    viewerId: string,
    article: SocialArticleRow,
    rows: SocialArticleCommentRow[],
    withReplies: boolean,
  ): Promise<ArticleComment[]> {
    const replies = withReplies
      ? await repo.commentReplies(
          viewerId,
          rows.map((r) => r.id),
          REPLIES_SHOWN,
        )
      : { rows: [], counts: new Map<string, number>() };
    const shownReplies = shownTo(viewerId, replies.rows);
    const authors = await graph.summaries(viewerId, [...new Set([...rows, ...shownReplies].map((r) => r.authorId))]);
    const byId = new Map(authors.map((a) => [a.id, a]));
    const wire = (row: SocialArticleCommentRow): ArticleCommentReply | null => {
      const author = byId.get(row.authorId);
      if (!author) return null;
      return {
        id: row.id,
        articleId: row.articleId,
        parentId: row.parentId,
        author,
        content: row.content,
        createdAt: row.createdAt.toISOString(),
        editedAt: row.editedAt?.toISOString() ?? null,
        canEdit: row.authorId === viewerId,
        canDelete: row.authorId === viewerId || article.authorId === viewerId,
      };
    };
    return nestReplies(rows, { rows: shownReplies, counts: replies.counts }, wire);
  }

  /** A comment `viewerId` may see on an article they may read, else 404. */
  async function visibleComment(viewerId: string, articleId: string, id: string) {
    const article = await access.readable(viewerId, articleId);
    const comment = await repo.findComment(article.id, id);
    if (!comment || (comment.moderatedAt && comment.authorId !== viewerId)) throw notFound();
    if (comment.authorId !== viewerId && (await graph.blockedEither(viewerId, comment.authorId))) throw notFound();
    return { article, comment };
  }

  async function one(viewerId: string, article: SocialArticleRow, row: SocialArticleCommentRow) {
    const [wire] = await build(viewerId, article, [row], row.parentId === null);
    if (!wire) throw notFound();
    return wire;
  }

  async function published(viewerId: string, articleId: string) {
    const article = await access.readable(viewerId, articleId);
    if (article.status !== 'published') {
      throw articleError('ARTICLE_NOT_PUBLISHED', 'This article is a draft: comments open once it is published.');
    }
    return article;
  }

  const moderationHandler: ModerationTargetHandler = {
    async findVisible(viewerId, id) {
      const c = await repo.findCommentById(id);
      if (!c) return null;
      const found = await visibleComment(viewerId, c.articleId, id).catch(() => null);
      return found ? { ownerId: c.authorId, excerpt: excerpt(c.content), link: link(c.articleId, id) } : null;
    },
    async findAny(id) {
      const c = await repo.findCommentById(id);
      return c ? { ownerId: c.authorId, excerpt: excerpt(c.content), link: link(c.articleId, id) } : null;
    },
    async setModerated(id, hidden) {
      await repo.setCommentModerated(id, hidden ? clock.now() : null);
    },
  };

  return {
    moderationHandler,

    /** Top-level comments with their first replies, or with `parent_id` that comment's replies; oldest first. */
    async list(
      viewerId: string,
      articleId: string,
      query: { parent_id?: string | undefined; page: number; limit: number },
    ): Promise<ArticleCommentPage> {
      const article = await access.readable(viewerId, articleId);
      if (query.parent_id) await visibleComment(viewerId, article.id, query.parent_id);
      const { rows, total } = await repo.comments(
        viewerId,
        article.id,
        query.parent_id ?? null,
        query.page,
        query.limit,
      );
      const items = await build(viewerId, article, shownTo(viewerId, rows), !query.parent_id);
      return { items, page: query.page, limit: query.limit, total };
    },

    async create(userId: string, articleId: string, body: CreateArticleCommentBody): Promise<ArticleComment> {
      const article = await published(userId, articleId);
      if (!(await access.canComment(userId, article))) {
        throw articleError('ARTICLE_COMMENTS_RESTRICTED', 'Only the author’s followers can comment on this article.');
      }
      let parent: SocialArticleCommentRow | undefined;
      if (body.parent_id) {
        parent = await visibleComment(userId, article.id, body.parent_id).then(
          (found) => found.comment,
          () => undefined,
        );
        if (!takesReplies(parent)) {
          throw articleError.onField(
            'parent_id',
            'ARTICLE_INVALID_FIELD',
            'parent_id must be a top-level comment of this article (replies are one level deep).',
          );
        }
      }
      const row: SocialArticleCommentRow = {
        id: newId(),
        articleId: article.id,
        parentId: parent?.id ?? null,
        authorId: userId,
        content: body.content,
        createdAt: clock.now(),
        editedAt: null,
        moderatedAt: null,
      };
      await repo.transaction((tx) => tx.insertComment(row));
      const told = new Set<string>([userId]);
      for (const recipientId of [article.authorId, parent?.authorId]) {
        if (!recipientId || told.has(recipientId)) continue;
        told.add(recipientId);
        await notifier.notify({
          type: 'comment',
          recipientId,
          actorId: userId,
          title: recipientId === article.authorId ? 'New comment on your article' : 'New reply to your comment',
          body: excerpt(body.content),
          link: link(article.id, row.id),
          data: { articleId: article.id, commentId: row.id },
        });
      }
      return one(userId, article, row);
    },

    async update(userId: string, articleId: string, commentId: string, content: string): Promise<ArticleComment> {
      const { article, comment } = await visibleComment(userId, articleId, commentId);
      if (comment.authorId !== userId) {
        throw articleError('ARTICLE_COMMENT_NOT_AUTHOR', 'Only its writer can edit this comment.');
      }
      const updated = await repo.updateComment(comment.id, content, clock.now());
      if (!updated) throw notFound();
      return one(userId, article, updated);
    },

    async delete(userId: string, articleId: string, commentId: string): Promise<void> {
      const { article, comment } = await visibleComment(userId, articleId, commentId);
      if (comment.authorId !== userId && article.authorId !== userId) {
        throw articleError(
          'ARTICLE_COMMENT_NOT_AUTHOR',
          'Only its writer or the article’s author can delete this comment.',
        );
      }
      await repo.transaction((tx) => tx.deleteComment(article.id, comment.id));
    },

    /** Reports a comment the caller can see (404 otherwise; 422 for their own) as kind `article_comment`. */
    async report(userId: string, articleId: string, commentId: string, body: ReportBody): Promise<ReportResult> {
      await visibleComment(userId, articleId, commentId);
      return deps.moderation.report(userId, 'article_comment', commentId, body);
    },
  };
}
export type ArticleCommentsService = ReturnType<typeof createArticleCommentsService>;
