import {
  errorBodySchema,
  testModeAuthenticateBodySchema,
  testModeCardBodySchema,
  testModeCardResultSchema,
  testModeChargeParamsSchema,
  testModeChargeSchema,
  testModeSessionParamsSchema,
  testModeSessionSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { TestModePages } from './test-mode.provider.js';

const tags = ['billing'];
const sessionNotFound = {
  404: errorBodySchema.describe('No payment session of the caller has this id (PAYMENT_SESSION_NOT_FOUND)'),
};
const chargeNotFound = {
  404: errorBodySchema.describe('No payment of the caller has this reference (PAYMENT_CHARGE_NOT_FOUND)'),
};

/**
 * What the in-app test-mode pages call (only while the built-in "Test mode" provider runs): entering a test card
 * in a session, approving or failing a payment's authentication. Another user's session or payment: 404.
 */
export function testModeRoutes(deps: { pages: TestModePages }): FastifyPluginAsyncZod {
  const { pages } = deps;
  return async (app) => {
    app.get(
      '/billing/test-mode/sessions/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Test mode: a session of the caller (open, completed or expired) and where it returns to',
          params: testModeSessionParamsSchema,
          response: { 200: testModeSessionSchema, ...sessionNotFound },
        },
      },
      async (request) => pages.session(authOf(request).userId, request.params.id),
    );

    app.post(
      '/billing/test-mode/sessions/:id/card',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Test mode: stores a test card for the caller and closes the session',
          description:
            'Only the test cards are taken: 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined), ' +
            '4000 0025 0000 3155 (asks for authentication). The caller’s first card becomes the default.',
          params: testModeSessionParamsSchema,
          body: testModeCardBodySchema,
          response: {
            201: testModeCardResultSchema,
            400: errorBodySchema.describe('PAYMENT_CARD_INVALID: not a test card, or expired'),
            ...sessionNotFound,
            409: errorBodySchema.describe('PAYMENT_SESSION_CLOSED: the session was used or expired'),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await pages.addCard(authOf(request).userId, request.params.id, request.body)),
    );

    app.get(
      '/billing/test-mode/authenticate/:ref',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Test mode: a payment of the caller and whether it waits for authentication',
          params: testModeChargeParamsSchema,
          response: { 200: testModeChargeSchema, ...chargeNotFound },
        },
      },
      async (request) => pages.charge(authOf(request).userId, request.params.ref),
    );

    app.post(
      '/billing/test-mode/authenticate/:ref',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Test mode: approves or fails the authentication of a payment of the caller',
          description:
            'approve: the payment succeeds; fail: it fails. The subscription learns the outcome at once. The same ' +
            'answer again changes nothing; the other answer after one was given is a 409.',
          params: testModeChargeParamsSchema,
          body: testModeAuthenticateBodySchema,
          response: {
            200: testModeChargeSchema,
            ...chargeNotFound,
            409: errorBodySchema.describe('PAYMENT_CHARGE_NOT_AWAITING_AUTHENTICATION'),
          },
        },
      },
      async (request) => pages.authenticate(authOf(request).userId, request.params.ref, request.body.outcome),
    );
  };
}
