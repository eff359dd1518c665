import { randomBytes } from 'node:crypto';
import type {
  Article,
  ArticleLike,
  ArticleListQuery,
  ArticleMedia,
  ArticlePage,
  ArticleRepost,
  ArticleShare,
  ArticleSummary,
  CreateArticleBody,
  ProfileSummary,
  SharedArticle,
  UpdateArticleBody,
} from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import type { ModerationTargetHandler, SocialGraph, SocialNotifier } from '../social.types.js';
import type { ArticleAccess } from './articles.access.js';
import { articleError, articleNotFound } from './articles.errors.js';
import type { ArticlePatch, ArticlesRepository } from './articles.repository.js';
import { articleHasContent, articlePlainText, sanitizeArticleHtml } from './articles.sanitize.js';
import type { SocialArticleMediaRow, SocialArticleRow } from './articles.table.js';
import type { ArticleRepostPort } from './articles.types.js';

const EXCERPT = 280;
const linkOf = (id: string) => `/community/articles/${id}`;
const shareUrlOf = (token: string) => `/community/articles/shared/${token}`;

/** Articles: drafts and published, likes, the public link, reposts and the moderation handler. */
export function createArticlesService(deps: {
  repo: ArticlesRepository;
  access: ArticleAccess;
  graph: SocialGraph;
  notifier: SocialNotifier;
  reposts: ArticleRepostPort;
  storage: FileStorage;
  clock: Clock;
}) {
  const { repo, access, graph, notifier, reposts, storage, clock } = deps;

  const mediaToWire = (m: SocialArticleMediaRow): ArticleMedia => ({
    id: m.id,
    url: storage.url(m.key),
    width: m.width,
    height: m.height,
  });

  function base(row: SocialArticleRow, author: ProfileSummary, cover: SocialArticleMediaRow | undefined) {
    return {
      id: row.id,
      author,
      title: row.title || 'Untitled',
      excerpt: row.contentText.slice(0, EXCERPT),
      coverImage: cover ? mediaToWire(cover) : null,
      type: row.type,
      audience: row.audience,
      whoCanReplay: row.whoCanReplay,
      categories: row.categories as ArticleSummary['categories'],
      tags: row.tags,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      counts: { likes: row.likeCount, comments: row.commentCount, reposts: row.repostCount },
    };
  }

  /** Many rows as list items in a constant number of queries (authors, likes, covers). */
  async function summaries(viewerId: string, rows: SocialArticleRow[]): Promise<ArticleSummary[]> {
    if (rows.length === 0) return [];
    const authorIds = [...new Set(rows.map((r) => r.authorId))];
    const coverIds = rows.flatMap((r) => (r.coverMediaId ? [r.coverMediaId] : []));
    const [authors, liked, covers] = await Promise.all([
      graph.summaries(viewerId, authorIds),
      repo.likedOf(
        viewerId,
        rows.map((r) => r.id),
      ),
      repo.mediaByIds(coverIds),
    ]);
    const authorById = new Map(authors.map((a) => [a.id, a]));
    const coverById = new Map(covers.map((c) => [c.id, c]));
    return rows.flatMap((row) => {
      const author = authorById.get(row.authorId);
      if (!author) return [];
      const cover = row.coverMediaId ? coverById.get(row.coverMediaId) : undefined;
      return [
        {
          ...base(row, author, cover?.articleId === row.id ? cover : undefined),
          status: row.status,
          liked: liked.has(row.id),
          moderated: row.moderatedAt !== null,
        },
      ];
    });
  }

  async function view(viewerId: string, row: SocialArticleRow): Promise<Article> {
    const own = row.authorId === viewerId;
    const [summary] = await summaries(viewerId, [row]);
    if (!summary) throw articleNotFound();
    const [media, canComment] = await Promise.all([
      own ? repo.mediaOf(row.id) : Promise.resolve([]),
      access.canComment(viewerId, row),
    ]);
    const published = row.status === 'published' && row.moderatedAt === null;
    return {
      ...summary,
      content: row.content,
      canEdit: own,
      canComment,
      canShare: published && (own || row.audience === 'everyone'),
      shareToken: published ? row.shareToken : null,
      media: media.map(mediaToWire),
    };
  }

  /** The content kept: sanitized, with only this article's own images. */
  async function cleanContent(articleId: string, html: string): Promise<{ content: string; contentText: string }> {
    const urls = new Set((await repo.mediaOf(articleId)).map((m) => storage.url(m.key)));
    const content = sanitizeArticleHtml(html, urls);
    return { content, contentText: articlePlainText(content) };
  }

  async function coverChecked(articleId: string, coverId: string | null): Promise<string | null> {
    if (coverId === null) return null;
    const [media] = await repo.mediaByIds([coverId]);
    if (media?.articleId !== articleId) {
      throw articleError.onField(
        'cover_image_id',
        'ARTICLE_INVALID_FIELD',
        'cover_image_id must be an image uploaded to this article.',
      );
    }
    return coverId;
  }

  const handler: ModerationTargetHandler = {
    async findVisible(viewerId, id) {
      const row = await repo.find(id);
      if (!row || row.authorId === viewerId || !(await access.canRead(viewerId, row))) return null;
      return { ownerId: row.authorId, excerpt: excerptOf(row), link: linkOf(row.id) };
    },
    async findAny(id) {
      const row = await repo.find(id);
      return row ? { ownerId: row.authorId, excerpt: excerptOf(row), link: linkOf(row.id) } : null;
    },
    async setModerated(id, hidden) {
      await repo.setModerated(id, hidden ? clock.now() : null);
    },
  };

  return {
    moderationHandler: handler,

    /** Cards (title and cover) of the published articles among `ids`, for posts that repost them; two queries. */
    async cards(ids: string[]): Promise<Map<string, { id: string; title: string; coverUrl: string | null }>> {
      const rows = await repo.findPublished([...new Set(ids)]);
      const covers = await repo.mediaByIds(rows.flatMap((r) => (r.coverMediaId ? [r.coverMediaId] : [])));
      const coverById = new Map(covers.map((c) => [c.id, c]));
      return new Map(
        rows.map((r) => {
          const cover = r.coverMediaId ? coverById.get(r.coverMediaId) : undefined;
          return [r.id, { id: r.id, title: r.title || 'Untitled', coverUrl: cover ? storage.url(cover.key) : null }];
        }),
      );
    },

    async list(viewerId: string, q: ArticleListQuery): Promise<ArticlePage> {
      const filters = { search: q.search || undefined, category: q.category, authorId: q.author_id };
      const { rows, total } =
        q.tab === 'drafts'
          ? await repo.listDrafts(viewerId, filters, q.page, q.limit)
          : await repo.listPublished(viewerId, filters, q.page, q.limit);
      return { items: await summaries(viewerId, rows), page: q.page, limit: q.limit, total };
    },

    async create(userId: string, body: CreateArticleBody): Promise<Article> {
      const now = clock.now();
      const content = sanitizeArticleHtml(body.content);
      const row = await repo.insert({
        id: newId(),
        authorId: userId,
        title: body.title,
        content,
        contentText: articlePlainText(content),
        type: body.type,
        audience: body.audience,
        whoCanReplay: body.who_can_replay,
        categories: [...new Set(body.categories)],
        tags: [...new Set(body.tags.map((t) => t.toLowerCase()))],
        createdAt: now,
        updatedAt: now,
      });
      return view(userId, row);
    },

    async get(viewerId: string, id: string): Promise<Article> {
      return view(viewerId, await access.readable(viewerId, id));
    },

    async update(userId: string, id: string, body: UpdateArticleBody): Promise<Article> {
      const row = await access.owned(userId, id);
      const patch: ArticlePatch = { updatedAt: clock.now() };
      if (body.title !== undefined) patch.title = body.title;
      if (body.content !== undefined) Object.assign(patch, await cleanContent(id, body.content));
      if (body.cover_image_id !== undefined) patch.coverMediaId = await coverChecked(id, body.cover_image_id);
      if (body.audience !== undefined) patch.audience = body.audience;
      if (body.who_can_replay !== undefined) patch.whoCanReplay = body.who_can_replay;
      if (body.categories !== undefined) patch.categories = [...new Set(body.categories)];
      if (body.tags !== undefined) patch.tags = [...new Set(body.tags.map((t) => t.toLowerCase()))];
      const updated = await repo.update(userId, row.id, patch);
      if (!updated) throw articleNotFound();
      return view(userId, updated);
    },

    async delete(userId: string, id: string): Promise<void> {
      const row = await access.owned(userId, id);
      const media = await repo.mediaOf(row.id);
      if (!(await repo.delete(userId, row.id))) throw articleNotFound();
      // files go after the rows that name them
      await Promise.all(media.map((m) => storage.delete(m.key).catch(() => {})));
    },

    async publish(userId: string, id: string): Promise<Article> {
      const row = await access.owned(userId, id);
      if (row.status === 'published') {
        throw articleError('ARTICLE_ALREADY_PUBLISHED', 'This article is already published.');
      }
      if (!row.title.trim()) {
        throw articleError.onField('title', 'ARTICLE_INCOMPLETE', 'Title is required to publish the article.');
      }
      if (!articleHasContent(row.content)) {
        throw articleError.onField(
          'content',
          'ARTICLE_INCOMPLETE',
          'Content is required to publish the article: write some text or add an image or a chart.',
        );
      }
      const now = clock.now();
      const updated = await repo.update(userId, row.id, { status: 'published', publishedAt: now, updatedAt: now });
      if (!updated) throw articleNotFound();
      return view(userId, updated);
    },

    async like(userId: string, id: string): Promise<ArticleLike> {
      const row = await publishedReadable(userId, id);
      const { added, likes } = await repo.like(row.id, userId, clock.now());
      if (added && row.authorId !== userId) {
        await notifier.notify({
          type: 'like',
          recipientId: row.authorId,
          actorId: userId,
          title: 'New like on your article',
          body: `Someone liked “${row.title || 'Untitled'}”.`,
          link: linkOf(row.id),
          data: { articleId: row.id },
        });
      }
      return { liked: true, likes };
    },

    async unlike(userId: string, id: string): Promise<ArticleLike> {
      const row = await access.readable(userId, id);
      return { liked: false, likes: await repo.unlike(row.id, userId) };
    },

    async share(userId: string, id: string): Promise<ArticleShare> {
      const row = await publishedReadable(userId, id);
      if (row.authorId !== userId && row.audience !== 'everyone') {
        throw articleError(
          'ARTICLE_SHARE_FORBIDDEN',
          'Only its author can share an article written for followers only.',
        );
      }
      let token = row.shareToken;
      if (!token) {
        token = randomBytes(16).toString('base64url');
        await repo.setShareToken(row.id, token);
      }
      return { token, url: shareUrlOf(token) };
    },

    async unshare(userId: string, id: string): Promise<void> {
      const row = await access.owned(userId, id);
      if (!row.shareToken) throw articleError('ARTICLE_SHARE_NOT_FOUND', 'This article has no public link.');
      await repo.setShareToken(row.id, null);
    },

    async shared(token: string): Promise<SharedArticle> {
      const row = await repo.findByToken(token);
      if (!row) throw articleError('ARTICLE_SHARE_NOT_FOUND', 'This article link does not exist or was revoked.');
      const [author] = await graph.summaries(row.authorId, [row.authorId]);
      if (!author) throw articleError('ARTICLE_SHARE_NOT_FOUND', 'This article link does not exist or was revoked.');
      const cover = row.coverMediaId ? (await repo.mediaByIds([row.coverMediaId]))[0] : undefined;
      return { ...base(row, { ...author, following: false }, cover), content: row.content };
    },

    async repost(userId: string, id: string): Promise<ArticleRepost> {
      const row = await publishedReadable(userId, id);
      const { postId, created } = await reposts.repost(userId, row.id);
      if (created) {
        await repo.addRepost(row.id);
        if (row.authorId !== userId) {
          await notifier.notify({
            type: 'repost',
            recipientId: row.authorId,
            actorId: userId,
            title: 'Your article was reposted',
            body: `Someone reposted “${row.title || 'Untitled'}”.`,
            link: linkOf(row.id),
            data: { articleId: row.id, postId },
          });
        }
      }
      return { postId };
    },
  };

  /** A published article the caller may read; a draft (even their own) cannot be liked, shared or reposted. */
  async function publishedReadable(userId: string, id: string): Promise<SocialArticleRow> {
    const row = await access.readable(userId, id);
    if (row.status !== 'published') {
      throw articleError('ARTICLE_NOT_PUBLISHED', 'This article is a draft: publish it first.');
    }
    if (row.moderatedAt) throw articleNotFound();
    return row;
  }
}

function excerptOf(row: SocialArticleRow): string {
  return `${row.title || 'Untitled'}: ${row.contentText}`.slice(0, 200);
}

export type ArticlesService = ReturnType<typeof createArticlesService>;
