import {
  type CheckoutQuote,
  checkoutQuoteSchema,
  couponCheckBodySchema,
  couponQuoteSchema,
  couponRemoveParamsSchema,
  createSubscriptionBodySchema,
  errorBodySchema,
  idParamsSchema,
  modifySubscriptionBodySchema,
  prorationPreviewSchema,
  type SubscriptionChangeResult,
  subscriptionChangeResultSchema,
  subscriptionListSchema,
  subscriptionSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { CouponQuotes } from './coupon-quotes.js';
import type { SubscriptionsService } from './subscriptions.service.js';

const tags = ['subscriptions'];
const notFound = {
  404: errorBodySchema.describe('No subscription of the caller has this id (SUBSCRIPTION_NOT_FOUND)'),
};
const conflict = (what: string) => ({ 409: errorBodySchema.describe(what) });
const invalid = {
  400: errorBodySchema.describe(
    'A field is wrong: an unknown plan or add-on, a price missing in the currency, or a coupon that is unknown, ' +
      'expired, not for this plan, used up or already used by the caller (the message says which)',
  ),
};
const declined = { 422: errorBodySchema.describe('SUBSCRIPTION_PAYMENT_DECLINED: the card was declined (the reason)') };

/** Subscriptions and coupons (spec section 7, "Subscriptions"), under the spec's paths. */
export function subscriptionsRoutes(deps: {
  subscriptions: SubscriptionsService;
  quotes: CouponQuotes;
  providerLabel: string;
  beforeStart?: () => Promise<unknown>;
}): FastifyPluginAsyncZod {
  const { subscriptions, quotes } = deps;
  return async (app) => {
    await deps.beforeStart?.();

    app.get(
      '/subscriptions',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s subscriptions: the live one first (at most one), then ended ones',
          response: { 200: subscriptionListSchema },
        },
      },
      async (request) => ({
        subscriptions: await subscriptions.list(authOf(request).userId),
        providerLabel: deps.providerLabel,
      }),
    );

    app.post(
      '/subscriptions',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Subscribes to a plan (`subscription` is the plan id) with add-ons and a coupon',
          description:
            'A plan with trial days starts a trial for a first subscriber (no charge until the trial ends). ' +
            'Otherwise the first period is invoiced (tax from the billing details) and charged to the default ' +
            'payment method: `payment.status` succeeded, or requires_action with `actionUrl` where the browser ' +
            'confirms the payment (the subscription stays incomplete until then). An incomplete subscription is ' +
            'replaced by a new attempt. `preview: true` answers the first invoice’s quote (200) and makes nothing.',
          body: createSubscriptionBodySchema,
          response: {
            200: checkoutQuoteSchema.describe('preview: the first invoice’s quote; nothing is made'),
            201: subscriptionChangeResultSchema,
            ...invalid,
            ...conflict(
              'SUBSCRIPTION_EXISTS, or SUBSCRIPTION_NO_PAYMENT_METHOD: add one through /customer/payment/session',
            ),
            ...declined,
          },
        },
      },
      async (request, reply) => {
        const result = await subscriptions.create(authOf(request).userId, request.body);
        return request.body.preview
          ? reply.status(200).send(result as CheckoutQuote)
          : reply.status(201).send(result as SubscriptionChangeResult);
      },
    );

    app.post(
      '/subscriptions/:id/cancel',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Cancels at the period end (a trial at its end); answers the subscription with `endsAt`',
          description: 'A past-due or unconfirmed subscription ends at once.',
          params: idParamsSchema,
          response: { 200: subscriptionSchema, ...notFound, ...conflict('SUBSCRIPTION_NOT_CANCELABLE: it has ended') },
        },
      },
      async (request) => subscriptions.cancel(authOf(request).userId, request.params.id),
    );

    app.post(
      '/subscriptions/:id/reactivate',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Undoes a cancellation before the period ends',
          params: idParamsSchema,
          response: {
            200: subscriptionSchema,
            ...notFound,
            ...conflict('SUBSCRIPTION_NOT_REACTIVATABLE: not canceled, or already ended'),
          },
        },
      },
      async (request) => subscriptions.reactivate(authOf(request).userId, request.params.id),
    );

    app.post(
      '/subscriptions/:id/modify',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Changes the plan or add-ons; `preview: true` answers the proration and changes nothing',
          description:
            'A dearer choice starts at once and the difference for the remaining seconds of the period is charged ' +
            '(rounded once to the cent); a cheaper one starts at the next renewal (nothing refunded). A trial ' +
            'changes at once for nothing.',
          params: idParamsSchema,
          body: modifySubscriptionBodySchema,
          response: {
            200: z.union([prorationPreviewSchema, subscriptionChangeResultSchema]),
            ...invalid,
            ...notFound,
            ...conflict('SUBSCRIPTION_NOT_MODIFIABLE: past due, unconfirmed or ended'),
            ...declined,
          },
        },
      },
      async (request) => subscriptions.modify(authOf(request).userId, request.params.id, request.body),
    );

    app.post(
      '/customer/subscriptions/coupon',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            'Checks a coupon for a plan (`item_price_id`: "pro" or "pro:yearly"); answers the price before and after',
          description: 'Changes nothing. An invalid coupon is a 400 on `coupon` saying why.',
          body: couponCheckBodySchema,
          response: { 200: couponQuoteSchema, ...invalid },
        },
      },
      async (request) => quotes.check(authOf(request).userId, request.body),
    );

    app.get(
      '/customer/subscriptions/coupon/remove/:planId',
      {
        preHandler: app.authenticate,
        // the spec's path is a GET, but it takes a coupon off a subscription: guarded like a POST
        config: { stateChanging: true },
        schema: {
          tags,
          summary: 'Takes the coupon off the caller’s subscription of this plan; answers the price without a coupon',
          description:
            'Future renewals are charged at the full price. Without a subscription of the plan it only answers the ' +
            'plan’s monthly price (the checkout’s price once its coupon is removed).',
          params: couponRemoveParamsSchema,
          response: { 200: couponQuoteSchema, ...invalid },
        },
      },
      async (request) => quotes.remove(authOf(request).userId, request.params.planId),
    );
  };
}
