import {
  chartTemplateListSchema,
  chartTemplateSchema,
  createTemplateBodySchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  templatesQuerySchema,
  updateTemplateBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { TemplatesService } from './templates.service.js';

const tags = ['templates'];
const notFound = { 404: errorBodySchema.describe('No template of the caller has this id (TEMPLATE_NOT_FOUND)') };

/** Chart templates (colours, series style) and indicator templates, one default of each kind. */
export function templatesRoutes(deps: { templates: TemplatesService }): FastifyPluginAsyncZod {
  const { templates } = deps;
  return async (app) => {
    app.get(
      '/templates',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s templates, oldest first (of one kind when `kind` is given)',
          querystring: templatesQuerySchema,
          response: { 200: chartTemplateListSchema },
        },
      },
      async (request) => ({ templates: await templates.list(authOf(request).userId, request.query.kind) }),
    );

    app.post(
      '/templates',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Saves a new template; the first of its kind becomes the default',
          body: createTemplateBodySchema,
          response: { 201: chartTemplateSchema, 409: errorBodySchema.describe('TEMPLATE_LIMIT_REACHED') },
        },
      },
      async (request, reply) => reply.status(201).send(await templates.create(authOf(request).userId, request.body)),
    );

    app.get(
      '/templates/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A template of the caller',
          params: idParamsSchema,
          response: { 200: chartTemplateSchema, ...notFound },
        },
      },
      async (request) => templates.get(authOf(request).userId, request.params.id),
    );

    app.put(
      '/templates/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Changes a template’s name, settings or indicators (fields left out keep their value)',
          params: idParamsSchema,
          body: updateTemplateBodySchema,
          response: { 200: chartTemplateSchema, ...notFound },
        },
      },
      async (request) => templates.update(authOf(request).userId, request.params.id, request.body),
    );

    app.put(
      '/templates/:id/default',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Makes a template the default of its kind (the previous default stops being one)',
          params: idParamsSchema,
          response: { 200: chartTemplateSchema, ...notFound },
        },
      },
      async (request) => templates.makeDefault(authOf(request).userId, request.params.id),
    );

    app.delete(
      '/templates/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a template; when it was the default, the most recently changed one left takes over',
          params: idParamsSchema,
          response: { 200: okSchema, ...notFound },
        },
      },
      async (request) => {
        await templates.delete(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
