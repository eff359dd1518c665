import { errorBodySchema, stripeWebhookAnswerSchema, stripeWebhookHeadersSchema } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import type { AppContext } from '../../../platform/context.js';
import type { PaymentEvents } from '../billing.types.js';
import { stripeError } from './stripe.errors.js';
import { createStripeRepository } from './stripe.repository.js';
import { createStripeWebhookService } from './stripe-webhook.service.js';

/** How old a signed delivery may be (Stripe's default: 5 minutes), against the injected clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * POST /billing/stripe/webhook (mount under /api). Stripe signs the exact bytes it sends, so this plugin keeps the
 * raw body: its own application/json parser hands the Buffer to the route. Fastify encapsulates content-type
 * parsers per plugin, so the app's JSON parser (platform/json-parser.ts) stays in force everywhere else.
 */
export function stripeWebhookRoutes(deps: {
  secret: string;
  events: () => PaymentEvents;
  ctx: Pick<AppContext, 'db' | 'clock'>;
}): FastifyPluginAsyncZod {
  const { secret, ctx } = deps;
  const service = createStripeWebhookService({
    repo: createStripeRepository(ctx.db),
    clock: ctx.clock,
    events: deps.events,
  });

  function verify(raw: Buffer, signature: string): Stripe.Event {
    try {
      return Stripe.webhooks.constructEvent(
        raw,
        signature,
        secret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        ctx.clock.now().getTime(),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError && /tolerance/i.test(error.message)) {
        throw stripeError.onField(
          'stripe-signature',
          'STRIPE_SIGNATURE_EXPIRED',
          `The Stripe-Signature header is older than ${WEBHOOK_TOLERANCE_SECONDS / 60} minutes: the delivery is refused as a possible replay.`,
        );
      }
      throw stripeError.onField(
        'stripe-signature',
        'STRIPE_SIGNATURE_INVALID',
        'The Stripe-Signature header does not match the request body and the webhook secret.',
      );
    }
  }

  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/billing/stripe/webhook',
      {
        schema: {
          tags: ['billing'],
          summary: 'Stripe’s webhook: payment outcomes and refunds, signed by Stripe',
          description:
            'The raw JSON body is verified against the Stripe-Signature header and the webhook secret ' +
            `(at most ${WEBHOOK_TOLERANCE_SECONDS} seconds old). Each event id is handled once; a replay answers 200 ` +
            'with `duplicate: true` and does nothing. Handles payment_intent.succeeded, payment_intent.payment_failed, ' +
            'payment_intent.canceled and charge.refunded in any order; other event types are acknowledged.',
          headers: stripeWebhookHeadersSchema,
          response: {
            200: stripeWebhookAnswerSchema,
            400: errorBodySchema.describe(
              'STRIPE_SIGNATURE_INVALID (the signature does not match), STRIPE_SIGNATURE_EXPIRED (too old)',
            ),
          },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const event = verify(raw, request.headers['stripe-signature']);
        const { duplicate } = await service.receive(event);
        return { received: true as const, duplicate };
      },
    );
  };
}
