import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../config.js';
import { AppError } from '../../../platform/errors.js';
import type { PaymentProvider } from '../billing.types.js';
import { createStripeProvider, stripeClientAddress } from './stripe.provider.js';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe.js';

const secretKey = 'sk_test_fake_0123456789';
const ctx = { config: { publicUrl: 'https://app.tradedesk.test' } as AppConfig };
let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey });
  stripe = createStripeProvider(ctx, { secretKey, apiUrl: fake.url, maxNetworkRetries: 0 });
});
afterAll(() => fake.close());

let n = 0;
const newUser = () => {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `u${n}@example.com`,
    name: `User ${n}`,
  };
};
const callsTo = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path);
const failure = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, category, message } = error as AppError;
  return { code, category, message };
};

describe('the client address (STRIPE_API_URL)', () => {
  it('is host, port and protocol of the URL, or Stripe’s own without one', () => {
    expect(stripeClientAddress('http://127.0.0.1:4010')).toEqual({ host: '127.0.0.1', port: '4010', protocol: 'http' });
    expect(stripeClientAddress('https://stripe-proxy.internal')).toEqual({
      host: 'stripe-proxy.internal',
      port: 443,
      protocol: 'https',
    });
    expect(stripeClientAddress(undefined)).toEqual({});
  });
});

describe('customers and the setup session', () => {
  it('makes one customer per user, found again on later calls, and a setup-mode Checkout session for it', async () => {
    const user = newUser();
    const ref = await stripe.ensureCustomer(user);
    expect(ref).toMatch(/^cus_/);
    expect(await stripe.ensureCustomer(user)).toBe(ref);
    // the same e-mail address under another user id is another customer
    expect(await stripe.ensureCustomer({ ...user, id: newUser().id })).not.toBe(ref);
    const creates = callsTo('POST', '/v1/customers');
    expect(creates).toHaveLength(2);
    expect(creates[0]?.params).toMatchObject({
      email: user.email,
      name: user.name,
      metadata: { tradedesk_user_id: user.id },
    });
    expect(creates[0]?.idempotencyKey).toMatch(new RegExp(`^tradedesk-customer-${user.id}-`));

    const session = await stripe.createSession({
      customerRef: ref,
      userId: user.id,
      returnUrl: 'https://app.tradedesk.test/settings/plan_billing',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`);
    expect(callsTo('POST', '/v1/checkout/sessions').at(-1)?.params).toMatchObject({
      mode: 'setup',
      customer: ref,
      allowed_payment_method_types: ['card'],
      client_reference_id: user.id,
      success_url: 'https://app.tradedesk.test/settings/plan_billing',
      cancel_url: 'https://app.tradedesk.test/settings/plan_billing',
    });
  });
});

describe('payment methods', () => {
  it('lists cards newest first; the first card becomes the default; default, removal and ownership', async () => {
    const ref = await stripe.ensureCustomer(newUser());
    expect(await stripe.listMethods(ref)).toEqual([]);
    const session = await stripe.createSession({ customerRef: ref, userId: 'u', returnUrl: 'https://x.test/' });
    const visa = fake.completeSession(session.id, 'visa');
    expect(await stripe.listMethods(ref)).toEqual([
      { ref: visa, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true },
    ]);
    expect(fake.customer(ref)).toMatchObject({ invoice_settings: { default_payment_method: visa } });

    const master = fake.addCard(ref, 'mastercard', { month: 3, year: 2029 });
    expect(await stripe.listMethods(ref)).toEqual([
      { ref: master, brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2029, isDefault: false },
      { ref: visa, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true },
    ]);
    await stripe.setDefaultMethod(ref, master);
    expect((await stripe.listMethods(ref)).map((m) => [m.ref, m.isDefault])).toEqual([
      [master, true],
      [visa, false],
    ]);
    // removing the default: the remaining card becomes the default
    await stripe.removeMethod(ref, master);
    expect((await stripe.listMethods(ref)).map((m) => [m.ref, m.isDefault])).toEqual([[visa, true]]);

    const other = await stripe.ensureCustomer(newUser());
    const theirs = fake.addCard(other, 'visa');
    for (const attempt of [
      () => stripe.removeMethod(ref, theirs),
      () => stripe.setDefaultMethod(ref, theirs),
      () => stripe.removeMethod(ref, 'pm_unknown'),
      () => stripe.removeMethod(ref, master),
    ]) {
      expect(await failure(attempt())).toEqual({
        code: 'STRIPE_PAYMENT_METHOD_NOT_FOUND',
        category: 'not_found',
        message: 'No payment method of yours has this id.',
      });
    }
    expect(fake.customer(other)).toMatchObject({ invoice_settings: { default_payment_method: null } });
    expect((await stripe.listMethods(other)).map((m) => m.ref)).toEqual([theirs]);
  });
});

describe('charges and refunds', () => {
  it('charges the default card off-session by test card, once per idempotency key', async () => {
    const cases = [
      { card: 'visa', status: 'succeeded', intent: 'succeeded' },
      { card: 'declined', status: 'declined', reason: 'Your card was declined.', intent: 'requires_payment_method' },
      { card: 'authentication', status: 'requires_action', intent: 'requires_action' },
    ] as const;
    for (const c of cases) {
      const ref = await stripe.ensureCustomer(newUser());
      fake.addCard(ref, c.card);
      const input = {
        customerRef: ref,
        amountMinor: 1999,
        currency: 'EUR',
        description: 'Pro, monthly',
        idempotencyKey: `charge-${c.card}-${ref}`,
      };
      const result = await stripe.charge(input);
      expect(result.status, c.card).toBe(c.status);
      if (result.status === 'declined') expect(result.reason).toBe(c.status === 'declined' ? c.reason : '');
      const piRef = result.ref;
      expect(piRef).toMatch(/^pi_/);
      expect(fake.intent(String(piRef))).toMatchObject({
        amount: 1999,
        currency: 'eur',
        customer: ref,
        status: c.intent,
      });
      const create = callsTo('POST', '/v1/payment_intents').at(-1);
      expect(create?.params).toMatchObject({ off_session: 'true', confirm: 'true', amount: '1999', customer: ref });
      expect(create?.idempotencyKey).toBe(input.idempotencyKey);
      if (result.status === 'requires_action') {
        expect(result.actionUrl).toBe(`${fake.url}/3ds/${piRef}`);
        expect(callsTo('POST', `/v1/payment_intents/${piRef}/confirm`).at(-1)?.params).toMatchObject({
          return_url: 'https://app.tradedesk.test/settings/plan_billing',
        });
      }
      // the same key again: Stripe answers the first result; nothing is charged twice
      const intentsBefore = callsTo('POST', '/v1/payment_intents').length;
      expect(await stripe.charge(input)).toEqual(result);
      expect(callsTo('POST', '/v1/payment_intents')).toHaveLength(intentsBefore + 1);
      expect(
        fake.events.filter((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === piRef),
      ).toHaveLength(c.card === 'visa' ? 1 : 0);
    }
  });

  it('charges a given card, declines without any card, refunds in parts and refuses more than was paid', async () => {
    const ref = await stripe.ensureCustomer(newUser());
    expect(
      await stripe.charge({
        customerRef: ref,
        amountMinor: 500,
        currency: 'USD',
        description: 'x',
        idempotencyKey: `k-${ref}`,
      }),
    ).toEqual({ status: 'declined', ref: null, reason: 'No card is saved yet: add a card first.' });

    fake.addCard(ref, 'visa');
    const declining = fake.addCard(ref, 'declined');
    await stripe.setDefaultMethod(ref, (await stripe.listMethods(ref)).find((m) => m.last4 === '4242')!.ref);
    const refused = await stripe.charge({
      customerRef: ref,
      methodRef: declining,
      amountMinor: 500,
      currency: 'USD',
      description: 'x',
      idempotencyKey: `k2-${ref}`,
    });
    expect(refused).toMatchObject({ status: 'declined', reason: 'Your card was declined.' });
    const stranger = fake.addCard(await stripe.ensureCustomer(newUser()), 'visa');
    const charge = {
      customerRef: ref,
      amountMinor: 500,
      currency: 'USD',
      description: 'x',
      idempotencyKey: `k4-${ref}`,
    };
    expect((await failure(stripe.charge({ ...charge, methodRef: stranger }))).code).toBe(
      'STRIPE_PAYMENT_METHOD_NOT_FOUND',
    );

    const paid = await stripe.charge({
      customerRef: ref,
      amountMinor: 1000,
      currency: 'USD',
      description: 'x',
      idempotencyKey: `k3-${ref}`,
    });
    expect(paid.status).toBe('succeeded');
    const first = await stripe.refund({ chargeRef: String(paid.ref), amountMinor: 400, idempotencyKey: `r1-${ref}` });
    expect(first.ref).toMatch(/^re_/);
    expect(await stripe.refund({ chargeRef: String(paid.ref), amountMinor: 400, idempotencyKey: `r1-${ref}` })).toEqual(
      first,
    );
    expect(fake.events.filter((e) => e.type === 'charge.refunded').at(-1)?.data.object).toMatchObject({
      amount_refunded: 400,
      payment_intent: paid.ref,
    });
    expect(
      await failure(stripe.refund({ chargeRef: String(paid.ref), amountMinor: 601, idempotencyKey: `r2-${ref}` })),
    ).toEqual({
      code: 'STRIPE_REFUND_REFUSED',
      category: 'conflict',
      message: 'Stripe refused the refund: Refund amount (601) is greater than unrefunded amount on charge (600).',
    });
  });

  it('says Stripe cannot be reached when its API fails, and that the key is refused when it is wrong', async () => {
    fake.setOutage(true);
    try {
      expect(await failure(stripe.ensureCustomer(newUser()))).toEqual({
        code: 'STRIPE_UNAVAILABLE',
        category: 'unavailable',
        message: 'The payment provider (Stripe) cannot be reached right now. Try again in a few minutes.',
      });
    } finally {
      fake.setOutage(false);
    }
    const wrongKey = createStripeProvider(ctx, { secretKey: 'sk_test_wrong', apiUrl: fake.url, maxNetworkRetries: 0 });
    expect((await failure(wrongKey.listMethods('cus_x'))).code).toBe('STRIPE_MISCONFIGURED');
  });
});
