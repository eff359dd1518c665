import { z } from 'zod';
import { profileSummarySchema, SOCIAL_PAGE_DEFAULTS, SOCIAL_PAGE_MAX_LIMIT, socialPageSchema } from './social.js';
import { line, multiline } from './text.js';

/**
 * Articles under `/community/articles` (spec sections 2 "article editor (tab drafts, article tab all)", 3
 * "Article", 7 "Community and social": Articles). An article is a draft (seen by its author only) until published.
 *
 * `content` is the TipTap editor's HTML; the server keeps only the editor's tags (p, h2, h3, strong, em, s, code,
 * pre, blockquote, ul, ol, li, br, hr, a with http(s) or mailto links), images uploaded to the article
 * (`<img src>` of its own media only) and embedded charts: `<div data-type="chart" data-token="{token}">`, a
 * chart's public share token (`/shared/charts/{token}` shows it live). Scripts, event handlers, styles and
 * javascript: links never survive.
 *
 * Audience: `everyone` = whoever may see the author's content (their profile's audience and blocks), `followers`
 * = only the author's accepted followers. `whoCanReplay` (the spec's spelling): `account_follow` = only the
 * author's followers may comment, `everyone` = every reader may.
 */

export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_CONTENT_MAX = 100_000;
export const ARTICLE_COMMENT_MAX = 2000;
export const ARTICLE_TAGS_MAX = 10;
export const ARTICLE_CATEGORIES_MAX = 3;
export const ARTICLE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Uploaded images are resized to fit this many pixels on their longer side. */
export const ARTICLE_IMAGE_MAX_DIMENSION = 2048;

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_TYPES = ['my_article'] as const;
export const ARTICLE_AUDIENCES = ['everyone', 'followers'] as const;
export type ArticleAudience = (typeof ARTICLE_AUDIENCES)[number];
export const ARTICLE_REPLY_ACCESS = ['account_follow', 'everyone'] as const;
export type ArticleReplyAccess = (typeof ARTICLE_REPLY_ACCESS)[number];
export const ARTICLE_CATEGORIES = [
  'analysis',
  'education',
  'strategy',
  'psychology',
  'news',
  'forex',
  'stocks',
  'crypto',
  'commodities',
  'other',
] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
export const ARTICLE_TABS = ['all', 'drafts'] as const;
export type ArticleTab = (typeof ARTICLE_TABS)[number];

/** A chart's share token inside content: letters, digits, `_` and `-`. */
export const ARTICLE_CHART_TOKEN = /^[A-Za-z0-9_-]{8,64}$/;

export const articleIdParamsSchema = z.object({ id: z.uuid('id must be an article id (a UUID).') });
export const articleCommentParamsSchema = z.object({
  id: z.uuid('id must be an article id (a UUID).'),
  commentId: z.uuid('commentId must be a comment id (a UUID).'),
});
export const articleShareParamsSchema = z.object({
  token: line('token', 64, { min: 1 }).regex(/^[A-Za-z0-9_-]+$/, 'token must be an article share token.'),
});

const pageNumber = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to ${max}.` })
    .int(`${name} must be a whole number from 1 to ${max}.`)
    .min(1, `${name} must be a whole number from 1 to ${max}.`)
    .max(max, `${name} must be a whole number from 1 to ${max}.`);

/** GET /community/articles: tab all (published, newest first) or drafts (the caller's, last edited first). */
export const articleListQuerySchema = z.object({
  tab: z.enum(ARTICLE_TABS, { error: 'tab must be all or drafts.' }).default('all'),
  search: line('search', 100).optional(),
  category: z
    .enum(ARTICLE_CATEGORIES, { error: `category must be one of ${ARTICLE_CATEGORIES.join(', ')}.` })
    .optional(),
  author_id: z.uuid('author_id must be a profile id (a UUID).').optional(),
  page: pageNumber('page', 100_000).default(SOCIAL_PAGE_DEFAULTS.page),
  limit: pageNumber('limit', SOCIAL_PAGE_MAX_LIMIT).default(SOCIAL_PAGE_DEFAULTS.limit),
});
export type ArticleListQuery = z.infer<typeof articleListQuerySchema>;

const tagSchema = line('Each tag', 30, { min: 1 }).regex(
  /^[\p{L}\p{N}_-]+$/u,
  'Each tag must be one word of letters, digits, _ or -.',
);

const articleFields = {
  title: line('Title', ARTICLE_TITLE_MAX),
  content: multiline('Content', ARTICLE_CONTENT_MAX),
  cover_image_id: z.uuid('cover_image_id must be an image uploaded to this article.').nullable(),
  audience: z.enum(ARTICLE_AUDIENCES, { error: 'audience must be everyone or followers.' }),
  who_can_replay: z.enum(ARTICLE_REPLY_ACCESS, { error: 'who_can_replay must be account_follow or everyone.' }),
  categories: z
    .array(z.enum(ARTICLE_CATEGORIES, { error: `Each category must be one of ${ARTICLE_CATEGORIES.join(', ')}.` }))
    .max(ARTICLE_CATEGORIES_MAX, `An article may have at most ${ARTICLE_CATEGORIES_MAX} categories.`),
  tags: z.array(tagSchema).max(ARTICLE_TAGS_MAX, `An article may have at most ${ARTICLE_TAGS_MAX} tags.`),
};

/** POST /community/articles: a new draft (every field optional; an empty title reads "Untitled"). */
export const createArticleBodySchema = z.strictObject({
  title: articleFields.title.default(''),
  content: articleFields.content.default(''),
  type: z.enum(ARTICLE_TYPES, { error: 'type must be my_article.' }).default('my_article'),
  audience: articleFields.audience.default('everyone'),
  who_can_replay: articleFields.who_can_replay.default('account_follow'),
  categories: articleFields.categories.default([]),
  tags: articleFields.tags.default([]),
});
export type CreateArticleBody = z.infer<typeof createArticleBodySchema>;

/** PUT /community/articles/{id}: the author changes any field (a published article stays published). */
export const updateArticleBodySchema = z.strictObject({
  title: articleFields.title.optional(),
  content: articleFields.content.optional(),
  cover_image_id: articleFields.cover_image_id.optional(),
  audience: articleFields.audience.optional(),
  who_can_replay: articleFields.who_can_replay.optional(),
  categories: articleFields.categories.optional(),
  tags: articleFields.tags.optional(),
});
export type UpdateArticleBody = z.infer<typeof updateArticleBodySchema>;

/** An image uploaded to an article (POST /community/articles/{id}/media, multipart field `file`). */
export const articleMediaSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ArticleMedia = z.infer<typeof articleMediaSchema>;

const articleBaseSchema = z.object({
  id: z.uuid(),
  author: profileSummarySchema,
  title: z.string(),
  /** The plain text's first 280 characters. */
  excerpt: z.string(),
  coverImage: articleMediaSchema.nullable(),
  status: z.enum(ARTICLE_STATUSES),
  type: z.enum(ARTICLE_TYPES),
  audience: z.enum(ARTICLE_AUDIENCES),
  whoCanReplay: z.enum(ARTICLE_REPLY_ACCESS),
  categories: z.array(z.enum(ARTICLE_CATEGORIES)),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  counts: z.object({ likes: z.number().int(), comments: z.number().int(), reposts: z.number().int() }),
  liked: z.boolean(),
  /** Hidden by moderation, pending review: only its author still sees it. */
  moderated: z.boolean(),
});
/** An article in a list (no content). */
export const articleSummarySchema = articleBaseSchema;
export type ArticleSummary = z.infer<typeof articleSummarySchema>;
export const articlePageSchema = socialPageSchema(articleSummarySchema);
export type ArticlePage = z.infer<typeof articlePageSchema>;

/** An article as read by a signed-in caller. */
export const articleSchema = articleBaseSchema.extend({
  /** Sanitized HTML. */
  content: z.string(),
  /** The caller may edit and delete it (its author). */
  canEdit: z.boolean(),
  /** The caller may comment (published, who_can_replay, blocks). */
  canComment: z.boolean(),
  /** Published, and the caller may make or copy its public link. */
  canShare: z.boolean(),
  /** The public link's token once made (POST /{id}/share), else null. */
  shareToken: z.string().nullable(),
  /** Every image uploaded to it (the author only; others get []). */
  media: z.array(articleMediaSchema),
});
export type Article = z.infer<typeof articleSchema>;

/** GET /community/articles/shared/{token}: read without signing in. */
export const sharedArticleSchema = articleBaseSchema
  .omit({ liked: true, moderated: true, status: true })
  .extend({ content: z.string() });
export type SharedArticle = z.infer<typeof sharedArticleSchema>;

/** POST /community/articles/{id}/share. */
export const articleShareSchema = z.object({
  token: z.string(),
  /** In-app path of the public page: `/community/articles/shared/{token}`. */
  url: z.string(),
});
export type ArticleShare = z.infer<typeof articleShareSchema>;

/** POST /community/articles/{id}/repost: the social post made (a post with the article attached). */
export const articleRepostSchema = z.object({ postId: z.uuid() });
export type ArticleRepost = z.infer<typeof articleRepostSchema>;

/** POST /{id}/like, DELETE /{id}/unlike. */
export const articleLikeSchema = z.object({ liked: z.boolean(), likes: z.number().int() });
export type ArticleLike = z.infer<typeof articleLikeSchema>;

// ---- comments -----------------------------------------------------------------------------------------

/** Comments are threaded one level, as on posts: a reply names its parent (a top-level comment). */
export const createArticleCommentBodySchema = z.strictObject({
  content: multiline('Comment', ARTICLE_COMMENT_MAX, { min: 1 }),
  parent_id: z.uuid('parent_id must be a comment id of this article.').optional(),
});
export type CreateArticleCommentBody = z.infer<typeof createArticleCommentBodySchema>;
/** PUT .../comments/{commentId}: the text only (a comment never moves to another parent). */
export const articleCommentBodySchema = z.strictObject({
  content: multiline('Comment', ARTICLE_COMMENT_MAX, { min: 1 }),
});
export type ArticleCommentBody = z.infer<typeof articleCommentBodySchema>;
const articleCommentBaseSchema = z.object({
  id: z.uuid(),
  articleId: z.uuid(),
  /** The top-level comment a reply answers; null for a top-level comment. */
  parentId: z.uuid().nullable(),
  author: profileSummarySchema,
  /** Plain text. */
  content: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Its writer. */
  canEdit: z.boolean(),
  /** Its writer or the article's author. */
  canDelete: z.boolean(),
});
export type ArticleCommentReply = z.infer<typeof articleCommentBaseSchema>;
/** A top-level comment carries its first 3 replies and their count (the rest through ?parent_id); a reply none. */
export const articleCommentSchema = articleCommentBaseSchema.extend({
  replies: z.array(articleCommentBaseSchema),
  replyCount: z.number().int(),
});
export type ArticleComment = z.infer<typeof articleCommentSchema>;
export const articleCommentListQuerySchema = z.object({
  /** A top-level comment's id: its replies, oldest first (without it: the top-level comments). */
  parent_id: z.uuid('parent_id must be a comment id of this article.').optional(),
  page: pageNumber('page', 100_000).default(SOCIAL_PAGE_DEFAULTS.page),
  limit: pageNumber('limit', SOCIAL_PAGE_MAX_LIMIT).default(SOCIAL_PAGE_DEFAULTS.limit),
});
export const articleCommentPageSchema = socialPageSchema(articleCommentSchema);
export type ArticleCommentPage = z.infer<typeof articleCommentPageSchema>;

export const articleErrorCodes = [
  'ARTICLE_NOT_FOUND',
  'ARTICLE_COMMENT_NOT_FOUND',
  'ARTICLE_NOT_AUTHOR',
  'ARTICLE_COMMENT_NOT_AUTHOR',
  'ARTICLE_NOT_PUBLISHED',
  'ARTICLE_ALREADY_PUBLISHED',
  'ARTICLE_INCOMPLETE',
  'ARTICLE_COMMENTS_RESTRICTED',
  'ARTICLE_SHARE_FORBIDDEN',
  'ARTICLE_SHARE_NOT_FOUND',
  'ARTICLE_MEDIA_NOT_FOUND',
  'ARTICLE_INVALID_FIELD',
  'ARTICLE_UPLOAD_MISSING',
  'ARTICLE_UPLOAD_TOO_LARGE',
  'ARTICLE_UPLOAD_TYPE',
  'ARTICLE_UPLOAD_UNREADABLE',
  'ARTICLE_UPLOAD_MALFORMED',
] as const;
export type ArticleErrorCode = (typeof articleErrorCodes)[number];
