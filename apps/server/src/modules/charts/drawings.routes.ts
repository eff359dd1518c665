import {
  createDrawingBodySchema,
  drawingListSchema,
  drawingSchema,
  drawingShapeBodySchema,
  drawingsQuerySchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { DrawingsService } from './drawings.service.js';

const tags = ['drawings'];
const notFound = { 404: errorBodySchema.describe('No drawing of the caller has this id (DRAWING_NOT_FOUND)') };
const bodyLimit = 256 * 1024;

/** Drawings per chart and symbol (the model of packages/contracts/src/drawings.ts). */
export function drawingsRoutes(deps: { drawings: DrawingsService }): FastifyPluginAsyncZod {
  const { drawings } = deps;
  return async (app) => {
    app.get(
      '/drawings',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The drawings of one of the caller’s charts on a symbol (the chart’s current one by default)',
          querystring: drawingsQuerySchema,
          response: { 200: drawingListSchema, 404: errorBodySchema.describe('No chart of the caller has chart_id') },
        },
      },
      async (request) => ({ drawings: await drawings.list(authOf(request).userId, request.query) }),
    );

    app.post(
      '/drawings',
      {
        preHandler: app.authenticate,
        bodyLimit,
        schema: {
          tags,
          summary: 'Saves a new drawing on one of the caller’s charts',
          description:
            'Style keys are snake_case on the way in (`line_width`, `fill_color`) and camelCase in answers, as the ' +
            'drawing model. Each tool has its number of points; a long position has its stop below the entry and ' +
            'its target above it (a short one the other way round).',
          body: createDrawingBodySchema,
          response: {
            201: drawingSchema,
            404: errorBodySchema.describe('No chart of the caller has chart_id'),
            409: errorBodySchema.describe(
              'DRAWING_LIMIT_REACHED: the chart has the most drawings allowed on the symbol',
            ),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await drawings.create(authOf(request).userId, request.body)),
    );

    app.get(
      '/drawings/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A drawing of the caller',
          params: idParamsSchema,
          response: { 200: drawingSchema, ...notFound },
        },
      },
      async (request) => drawings.get(authOf(request).userId, request.params.id),
    );

    app.put(
      '/drawings/:id',
      {
        preHandler: app.authenticate,
        bodyLimit,
        schema: {
          tags,
          summary: 'Replaces a drawing (moved, resized, restyled, locked or hidden); chart and symbol stay',
          params: idParamsSchema,
          body: drawingShapeBodySchema,
          response: { 200: drawingSchema, ...notFound },
        },
      },
      async (request) => drawings.update(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/drawings/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a drawing',
          params: idParamsSchema,
          response: { 200: okSchema, ...notFound },
        },
      },
      async (request) => {
        await drawings.delete(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
