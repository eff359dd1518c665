import { randomBytes } from 'node:crypto';
import {
  TEST_MODE_AUTH_FAILED_MESSAGE,
  TEST_MODE_DECLINE_MESSAGE,
  TEST_MODE_LABEL,
  type TestModeAuthenticateBody,
  type TestModeCardResult,
  type TestModeCharge,
  type TestModeSession,
  type testModeCardBodySchema,
} from '@tradedesk/contracts';
import { decimalToMinor, minorToDecimal, minorUnitDigits } from '@tradedesk/core';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import { isUniqueViolation } from '../../../platform/db-errors.js';
import { newId } from '../../../platform/ids.js';
import type { ChargeResult, PaymentEvents, PaymentProvider, StoredMethod } from '../billing.types.js';
import { chargeNotFound, methodNotFound, paymentError, sessionNotFound } from './payments.errors.js';
import type { BillingTestChargeRow, BillingTestMethodRow, BillingTestSessionRow } from './payments.table.js';
import { cardBrand, luhnValid, testCardOutcome } from './test-cards.js';
import { createTestModeRepository } from './test-mode.repository.js';

/** How long a session's page takes a card (Stripe's Checkout allows a day; an in-app page needs less). */
export const TEST_MODE_SESSION_TTL_MS = 60 * 60 * 1000;

/** The in-app pages of the test mode (apps/web router): where the browser goes to add a card or authenticate. */
export const testModeSessionPath = (id: string) => `/billing/test-mode/session/${id}`;
export const testModeAuthenticatePath = (ref: string) => `/billing/test-mode/authenticate/${ref}`;

type CardInput = z.output<typeof testModeCardBodySchema>;

/** What the in-app test-mode pages do for the signed-in user; another user's session or charge is a 404. */
export type TestModePages = {
  session(userId: string, id: string): Promise<TestModeSession>;
  addCard(userId: string, sessionId: string, card: CardInput): Promise<TestModeCardResult>;
  charge(userId: string, ref: string): Promise<TestModeCharge>;
  authenticate(userId: string, ref: string, outcome: TestModeAuthenticateBody['outcome']): Promise<TestModeCharge>;
};
export type TestModeProvider = PaymentProvider & { readonly kind: 'test'; readonly pages: TestModePages };

const newRef = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function storedMethod(row: BillingTestMethodRow): StoredMethod {
  return {
    ref: row.ref,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
  };
}

function chargeResult(row: BillingTestChargeRow): ChargeResult {
  switch (row.status) {
    case 'succeeded':
      return { status: 'succeeded', ref: row.ref };
    case 'requires_action':
      return { status: 'requires_action', ref: row.ref, actionUrl: testModeAuthenticatePath(row.ref) };
    default:
      return { status: 'declined', ref: row.ref, reason: row.failureReason ?? TEST_MODE_DECLINE_MESSAGE };
  }
}

function chargeView(row: BillingTestChargeRow): TestModeCharge {
  return {
    ref: row.ref,
    label: TEST_MODE_LABEL,
    amount: minorToDecimal(decimalToMinor(row.amount, row.currency), row.currency),
    currency: row.currency,
    description: row.description,
    status: row.status,
    card: { brand: row.brand, last4: row.last4 },
  };
}

function sessionView(row: BillingTestSessionRow, now: Date): TestModeSession {
  const status = row.completedAt ? 'completed' : now >= row.expiresAt ? 'expired' : 'open';
  return {
    id: row.id,
    label: TEST_MODE_LABEL,
    status,
    returnUrl: row.returnUrl,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** A card whose expiry month ended before `now` (UTC). */
function expired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

function assertKey(key: string, what: string): void {
  if (key.length === 0 || key.length > 255)
    throw new RangeError(`The ${what} idempotency key must be 1 to 255 characters.`);
}

/**
 * The built-in payment provider, labelled "Test mode": customers, stored test cards, charges and refunds kept in
 * its own tables, behaving like a card network for the three test cards of the contract (succeeds, declined,
 * asks for authentication). Nothing leaves the machine and no real card is accepted.
 */
export function createTestModeProvider(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  deps: { events: () => PaymentEvents },
): TestModeProvider {
  const repo = createTestModeRepository(ctx.db);
  const { clock } = ctx;

  const pages: TestModePages = {
    async session(userId, id) {
      const row = await repo.session(userId, id);
      if (!row) throw sessionNotFound();
      return sessionView(row, clock.now());
    },

    async addCard(userId, sessionId, card) {
      const digits = card.number.replace(/ /g, '');
      const outcome = testCardOutcome(digits);
      if (!outcome) {
        throw paymentError.onField(
          'number',
          'PAYMENT_CARD_INVALID',
          luhnValid(digits)
            ? 'Card number must be one of the test cards listed on this page: test mode takes no real cards.'
            : 'Card number is not a valid card number: check the digits.',
        );
      }
      const now = clock.now();
      if (expired(card.exp_month, card.exp_year, now)) {
        throw paymentError.onField('exp_year', 'PAYMENT_CARD_INVALID', 'Expiry date must not be in the past.');
      }
      return repo.transaction(async (q) => {
        const session = await q.session(userId, sessionId, true);
        if (!session) throw sessionNotFound();
        const view = sessionView(session, now);
        if (view.status === 'completed') {
          throw paymentError(
            'PAYMENT_SESSION_CLOSED',
            'This session has already added a card; start again from your payment methods to add another.',
          );
        }
        if (view.status === 'expired') {
          throw paymentError(
            'PAYMENT_SESSION_CLOSED',
            'This session has expired; start again from your payment methods.',
          );
        }
        await q.lockCustomer(session.customerRef);
        const hasDefault = (await q.defaultMethod(session.customerRef)) !== undefined;
        const method = await q.insertMethod(
          {
            ref: newRef('tpm'),
            customerRef: session.customerRef,
            brand: cardBrand(digits),
            last4: digits.slice(-4),
            expMonth: card.exp_month,
            expYear: card.exp_year,
            outcome,
            createdAt: now,
          },
          !hasDefault,
        );
        await q.completeSession(session.id, now);
        const stored = storedMethod(method);
        const { ref, ...rest } = stored;
        return { method: { id: ref, ...rest }, returnUrl: session.returnUrl };
      });
    },

    async charge(userId, ref) {
      const row = await repo.chargeOfUser(userId, ref);
      if (!row) throw chargeNotFound();
      return chargeView(row);
    },

    async authenticate(userId, ref, outcome) {
      const target: 'succeeded' | 'failed' = outcome === 'approve' ? 'succeeded' : 'failed';
      const row = await repo.transaction(async (q) => {
        const charge = await q.chargeOfUser(userId, ref, true);
        if (!charge) throw chargeNotFound();
        if (charge.status === target) return charge;
        if (charge.status !== 'requires_action') {
          throw paymentError(
            'PAYMENT_CHARGE_NOT_AWAITING_AUTHENTICATION',
            `This payment is no longer waiting for authentication: it has ${charge.status}.`,
          );
        }
        const reason = target === 'failed' ? TEST_MODE_AUTH_FAILED_MESSAGE : null;
        await q.decideCharge(charge.ref, target, reason, clock.now());
        const decided: BillingTestChargeRow = { ...charge, status: target, failureReason: reason };
        return decided;
      });
      // after the commit, and again on a repeated answer (the sink is idempotent), so a lost call can be redone
      if (target === 'succeeded') await deps.events().chargeSucceeded(row.ref);
      else await deps.events().chargeFailed(row.ref, TEST_MODE_AUTH_FAILED_MESSAGE);
      return chargeView(row);
    },
  };

  return {
    kind: 'test',
    label: TEST_MODE_LABEL,
    pages,

    ensureCustomer(user) {
      return repo.insertCustomer({
        ref: newRef('tcus'),
        userId: user.id,
        email: user.email,
        name: user.name,
        createdAt: clock.now(),
      });
    },

    async createSession({ customerRef, userId, returnUrl }) {
      if ((await repo.customerOf(userId)) !== customerRef) {
        throw new Error('A test-mode session was asked for a customer that is not the user’s.');
      }
      const id = newId();
      const now = clock.now();
      await repo.insertSession({
        id,
        customerRef,
        userId,
        returnUrl,
        expiresAt: new Date(now.getTime() + TEST_MODE_SESSION_TTL_MS),
        createdAt: now,
      });
      return { id, url: testModeSessionPath(id) };
    },

    async listMethods(customerRef) {
      return (await repo.methods(customerRef)).map(storedMethod);
    },

    async removeMethod(customerRef, methodRef) {
      await repo.transaction(async (q) => {
        await q.lockCustomer(customerRef);
        const method = await q.method(customerRef, methodRef);
        if (!method) throw methodNotFound();
        await q.deleteMethod(customerRef, methodRef);
        // like a wallet: the newest card left takes over as the default
        const [next] = await q.methods(customerRef);
        if (method.isDefault && next) await q.setDefault(customerRef, next.ref);
      });
    },

    async setDefaultMethod(customerRef, methodRef) {
      await repo.transaction(async (q) => {
        await q.lockCustomer(customerRef);
        if (!(await q.method(customerRef, methodRef))) throw methodNotFound();
        await q.setDefault(customerRef, methodRef);
      });
    },

    /**
     * A repeated idempotency key answers the charge's state now (a payment that asked for authentication answers
     * its outcome once the person gave it); the same key for another customer, amount or currency is a 409.
     * No payment method on file declines without storing anything (ref null), so a retry after adding a card works.
     */
    async charge(input) {
      const { customerRef, amountMinor, currency, idempotencyKey } = input;
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
        throw new RangeError('A charge amount must be a positive whole number of minor units.');
      }
      minorUnitDigits(currency);
      assertKey(idempotencyKey, 'charge');
      const amount = minorToDecimal(amountMinor, currency);

      const replay = async (row: BillingTestChargeRow): Promise<ChargeResult> => {
        if (
          row.customerRef !== customerRef ||
          decimalToMinor(row.amount, row.currency) !== amountMinor ||
          row.currency !== currency
        ) {
          throw paymentError(
            'PAYMENT_IDEMPOTENCY_KEY_REUSED',
            'This idempotency key was used for a different charge; use a new key for a new charge.',
          );
        }
        return chargeResult(row);
      };
      const earlier = await repo.chargeByKey(idempotencyKey);
      if (earlier) return replay(earlier);

      const method = input.methodRef
        ? await repo.method(customerRef, input.methodRef)
        : await repo.defaultMethod(customerRef);
      if (!method) {
        return {
          status: 'declined',
          ref: null,
          reason: input.methodRef ? 'The payment method was not found.' : 'No payment method is on file.',
        };
      }
      const now = clock.now();
      const status = expired(method.expMonth, method.expYear, now)
        ? ('declined' as const)
        : method.outcome === 'succeeds'
          ? ('succeeded' as const)
          : method.outcome === 'declined'
            ? ('declined' as const)
            : ('requires_action' as const);
      const failureReason =
        status !== 'declined'
          ? null
          : method.outcome === 'declined'
            ? TEST_MODE_DECLINE_MESSAGE
            : 'Your card has expired.';
      const row: BillingTestChargeRow = {
        ref: newRef('tch'),
        customerRef,
        methodRef: method.ref,
        brand: method.brand,
        last4: method.last4,
        amount,
        currency,
        description: input.description,
        status,
        failureReason,
        refunded: '0',
        idempotencyKey,
        createdAt: now,
        decidedAt: status === 'requires_action' ? null : now,
      };
      if (await repo.insertCharge(row)) return chargeResult(row);
      // another request with the same key got there first: answer what it stored
      const winner = await repo.chargeByKey(idempotencyKey);
      if (!winner) throw new Error('The charge of this idempotency key vanished.');
      return replay(winner);
    },

    async refund({ chargeRef, amountMinor, idempotencyKey }) {
      assertKey(idempotencyKey, 'refund');
      const replay = async () => {
        const earlier = await repo.refundByKey(idempotencyKey);
        if (!earlier) return undefined;
        const charge = await repo.charge(earlier.chargeRef);
        if (
          earlier.chargeRef !== chargeRef ||
          !charge ||
          decimalToMinor(earlier.amount, charge.currency) !== amountMinor
        ) {
          throw paymentError(
            'PAYMENT_IDEMPOTENCY_KEY_REUSED',
            'This idempotency key was used for a different refund; use a new key for a new refund.',
          );
        }
        return { ref: earlier.ref };
      };
      const done = await replay();
      if (done) return done;
      try {
        return await repo.transaction(async (q) => {
          const charge = await q.charge(chargeRef, true);
          if (!charge) throw chargeNotFound();
          if (charge.status !== 'succeeded') {
            throw paymentError('PAYMENT_REFUND_INVALID', 'Only a payment that succeeded can be refunded.');
          }
          const left =
            decimalToMinor(charge.amount, charge.currency) - decimalToMinor(charge.refunded, charge.currency);
          if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > left) {
            throw paymentError(
              'PAYMENT_REFUND_INVALID',
              `Refund amount must be more than 0 and at most ${minorToDecimal(left, charge.currency)} ${charge.currency} (what is left of the payment).`,
            );
          }
          const ref = newRef('tre');
          await q.insertRefund(
            {
              ref,
              chargeRef,
              amount: minorToDecimal(amountMinor, charge.currency),
              idempotencyKey,
              createdAt: clock.now(),
            },
            minorToDecimal(decimalToMinor(charge.refunded, charge.currency) + amountMinor, charge.currency),
          );
          return { ref };
        });
      } catch (error) {
        // the same key raced in another request: answer its refund
        if (isUniqueViolation(error) === 'billing_test_refunds_idempotency_key') {
          const again = await replay();
          if (again) return again;
        }
        throw error;
      }
    },
  };
}
