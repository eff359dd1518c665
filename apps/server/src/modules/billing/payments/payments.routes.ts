import {
  errorBodySchema,
  paymentMethodListSchema,
  paymentMethodParamsSchema,
  paymentSessionQuerySchema,
  paymentSessionSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { PaymentsService } from './payments.service.js';

const tags = ['billing'];
const notFound = {
  404: errorBodySchema.describe('No payment method of the caller has this id (PAYMENT_METHOD_NOT_FOUND)'),
};

/** The caller's payment methods (spec section 7, "Settings"), whichever provider runs. */
export function paymentsRoutes(deps: { payments: PaymentsService }): FastifyPluginAsyncZod {
  const { payments } = deps;
  return async (app) => {
    app.get(
      '/customer/payment/session',
      {
        preHandler: app.authenticate,
        // the spec's path is a GET, but it makes a session (and the provider's customer on first use)
        config: { stateChanging: true },
        schema: {
          tags,
          summary: 'Starts adding a payment method: answers where to send the browser',
          description:
            'Test mode: the in-app page `/billing/test-mode/session/{id}` where a test card is entered; Stripe: its ' +
            'hosted page. Afterwards the browser returns to `return_url`, a path of this app or an address on its origin.',
          querystring: paymentSessionQuerySchema,
          response: {
            200: paymentSessionSchema,
            400: errorBodySchema.describe('PAYMENT_RETURN_URL_INVALID: not a path or address of this app'),
          },
        },
      },
      async (request) => payments.session(authOf(request).userId, request.query.return_url),
    );

    app.get(
      '/customer/payment/methods',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s stored payment methods (the default marked) and the provider holding them',
          response: { 200: paymentMethodListSchema },
        },
      },
      async (request) => payments.list(authOf(request).userId),
    );

    app.delete(
      '/customer/payment/methods/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Removes a payment method; answers the methods left',
          description: 'When it was the default, the newest method left becomes the default (test mode).',
          params: paymentMethodParamsSchema,
          response: { 200: paymentMethodListSchema, ...notFound },
        },
      },
      async (request) => payments.remove(authOf(request).userId, request.params.id),
    );

    app.put(
      '/customer/payment/methods/:id/default',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Makes a payment method the one charged by default; answers the methods',
          params: paymentMethodParamsSchema,
          response: { 200: paymentMethodListSchema, ...notFound },
        },
      },
      async (request) => payments.makeDefault(authOf(request).userId, request.params.id),
    );
  };
}
