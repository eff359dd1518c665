import { featureLimitMessage } from '@tradedesk/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesOf,
  latestMailLink,
  type SignedInUser,
  signUpAndLogin,
  uniqueSuffix,
} from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import type { JobDefinition } from '../../platform/jobs/job-runner.js';
import { users } from '../users/users.table.js';
import { DEFAULT_CATALOGUE, FREE_GRANTS } from './plans/plans.defaults.js';
import { createBillingPlans } from './plans/plans.plugin.js';
import { type FakeStripe, startFakeStripe } from './stripe/testing/fake-stripe.js';

/**
 * Billing through the REAL wiring of `billing.plugin.ts` (the slices' own tests each faked the others): the
 * entitlement gate, test-mode cards, subscriptions with coupons, invoices with VAT and PDF, the partner program's
 * commission, the renewal job, and Stripe (against the local fake Stripe).
 */

// The app's job runner would run the subscriptions job on its own timer: hold the wired job here instead and run it
// when the test moves the clock (the job itself is the one billing.plugin.ts registered).
const held: JobDefinition[] = [];
const holdJobs = { names: ['billing-subscriptions'], held };

const DAY = 86_400_000;
const clock = createManualClock('2026-11-24T10:00:00Z');
const RETURN_URL = 'http://localhost:8080/settings/plan_billing';
const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', auth: '4000 0025 0000 3155' };

let app: FastifyInstance;
let runSubscriptionsJob: () => Promise<void>;
let staff: SignedInUser;

beforeAll(async () => {
  ({ app } = await createTestApp({
    build: { clock, holdJobs, withoutAi: true, withoutSocial: true, withoutCommunities: true },
  }));
  const job = held.at(-1);
  if (!job) throw new Error('billing.plugin.ts registered no subscriptions job');
  runSubscriptionsJob = async () => void (await job.run({ signal: new AbortController().signal }));
  // An operator's edit of the catalogue (no code): Pro without its trial, so a first subscriber pays at once.
  const pro = DEFAULT_CATALOGUE.plans.find((p) => p.id === 'pro')!;
  await createBillingPlans({ db: app.ctx.db, clock }).service.importFile({
    plans: [{ ...pro, trialDays: 0 }],
    addons: [],
  });
  staff = await signUpAndLogin(app);
  await app.ctx.db.update(users).set({ role: 'staff' }).where(eq(users.id, staff.userId));
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: SignedInUser | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: user ? user.auth : {}, ...(payload ? { payload } : {}) });

async function ok(user: SignedInUser | null, method: Method, url: string, payload?: object, status = 200) {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
}

/** Signs `user` in again (moving the clock expires access tokens). */
async function relogin(user: SignedInUser) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/customer/login',
    payload: { email: user.email, password: user.password, return_tokens: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  user.auth = { authorization: `Bearer ${res.json().tokens.accessToken}` };
}

/** Adds a test card through the test-mode session routes, as the in-app page does. */
async function addCard(user: SignedInUser, number: string) {
  const session = await ok(user, 'GET', `/customer/payment/session?return_url=${encodeURIComponent(RETURN_URL)}`);
  expect(session.url).toContain(`/billing/test-mode/session/${session.id}`);
  const added = await ok(
    user,
    'POST',
    `/billing/test-mode/sessions/${session.id}/card`,
    { number, exp_month: 12, exp_year: 2030, cvc: '123' },
    201,
  );
  return added.method as { id: string; last4: string; isDefault: boolean };
}

const invoicesOf = async (user: SignedInUser) => (await ok(user, 'GET', '/customer/invoices?page=1&limit=50')).invoices;
const subscriptionOf = async (user: SignedInUser) => (await ok(user, 'GET', '/subscriptions')).subscriptions[0];

describe('a free user upgrades to Pro through the wired billing', () => {
  it('423 at the free limit; card 4242; Pro with WELCOME20; paid DE reverse-charge invoice with PDF; Pro entitlements', async () => {
    const ada = await signUpAndLogin(app);
    for (let i = 0; i < FREE_GRANTS.watchlists; i++) await ok(ada, 'POST', '/watchlist', { name: `List ${i}` }, 201);
    const refused = await call(ada, 'POST', '/watchlist', { name: 'One too many' });
    expect(refused.statusCode).toBe(423);
    expect(refused.json().message).toBe(featureLimitMessage('watchlists', FREE_GRANTS.watchlists));
    expect(refused.json().message).toContain('Feature limit reached');

    const card = await addCard(ada, CARDS.ok);
    expect(card).toMatchObject({ last4: '4242', isDefault: true });
    await ok(ada, 'PUT', '/customer/settings/billing', {
      company: 'Ada Trading GmbH',
      vat: 'DE123456789',
      country: 'DE',
      city: 'Berlin',
      address: 'Unter den Linden 1',
      zipcode: '10117',
    });

    const created = await ok(
      ada,
      'POST',
      '/subscriptions',
      { subscription: 'pro', interval: 'monthly', currency: 'USD', coupon: 'WELCOME20' },
      201,
    );
    expect(created.subscription).toMatchObject({ planId: 'pro', status: 'active' });
    expect(created.payment.status).toBe('succeeded');

    const [invoice, ...others] = await invoicesOf(ada);
    expect(others).toHaveLength(0);
    // 19.00 - 20 % = 15.20; DE business with a VAT number: reverse charge, 0 %
    expect(invoice).toMatchObject({
      status: 'paid',
      currency: 'USD',
      subtotal: '19.00',
      discount: '3.80',
      couponCode: 'WELCOME20',
      tax: '0.00',
      taxRatePercent: '0',
      reverseCharge: true,
      total: '15.20',
    });
    const pdf = await call(ada, 'GET', `/customer/invoices/${invoice.id}/download`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const grants = await ok(ada, 'GET', '/customer/entitlements');
    expect(grants).toMatchObject({ planId: 'pro' });
    expect(grants.entitlements.watchlists).toBeGreaterThan(FREE_GRANTS.watchlists);
    await ok(ada, 'POST', '/watchlist', { name: 'Now on Pro' }, 201);
  });

  it('a NL consumer pays Dutch VAT on the same plan (tax = round(net × 21 %) once)', async () => {
    const bo = await signUpAndLogin(app);
    await addCard(bo, CARDS.ok);
    await ok(bo, 'PUT', '/customer/settings/billing', { country: 'NL', city: 'Utrecht' });
    await ok(bo, 'POST', '/subscriptions', { subscription: 'pro', currency: 'USD' }, 201);
    // 19.00 + 21 % (3.99) = 22.99
    expect((await invoicesOf(bo))[0]).toMatchObject({
      status: 'paid',
      tax: '3.99',
      taxRatePercent: '21',
      reverseCharge: false,
      total: '22.99',
    });
  });
});

describe('3-D Secure in test mode (card 3155)', () => {
  it('stays incomplete until approved on the authenticate route, then active with the invoice paid', async () => {
    const cy = await signUpAndLogin(app);
    await addCard(cy, CARDS.auth);
    const created = await ok(cy, 'POST', '/subscriptions', { subscription: 'pro', currency: 'USD' }, 201);
    expect(created.subscription.status).toBe('incomplete');
    expect(created.payment.status).toBe('requires_action');
    expect((await invoicesOf(cy))[0].status).toBe('open');
    expect((await ok(cy, 'GET', '/customer/entitlements')).planId).toBe('free');

    const ref = decodeURIComponent(String(created.payment.actionUrl).split('/').pop()!);
    // another user may not approve it
    const eve = await signUpAndLogin(app);
    expect((await call(eve, 'POST', `/billing/test-mode/authenticate/${ref}`, { outcome: 'approve' })).statusCode).toBe(
      404,
    );
    await ok(cy, 'POST', `/billing/test-mode/authenticate/${ref}`, { outcome: 'approve' });

    expect((await subscriptionOf(cy)).status).toBe('active');
    expect((await invoicesOf(cy))[0].status).toBe('paid');
    expect((await ok(cy, 'GET', '/customer/entitlements')).planId).toBe('pro');
  });
});

describe('the partner program earns on a referred user’s payment', () => {
  it('approval by staff, click -> sign-up with the cookie -> paid subscription -> pending commission', async () => {
    const partner = await signUpAndLogin(app);
    const applied = await ok(
      partner,
      'POST',
      '/affiliates/request',
      { answers: { promotion: 'A weekly newsletter.', audience: '5,000 readers' } },
      201,
    );
    await ok(staff, 'POST', `/staff/affiliates/${applied.id}/approve`);
    const { code } = await ok(partner, 'GET', '/affiliates/details');

    const click = await app.inject({ method: 'GET', url: `/api/affiliates/click/${code}` });
    expect(click.statusCode).toBe(302);
    const referral = cookiesOf(click).referral_code;
    expect(referral).toBe(code);

    const suffix = uniqueSuffix();
    const referred = {
      email: `ref-${suffix}@example.test`,
      password: `Passw0rd-${suffix}`,
      username: `ref_${suffix}`,
    };
    const signedUp = await app.inject({
      method: 'POST',
      url: '/api/customer',
      headers: { cookie: cookieHeader({ referral_code: referral! }) },
      payload: { ...referred, first_name: 'Ref', last_name: 'User' },
      remoteAddress: '203.0.113.77',
    });
    expect(signedUp.statusCode, signedUp.body).toBe(202);
    const { token } = await latestMailLink(app, referred.email, 'activation');
    expect((await app.inject({ method: 'POST', url: '/api/customer/activate', payload: { token } })).statusCode).toBe(
      200,
    );
    const [row] = await app.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${referred.email}`);
    const user = { ...referred, userId: row!.id, auth: { authorization: '' } } as SignedInUser;
    await relogin(user);

    await addCard(user, CARDS.ok);
    await ok(user, 'POST', '/subscriptions', { subscription: 'pro', currency: 'USD' }, 201);

    const details = await ok(partner, 'GET', '/affiliates/details');
    expect(details).toMatchObject({ clicks: 1, sign_ups: 1, paying_customers: 1 });
    // 20 % of the net 19.00 (before tax)
    expect(details.earnings).toEqual([{ currency: 'USD', pending: '3.80', payable: '0.00', paid: '0.00' }]);
  });
});

describe('cancel, reactivate, renewal and dunning through the wired job', () => {
  it('renews at the period end with a renewal invoice; a declining card makes it past due', async () => {
    const dee = await signUpAndLogin(app);
    const eli = await signUpAndLogin(app);
    for (const u of [dee, eli]) {
      await addCard(u, CARDS.ok);
      await ok(u, 'POST', '/subscriptions', { subscription: 'pro', currency: 'USD' }, 201);
    }
    // Premium keeps its 7-day trial: no charge now, the coupon applies to the first paid invoice at the trial's end
    const fin = await signUpAndLogin(app);
    await addCard(fin, CARDS.ok);
    const trial = await ok(fin, 'POST', '/subscriptions', { subscription: 'premium', coupon: 'WELCOME20' }, 201);
    expect(trial).toMatchObject({ subscription: { status: 'trialing' }, payment: { status: 'none' } });
    expect((await ok(fin, 'GET', '/customer/entitlements')).planId).toBe('premium');

    const sub = await subscriptionOf(dee);
    const canceled = await ok(dee, 'POST', `/subscriptions/${sub.id}/cancel`);
    expect(canceled).toMatchObject({ cancelAtPeriodEnd: true, endsAt: sub.currentPeriodEnd });
    const reactivated = await ok(dee, 'POST', `/subscriptions/${sub.id}/reactivate`);
    expect(reactivated).toMatchObject({ cancelAtPeriodEnd: false, status: 'active' });

    // eli's default card now declines
    const declining = await addCard(eli, CARDS.declined);
    await ok(eli, 'PUT', `/customer/payment/methods/${declining.id}/default`);

    clock.set(new Date(Date.parse(sub.currentPeriodEnd) + 1000));
    await runSubscriptionsJob();
    await runSubscriptionsJob(); // idempotent
    await relogin(dee);
    await relogin(eli);

    const renewed = await subscriptionOf(dee);
    expect(renewed).toMatchObject({ status: 'active', currentPeriodStart: sub.currentPeriodEnd });
    const deeInvoices = await invoicesOf(dee);
    expect(deeInvoices).toHaveLength(2);
    expect(deeInvoices.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid']);

    await relogin(fin);
    expect((await subscriptionOf(fin)).status).toBe('active');
    const [finInvoice] = await invoicesOf(fin);
    expect(finInvoice).toMatchObject({ status: 'paid', couponCode: 'WELCOME20' });
    expect(Number(finInvoice.discount)).toBeCloseTo(Number(finInvoice.subtotal) * 0.2, 2);

    expect(await subscriptionOf(eli)).toMatchObject({ status: 'past_due' });
    const eliInvoices = await invoicesOf(eli);
    expect(eliInvoices.map((i: { status: string }) => i.status).sort()).toEqual(['open', 'paid']);
    // past due keeps the plan during the grace period
    expect((await ok(eli, 'GET', '/customer/entitlements')).planId).toBe('pro');
    clock.advance(8 * DAY);
    await runSubscriptionsJob();
    await relogin(eli);
    expect((await ok(eli, 'GET', '/customer/entitlements')).planId).toBe('free');
  });
});

describe('Stripe wired end to end (the local fake Stripe)', () => {
  let fake: FakeStripe;
  afterAll(() => fake?.close());

  it('adds a card through Checkout and pays the first invoice with a PaymentIntent', async () => {
    const secretKey = 'sk_test_int_0123456789';
    fake = await startFakeStripe({ secretKey, now: () => clock.now() });
    const { app: sApp } = await createTestApp({
      config: { stripe: { secretKey, webhookSecret: 'whsec_int_0123456789', apiUrl: fake.url } },
      build: { clock, holdJobs, withoutAi: true, withoutSocial: true, withoutCommunities: true },
    });
    const pro = DEFAULT_CATALOGUE.plans.find((p) => p.id === 'pro')!;
    await createBillingPlans({ db: sApp.ctx.db, clock }).service.importFile({
      plans: [{ ...pro, trialDays: 0 }],
      addons: [],
    });
    const fay = await signUpAndLogin(sApp);
    const get = (url: string) => sApp.inject({ method: 'GET', url: `/api${url}`, headers: fay.auth });
    const session = (await get(`/customer/payment/session?return_url=${encodeURIComponent(RETURN_URL)}`)).json();
    expect(session.url).toContain(fake.url);
    fake.completeSession(session.id, 'visa');
    expect(JSON.stringify((await get('/customer/payment/methods')).json())).toContain('4242');

    const created = await sApp.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: fay.auth,
      payload: { subscription: 'pro', currency: 'USD' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ subscription: { status: 'active' }, payment: { status: 'succeeded' } });
    expect((await get('/subscriptions')).json().providerLabel).not.toBe('Test mode');
    const intents = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(intents).toHaveLength(1);
    // no billing country: the seller's (NL) VAT, 19.00 + 3.99
    expect(intents[0]!.params).toMatchObject({ amount: '2299', currency: 'usd' });
    expect((await get('/customer/invoices')).json().invoices[0]).toMatchObject({ status: 'paid', total: '22.99' });

    // 3-D Secure at Stripe: incomplete until Stripe's signed webhook says the payment succeeded
    const gus = await signUpAndLogin(sApp);
    const gusGet = (url: string) => sApp.inject({ method: 'GET', url: `/api${url}`, headers: gus.auth });
    const gusSession = (await gusGet(`/customer/payment/session?return_url=${encodeURIComponent(RETURN_URL)}`)).json();
    fake.completeSession(gusSession.id, 'authentication');
    const pending = await sApp.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: gus.auth,
      payload: { subscription: 'pro', currency: 'USD' },
    });
    expect(pending.statusCode, pending.body).toBe(201);
    expect(pending.json()).toMatchObject({
      subscription: { status: 'incomplete' },
      payment: { status: 'requires_action' },
    });
    const intentId = String(pending.json().payment.actionUrl).split('/').pop()!;
    fake.authenticate(intentId, true);
    const payload = fake.eventPayload('payment_intent.succeeded');
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_int_0123456789',
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
    const hook = await sApp.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await gusGet('/subscriptions')).json().subscriptions[0].status).toBe('active');
    expect((await gusGet('/customer/invoices')).json().invoices[0].status).toBe('paid');

    // a refund made at Stripe (the dashboard) arrives by webhook: the invoice is refunded
    const refund = await fetch(`${fake.url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_intent=${intentId}`,
    });
    expect(refund.status).toBe(200);
    const refundedPayload = fake.eventPayload('charge.refunded');
    const refundHook = await sApp.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: refundedPayload,
          secret: 'whsec_int_0123456789',
          timestamp: Math.floor(clock.now().getTime() / 1000),
        }),
      },
      payload: refundedPayload,
    });
    expect(refundHook.statusCode, refundHook.body).toBe(200);
    expect((await gusGet('/customer/invoices')).json().invoices[0].status).toBe('refunded');
  });

  it('switches a Stripe subscription from monthly to yearly with the previewed proration, paid by a PaymentIntent', async () => {
    const secretKey = 'sk_test_int_interval_0123';
    const stripe = await startFakeStripe({ secretKey, now: () => clock.now() });
    try {
      clock.set('2027-06-01T10:00:00Z');
      const { app: sApp } = await createTestApp({
        config: { stripe: { secretKey, webhookSecret: 'whsec_int_0123456789', apiUrl: stripe.url } },
        build: { clock, holdJobs, withoutAi: true, withoutSocial: true, withoutCommunities: true },
      });
      const pro = DEFAULT_CATALOGUE.plans.find((p) => p.id === 'pro')!;
      await createBillingPlans({ db: sApp.ctx.db, clock }).service.importFile({
        plans: [{ ...pro, trialDays: 0 }],
        addons: [],
      });
      const ivy = await signUpAndLogin(sApp);
      const as = (user: SignedInUser) => (method: Method, url: string, payload?: object) =>
        sApp.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload ? { payload } : {}) });
      let ivyCall = as(ivy);
      const session = (
        await ivyCall('GET', `/customer/payment/session?return_url=${encodeURIComponent(RETURN_URL)}`)
      ).json();
      stripe.completeSession(session.id, 'visa');
      const created = await ivyCall('POST', '/subscriptions', { subscription: 'pro', currency: 'USD' });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().subscription.id as string;

      clock.set('2027-06-11T10:00:00Z'); // 20 of June's 30 days left
      const login = await sApp.inject({
        method: 'POST',
        url: '/api/customer/login',
        payload: { email: ivy.email, password: ivy.password, return_tokens: true },
      });
      ivyCall = as({ ...ivy, auth: { authorization: `Bearer ${login.json().tokens.accessToken}` } });
      // unused 19.00 x 20/30 = 12.67; 190.00 - 12.67 = 177.33; NL VAT 21 % = 37.24; 214.57
      const preview = await ivyCall('POST', `/subscriptions/${id}/modify`, { interval: 'yearly', preview: true });
      expect(preview.json()).toMatchObject({
        interval: 'yearly',
        effective: 'now',
        credit: '12.67',
        amountDue: '177.33',
        tax: '37.24',
        total: '214.57',
        periodEnd: '2028-06-11T10:00:00.000Z',
      });
      const done = await ivyCall('POST', `/subscriptions/${id}/modify`, { interval: 'yearly' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({
        subscription: { interval: 'yearly', currentPeriodEnd: '2028-06-11T10:00:00.000Z', price: '190.00' },
        invoice: { total: '214.57' },
        payment: { status: 'succeeded' },
      });
      const intents = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
      expect(intents.map((r) => r.params.amount)).toEqual(['2299', '21457']);
    } finally {
      await stripe.close();
    }
  });
});
