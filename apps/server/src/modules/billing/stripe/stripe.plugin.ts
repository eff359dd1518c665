import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../platform/context.js';
import type { PaymentEvents, PaymentProvider } from '../billing.types.js';
import { createStripeProvider } from './stripe.provider.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';

export { createStripeProvider } from './stripe.provider.js';
export { stripeWebhookRoutes } from './stripe-webhook.routes.js';

/**
 * Stripe from the configuration (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL): the provider to hand
 * to payments and the webhook routes to mount under /api; undefined when Stripe is not configured (test mode only).
 */
export function createBillingStripe(
  ctx: AppContext,
  deps: { events: () => PaymentEvents },
): { provider: PaymentProvider; routes: FastifyPluginAsync } | undefined {
  const config = ctx.config.stripe;
  if (!config) return undefined;
  return {
    provider: createStripeProvider(ctx, { secretKey: config.secretKey, apiUrl: config.apiUrl }),
    routes: stripeWebhookRoutes({ secret: config.webhookSecret, events: deps.events, ctx }),
  };
}
