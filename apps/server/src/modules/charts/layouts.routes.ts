import {
  createLayoutBodySchema,
  errorBodySchema,
  idParamsSchema,
  layoutListSchema,
  layoutSchema,
  okSchema,
  updateLayoutBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { LayoutsService } from './layouts.service.js';

const tags = ['layouts'];
const notFound = { 404: errorBodySchema.describe('No layout of the caller has this id (LAYOUT_NOT_FOUND)') };

/** Layouts of 1, 2, 4 or 8 charts with their sync options. */
export function layoutsRoutes(deps: { layouts: LayoutsService }): FastifyPluginAsyncZod {
  const { layouts } = deps;
  return async (app) => {
    app.get(
      '/layouts',
      {
        preHandler: app.authenticate,
        schema: { tags, summary: 'The caller’s layouts, oldest first', response: { 200: layoutListSchema } },
      },
      async (request) => ({ layouts: await layouts.list(authOf(request).userId) }),
    );

    app.post(
      '/layouts',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Saves a new layout of 1, 2, 4 or 8 charts',
          description:
            '`charts` has exactly `count` slots, each an instrument of the catalogue and a timeframe, and ' +
            'optionally one of the caller’s saved charts (`chart_id`), and the chart `type` and `indicators` of an ' +
            'unsaved chart (candles and none by default; a slot naming a saved chart answers that chart’s own, ' +
            'which win). `sync` turns on syncing the symbol, ' +
            'interval, crosshair and time across the charts (all off by default).',
          body: createLayoutBodySchema,
          response: {
            201: layoutSchema,
            404: errorBodySchema.describe('A chart_id is not one of the caller’s charts'),
            409: errorBodySchema.describe('LAYOUT_LIMIT_REACHED'),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await layouts.create(authOf(request).userId, request.body)),
    );

    app.get(
      '/layouts/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A layout of the caller',
          params: idParamsSchema,
          response: { 200: layoutSchema, ...notFound },
        },
      },
      async (request) => layouts.get(authOf(request).userId, request.params.id),
    );

    app.put(
      '/layouts/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Saves changes to a layout: send the version read; fields left out keep their value',
          description:
            'A `version` other than the saved one is a 409 LAYOUT_VERSION_CONFLICT (another tab saved first).',
          params: idParamsSchema,
          body: updateLayoutBodySchema,
          response: {
            200: layoutSchema,
            ...notFound,
            409: errorBodySchema.describe('LAYOUT_VERSION_CONFLICT: saved elsewhere since `version` was read'),
          },
        },
      },
      async (request) => layouts.update(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/layouts/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a layout (its charts stay)',
          params: idParamsSchema,
          response: { 200: okSchema, ...notFound },
        },
      },
      async (request) => {
        await layouts.delete(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
