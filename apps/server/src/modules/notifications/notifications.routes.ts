import {
  createNotificationBodySchema,
  errorBodySchema,
  idParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  notificationsChangedSchema,
  readAllNotificationsSchema,
  updateNotificationBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { NotificationsService } from './notifications.service.js';

const tags = ['notifications'];
const notFound = {
  404: errorBodySchema.describe('No notification of the caller has this id (NOTIFICATION_NOT_FOUND)'),
};

/** Notifications (spec section 7, "Notifications"): the bell's list, read state and notes to self. */
export function notificationsRoutes(deps: { notifications: NotificationsService }): FastifyPluginAsyncZod {
  const { notifications } = deps;
  return async (app) => {
    app.get(
      '/notifications',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s notifications, newest first, with the unread count',
          description: '`unread=true` lists only the unread ones. Default page 1, limit 20 (at most 100).',
          querystring: notificationListQuerySchema,
          response: { 200: notificationListSchema },
        },
      },
      async (request) => notifications.list(authOf(request).userId, request.query),
    );

    app.post(
      '/notifications',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Posts a note to the caller’s own bell (kind note)',
          description:
            'A reminder or a message from the caller’s own scripts: stored, published live on the `user` channel ' +
            '(a toast unless `toast` is false, a sound when `sound` is true) and never e-mailed.',
          body: createNotificationBodySchema,
          response: { 201: notificationSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await notifications.createNote(authOf(request).userId, request.body)),
    );

    // Before /notifications/:id so "read-all" is not taken for an id.
    app.put(
      '/notifications/read-all',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Marks every notification of the caller read',
          response: { 200: readAllNotificationsSchema },
        },
      },
      async (request) => notifications.readAll(authOf(request).userId),
    );

    app.get(
      '/notifications/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A notification of the caller',
          params: idParamsSchema,
          response: { 200: notificationSchema, ...notFound },
        },
      },
      async (request) => notifications.get(authOf(request).userId, request.params.id),
    );

    app.put(
      '/notifications/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Marks a notification read (`read: true`) or unread (`read: false`)',
          params: idParamsSchema,
          body: updateNotificationBodySchema,
          response: { 200: notificationSchema, ...notFound },
        },
      },
      async (request) => notifications.setRead(authOf(request).userId, request.params.id, request.body.read),
    );

    app.delete(
      '/notifications/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a notification of the caller; answers the unread count afterwards',
          params: idParamsSchema,
          response: { 200: notificationsChangedSchema, ...notFound },
        },
      },
      async (request) => notifications.delete(authOf(request).userId, request.params.id),
    );
  };
}
