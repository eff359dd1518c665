import {
  articleCommentBodySchema,
  articleCommentListQuerySchema,
  articleCommentPageSchema,
  articleCommentParamsSchema,
  articleCommentSchema,
  articleIdParamsSchema,
  articleLikeSchema,
  articleListQuerySchema,
  articlePageSchema,
  articleRepostSchema,
  articleSchema,
  articleShareParamsSchema,
  articleShareSchema,
  createArticleBodySchema,
  createArticleCommentBodySchema,
  errorBodySchema,
  okSchema,
  reportBodySchema,
  reportResultSchema,
  sharedArticleSchema,
  updateArticleBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { ModerationRegistry } from '../social.types.js';
import type { ArticleCommentsService } from './article-comments.service.js';
import type { ArticlesService } from './articles.service.js';

const tags = ['articles'];
const base = '/community/articles';
const notFound = {
  404: errorBodySchema.describe(
    'No article the caller can read has this id (ARTICLE_NOT_FOUND): a stranger’s draft too',
  ),
};
const notAuthor = { 403: errorBodySchema.describe('ARTICLE_NOT_AUTHOR: another’s article the caller can read') };

/** Articles under /community/articles (spec section 7, "Articles"). */
export function articlesRoutes(deps: {
  articles: ArticlesService;
  comments: ArticleCommentsService;
  moderation: ModerationRegistry;
}): FastifyPluginAsyncZod {
  const { articles, comments, moderation } = deps;
  return async (app) => {
    app.get(
      base,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Articles: tab all (published, newest first) or drafts (the caller’s, last edited first)',
          description: 'Filters: `search` (title and text), `category`, `author_id`. Pages of 10 by default.',
          querystring: articleListQuerySchema,
          response: { 200: articlePageSchema },
        },
      },
      async (request) => articles.list(authOf(request).userId, request.query),
    );

    app.post(
      base,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Starts a draft article',
          body: createArticleBodySchema,
          response: { 201: articleSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await articles.create(authOf(request).userId, request.body)),
    );

    app.get(
      `${base}/shared/:token`,
      {
        schema: {
          tags,
          summary: 'A published article by its public link, for anyone (signed out too)',
          params: articleShareParamsSchema,
          response: { 200: sharedArticleSchema, 404: errorBodySchema.describe('ARTICLE_SHARE_NOT_FOUND') },
        },
      },
      async (request) => articles.shared(request.params.token),
    );

    app.get(
      `${base}/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'An article (the author also reads their drafts)',
          params: articleIdParamsSchema,
          response: { 200: articleSchema, ...notFound },
        },
      },
      async (request) => articles.get(authOf(request).userId, request.params.id),
    );

    app.put(
      `${base}/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Changes the caller’s article (draft or published)',
          description: 'Content is sanitized; `<img>` keeps only images uploaded to this article.',
          params: articleIdParamsSchema,
          body: updateArticleBodySchema,
          response: { 200: articleSchema, ...notFound, ...notAuthor },
        },
      },
      async (request) => articles.update(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      `${base}/:id`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes the caller’s article with its images, likes and comments',
          params: articleIdParamsSchema,
          response: { 200: okSchema, ...notFound, ...notAuthor },
        },
      },
      async (request) => {
        await articles.delete(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      `${base}/:id/publish`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Publishes a draft (it needs a title and content)',
          params: articleIdParamsSchema,
          response: {
            200: articleSchema,
            400: errorBodySchema.describe('ARTICLE_INCOMPLETE: names title or content'),
            ...notFound,
            ...notAuthor,
            409: errorBodySchema.describe('ARTICLE_ALREADY_PUBLISHED'),
          },
        },
      },
      async (request) => articles.publish(authOf(request).userId, request.params.id),
    );

    app.post(
      `${base}/:id/like`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Likes a published article (once; again changes nothing)',
          params: articleIdParamsSchema,
          response: { 200: articleLikeSchema, ...notFound, 409: errorBodySchema.describe('ARTICLE_NOT_PUBLISHED') },
        },
      },
      async (request) => articles.like(authOf(request).userId, request.params.id),
    );

    app.delete(
      `${base}/:id/unlike`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Takes back the caller’s like',
          params: articleIdParamsSchema,
          response: { 200: articleLikeSchema, ...notFound },
        },
      },
      async (request) => articles.unlike(authOf(request).userId, request.params.id),
    );

    app.post(
      `${base}/:id/share`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The article’s public link (made once, the same afterwards)',
          description: 'A followers-only article can be shared by its author only.',
          params: articleIdParamsSchema,
          response: {
            200: articleShareSchema,
            403: errorBodySchema.describe('ARTICLE_SHARE_FORBIDDEN'),
            ...notFound,
            409: errorBodySchema.describe('ARTICLE_NOT_PUBLISHED'),
          },
        },
      },
      async (request) => articles.share(authOf(request).userId, request.params.id),
    );

    app.delete(
      `${base}/:id/share`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Revokes the article’s public link (its author)',
          params: articleIdParamsSchema,
          response: { 200: okSchema, ...notFound, ...notAuthor },
        },
      },
      async (request) => {
        await articles.unshare(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      `${base}/:id/repost`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Reposts a published article to the caller’s followers (a post carrying it)',
          params: articleIdParamsSchema,
          response: { 201: articleRepostSchema, ...notFound, 409: errorBodySchema.describe('ARTICLE_NOT_PUBLISHED') },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await articles.repost(authOf(request).userId, request.params.id)),
    );

    app.post(
      `${base}/:id/report`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Reports an article to moderation (once per reporter; again updates the reason)',
          params: articleIdParamsSchema,
          body: reportBodySchema,
          response: { 201: reportResultSchema, ...notFound },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await moderation.report(authOf(request).userId, 'article', request.params.id, request.body)),
    );

    app.get(
      `${base}/:id/comments`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The article’s comments, oldest first: top-level ones with their first 3 replies',
          description:
            'Comments are threaded one level. Without `parent_id`: the top-level comments, each with its first 3 ' +
            'replies and `replyCount`; with `parent_id` (a top-level comment): its replies.',
          params: articleIdParamsSchema,
          querystring: articleCommentListQuerySchema,
          response: {
            200: articleCommentPageSchema,
            404: errorBodySchema.describe('ARTICLE_NOT_FOUND, or ARTICLE_COMMENT_NOT_FOUND for parent_id'),
          },
        },
      },
      async (request) => comments.list(authOf(request).userId, request.params.id, request.query),
    );

    app.post(
      `${base}/:id/comments`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            'Comments on a published article, or replies to a top-level comment (who_can_replay decides who may)',
          description: '`parent_id`: a top-level comment of this article to reply to (replies are one level deep).',
          params: articleIdParamsSchema,
          body: createArticleCommentBodySchema,
          response: {
            201: articleCommentSchema,
            403: errorBodySchema.describe('ARTICLE_COMMENTS_RESTRICTED: followers only'),
            ...notFound,
            409: errorBodySchema.describe('ARTICLE_NOT_PUBLISHED'),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await comments.create(authOf(request).userId, request.params.id, request.body)),
    );

    app.put(
      `${base}/:id/comments/:commentId`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Edits the caller’s comment',
          params: articleCommentParamsSchema,
          body: articleCommentBodySchema,
          response: {
            200: articleCommentSchema,
            403: errorBodySchema.describe('ARTICLE_COMMENT_NOT_AUTHOR'),
            404: errorBodySchema.describe('ARTICLE_NOT_FOUND or ARTICLE_COMMENT_NOT_FOUND'),
          },
        },
      },
      async (request) =>
        comments.update(authOf(request).userId, request.params.id, request.params.commentId, request.body.content),
    );

    app.delete(
      `${base}/:id/comments/:commentId`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a comment with its replies (its writer, or the article’s author)',
          params: articleCommentParamsSchema,
          response: {
            200: okSchema,
            403: errorBodySchema.describe('ARTICLE_COMMENT_NOT_AUTHOR'),
            404: errorBodySchema.describe('ARTICLE_NOT_FOUND or ARTICLE_COMMENT_NOT_FOUND'),
          },
        },
      },
      async (request) => {
        await comments.delete(authOf(request).userId, request.params.id, request.params.commentId);
        return { ok: true as const };
      },
    );

    app.post(
      `${base}/:id/comments/:commentId/report`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Reports a comment (or reply) of an article to moderation (kind article_comment)',
          description:
            'Once per reporter and comment (again updates the reason); counted toward the automatic hide like any ' +
            'reported item.',
          params: articleCommentParamsSchema,
          body: reportBodySchema,
          response: {
            201: reportResultSchema,
            404: errorBodySchema.describe('ARTICLE_NOT_FOUND or ARTICLE_COMMENT_NOT_FOUND'),
            422: errorBodySchema.describe('MODERATION_OWN_TARGET: the caller’s own comment'),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await comments.report(authOf(request).userId, request.params.id, request.params.commentId, request.body),
          ),
    );
  };
}
