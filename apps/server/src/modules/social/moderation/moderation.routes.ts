import {
  errorBodySchema,
  moderationActionBodySchema,
  moderationItemSchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
  moderationTargetParamsSchema,
  moderationWarnBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { ModerationService } from './moderation.service.js';

const tags = ['moderation'];
const staffOnly = { 403: errorBodySchema.describe('The caller is not staff (MODERATION_STAFF_ONLY)') };
const notReported = {
  404: errorBodySchema.describe('Nobody reported an item of this kind with this id (MODERATION_NOT_REPORTED)'),
};

/** The staff moderation queue (issue 15, item 7): reported items grouped per item, and what staff do to them. */
export function moderationRoutes(deps: { moderation: ModerationService }): FastifyPluginAsyncZod {
  const { moderation } = deps;
  return async (app) => {
    app.get(
      '/moderation/reports',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Reported items, grouped per item with their reports and history (staff only)',
          description:
            'status open (default: items with open reports, hidden ones pending review among them), resolved or all; ' +
            'most open reports first. Page 1, 10 items by default.',
          querystring: moderationQueueQuerySchema,
          response: { 200: moderationQueueSchema, ...staffOnly },
        },
      },
      async (request) => moderation.queue(authOf(request).userId, request.query),
    );

    app.post(
      '/moderation/reports/:kind/:targetId/hide',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Hides a reported item from everyone but its owner, closes its reports and tells the owner',
          params: moderationTargetParamsSchema,
          body: moderationActionBodySchema,
          response: { 200: moderationItemSchema, ...staffOnly, ...notReported },
        },
      },
      async (request) => {
        const { kind, targetId } = request.params;
        return moderation.hide(authOf(request).userId, kind, targetId, request.body.note);
      },
    );

    app.post(
      '/moderation/reports/:kind/:targetId/restore',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Shows a hidden item again and closes its reports',
          params: moderationTargetParamsSchema,
          body: moderationActionBodySchema,
          response: { 200: moderationItemSchema, ...staffOnly, ...notReported },
        },
      },
      async (request) => {
        const { kind, targetId } = request.params;
        return moderation.restore(authOf(request).userId, kind, targetId, request.body.note);
      },
    );

    app.post(
      '/moderation/reports/:kind/:targetId/warn',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Warns the item’s owner (a moderation notification carrying the reason) and closes its reports',
          description: 'The item stays as it is.',
          params: moderationTargetParamsSchema,
          body: moderationWarnBodySchema,
          response: { 200: moderationItemSchema, ...staffOnly, ...notReported },
        },
      },
      async (request) => {
        const { kind, targetId } = request.params;
        return moderation.warn(authOf(request).userId, kind, targetId, request.body.reason);
      },
    );

    app.post(
      '/moderation/reports/:kind/:targetId/dismiss',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Closes an item’s reports as unfounded; an item hidden automatically is shown again',
          params: moderationTargetParamsSchema,
          body: moderationActionBodySchema,
          response: { 200: moderationItemSchema, ...staffOnly, ...notReported },
        },
      },
      async (request) => {
        const { kind, targetId } = request.params;
        return moderation.dismiss(authOf(request).userId, kind, targetId, request.body.note);
      },
    );
  };
}
