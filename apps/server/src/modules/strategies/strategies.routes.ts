import fastifyMultipart from '@fastify/multipart';
import {
  approachLabelParamsSchema,
  approachListSchema,
  approachParamsSchema,
  approachSchema,
  checklistItemParamsSchema,
  commentBodySchema,
  conditionBodySchema,
  conditionCommentParamsSchema,
  conditionImageParamsSchema,
  conditionParamsSchema,
  createApproachBodySchema,
  createChartSnapshotBodySchema,
  createChecklistItemBodySchema,
  createStrategyBodySchema,
  createStrategyFolderBodySchema,
  criterionBodySchema,
  criterionParamsSchema,
  errorBodySchema,
  imageUploadBodySchema,
  okSchema,
  STRATEGY_IMAGE_MAX_DIMENSION,
  STRATEGY_LABEL_KINDS,
  strategyFolderParamsSchema,
  strategyLabelParamsSchema,
  strategyListQuerySchema,
  strategyListSchema,
  strategyParamsSchema,
  strategySchema,
  strategySnapshotListSchema,
  strategySnapshotParamsSchema,
  updateApproachBodySchema,
  updateChecklistItemBodySchema,
  updateStrategyBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import { imageUploadReader } from '../../platform/uploads/image-upload.js';
import { formatBytes } from '../settings/profile-images.service.js';
import { strategyError } from './strategies.errors.js';
import type { StrategiesService } from './strategies.service.js';

const tags = ['strategies'];
const strategyMissing = { 404: errorBodySchema.describe('No strategy of the caller has this id (STRATEGY_NOT_FOUND)') };
const approachMissing = {
  404: errorBodySchema.describe(
    'No such strategy of the caller, or approach of it (STRATEGY_NOT_FOUND, STRATEGY_APPROACH_NOT_FOUND)',
  ),
};
const itemMissing = {
  404: errorBodySchema.describe(
    'No such strategy or approach of the caller, or item under it (STRATEGY_NOT_FOUND, STRATEGY_APPROACH_NOT_FOUND, STRATEGY_ITEM_NOT_FOUND)',
  ),
};
const limit = { 409: errorBodySchema.describe('STRATEGY_LIMIT_REACHED: the level holds as many as it may') };
const approachAnswer = 'Answers the whole approach as it is afterwards.';

/**
 * Strategies (spec section 7 "Strategies") under the spec's paths: strategies, snapshots, labels, folders,
 * approaches, criteria, conditions and their checklist items, images and comments. Another user's id, or an id
 * under the wrong parent, is a 404.
 */
export function strategiesRoutes(deps: {
  strategies: StrategiesService;
  maxUploadBytes: number;
}): FastifyPluginAsyncZod {
  const { strategies } = deps;
  return async (app) => {
    const onRequest = app.authenticate;

    app.get(
      '/strategies',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The caller’s strategies, newest first, a page at a time (default 10), with their ids and the total',
          querystring: strategyListQuerySchema,
          response: { 200: strategyListSchema },
        },
      },
      async (request) => strategies.list(authOf(request).userId, request.query),
    );

    app.post(
      '/strategies',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Creates a strategy (name, description, optionally a node graph)',
          body: createStrategyBodySchema,
          response: { 201: strategySchema, ...limit },
        },
      },
      async (request, reply) => reply.status(201).send(await strategies.create(authOf(request).userId, request.body)),
    );

    app.get(
      '/strategies/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One strategy with its labels, snapshots, folders, graph and approach count',
          params: strategyParamsSchema,
          response: { 200: strategySchema, ...strategyMissing },
        },
      },
      async (request) => strategies.get(authOf(request).userId, request.params.id),
    );

    app.put(
      '/strategies/:id',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Changes a strategy’s name, description or node graph (checked against the graph contract; null clears it)',
          params: strategyParamsSchema,
          body: updateStrategyBodySchema,
          response: { 200: strategySchema, ...strategyMissing },
        },
      },
      async (request) => strategies.update(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/strategies/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Deletes a strategy with its approaches, snapshots, folders and uploaded images',
          params: strategyParamsSchema,
          response: { 200: okSchema, ...strategyMissing },
        },
      },
      async (request) => {
        await strategies.remove(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/strategies/:id/snapshot',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A strategy’s snapshots, oldest first',
          params: strategyParamsSchema,
          response: { 200: strategySnapshotListSchema, ...strategyMissing },
        },
      },
      async (request) => ({ snapshots: await strategies.snapshots(authOf(request).userId, request.params.id) }),
    );

    app.delete(
      '/strategies/:id/snapshots/:snapshotId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Deletes a snapshot (and its image); answers the strategy',
          params: strategySnapshotParamsSchema,
          response: { 200: strategySchema, ...itemMissing },
        },
      },
      async (request) =>
        strategies.removeSnapshot(authOf(request).userId, request.params.id, request.params.snapshotId),
    );

    for (const kind of STRATEGY_LABEL_KINDS) {
      const what = {
        tag: 'a tag (any text up to 40 characters)',
        symbol: 'a symbol (a ticker of the instrument catalogue)',
        timeframe: 'a timeframe (1m, 5m, 15m, 30m, 1h, 4h, 1D, 1W, 1M)',
        indicator: 'an indicator (an id or short name of the indicator catalogue, stored as its id)',
      }[kind];
      app.post(
        `/strategies/:id/${kind}/:value`,
        {
          onRequest,
          schema: {
            tags,
            summary: `Adds ${what} to a strategy; answers the strategy`,
            params: strategyLabelParamsSchema,
            response: {
              200: strategySchema,
              ...strategyMissing,
              409: errorBodySchema.describe('STRATEGY_DUPLICATE, or STRATEGY_LIMIT_REACHED (20 per list)'),
            },
          },
        },
        async (request) => strategies.addLabel(authOf(request).userId, request.params.id, kind, request.params.value),
      );
      app.delete(
        `/strategies/:id/${kind}/:value`,
        {
          onRequest,
          schema: {
            tags,
            summary: `Removes ${what} from a strategy; answers the strategy`,
            params: strategyLabelParamsSchema,
            response: { 200: strategySchema, ...itemMissing },
          },
        },
        async (request) =>
          strategies.removeLabel(authOf(request).userId, request.params.id, kind, request.params.value),
      );
      app.post(
        `/strategies/:id/approach/:approachId/${kind}/:value`,
        {
          onRequest,
          schema: {
            tags,
            summary: `Adds ${what} to an approach; answers the approach`,
            params: approachLabelParamsSchema,
            response: {
              200: approachSchema,
              ...approachMissing,
              409: errorBodySchema.describe('STRATEGY_DUPLICATE, or STRATEGY_LIMIT_REACHED (20 per list)'),
            },
          },
        },
        async (request) =>
          strategies.addApproachLabel(authOf(request).userId, request.params, kind, request.params.value),
      );
      app.delete(
        `/strategies/:id/approach/:approachId/${kind}/:value`,
        {
          onRequest,
          schema: {
            tags,
            summary: `Removes ${what} from an approach; answers the approach`,
            params: approachLabelParamsSchema,
            response: { 200: approachSchema, ...itemMissing },
          },
        },
        async (request) =>
          strategies.removeApproachLabel(authOf(request).userId, request.params, kind, request.params.value),
      );
    }

    app.post(
      '/strategies/:id/folders',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Adds a folder (name, colour, default #8861E4) to a strategy; answers the strategy',
          params: strategyParamsSchema,
          body: createStrategyFolderBodySchema,
          response: { 201: strategySchema, ...strategyMissing, ...limit },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await strategies.addFolder(authOf(request).userId, request.params.id, request.body)),
    );

    app.delete(
      '/strategies/:id/folders/:folderId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Deletes a folder of a strategy; answers the strategy',
          params: strategyFolderParamsSchema,
          response: { 200: strategySchema, ...itemMissing },
        },
      },
      async (request) => strategies.removeFolder(authOf(request).userId, request.params.id, request.params.folderId),
    );

    // ---- approaches ----------------------------------------------------------------------------------

    app.get(
      '/strategies/:id/approach',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A strategy’s approaches grouped by status (entry, management, exit), each with its criteria',
          params: strategyParamsSchema,
          response: { 200: approachListSchema, ...strategyMissing },
        },
      },
      async (request) => ({ approaches: await strategies.approaches(authOf(request).userId, request.params.id) }),
    );

    app.post(
      '/strategies/:id/approach',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Creates an approach (name, description, status: entry by default)',
          params: strategyParamsSchema,
          body: createApproachBodySchema,
          response: { 201: approachSchema, ...strategyMissing, ...limit },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await strategies.createApproach(authOf(request).userId, request.params.id, request.body)),
    );

    app.get(
      '/strategies/:id/approach/:approachId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One approach with its criteria, conditions, checklists, images and comments',
          params: approachParamsSchema,
          response: { 200: approachSchema, ...approachMissing },
        },
      },
      async (request) => strategies.approach(authOf(request).userId, request.params),
    );

    app.put(
      '/strategies/:id/approach/:approachId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Changes an approach’s name, description or status',
          params: approachParamsSchema,
          body: updateApproachBodySchema,
          response: { 200: approachSchema, ...approachMissing },
        },
      },
      async (request) => strategies.updateApproach(authOf(request).userId, request.params, request.body),
    );

    app.delete(
      '/strategies/:id/approach/:approachId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Deletes an approach with everything below it',
          params: approachParamsSchema,
          response: { 200: okSchema, ...approachMissing },
        },
      },
      async (request) => {
        await strategies.removeApproach(authOf(request).userId, request.params);
        return { ok: true as const };
      },
    );

    // ---- criteria and conditions ----------------------------------------------------------------------

    const base = '/strategies/:id/approach/:approachId/criteria';

    app.post(
      base,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Adds a criterion to an approach',
          description: approachAnswer,
          params: approachParamsSchema,
          body: criterionBodySchema,
          response: { 201: approachSchema, ...approachMissing, ...limit },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await strategies.addCriterion(authOf(request).userId, request.params, request.body)),
    );

    app.put(
      `${base}/:criteriaId`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Renames a criterion',
          description: approachAnswer,
          params: criterionParamsSchema,
          body: criterionBodySchema,
          response: { 200: approachSchema, ...itemMissing },
        },
      },
      async (request) => strategies.updateCriterion(authOf(request).userId, request.params, request.body),
    );

    app.delete(
      `${base}/:criteriaId`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Deletes a criterion with its conditions',
          description: approachAnswer,
          params: criterionParamsSchema,
          response: { 200: approachSchema, ...itemMissing },
        },
      },
      async (request) => strategies.removeCriterion(authOf(request).userId, request.params),
    );

    const conditions = `${base}/:criteriaId/conditions`;

    app.post(
      conditions,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Adds a condition to a criterion',
          description: approachAnswer,
          params: criterionParamsSchema,
          body: conditionBodySchema,
          response: { 201: approachSchema, ...itemMissing, ...limit },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await strategies.addCondition(authOf(request).userId, request.params, request.body)),
    );

    app.put(
      `${conditions}/:conditionId`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Changes a condition’s text',
          description: approachAnswer,
          params: conditionParamsSchema,
          body: conditionBodySchema,
          response: { 200: approachSchema, ...itemMissing },
        },
      },
      async (request) => strategies.updateCondition(authOf(request).userId, request.params, request.body),
    );

    app.delete(
      `${conditions}/:conditionId`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Deletes a condition with its checklist, images and comments',
          description: approachAnswer,
          params: conditionParamsSchema,
          response: { 200: approachSchema, ...itemMissing },
        },
      },
      async (request) => strategies.removeCondition(authOf(request).userId, request.params),
    );

    const condition = `${conditions}/:conditionId`;

    app.post(
      `${condition}/checklist`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Adds a checklist item to a condition (at `order`, else last)',
          description: approachAnswer,
          params: conditionParamsSchema,
          body: createChecklistItemBodySchema,
          response: { 201: approachSchema, ...itemMissing, ...limit },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await strategies.addChecklistItem(authOf(request).userId, request.params, request.body)),
    );

    app.put(
      `${condition}/checklist/:itemId`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Changes a checklist item’s text or moves it to `order`',
          description: approachAnswer,
          params: checklistItemParamsSchema,
          body: updateChecklistItemBodySchema,
          response: { 200: approachSchema, ...itemMissing },
        },
      },
      async (request) => strategies.updateChecklistItem(authOf(request).userId, request.params, request.body),
    );

    app.delete(
      `${condition}/checklist/:itemId`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Deletes a checklist item (the ones after it move up)',
          description: approachAnswer,
          params: checklistItemParamsSchema,
          response: { 200: approachSchema, ...itemMissing },
        },
      },
      async (request) => strategies.removeChecklistItem(authOf(request).userId, request.params),
    );

    app.delete(
      `${condition}/images/:imageId`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Deletes an image of a condition',
          description: approachAnswer,
          params: conditionImageParamsSchema,
          response: { 200: approachSchema, ...itemMissing },
        },
      },
      async (request) => strategies.removeImage(authOf(request).userId, request.params),
    );

    app.post(
      `${condition}/comments`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Adds a comment to a condition',
          description: approachAnswer,
          params: conditionParamsSchema,
          body: commentBodySchema,
          response: { 201: approachSchema, ...itemMissing, ...limit },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await strategies.addComment(authOf(request).userId, request.params, request.body)),
    );

    app.put(
      `${condition}/comments/:commentId`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Changes a comment’s text',
          description: approachAnswer,
          params: conditionCommentParamsSchema,
          body: commentBodySchema,
          response: { 200: approachSchema, ...itemMissing },
        },
      },
      async (request) => strategies.updateComment(authOf(request).userId, request.params, request.body),
    );

    app.delete(
      `${condition}/comments/:commentId`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Deletes a comment',
          description: approachAnswer,
          params: conditionCommentParamsSchema,
          response: { 200: approachSchema, ...itemMissing },
        },
      },
      async (request) => strategies.removeComment(authOf(request).userId, request.params),
    );

    await app.register(uploadRoutes(deps, condition));
  };
}

/** The two upload routes, in a scope of their own: no other route accepts multipart bodies by accident. */
function uploadRoutes(
  deps: { strategies: StrategiesService; maxUploadBytes: number },
  condition: string,
): FastifyPluginAsyncZod {
  const { strategies, maxUploadBytes } = deps;
  const limitText = formatBytes(maxUploadBytes);
  const imageRules =
    `multipart/form-data with one file field \`file\` (PNG, JPEG, WebP or GIF), at most ${limitText} and ` +
    `${STRATEGY_IMAGE_MAX_DIMENSION} x ${STRATEGY_IMAGE_MAX_DIMENSION} pixels. The type is read from the content, ` +
    'not the name: anything else is a 415.';

  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: maxUploadBytes, files: 1, fields: 5, fieldSize: 1024 },
    });
    const onRequest = app.authenticate;

    const readImage = imageUploadReader(app, {
      limitText: limitText,
      fileError: (problem, message) => strategyError.onField('file', `STRATEGY_${problem}`, message),
    });

    app.post(
      '/strategies/:id/snapshots',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Adds a snapshot to a strategy: an uploaded image, or a saved chart (chart_id, symbol, timeframe)',
          description:
            `Either ${imageRules} Or JSON { chart_id, symbol?, timeframe? }: a saved chart of the caller, shown with ` +
            'its own symbol and timeframe unless others are given. Answers the strategy.',
          params: strategyParamsSchema,
          body: createChartSnapshotBodySchema.nullish(),
          response: {
            201: strategySchema,
            ...itemMissing,
            ...limit,
            415: errorBodySchema.describe('STRATEGY_UPLOAD_TYPE: the file is not a PNG, JPEG, WebP or GIF image'),
          },
        },
      },
      async (request, reply) => {
        const { userId } = authOf(request);
        if (request.isMultipart()) {
          const data = await readImage(request);
          return reply.status(201).send(await strategies.addImageSnapshot(userId, request.params.id, data));
        }
        if (!request.body) {
          throw strategyError.onField(
            'chart_id',
            'STRATEGY_INVALID_FIELD',
            'Send either an image (multipart/form-data, field file) or a saved chart as JSON with chart_id.',
          );
        }
        return reply.status(201).send(await strategies.addChartSnapshot(userId, request.params.id, request.body));
      },
    );

    app.post(
      `${condition}/images`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Adds an image to a condition (images have no update)',
          description: `${imageRules} ${approachAnswer}`,
          consumes: ['multipart/form-data'],
          params: conditionParamsSchema,
          body: imageUploadBodySchema,
          response: {
            201: approachSchema,
            ...itemMissing,
            ...limit,
            415: errorBodySchema.describe('STRATEGY_UPLOAD_TYPE: the file is not a PNG, JPEG, WebP or GIF image'),
          },
        },
      },
      async (request, reply) => {
        const data = await readImage(request);
        return reply.status(201).send(await strategies.addImage(authOf(request).userId, request.params, data));
      },
    );
  };
}
