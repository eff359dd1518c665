import type { ArticleComment, ArticleCommentPage } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { SocialGraph, SocialNotifier } from '../social.types.js';
import type { ArticleAccess } from './articles.access.js';
import { articleError } from './articles.errors.js';
import type { ArticlesRepository } from './articles.repository.js';
import type { SocialArticleCommentRow, SocialArticleRow } from './articles.table.js';

/**
 * Comments on a published article (one level, plain text). Who may write one: `who_can_replay` (the author's
 * followers, or every reader); reading follows the article. The writer edits; the writer or the article's author
 * deletes. Another article's comment id, or a comment of an article the caller cannot read, is a 404.
 */
export function createArticleCommentsService(deps: {
  repo: ArticlesRepository;
  access: ArticleAccess;
  graph: SocialGraph;
  notifier: SocialNotifier;
  clock: Clock;
}) {
  const { repo, access, graph, notifier, clock } = deps;
  const notFound = () => articleError('ARTICLE_COMMENT_NOT_FOUND', 'This article has no comment with this id.');

  async function toWire(viewerId: string, article: SocialArticleRow, rows: SocialArticleCommentRow[]) {
    const authors = await graph.summaries(viewerId, [...new Set(rows.map((r) => r.authorId))]);
    const byId = new Map(authors.map((a) => [a.id, a]));
    return rows.flatMap((row): ArticleComment[] => {
      const author = byId.get(row.authorId);
      if (!author) return [];
      return [
        {
          id: row.id,
          articleId: row.articleId,
          author,
          content: row.content,
          createdAt: row.createdAt.toISOString(),
          editedAt: row.editedAt?.toISOString() ?? null,
          canEdit: row.authorId === viewerId,
          canDelete: row.authorId === viewerId || article.authorId === viewerId,
        },
      ];
    });
  }

  async function published(viewerId: string, articleId: string) {
    const article = await access.readable(viewerId, articleId);
    if (article.status !== 'published') {
      throw articleError('ARTICLE_NOT_PUBLISHED', 'This article is a draft: comments open once it is published.');
    }
    return article;
  }

  return {
    async list(viewerId: string, articleId: string, page: number, limit: number): Promise<ArticleCommentPage> {
      const article = await access.readable(viewerId, articleId);
      const { rows, total } = await repo.comments(article.id, page, limit);
      // comments of people blocking or blocked by the reader are left out
      const visible: SocialArticleCommentRow[] = [];
      for (const row of rows) {
        if (row.authorId === viewerId || !(await graph.blockedEither(viewerId, row.authorId))) visible.push(row);
      }
      return { items: await toWire(viewerId, article, visible), page, limit, total };
    },

    async create(userId: string, articleId: string, content: string): Promise<ArticleComment> {
      const article = await published(userId, articleId);
      if (!(await access.canComment(userId, article))) {
        throw articleError('ARTICLE_COMMENTS_RESTRICTED', 'Only the author’s followers can comment on this article.');
      }
      const row: SocialArticleCommentRow = {
        id: newId(),
        articleId: article.id,
        authorId: userId,
        content,
        createdAt: clock.now(),
        editedAt: null,
      };
      await repo.transaction((tx) => tx.insertComment(row));
      if (article.authorId !== userId) {
        await notifier.notify({
          type: 'comment',
          recipientId: article.authorId,
          actorId: userId,
          title: 'New comment on your article',
          body: content.slice(0, 140),
          link: `/community/articles/${article.id}`,
          data: { articleId: article.id, commentId: row.id },
        });
      }
      const [wire] = await toWire(userId, article, [row]);
      return wire!;
    },

    async update(userId: string, articleId: string, commentId: string, content: string): Promise<ArticleComment> {
      const article = await access.readable(userId, articleId);
      const row = await repo.findComment(article.id, commentId);
      if (!row) throw notFound();
      if (row.authorId !== userId) {
        throw articleError('ARTICLE_COMMENT_NOT_AUTHOR', 'Only its writer can edit this comment.');
      }
      const updated = await repo.updateComment(row.id, content, clock.now());
      if (!updated) throw notFound();
      const [wire] = await toWire(userId, article, [updated]);
      return wire!;
    },

    async delete(userId: string, articleId: string, commentId: string): Promise<void> {
      const article = await access.readable(userId, articleId);
      const row = await repo.findComment(article.id, commentId);
      if (!row) throw notFound();
      if (row.authorId !== userId && article.authorId !== userId) {
        throw articleError(
          'ARTICLE_COMMENT_NOT_AUTHOR',
          'Only its writer or the article’s author can delete this comment.',
        );
      }
      await repo.transaction((tx) => tx.deleteComment(article.id, row.id));
    },
  };
}
export type ArticleCommentsService = ReturnType<typeof createArticleCommentsService>;
