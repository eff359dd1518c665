import type { SocialGraph } from '../social.types.js';
import { articleError, articleNotFound } from './articles.errors.js';
import type { ArticlesRepository } from './articles.repository.js';
import type { SocialArticleRow } from './articles.table.js';

/**
 * Who may read one article (the same rules as the published list's SQL): its author always; others only a
 * published, unmoderated article whose author's content they may see (profile audience, blocks either way),
 * and for a followers-only article only the author's accepted followers. Anything else is "not found".
 */
export function createArticleAccess(deps: { repo: ArticlesRepository; graph: SocialGraph }) {
  const { repo, graph } = deps;

  async function canRead(viewerId: string, row: SocialArticleRow): Promise<boolean> {
    if (row.authorId === viewerId) return true;
    if (row.status !== 'published' || row.moderatedAt) return false;
    if (!(await graph.canSeeContent(viewerId, row.authorId))) return false;
    return row.audience === 'everyone' || graph.isFollowing(viewerId, row.authorId);
  }

  /** Whether the reader may comment: its author, or per who_can_replay (followers only, or every reader). */
  async function canComment(viewerId: string, row: SocialArticleRow): Promise<boolean> {
    if (row.status !== 'published') return false;
    if (row.authorId === viewerId) return true;
    if (row.moderatedAt) return false;
    return row.whoCanReplay === 'everyone' || graph.isFollowing(viewerId, row.authorId);
  }

  return {
    canRead,
    canComment,
    /** The article if `viewerId` may read it, else 404. */
    async readable(viewerId: string, id: string): Promise<SocialArticleRow> {
      const row = await repo.find(id);
      if (!row || !(await canRead(viewerId, row))) throw articleNotFound();
      return row;
    },
    /**
     * The caller's own article. Another's article they can read is a 403 (visible, not theirs to change); one
     * they cannot read (a draft, a blocked author) is a 404 like an unknown id.
     */
    async owned(userId: string, id: string): Promise<SocialArticleRow> {
      const row = await repo.find(id);
      if (!row) throw articleNotFound();
      if (row.authorId === userId) return row;
      if (await canRead(userId, row)) {
        throw articleError('ARTICLE_NOT_AUTHOR', 'Only its author can change or delete this article.');
      }
      throw articleNotFound();
    },
  };
}
export type ArticleAccess = ReturnType<typeof createArticleAccess>;
