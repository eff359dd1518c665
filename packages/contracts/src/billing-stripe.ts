import { z } from 'zod';
import { opaque } from './text.js';

/**
 * Stripe (issue 17, stripe slice): the webhook Stripe calls. The payment routes themselves are provider-agnostic
 * (billing-payments); this file holds only what the Stripe adapter serves and the error codes it raises.
 */

/** POST /billing/stripe/webhook: Stripe signs the raw body; the header carries `t=<unix seconds>,v1=<hex HMAC>`. */
export const stripeWebhookHeadersSchema = z.object({
  'stripe-signature': opaque('The Stripe-Signature header', 2000, { min: 1 }),
});

/** The answer to Stripe: 200 once the event is handled (or was handled before: `duplicate`). */
export const stripeWebhookAnswerSchema = z.object({
  received: z.literal(true),
  /** The event id was handled before: nothing was done again. */
  duplicate: z.boolean(),
});
export type StripeWebhookAnswer = z.infer<typeof stripeWebhookAnswerSchema>;

export const stripeErrorCodes = [
  'STRIPE_SIGNATURE_INVALID',
  'STRIPE_SIGNATURE_EXPIRED',
  'STRIPE_PAYMENT_METHOD_NOT_FOUND',
  'STRIPE_REFUND_REFUSED',
  'STRIPE_UNAVAILABLE',
  'STRIPE_MISCONFIGURED',
] as const;
export type StripeErrorCode = (typeof stripeErrorCodes)[number];
