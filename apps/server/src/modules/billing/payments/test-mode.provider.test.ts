import { TEST_MODE_AUTH_FAILED_MESSAGE, TEST_MODE_DECLINE_MESSAGE } from '@tradedesk/contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { billingTestCharges } from './payments.table.js';
import { card, createRecordingEvents, VISA_3DS, VISA_DECLINED, VISA_OK } from './payments.test-kit.js';
import { createTestModeProvider, type TestModeProvider } from './test-mode.provider.js';

const clock = createManualClock('2026-03-02T09:30:00Z');
const recorded = createRecordingEvents();
let app: FastifyInstance;
let db: Db;
let provider: TestModeProvider;

beforeAll(async () => {
  const built = await createTestApp({ build: { clock, withoutBilling: true } });
  app = built.app;
  db = built.database.db;
  provider = createTestModeProvider({ db, clock }, { events: () => recorded.events });
});

/** A signed-up user with a test-mode customer holding the given test cards (in order; the first is the default). */
async function customerWith(...numbers: string[]): Promise<{ user: SignedInUser; customerRef: string }> {
  const user = await signUpAndLogin(app);
  const customerRef = await provider.ensureCustomer({ id: user.userId, email: user.email, name: 'Ada' });
  for (const n of numbers) {
    const session = await provider.createSession({ customerRef, userId: user.userId, returnUrl: 'http://x/settings' });
    await provider.pages.addCard(user.userId, session.id, card(n));
  }
  return { user, customerRef };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const charge = (customerRef: string, idempotencyKey: string, amountMinor = 1900, methodRef?: string) =>
  provider.charge({
    customerRef,
    amountMinor,
    currency: 'EUR',
    description: 'Pro, monthly',
    idempotencyKey,
    ...(methodRef ? { methodRef } : {}),
  });

describe('test-mode provider', () => {
  it('makes one customer per user however often (and however concurrently) it is asked', async () => {
    const user = await signUpAndLogin(app);
    const who = { id: user.userId, email: user.email, name: 'Ada' };
    const refs = await Promise.all([provider.ensureCustomer(who), provider.ensureCustomer(who)]);
    expect(refs[0]).toMatch(/^tcus_/);
    expect(refs[1]).toBe(refs[0]);
    expect(await provider.ensureCustomer(who)).toBe(refs[0]);
  });

  it('stores test cards from sessions (the first is the default), lists the newest first, never the number', async () => {
    const { customerRef } = await customerWith(VISA_OK, VISA_DECLINED);
    const methods = await provider.listMethods(customerRef);
    expect(methods).toEqual([
      {
        ref: expect.stringMatching(/^tpm_/),
        brand: 'visa',
        last4: '0002',
        expMonth: 12,
        expYear: 2030,
        isDefault: false,
      },
      {
        ref: expect.stringMatching(/^tpm_/),
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
        isDefault: true,
      },
    ]);
    await provider.setDefaultMethod(customerRef, methods[0]!.ref);
    expect((await provider.listMethods(customerRef)).map((m) => m.isDefault)).toEqual([true, false]);
    // removing the default hands it to the newest card left
    await provider.removeMethod(customerRef, methods[0]!.ref);
    expect(await provider.listMethods(customerRef)).toEqual([
      expect.objectContaining({ last4: '4242', isDefault: true }),
    ]);
    const other = await customerWith(VISA_OK);
    for (const act of [provider.removeMethod, provider.setDefaultMethod]) {
      expect((await rejection(act(other.customerRef, methods[1]!.ref))).code).toBe('PAYMENT_METHOD_NOT_FOUND');
    }
  });

  it('refuses cards that are not test cards, expired cards and used or expired sessions', async () => {
    const user = await signUpAndLogin(app);
    const customerRef = await provider.ensureCustomer({ id: user.userId, email: user.email, name: 'Bo' });
    const session = await provider.createSession({ customerRef, userId: user.userId, returnUrl: 'http://x/r' });
    const cases: Array<[string, ReturnType<typeof card>, string, RegExp]> = [
      ['a real-looking card', card('5555 5555 5555 4444'), 'PAYMENT_CARD_INVALID', /one of the test cards/],
      ['a wrong check digit', card('4242 4242 4242 4241'), 'PAYMENT_CARD_INVALID', /not a valid card number/],
      ['an expired card', { ...card(VISA_OK), exp_month: 2, exp_year: 2026 }, 'PAYMENT_CARD_INVALID', /past/],
    ];
    for (const [name, input, code, message] of cases) {
      const e = await rejection(provider.pages.addCard(user.userId, session.id, input));
      expect([name, e.code, e.message]).toEqual([name, code, expect.stringMatching(message)]);
    }
    const stranger = await signUpAndLogin(app);
    expect((await rejection(provider.pages.addCard(stranger.userId, session.id, card(VISA_OK)))).code).toBe(
      'PAYMENT_SESSION_NOT_FOUND',
    );
    expect((await rejection(provider.pages.session(stranger.userId, session.id))).category).toBe('not_found');
    // the current month still counts
    const added = await provider.pages.addCard(user.userId, session.id, {
      ...card(VISA_OK),
      exp_month: 3,
      exp_year: 2026,
    });
    expect(added).toEqual({
      method: expect.objectContaining({ last4: '4242', isDefault: true }),
      returnUrl: 'http://x/r',
    });
    expect((await provider.pages.session(user.userId, session.id)).status).toBe('completed');
    expect((await rejection(provider.pages.addCard(user.userId, session.id, card(VISA_OK)))).code).toBe(
      'PAYMENT_SESSION_CLOSED',
    );
    const late = await provider.createSession({ customerRef, userId: user.userId, returnUrl: 'http://x/r' });
    clock.advance(60 * 60 * 1000);
    expect((await provider.pages.session(user.userId, late.id)).status).toBe('expired');
    expect((await rejection(provider.pages.addCard(user.userId, late.id, card(VISA_OK)))).message).toMatch(/expired/);
    clock.set('2026-03-02T09:30:00Z');
  });

  it('charges each test card as it behaves, once per idempotency key', async () => {
    const cases: Array<[string, string, object]> = [
      [VISA_OK, 'succeeds', { status: 'succeeded', ref: expect.stringMatching(/^tch_/) }],
      [
        VISA_DECLINED,
        'declined',
        { status: 'declined', ref: expect.stringMatching(/^tch_/), reason: TEST_MODE_DECLINE_MESSAGE },
      ],
      [
        VISA_3DS,
        'asks for authentication',
        {
          status: 'requires_action',
          ref: expect.any(String),
          actionUrl: expect.stringMatching(/^\/billing\/test-mode\/authenticate\/tch_/),
        },
      ],
    ];
    for (const [number, name, expected] of cases) {
      const { customerRef } = await customerWith(number);
      const key = `k-${name}`;
      const first = await charge(customerRef, key);
      expect([name, first]).toEqual([name, expected]);
      // the same key again (also two at once) answers the same charge and stores nothing new
      const again = await Promise.all([charge(customerRef, key), charge(customerRef, key)]);
      expect(again).toEqual([first, first]);
      const [{ n } = { n: -1 }] = await db
        .select({ n: count() })
        .from(billingTestCharges)
        .where(eq(billingTestCharges.idempotencyKey, key));
      expect([name, n]).toEqual([name, 1]);
      const stored = await db.select().from(billingTestCharges).where(eq(billingTestCharges.idempotencyKey, key));
      expect(stored[0]?.amount).toMatch(/^19(\.0+)?$/);
      // the key with another amount is a mistake, not a new charge
      expect((await rejection(charge(customerRef, key, 2000))).code).toBe('PAYMENT_IDEMPOTENCY_KEY_REUSED');
    }
  });

  it('declines without a method, with another customer’s method and with a card expired since it was stored', async () => {
    const empty = await customerWith();
    expect(await charge(empty.customerRef, 'none-1')).toEqual({
      status: 'declined',
      ref: null,
      reason: 'No payment method is on file.',
    });
    const other = await customerWith(VISA_OK);
    const [theirs] = await provider.listMethods(other.customerRef);
    expect(await charge(empty.customerRef, 'none-2', 1900, theirs!.ref)).toMatchObject({
      status: 'declined',
      reason: 'The payment method was not found.',
    });
    const { customerRef } = await customerWith(VISA_OK);
    clock.set('2031-01-01T00:00:00Z');
    expect(await charge(customerRef, 'expired-1')).toMatchObject({
      status: 'declined',
      reason: 'Your card has expired.',
    });
    clock.set('2026-03-02T09:30:00Z');
  });

  it('turns an authentication into success or failure, tells the events sink, and refuses a second different answer', async () => {
    const owner = await customerWith(VISA_3DS);
    const approved = await charge(owner.customerRef, 'auth-approve');
    const failed = await charge(owner.customerRef, 'auth-fail');
    if (approved.status !== 'requires_action' || failed.status !== 'requires_action') throw new Error('no action');
    const stranger = await signUpAndLogin(app);
    expect((await rejection(provider.pages.authenticate(stranger.userId, approved.ref, 'approve'))).code).toBe(
      'PAYMENT_CHARGE_NOT_FOUND',
    );
    expect(await provider.pages.charge(owner.user.userId, approved.ref)).toMatchObject({
      label: 'Test mode',
      amount: '19.00',
      currency: 'EUR',
      status: 'requires_action',
      card: { brand: 'visa', last4: '3155' },
    });
    recorded.calls.length = 0;
    expect((await provider.pages.authenticate(owner.user.userId, approved.ref, 'approve')).status).toBe('succeeded');
    expect((await provider.pages.authenticate(owner.user.userId, failed.ref, 'fail')).status).toBe('failed');
    expect(recorded.calls).toEqual([
      { kind: 'succeeded', ref: approved.ref },
      { kind: 'failed', ref: failed.ref, reason: TEST_MODE_AUTH_FAILED_MESSAGE },
    ]);
    // the charge's key now answers the outcome
    expect(await charge(owner.customerRef, 'auth-approve')).toEqual({ status: 'succeeded', ref: approved.ref });
    expect(await charge(owner.customerRef, 'auth-fail')).toEqual({
      status: 'declined',
      ref: failed.ref,
      reason: TEST_MODE_AUTH_FAILED_MESSAGE,
    });
    expect((await rejection(provider.pages.authenticate(owner.user.userId, approved.ref, 'fail'))).code).toBe(
      'PAYMENT_CHARGE_NOT_AWAITING_AUTHENTICATION',
    );
    // the same answer again is harmless and tells the sink again (it is idempotent)
    expect((await provider.pages.authenticate(owner.user.userId, approved.ref, 'approve')).status).toBe('succeeded');
    expect(recorded.calls).toHaveLength(3);
  });

  it('refunds up to what is left of a succeeded charge, once per idempotency key', async () => {
    const { customerRef } = await customerWith(VISA_OK);
    const paid = await charge(customerRef, 'refund-me', 1999);
    if (paid.status !== 'succeeded') throw new Error('not paid');
    const first = await provider.refund({ chargeRef: paid.ref, amountMinor: 999, idempotencyKey: 'r-1' });
    expect(first.ref).toMatch(/^tre_/);
    expect(await provider.refund({ chargeRef: paid.ref, amountMinor: 999, idempotencyKey: 'r-1' })).toEqual(first);
    const over = await rejection(provider.refund({ chargeRef: paid.ref, amountMinor: 1001, idempotencyKey: 'r-2' }));
    expect([over.code, over.message]).toEqual([
      'PAYMENT_REFUND_INVALID',
      'Refund amount must be more than 0 and at most 10.00 EUR (what is left of the payment).',
    ]);
    await provider.refund({ chargeRef: paid.ref, amountMinor: 1000, idempotencyKey: 'r-3' });
    const [row] = await db.select().from(billingTestCharges).where(eq(billingTestCharges.ref, paid.ref));
    expect(Number(row?.refunded)).toBe(19.99);
    expect(
      (await rejection(provider.refund({ chargeRef: paid.ref, amountMinor: 1, idempotencyKey: 'r-4' }))).message,
    ).toMatch(/at most 0\.00 EUR/);
    expect(
      (await rejection(provider.refund({ chargeRef: paid.ref, amountMinor: 5, idempotencyKey: 'r-1' }))).code,
    ).toBe('PAYMENT_IDEMPOTENCY_KEY_REUSED');
    const declined = await charge((await customerWith(VISA_DECLINED)).customerRef, 'refund-declined');
    expect(
      (await rejection(provider.refund({ chargeRef: declined.ref!, amountMinor: 1, idempotencyKey: 'r-5' }))).message,
    ).toBe('Only a payment that succeeded can be refunded.');
  });
});
