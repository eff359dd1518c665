import type { PaymentMethodList, TestModeCharge } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createUsersRepository } from '../../users/users.repository.js';
import { createUsersService } from '../../users/users.service.js';
import type { PaymentProvider } from '../billing.types.js';
import { createPayments } from './payments.plugin.js';
import { card, createRecordingEvents, VISA_3DS, VISA_DECLINED, VISA_OK } from './payments.test-kit.js';

const clock = createManualClock('2026-03-02T09:30:00Z');
const recorded = createRecordingEvents();
/** Customers the other provider made (one per user, however often asked). */
const made: string[] = [];
const fake: PaymentProvider = {
  kind: 'stripe',
  label: 'Stripe',
  async ensureCustomer(user) {
    made.push(user.id);
    return `cus_${made.length}`;
  },
  createSession: async ({ customerRef, returnUrl }) => ({
    id: 'cs_1',
    url: `https://checkout.example/${customerRef}?r=${returnUrl}`,
  }),
  listMethods: async () => [
    { ref: 'pm_1', brand: 'mastercard', last4: '4444', expMonth: 1, expYear: 2031, isDefault: true },
  ],
  removeMethod: async () => {},
  setDefaultMethod: async () => {},
  charge: async () => ({ status: 'succeeded', ref: 'pi_1' }),
  refund: async () => ({ ref: 're_1' }),
};
let stripe: ReturnType<typeof createPayments>;
let app: FastifyInstance;
let payments: ReturnType<typeof createPayments>;
let ada: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  const built = await createTestApp({ build: { clock, withoutBilling: true } });
  app = built.app;
  const ctx = { db: built.database.db, clock, config: built.config };
  const users = createUsersService({ repo: createUsersRepository(ctx.db), clock });
  payments = createPayments(ctx, { users, events: () => recorded.events });
  await app.register(payments.routes, { prefix: '/api' });
  // another provider's module beside it under another prefix: one app per file keeps the suite fast
  stripe = createPayments(ctx, { users, provider: fake, events: () => recorded.events });
  await app.register(stripe.routes, { prefix: '/api/other' });
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser | null, method: Method, url: string, payload?: object) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Adds a test card for `user` through the session and its in-app page's route, as the browser does. */
async function addCard(user: SignedInUser, number: string): Promise<void> {
  const session = await call(user, 'GET', '/customer/payment/session?return_url=/settings/plan_billing');
  expect(session.statusCode, session.body).toBe(200);
  const { id } = session.json() as { id: string };
  const added = await call(user, 'POST', `/billing/test-mode/sessions/${id}/card`, card(number));
  expect(added.statusCode, added.body).toBe(201);
}

const methodsOf = async (user: SignedInUser) =>
  (await call(user, 'GET', '/customer/payment/methods')).json() as PaymentMethodList;

describe('payment routes (test mode)', () => {
  it('need a signed-in caller', async () => {
    for (const [method, url] of [
      ['GET', '/customer/payment/methods'],
      ['GET', '/customer/payment/session?return_url=/x'],
      ['POST', '/billing/test-mode/authenticate/tch_x'],
    ] as const) {
      expect([
        url,
        (await call(null, method, url, method === 'POST' ? { outcome: 'approve' } : undefined)).statusCode,
      ]).toEqual([url, 401]);
    }
  });

  it('start a session on the in-app test-mode page that returns to a path of this app only', async () => {
    const carol = await signUpAndLogin(app);
    expect(await methodsOf(carol)).toEqual({ provider: { kind: 'test', label: 'Test mode' }, methods: [] });
    for (const bad of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example']) {
      const res = await call(carol, 'GET', `/customer/payment/session?return_url=${encodeURIComponent(bad)}`);
      expectFieldError(res, {
        code: 'PAYMENT_RETURN_URL_INVALID',
        field: 'return_url',
        message: /^Return URL must be a path/,
      });
    }
    const res = await call(
      carol,
      'GET',
      '/customer/payment/session?return_url=/settings/plan_billing%3Ftab%3Doverview',
    );
    expect(res.statusCode, res.body).toBe(200);
    const { id, url } = res.json() as { id: string; url: string };
    expect(url).toBe(`/billing/test-mode/session/${id}`);
    const session = await call(carol, 'GET', `/billing/test-mode/sessions/${id}`);
    expect(session.json()).toMatchObject({
      id,
      label: 'Test mode',
      status: 'open',
      returnUrl: 'http://localhost:8080/settings/plan_billing?tab=overview',
    });
    const bad = await call(carol, 'POST', `/billing/test-mode/sessions/${id}/card`, card('4111 1111 1111 1111'));
    expectFieldError(bad, { code: 'PAYMENT_CARD_INVALID', field: 'number', message: /one of the test cards/ });
  });

  it('list, make default and remove the caller’s methods', async () => {
    const dana = await signUpAndLogin(app);
    await addCard(dana, VISA_OK);
    await addCard(dana, VISA_DECLINED);
    const { methods } = await methodsOf(dana);
    expect(methods.map((m) => [m.last4, m.isDefault])).toEqual([
      ['0002', false],
      ['4242', true],
    ]);
    const newer = methods[0]!.id;
    const made = await call(dana, 'PUT', `/customer/payment/methods/${newer}/default`);
    expect(made.statusCode, made.body).toBe(200);
    expect((made.json() as PaymentMethodList).methods.map((m) => m.isDefault)).toEqual([true, false]);
    const removed = await call(dana, 'DELETE', `/customer/payment/methods/${newer}`);
    expect((removed.json() as PaymentMethodList).methods).toEqual([
      expect.objectContaining({ last4: '4242', isDefault: true, brand: 'visa', expMonth: 12, expYear: 2030 }),
    ]);
    expect((await call(dana, 'DELETE', `/customer/payment/methods/${newer}`)).statusCode).toBe(404);
  });

  it('answer 404 for another user’s method, session and payment, and change nothing', async () => {
    await addCard(ada, VISA_3DS);
    const [adaCard] = (await methodsOf(ada)).methods;
    const session = (await call(ada, 'GET', '/customer/payment/session?return_url=/x')).json() as { id: string };
    const customerRef = await payments.provider.ensureCustomer({ id: ada.userId, email: ada.email, name: 'Ada' });
    const pending = await payments.provider.charge({
      customerRef,
      amountMinor: 4900,
      currency: 'USD',
      description: 'Premium, monthly',
      idempotencyKey: `ada-${ada.userId}`,
    });
    if (pending.status !== 'requires_action') throw new Error(`expected requires_action, got ${pending.status}`);
    await addCard(bob, VISA_OK);
    const cases: Array<[Method, string, object?]> = [
      ['DELETE', `/customer/payment/methods/${adaCard!.id}`],
      ['PUT', `/customer/payment/methods/${adaCard!.id}/default`],
      ['GET', `/billing/test-mode/sessions/${session.id}`],
      ['POST', `/billing/test-mode/sessions/${session.id}/card`, card(VISA_OK)],
      ['GET', `/billing/test-mode/authenticate/${pending.ref}`],
      ['POST', `/billing/test-mode/authenticate/${pending.ref}`, { outcome: 'approve' }],
    ];
    for (const [method, url, body] of cases) {
      const res = await call(bob, method, url, body);
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
      expect((res.json() as { message: string }).message).toMatch(/^No payment/);
    }
    expect((await methodsOf(ada)).methods).toEqual([adaCard]);
    expect((await methodsOf(bob)).methods).toHaveLength(1);
    expect((await call(ada, 'GET', `/billing/test-mode/sessions/${session.id}`)).json()).toMatchObject({
      status: 'open',
    });

    // the owner authenticates: the payment succeeds and the events sink hears of it
    const charge = (await call(ada, 'GET', `/billing/test-mode/authenticate/${pending.ref}`)).json() as TestModeCharge;
    expect(charge).toMatchObject({ amount: '49.00', currency: 'USD', status: 'requires_action', label: 'Test mode' });
    recorded.calls.length = 0;
    const approved = await call(ada, 'POST', `/billing/test-mode/authenticate/${pending.ref}`, { outcome: 'approve' });
    expect(approved.json()).toMatchObject({ status: 'succeeded' });
    expect(recorded.calls).toEqual([{ kind: 'succeeded', ref: pending.ref }]);
    const late = await call(ada, 'POST', `/billing/test-mode/authenticate/${pending.ref}`, { outcome: 'fail' });
    expect([late.statusCode, late.json().code]).toEqual([409, 'PAYMENT_CHARGE_NOT_AWAITING_AUTHENTICATION']);
    const wrong = await call(ada, 'POST', `/billing/test-mode/authenticate/${pending.ref}`, { outcome: 'maybe' });
    expectFieldError(wrong, { field: 'outcome', message: 'Outcome must be approve or fail.' });
  });
});

describe('createPayments with another provider', () => {
  it('serves the methods over it, keeps one customer per user and has no test-mode routes', async () => {
    const eve = await signUpAndLogin(app);
    const get = (url: string) => app.inject({ method: 'GET', url: `/api/other${url}`, headers: eve.auth });
    expect((await get('/customer/payment/methods')).json()).toEqual({
      provider: { kind: 'stripe', label: 'Stripe' },
      methods: [],
    });
    expect((await get('/customer/payment/session?return_url=/settings')).json()).toEqual({
      id: 'cs_1',
      url: 'https://checkout.example/cus_1?r=http://localhost:8080/settings',
    });
    expect(await stripe.provider.ensureCustomer({ id: eve.userId, email: eve.email, name: 'Eve' })).toBe('cus_1');
    expect(made).toEqual([eve.userId]);
    expect((await get('/customer/payment/methods')).json()).toMatchObject({
      methods: [{ id: 'pm_1', brand: 'mastercard' }],
    });
    const none = await get('/billing/test-mode/sessions/00000000-0000-4000-8000-000000000000');
    expect([none.statusCode, none.json().code]).toEqual([404, 'NOT_FOUND']);
  });
});
