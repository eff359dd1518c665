import fastifyMultipart from '@fastify/multipart';
import {
  commentListQuerySchema,
  commentPageSchema,
  commentParamsSchema,
  commentSchema,
  createCommentBodySchema,
  createPostBodySchema,
  errorBodySchema,
  gifListSchema,
  gifQuerySchema,
  imageUploadBodySchema,
  okSchema,
  type Post,
  postIdParamsSchema,
  postMediaSchema,
  postPageSchema,
  postSchema,
  reportBodySchema,
  reportResultSchema,
  socialPageQuerySchema,
  updateCommentBodySchema,
  updatePostBodySchema,
  voteBodySchema,
  voteDetailsSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import { imageUploadReader } from '../../../platform/uploads/image-upload.js';
import type { CommentsService } from './comments.service.js';
import type { GifsService } from './gifs.js';
import type { PostMediaService } from './media.service.js';
import { postError } from './posts.errors.js';
import type { PostsService } from './posts.service.js';

const tags = ['social'];
const missing = { 404: errorBodySchema.describe('POST_NOT_FOUND: no post the caller can see has this id') };
const notYours = { 403: errorBodySchema.describe('POST_FORBIDDEN: the post is someone else’s') };
const commentMissing = {
  404: errorBodySchema.describe('POST_NOT_FOUND or POST_COMMENT_NOT_FOUND: not visible to the caller'),
};
/** A community post: the community's access service refuses (codes in docs/api.md "Communities"). */
const communityRefusals = {
  403: errorBodySchema.describe(
    'POST_FORBIDDEN; or in a community COMMUNITY_NOT_MEMBER, COMMUNITY_FORBIDDEN (a permission) or COMMUNITY_BANNED',
  ),
  409: errorBodySchema.describe('COMMUNITY_RULES_NOT_ACCEPTED: accept the community rules first'),
};

/** Posts, comments, polls, media and GIFs (spec section 7 "Posts"), under /posts. */
export function postsRoutes(deps: {
  posts: PostsService;
  comments: CommentsService;
  media: PostMediaService;
  gifs: GifsService;
  maxUploadBytes: number;
}): FastifyPluginAsyncZod {
  const { posts, comments, gifs } = deps;
  return async (app) => {
    const preHandler = app.authenticate;
    const me = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;

    app.post(
      '/posts',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'Publishes a post: text, images, a GIF, a chart, a poll or a verified trade; in a community with visibility community and community_id',
          body: createPostBodySchema,
          response: {
            201: postSchema,
            400: errorBodySchema.describe('A field is invalid, e.g. community_id missing for visibility community'),
            ...communityRefusals,
            404: errorBodySchema.describe('COMMUNITY_NOT_FOUND: no community the caller can see has community_id'),
            422: errorBodySchema.describe('POST_COMMUNITY_UNAVAILABLE: this server runs without communities'),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await posts.create(me(request), request.body)),
    );

    app.get(
      '/posts/favorites/list',
      {
        preHandler,
        schema: {
          tags,
          summary: 'The caller’s favourite posts, newest first',
          querystring: socialPageQuerySchema,
          response: { 200: postPageSchema },
        },
      },
      async (request) => posts.favorites(me(request), request.query.page, request.query.limit),
    );

    app.get(
      '/posts/gifs',
      {
        preHandler,
        schema: {
          tags,
          summary: 'GIFs: "Our favorites" (tab favorites, the default) or a search of the configured provider',
          querystring: gifQuerySchema,
          response: { 200: gifListSchema, 503: errorBodySchema.describe('POST_GIF_UNAVAILABLE') },
        },
      },
      async (request) => gifs.list(request.query.tab, request.query.q),
    );

    app.get(
      '/posts/:id',
      {
        preHandler,
        schema: { tags, summary: 'A post', params: postIdParamsSchema, response: { 200: postSchema, ...missing } },
      },
      async (request) => posts.get(me(request), request.params.id),
    );

    app.put(
      '/posts/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Edits a post’s text, reply access or comment control (a poll and a trade never change)',
          params: postIdParamsSchema,
          body: updatePostBodySchema,
          response: { 200: postSchema, ...missing, ...communityRefusals },
        },
      },
      async (request) => posts.update(me(request), request.params.id, request.body),
    );

    app.delete(
      '/posts/:id',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'Deletes a post: its author, or in a community a moderator (moderate_posts) who outranks the author (audited); a post whose verified trade closed can only be hidden',
          params: postIdParamsSchema,
          response: {
            200: okSchema,
            ...missing,
            403: errorBodySchema.describe('POST_FORBIDDEN: someone else’s post the caller may not moderate'),
            409: errorBodySchema.describe('POST_LOCKED'),
          },
        },
      },
      async (request) => {
        await posts.delete(me(request), request.params.id);
        return { ok: true as const };
      },
    );

    const action = (
      method: 'post' | 'delete',
      path: string,
      summary: string,
      run: (userId: string, id: string) => Promise<Post>,
      extra: Record<number, typeof errorBodySchema> = {},
    ) =>
      app[method](
        `/posts/:id/${path}`,
        {
          preHandler,
          schema: { tags, summary, params: postIdParamsSchema, response: { 200: postSchema, ...missing, ...extra } },
        },
        async (request) => run(me(request), request.params.id),
      );

    action(
      'post',
      'pin',
      'Pins the caller’s post on their profile (one pinned post each)',
      (u, id) => posts.pin(u, id, true),
      notYours,
    );
    action('delete', 'unpin', 'Unpins the caller’s post', (u, id) => posts.pin(u, id, false), notYours);
    action('post', 'like', 'Likes a post', (u, id) => posts.like(u, id));
    action('delete', 'unlike', 'Takes a like back', (u, id) => posts.unlike(u, id));
    action('post', 'favorite', 'Adds a post to the caller’s favourites', (u, id) => posts.favorite(u, id, true));
    action('delete', 'unfavorite', 'Removes a post from the caller’s favourites', (u, id) =>
      posts.favorite(u, id, false),
    );
    action('post', 'hide', 'Hides the caller’s post from everyone else', (u, id) => posts.hide(u, id, true), notYours);
    action('post', 'unhide', 'Shows a hidden post again', (u, id) => posts.hide(u, id, false), notYours);

    app.post(
      '/posts/:id/repost',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Reposts a post (once; never a community post); answers the repost',
          params: postIdParamsSchema,
          response: {
            201: postSchema,
            ...missing,
            403: errorBodySchema.describe('POST_FORBIDDEN: a community post stays in its community'),
            409: errorBodySchema.describe('POST_ALREADY_REPOSTED'),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await posts.repost(me(request), request.params.id)),
    );

    app.delete(
      '/posts/:id/repost',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Undoes the caller’s repost of a post',
          params: postIdParamsSchema,
          response: { 200: okSchema, ...missing },
        },
      },
      async (request) => {
        await posts.unrepost(me(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/posts/:id/report',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Reports a post to moderation',
          params: postIdParamsSchema,
          body: reportBodySchema,
          response: { 201: reportResultSchema, ...missing },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await posts.report(me(request), request.params.id, request.body)),
    );

    app.post(
      '/posts/:id/vote',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Votes in a post’s poll (once)',
          params: postIdParamsSchema,
          body: voteBodySchema,
          response: {
            200: postSchema,
            ...missing,
            409: errorBodySchema.describe('POST_POLL_ALREADY_VOTED or POST_POLL_CLOSED'),
          },
        },
      },
      async (request) => posts.vote(me(request), request.params.id, request.body.option_id),
    );

    app.get(
      '/posts/:id/vote-details',
      {
        preHandler,
        schema: {
          tags,
          summary: 'A poll’s results: after the caller voted, or once it closed (always for its author)',
          params: postIdParamsSchema,
          response: { 200: voteDetailsSchema, ...missing, 403: errorBodySchema.describe('POST_POLL_RESULTS_HIDDEN') },
        },
      },
      async (request) => posts.voteDetails(me(request), request.params.id),
    );

    // ---- comments

    app.get(
      '/posts/:id/comments',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Top-level comments with their first replies, or one comment’s replies (parent_id)',
          params: postIdParamsSchema,
          querystring: commentListQuerySchema,
          response: { 200: commentPageSchema, ...commentMissing },
        },
      },
      async (request) => comments.list(me(request), request.params.id, request.query),
    );

    app.post(
      '/posts/:id/comments',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Comments on a post, or replies to a top-level comment (parent_id)',
          params: postIdParamsSchema,
          body: createCommentBodySchema,
          response: {
            201: commentSchema,
            ...commentMissing,
            403: errorBodySchema.describe(
              'POST_COMMENTS_CLOSED or POST_REPLY_NOT_ALLOWED; in a community COMMUNITY_NOT_MEMBER, COMMUNITY_FORBIDDEN or COMMUNITY_BANNED',
            ),
            409: communityRefusals[409],
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await comments.create(me(request), request.params.id, request.body)),
    );

    app.put(
      '/posts/:id/comments/:commentId',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Edits the caller’s comment',
          params: commentParamsSchema,
          body: updateCommentBodySchema,
          response: { 200: commentSchema, ...commentMissing, ...communityRefusals },
        },
      },
      async (request) => comments.update(me(request), request.params.id, request.params.commentId, request.body),
    );

    app.delete(
      '/posts/:id/comments/:commentId',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'Deletes a comment with its replies: its author, the post’s author, or in a community a moderator who outranks its author (audited)',
          params: commentParamsSchema,
          response: { 200: okSchema, ...commentMissing, 403: errorBodySchema.describe('POST_FORBIDDEN') },
        },
      },
      async (request) => {
        await comments.delete(me(request), request.params.id, request.params.commentId);
        return { ok: true as const };
      },
    );

    app.post(
      '/posts/:id/comments/:commentId/like',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Likes a comment',
          params: commentParamsSchema,
          response: { 200: commentSchema, ...commentMissing },
        },
      },
      async (request) => comments.like(me(request), request.params.id, request.params.commentId, true),
    );

    app.delete(
      '/posts/:id/comments/:commentId/unlike',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Takes a comment like back',
          params: commentParamsSchema,
          response: { 200: commentSchema, ...commentMissing },
        },
      },
      async (request) => comments.like(me(request), request.params.id, request.params.commentId, false),
    );

    app.post(
      '/posts/:id/comments/:commentId/report',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Reports a comment to moderation',
          params: commentParamsSchema,
          body: reportBodySchema,
          response: { 201: reportResultSchema, ...commentMissing },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await comments.report(me(request), request.params.id, request.params.commentId, request.body)),
    );

    await app.register(mediaRoutes(deps));
  };
}

/** The upload route in a scope of its own: no other route accepts multipart bodies. */
function mediaRoutes(deps: { media: PostMediaService; maxUploadBytes: number }): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: deps.maxUploadBytes, files: 1, fields: 5, fieldSize: 1024 },
    });
    const limitText = `${Math.round(deps.maxUploadBytes / 1024 / 1024)} MB`;
    const readImage = imageUploadReader(app, {
      limitText,
      fileError: (problem, message) => postError.onField('file', `POST_${problem}`, message),
    });
    app.post(
      '/posts/media',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Uploads an image for a new post (PNG, JPEG, WebP or GIF; resized to fit 2048 px, EXIF removed)',
          consumes: ['multipart/form-data'],
          body: imageUploadBodySchema,
          response: {
            201: postMediaSchema,
            415: errorBodySchema.describe('POST_UPLOAD_TYPE: not a PNG, JPEG, WebP or GIF image'),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await deps.media.upload(authOf(request).userId, await readImage(request))),
    );
  };
}
