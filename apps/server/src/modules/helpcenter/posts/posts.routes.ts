import { parse as parseQuery } from 'node:querystring';
import fastifyMultipart from '@fastify/multipart';
import {
  bugCreateBodySchema,
  bugListQuerySchema,
  errorBodySchema,
  featureCreateBodySchema,
  featureListQuerySchema,
  featureMergeBodySchema,
  featureVoteBodySchema,
  HELP_SCREENSHOT_MAX_BYTES,
  type HelpPostKind,
  helpActivityListSchema,
  helpCommentBodySchema,
  helpCommentPageSchema,
  helpCommentSchema,
  helpLikeResultSchema,
  helpPageQuerySchema,
  helpPostListQuerySchema,
  helpPostPageSchema,
  helpPostSchema,
  helpPublishBodySchema,
  helpStatusBodySchema,
  quickFeedbackBodySchema,
  quickFeedbackPageSchema,
} from '@tradedesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../../platform/auth/guard.js';
import { fieldErrorsOf, RequestValidationError } from '../../../platform/validation.js';
import { staffOnlyResponse } from '../../staff/staff.routes.js';
import { helpPostError } from './posts.errors.js';
import type { PostsService } from './posts.service.js';
import { PLURAL } from './posts.view.js';

const tags = ['helpcenter'];
const idParams = z.object({ id: z.uuid('id must be a UUID.') });
const commentParams = idParams.extend({ commentId: z.uuid('commentId must be a UUID.') });
const notFound = { 404: errorBodySchema.describe('No such post (or comment) the caller may see or touch') };
const bad = { 400: errorBodySchema };
const BUG_FIELDS = new Set(['title', 'description', 'appVersion', 'page', 'browser']);

/** Reads a bug report sent as multipart: its text fields and an optional `screenshot` file. */
async function readBugMultipart(app: FastifyInstance, request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let screenshot: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (BUG_FIELDS.has(part.fieldname)) fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'screenshot' || screenshot) {
        part.file.resume();
        throw helpPostError.onField(
          'screenshot',
          'HELP_UPLOAD_MALFORMED',
          'Send one file, in a field named screenshot.',
        );
      }
      screenshot = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw helpPostError.onField('screenshot', 'HELP_SCREENSHOT_TOO_LARGE', 'The screenshot must be at most 5 MB.');
    }
    if (error instanceof app.multipartErrors.FilesLimitError) {
      throw helpPostError.onField('screenshot', 'HELP_UPLOAD_MALFORMED', 'Send one file, in a field named screenshot.');
    }
    if ((error as { code?: string }).code?.startsWith('HELP_')) throw error;
    throw helpPostError(
      'HELP_UPLOAD_MALFORMED',
      'The upload is not a well-formed multipart/form-data body: send it again.',
    );
  }
  const checked = bugCreateBodySchema.safeParse(fields);
  if (!checked.success) throw new RequestValidationError(fieldErrorsOf(checked.error.issues, 'body'));
  return { body: checked.data, screenshot };
}

/**
 * The posts of the help center (header of packages/contracts/src/helpcenter-posts.ts lists every route). Mount
 * under /api.
 */
export function postsRoutes(deps: { posts: PostsService }): FastifyPluginAsyncZod {
  const { posts } = deps;
  return async (app) => {
    // Bug reports: JSON or multipart (a `screenshot` file), in a scope of their own.
    const bugCreate: FastifyPluginAsyncZod = async (scope) => {
      await scope.register(fastifyMultipart, {
        limits: { fileSize: HELP_SCREENSHOT_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
      });
      for (const url of ['/helpcenter/bugs/create', '/v1/bug']) {
        scope.post(
          url,
          {
            preHandler: scope.authenticate,
            schema: {
              tags,
              summary: url === '/v1/bug' ? 'Reports a bug from the app (the in-app “Report a bug”)' : 'Reports a bug',
              description:
                'JSON, or multipart/form-data with the same fields and an optional `screenshot` file (PNG, JPEG or ' +
                'WebP, read from the content, at most 5 MB). The context (appVersion, page, browser) is shown only ' +
                'to the author and staff.',
              consumes: ['application/json', 'multipart/form-data'],
              body: bugCreateBodySchema.nullish(),
              response: {
                201: helpPostSchema,
                ...bad,
                413: errorBodySchema.describe('HELP_SCREENSHOT_TOO_LARGE'),
                415: errorBodySchema.describe('HELP_SCREENSHOT_INVALID'),
              },
            },
          },
          async (request, reply) => {
            const { userId } = authOf(request);
            if (request.isMultipart()) {
              const { body, screenshot } = await readBugMultipart(scope, request);
              return reply.status(201).send(await posts.createBug(userId, body, screenshot));
            }
            const checked = bugCreateBodySchema.safeParse(request.body ?? {});
            if (!checked.success) throw new RequestValidationError(fieldErrorsOf(checked.error.issues, 'body'));
            return reply.status(201).send(await posts.createBug(userId, checked.data));
          },
        );
      }
    };
    await app.register(bugCreate);

    app.post(
      '/helpcenter/features/create',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Requests a feature',
          body: featureCreateBodySchema,
          response: { 201: helpPostSchema, ...bad },
        },
      },
      async (request, reply) => reply.status(201).send(await posts.createFeature(authOf(request).userId, request.body)),
    );

    app.post(
      '/helpcenter/tutorials/create',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Publishes a tutorial (staff only)',
          body: helpPublishBodySchema,
          response: { 201: helpPostSchema, ...bad, ...staffOnlyResponse },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await posts.publish('tutorial', authOf(request).userId, request.body)),
    );

    app.get(
      '/helpcenter/bugs',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Bug reports: status filter (all by default), sort recent, oldest or comments, search, mine',
          querystring: bugListQuerySchema,
          response: { 200: helpPostPageSchema, ...bad },
        },
      },
      async (request) => posts.listBugs(authOf(request).userId, request.query),
    );

    app.get(
      '/helpcenter/features',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            'Feature requests: all_requests (every request but merged ones) by default or one status; sort votes or recent',
          description: 'Requests merged into another are listed under none of the filters.',
          querystring: featureListQuerySchema,
          response: { 200: helpPostPageSchema, ...bad },
        },
      },
      async (request) => posts.listFeatures(authOf(request).userId, request.query),
    );

    for (const kind of ['announcement', 'update', 'tutorial'] as const) {
      app.get(
        `/helpcenter/${PLURAL[kind]}`,
        {
          preHandler: app.authenticate,
          schema: {
            tags,
            summary: `The ${PLURAL[kind]}, newest first`,
            querystring: helpPostListQuerySchema,
            response: { 200: helpPostPageSchema, ...bad },
          },
        },
        async (request) => posts.listPublished(kind, authOf(request).userId, request.query),
      );
    }

    const kinds: HelpPostKind[] = ['bug', 'feature', 'announcement', 'update', 'tutorial'];
    for (const kind of kinds) {
      const base = `/helpcenter/${PLURAL[kind]}/:id`;
      app.get(
        base,
        {
          preHandler: app.authenticate,
          schema: { tags, summary: `One ${kind}`, params: idParams, response: { 200: helpPostSchema, ...notFound } },
        },
        async (request) => posts.get(kind, authOf(request).userId, request.params.id),
      );
      for (const liked of [true, false]) {
        app.get(
          `${base}/${liked ? 'like' : 'unlike'}`,
          {
            preHandler: app.authenticate,
            schema: {
              tags,
              summary: liked
                ? `Likes the ${kind} (a second like does not count twice)`
                : `Withdraws a like of the ${kind}`,
              params: idParams,
              response: { 200: helpLikeResultSchema, ...notFound },
            },
          },
          async (request) => posts.like(kind, authOf(request).userId, request.params.id, liked),
        );
      }
    }

    // Comments: read (bugs, features, announcements, updates), add, save with a chosen id, delete.
    for (const kind of ['bug', 'feature', 'announcement', 'update'] as const) {
      const base = `/helpcenter/${PLURAL[kind]}/:id`;
      app.get(
        `${base}/comments`,
        {
          preHandler: app.authenticate,
          schema: {
            tags,
            summary: `The comments of a ${kind}, oldest first`,
            params: idParams,
            querystring: helpPageQuerySchema,
            response: { 200: helpCommentPageSchema, ...notFound },
          },
        },
        async (request) => posts.comments(kind, authOf(request).userId, request.params.id, request.query),
      );
      if (kind !== 'update') {
        app.post(
          `${base}/comment`,
          {
            preHandler: app.authenticate,
            schema: {
              tags,
              summary: `Comments on a ${kind} (a staff comment on a bug or feature is a staff reply)`,
              params: idParams,
              body: helpCommentBodySchema,
              response: { 201: helpCommentSchema, ...bad, ...notFound },
            },
          },
          async (request, reply) => {
            const saved = await posts.saveComment(
              kind,
              authOf(request).userId,
              request.params.id,
              request.body.content,
            );
            return reply.status(201).send(saved.comment);
          },
        );
      }
      app.post(
        `${base}/comment/:commentId`,
        {
          preHandler: app.authenticate,
          schema: {
            tags,
            summary:
              kind === 'bug'
                ? 'Updates the caller’s comment'
                : 'Creates the comment with this id (chosen by the client), or updates it when it is the caller’s',
            params: commentParams,
            body: helpCommentBodySchema,
            response: { 200: helpCommentSchema, 201: helpCommentSchema, ...bad, ...notFound },
          },
        },
        async (request, reply) => {
          const { id, commentId } = request.params;
          const userId = authOf(request).userId;
          if (kind === 'bug') return posts.updateComment(kind, userId, id, commentId, request.body.content);
          const saved = await posts.saveComment(kind, userId, id, request.body.content, commentId);
          return reply.status(saved.created ? 201 : 200).send(saved.comment);
        },
      );
      app.delete(
        `${base}/comment/:commentId`,
        {
          preHandler: app.authenticate,
          schema: {
            tags,
            summary: 'Deletes a comment (its author, or staff)',
            params: commentParams,
            response: { 204: z.null().describe('Deleted'), ...notFound },
          },
        },
        async (request, reply) => {
          const { id, commentId } = request.params;
          await posts.deleteComment(kind, authOf(request).userId, id, commentId);
          return reply.status(204).send(null);
        },
      );
    }

    for (const kind of ['bug', 'feature', 'announcement'] as const) {
      app.get(
        `/helpcenter/${PLURAL[kind]}/:id/activity`,
        {
          preHandler: app.authenticate,
          schema: {
            tags,
            summary: `What happened to a ${kind}, oldest first`,
            params: idParams,
            response: { 200: helpActivityListSchema, ...notFound },
          },
        },
        async (request) => posts.activity(kind, request.params.id),
      );
    }

    // The announcement comment form (application/x-www-form-urlencoded, field `comment`).
    const form: FastifyPluginAsyncZod = async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, body, done) => {
          const parsed = parseQuery(typeof body === 'string' ? body : body.toString('utf8'));
          const comment = parsed.comment;
          done(null, { comment: Array.isArray(comment) ? comment[0] : comment });
        },
      );
      scope.post(
        '/helpcenter/announcements/:id/comment/:commentId/update',
        {
          preHandler: scope.authenticate,
          schema: {
            tags,
            summary: 'Updates the caller’s comment on an announcement from a form',
            consumes: ['application/x-www-form-urlencoded', 'application/json'],
            params: commentParams,
            body: helpCommentBodySchema,
            response: { 200: helpCommentSchema, ...bad, ...notFound },
          },
        },
        async (request) => {
          const { id, commentId } = request.params;
          return posts.updateComment('announcement', authOf(request).userId, id, commentId, request.body.content);
        },
      );
    };
    await app.register(form);

    app.delete(
      '/helpcenter/bugs/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a bug report (its author, or staff)',
          params: idParams,
          response: { 204: z.null().describe('Deleted'), ...notFound },
        },
      },
      async (request, reply) => {
        await posts.deleteBug(authOf(request).userId, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/helpcenter/features/:id/vote',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Votes a request up or down (one vote per user: a second one replaces the first)',
          params: idParams,
          body: featureVoteBodySchema,
          response: { 200: helpPostSchema, ...bad, ...notFound, 422: errorBodySchema.describe('HELP_NOT_ALLOWED') },
        },
      },
      async (request) => posts.vote(authOf(request).userId, request.params.id, request.body.vote_type),
    );
    app.delete(
      '/helpcenter/features/:id/vote',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Withdraws the caller’s vote',
          params: idParams,
          response: { 200: helpPostSchema, ...notFound },
        },
      },
      async (request) => posts.vote(authOf(request).userId, request.params.id, null),
    );

    app.post(
      '/v1/feedback',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Sends quick feedback (read by staff)',
          body: quickFeedbackBodySchema,
          response: { 201: z.object({ id: z.uuid() }), ...bad },
        },
      },
      async (request, reply) => reply.status(201).send(await posts.feedback(authOf(request).userId, request.body)),
    );

    // Staff
    for (const kind of ['bug', 'feature'] as const) {
      app.put(
        `/staff/helpcenter/${PLURAL[kind]}/:id/status`,
        {
          preHandler: app.authenticate,
          schema: {
            tags,
            summary: `Sets a ${kind}’s status with a note (staff only; the author is notified)`,
            params: idParams,
            body: helpStatusBodySchema,
            response: { 200: helpPostSchema, ...bad, ...staffOnlyResponse, ...notFound, 422: errorBodySchema },
          },
        },
        async (request) => posts.setStatus(kind, authOf(request).userId, request.params.id, request.body),
      );
    }

    app.post(
      '/staff/helpcenter/features/:id/merge',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Merges a duplicate request into another; its votes move to the survivor (staff only)',
          params: idParams,
          body: featureMergeBodySchema,
          response: { 200: helpPostSchema, ...bad, ...staffOnlyResponse, ...notFound, 422: errorBodySchema },
        },
      },
      async (request) => posts.merge(authOf(request).userId, request.params.id, request.body.intoId),
    );

    for (const kind of ['announcement', 'update'] as const) {
      app.post(
        `/staff/helpcenter/${PLURAL[kind]}`,
        {
          preHandler: app.authenticate,
          schema: {
            tags,
            summary:
              kind === 'update'
                ? 'Publishes an update (its featureIds are set done and link to it; staff only)'
                : 'Publishes an announcement (staff only)',
            body: helpPublishBodySchema,
            response: { 201: helpPostSchema, ...bad, ...staffOnlyResponse, ...notFound },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await posts.publish(kind, authOf(request).userId, request.body)),
      );
    }

    app.put(
      '/staff/helpcenter/posts/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Edits any post (staff only)',
          params: idParams,
          body: helpPublishBodySchema,
          response: { 200: helpPostSchema, ...bad, ...staffOnlyResponse, ...notFound },
        },
      },
      async (request) => posts.edit(authOf(request).userId, request.params.id, request.body),
    );
    app.delete(
      '/staff/helpcenter/posts/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes any post (staff only)',
          params: idParams,
          response: { 204: z.null().describe('Deleted'), ...staffOnlyResponse, ...notFound },
        },
      },
      async (request, reply) => {
        await posts.remove(authOf(request).userId, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/staff/helpcenter/feedback',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Quick feedback, newest first (staff only)',
          querystring: helpPageQuerySchema,
          response: { 200: quickFeedbackPageSchema, ...bad, ...staffOnlyResponse },
        },
      },
      async (request) => posts.feedbackList(authOf(request).userId, request.query),
    );
  };
}
