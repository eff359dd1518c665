import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createStripeProvider } from './stripe.provider.js';
import { billingWebhookEvents } from './stripe.table.js';
import { recordingPaymentEvents } from './stripe.test-kit.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe.js';

const secret = 'whsec_test_0123456789abcdef';
const clock = createManualClock('2026-11-24T00:30:00Z');
const sink = recordingPaymentEvents();
let app: FastifyInstance;
let fake: FakeStripe;

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutBilling: true } }));
  await app.register(stripeWebhookRoutes({ secret, events: () => sink.events, ctx: app.ctx }), { prefix: '/api' });
  // a sibling route: JSON outside the webhook plugin must still arrive parsed
  await app.register(async (scope) => {
    scope.post('/api/test-echo', async (request) => ({
      kind: Buffer.isBuffer(request.body) ? 'buffer' : typeof request.body,
    }));
  });
  fake = await startFakeStripe({ secretKey: 'sk_test_webhook', now: () => clock.now() });
});
afterAll(() => fake.close());

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
let n = 0;
/** An event as Stripe posts it (JSON text with its own spacing: the signature covers these exact bytes). */
function eventText(type: string, object: Record<string, unknown>, id = `evt_${++n}_${Date.now()}`): string {
  return JSON.stringify(
    { id, object: 'event', type, created: nowSeconds(), livemode: false, data: { object } },
    null,
    2,
  );
}
const intent = (id: string, extra: Record<string, unknown> = {}) => ({ id, object: 'payment_intent', ...extra });
const refunded = (pi: string, total: number) => ({
  id: `ch_${pi}`,
  object: 'charge',
  payment_intent: pi,
  amount: 2000,
  amount_refunded: total,
  paid: true,
});
const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? secret,
    timestamp: options.timestamp ?? nowSeconds(),
  });
const post = (payload: string, signature: string | null = sign(payload)) =>
  app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });

describe('POST /billing/stripe/webhook: the signature', () => {
  it('accepts a good signature up to 5 minutes old and refuses a bad, tampered, missing or expired one', async () => {
    const cases: Array<[string, (p: string) => string | null, number, string | null]> = [
      ['signed now', (p) => sign(p), 200, null],
      ['signed 299 s ago', (p) => sign(p, { timestamp: nowSeconds() - 299 }), 200, null],
      ['signed 301 s ago', (p) => sign(p, { timestamp: nowSeconds() - 301 }), 400, 'STRIPE_SIGNATURE_EXPIRED'],
      ['another secret', (p) => sign(p, { secret: 'whsec_other' }), 400, 'STRIPE_SIGNATURE_INVALID'],
      ['another body', (p) => sign(`${p} `), 400, 'STRIPE_SIGNATURE_INVALID'],
      ['not a signature', () => 't=1,v1=00', 400, 'STRIPE_SIGNATURE_INVALID'],
      ['no header', () => null, 400, 'VALIDATION_FAILED'],
    ];
    for (const [name, signature, status, code] of cases) {
      const payload = eventText('payment_intent.created', intent(`pi_sig_${name.length}`));
      const response = await post(payload, signature(payload));
      expect([name, response.statusCode]).toEqual([name, status]);
      if (code === null) expect(response.json()).toEqual({ received: true, duplicate: false });
      else if (code !== 'VALIDATION_FAILED') expect(response.json()).toMatchObject({ code });
    }
    const expired = await post('{"id":"evt_x"}', sign('{"id":"evt_x"}', { timestamp: nowSeconds() - 301 }));
    expect(expired.json().message).toBe(
      'The Stripe-Signature header is older than 5 minutes: the delivery is refused as a possible replay.',
    );
    const bad = await post('{"id":"evt_x"}', sign('{"id":"evt_y"}'));
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      code: 'STRIPE_SIGNATURE_INVALID',
      message: 'The Stripe-Signature header does not match the request body and the webhook secret.',
      details: { fields: [{ field: 'stripe-signature' }] },
    });
    expect((await post('{}', null)).json()).toMatchObject({
      statusCode: 400,
      message: 'The Stripe-Signature header is required.',
    });
    expect(sink.take()).toEqual([]);
  });

  it('keeps the raw body only inside its own plugin: JSON elsewhere is still parsed', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test-echo', payload: { a: 1 } });
    expect(response.json()).toEqual({ kind: 'object' });
  });
});

describe('POST /billing/stripe/webhook: events', () => {
  it('forwards each event once; a replay answers 200 and does nothing', async () => {
    const payload = eventText('payment_intent.succeeded', intent('pi_once'));
    expect((await post(payload)).json()).toEqual({ received: true, duplicate: false });
    expect(sink.take()).toEqual([{ kind: 'succeeded', ref: 'pi_once' }]);
    clock.advance(60_000);
    const replay = await post(payload, sign(payload));
    expect([replay.statusCode, replay.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(sink.take()).toEqual([]);
    const [row] = await app.ctx.db
      .select()
      .from(billingWebhookEvents)
      .where(eq(billingWebhookEvents.id, JSON.parse(payload).id));
    expect(row).toMatchObject({ type: 'payment_intent.succeeded', objectRef: 'pi_once' });
    expect(row?.processedAt).toBeInstanceOf(Date);
  });

  it('gives each order of delivery the same outcome', async () => {
    const failed = (pi: string) =>
      eventText(
        'payment_intent.payment_failed',
        intent(pi, { last_payment_error: { message: 'Your card was declined.' } }),
      );
    const scenarios: Array<{ name: string; deliveries: string[]; expected: unknown[] }> = [
      {
        name: 'failed, then succeeded (authenticated later)',
        deliveries: [failed('pi_a'), eventText('payment_intent.succeeded', intent('pi_a'))],
        expected: [
          { kind: 'failed', ref: 'pi_a', reason: 'Your card was declined.' },
          { kind: 'succeeded', ref: 'pi_a' },
        ],
      },
      {
        name: 'succeeded, then a stale failure or cancellation',
        deliveries: [
          eventText('payment_intent.succeeded', intent('pi_b')),
          failed('pi_b'),
          eventText('payment_intent.canceled', intent('pi_b')),
        ],
        expected: [{ kind: 'succeeded', ref: 'pi_b' }],
      },
      {
        name: 'refunded before succeeded arrives',
        deliveries: [
          eventText('charge.refunded', refunded('pi_c', 2000)),
          eventText('payment_intent.succeeded', intent('pi_c')),
        ],
        expected: [
          { kind: 'succeeded', ref: 'pi_c' },
          { kind: 'refunded', ref: 'pi_c', amountMinor: 2000 },
          { kind: 'succeeded', ref: 'pi_c' },
        ],
      },
      {
        name: 'two partial refunds, the later total first',
        deliveries: [
          eventText('payment_intent.succeeded', intent('pi_d')),
          eventText('charge.refunded', refunded('pi_d', 1500)),
          eventText('charge.refunded', refunded('pi_d', 500)),
        ],
        expected: [
          { kind: 'succeeded', ref: 'pi_d' },
          { kind: 'refunded', ref: 'pi_d', amountMinor: 1500 },
        ],
      },
      {
        name: 'a canceled payment',
        deliveries: [eventText('payment_intent.canceled', intent('pi_e'))],
        expected: [{ kind: 'failed', ref: 'pi_e', reason: 'The payment was canceled before it completed.' }],
      },
      {
        name: 'an event type it does not handle',
        deliveries: [eventText('customer.updated', { id: 'cus_1', object: 'customer' })],
        expected: [],
      },
    ];
    for (const s of scenarios) {
      for (const payload of s.deliveries) expect([s.name, (await post(payload)).statusCode]).toEqual([s.name, 200]);
      expect([s.name, sink.take()]).toEqual([s.name, s.expected]);
    }
  });

  it('answers 500 when the payment events fail, so Stripe delivers again, and handles the redelivery', async () => {
    const payload = eventText('payment_intent.succeeded', intent('pi_retry'));
    sink.failNext();
    const failedOnce = await post(payload);
    expect(failedOnce.statusCode).toBe(500);
    expect(sink.take()).toEqual([]);
    expect((await post(payload)).json()).toEqual({ received: true, duplicate: false });
    expect(sink.take()).toEqual([{ kind: 'succeeded', ref: 'pi_retry' }]);
    expect((await post(payload)).json()).toEqual({ received: true, duplicate: true });
  });

  it('settles a charge that needed 3-D Secure from the events Stripe sends as the holder approves or fails', async () => {
    const provider = createStripeProvider(app.ctx, {
      secretKey: 'sk_test_webhook',
      apiUrl: fake.url,
      maxNetworkRetries: 0,
    });
    const customer = await provider.ensureCustomer({ id: 'u-3ds', email: '3ds@example.com', name: 'Ada' });
    fake.addCard(customer, 'authentication');
    for (const approve of [true, false]) {
      const result = await provider.charge({
        customerRef: customer,
        amountMinor: 4900,
        currency: 'USD',
        description: 'Premium, monthly',
        idempotencyKey: `sub-1-period-${approve}`,
      });
      expect(result.status).toBe('requires_action');
      // the off-session attempt's failure (authentication_required) is not the outcome: nothing is reported
      expect((await post(fake.eventPayload('payment_intent.payment_failed'))).statusCode).toBe(200);
      expect(sink.take()).toEqual([]);
      fake.authenticate(result.ref ?? '', approve);
      const outcome = approve ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
      expect((await post(fake.eventPayload(outcome))).statusCode).toBe(200);
      expect(sink.take()).toEqual([
        approve
          ? { kind: 'succeeded', ref: result.ref }
          : {
              kind: 'failed',
              ref: result.ref,
              reason:
                'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
            },
      ]);
    }
  });
});
