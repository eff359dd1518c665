import {
  alertListQuerySchema,
  alertListSchema,
  alertLogQuerySchema,
  alertLogSchema,
  alertSchema,
  createAlertBodySchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  updateAlertBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { AlertsService } from './alerts.service.js';

const tags = ['alerts'];
const notFound = { 404: errorBodySchema.describe('No alert of the caller has this id (ALERT_NOT_FOUND)') };
const invalid = {
  400: errorBodySchema.describe(
    'A field is not valid (named in details.fields), or a drawing, watchlist or trading account id is not the caller’s',
  ),
};

/** Alerts (spec section 7, "Alerts"): GET/POST /alerts, GET/PUT/DELETE /alerts/{id}, and each alert's log. */
export function alertsRoutes(deps: { alerts: AlertsService }): FastifyPluginAsyncZod {
  const { alerts } = deps;
  return async (app) => {
    app.get(
      '/alerts',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s alerts, newest first, optionally of one status, type or symbol',
          querystring: alertListQuerySchema,
          response: { 200: alertListSchema },
        },
      },
      async (request) => ({ alerts: await alerts.list(authOf(request).userId, request.query) }),
    );

    app.post(
      '/alerts',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            'Makes an alert (price, indicator, drawing, watchlist, calendar or account); trigger only_once by default',
          description:
            'Evaluated on the server (every ALERTS_INTERVAL_MS, default 1 s), so it fires with every browser closed. ' +
            'A webhook is signed: `X-TradeDesk-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw body keyed by ' +
            '`delivery.webhook.secret` (given, or generated and answered).',
          body: createAlertBodySchema,
          response: {
            201: alertSchema,
            ...invalid,
            409: errorBodySchema.describe('ALERT_LIMIT_REACHED'),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await alerts.create(authOf(request).userId, request.body)),
    );

    app.get(
      '/alerts/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'An alert of the caller',
          params: idParamsSchema,
          response: { 200: alertSchema, ...notFound },
        },
      },
      async (request) => alerts.get(authOf(request).userId, request.params.id),
    );

    app.put(
      '/alerts/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Changes an alert, pauses it (`status: paused`) or re-arms it (`status: active`)',
          description:
            'Any of the fields of POST but `type`; `condition` is checked against the alert’s type. A changed ' +
            'condition, or a re-armed alert, measures crosses from the price of now.',
          params: idParamsSchema,
          body: updateAlertBodySchema,
          response: { 200: alertSchema, ...invalid, ...notFound },
        },
      },
      async (request) => alerts.update(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/alerts/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes an alert with its log and pending webhook deliveries',
          params: idParamsSchema,
          response: { 200: okSchema, ...notFound },
        },
      },
      async (request) => {
        await alerts.delete(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/alerts/:id/log',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'An alert’s log, newest first: each fire, and each delivery attempt (app, email, webhook)',
          params: idParamsSchema,
          querystring: alertLogQuerySchema,
          response: { 200: alertLogSchema, ...notFound },
        },
      },
      async (request) => alerts.log(authOf(request).userId, request.params.id, request.query.limit),
    );
  };
}
