import type { FastifyInstance } from 'fastify';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock, type ManualClock } from '../../../platform/clock.js';
import type { NotifyInput } from '../../notifications/notifications.service.js';
import { createUsersModule } from '../../users/users.plugin.js';
import type {
  CatalogAddon,
  CatalogPlan,
  ChargeResult,
  InvoiceDraftInput,
  InvoiceIssuer,
  InvoiceTotals,
  PaymentProvider,
  PlanCatalogue,
  StoredMethod,
} from '../billing.types.js';
import { divRoundHalfAway } from './subscriptions.money.js';
import { createSubscriptions } from './subscriptions.plugin.js';

/**
 * Small, honest fakes of the seams the subscriptions use (built by other slices): a catalogue of three paid plans
 * and one add-on, a payment provider whose next answer each test chooses, and an invoice issuer with a fixed
 * 21 % tax rate that keeps what it issued.
 */

const price = (currency: string, monthlyMinor: number, yearlyMinor: number) => ({
  currency,
  monthlyMinor,
  yearlyMinor,
});

export const PLANS: CatalogPlan[] = [
  { id: 'free', name: 'Free', prices: [price('USD', 0, 0)], trialDays: 0, entitlements: {}, active: true },
  {
    id: 'pro',
    name: 'Pro',
    prices: [price('USD', 1900, 19000), price('EUR', 1700, 17000)],
    trialDays: 0,
    entitlements: {},
    active: true,
  },
  { id: 'premium', name: 'Premium', prices: [price('USD', 4900, 49000)], trialDays: 0, entitlements: {}, active: true },
  { id: 'plus', name: 'Plus', prices: [price('USD', 999, 9990)], trialDays: 14, entitlements: {}, active: true },
];
export const ADDONS: CatalogAddon[] = [
  {
    id: 'extra_alerts',
    name: 'Extra alerts',
    prices: [price('USD', 200, 2000)],
    maxQuantity: 5,
    entitlements: {},
    active: true,
  },
];

export function fakeCatalogue(): PlanCatalogue {
  return {
    plans: async () => PLANS,
    plan: async (id) => PLANS.find((p) => p.id === id) ?? null,
    addons: async () => ADDONS,
    addon: async (id) => ADDONS.find((a) => a.id === id) ?? null,
  };
}

export type Outcome = 'succeeded' | 'declined' | 'requires_action';

/**
 * A provider whose charges answer `state.byUser.get(userId)` or else `state.next` (default succeeded); the same
 * idempotency key answers the same result without charging again.
 */
export function fakeProvider() {
  const methods = new Map<string, StoredMethod[]>();
  const byKey = new Map<string, ChargeResult>();
  const charges: Array<{
    customerRef: string;
    amountMinor: number;
    currency: string;
    key: string;
    result: ChargeResult;
  }> = [];
  const refunds: Array<{ chargeRef: string; amountMinor: number; idempotencyKey: string }> = [];
  let counter = 0;
  const state = { next: 'succeeded' as Outcome, byUser: new Map<string, Outcome>() };
  const provider: PaymentProvider = {
    kind: 'test',
    label: 'Test mode',
    ensureCustomer: async (user) => `cus_${user.id}`,
    createSession: async ({ userId }) => ({ id: `sess_${userId}`, url: `/billing/test-mode/session/sess_${userId}` }),
    listMethods: async (customerRef) => methods.get(customerRef) ?? [],
    removeMethod: async (customerRef, ref) => {
      methods.set(
        customerRef,
        (methods.get(customerRef) ?? []).filter((m) => m.ref !== ref),
      );
    },
    setDefaultMethod: async () => {},
    async charge(input) {
      const seen = byKey.get(input.idempotencyKey);
      if (seen) return seen;
      counter += 1;
      const ref = `ch_${counter}`;
      const outcome = state.byUser.get(input.customerRef.replace(/^cus_/, '')) ?? state.next;
      const result: ChargeResult =
        outcome === 'succeeded'
          ? { status: 'succeeded', ref }
          : outcome === 'declined'
            ? { status: 'declined', ref, reason: 'Your card was declined.' }
            : { status: 'requires_action', ref, actionUrl: `/billing/test-mode/authenticate/${ref}` };
      byKey.set(input.idempotencyKey, result);
      charges.push({ ...input, key: input.idempotencyKey, result });
      return result;
    },
    async refund(input) {
      if (!refunds.some((r) => r.idempotencyKey === input.idempotencyKey)) refunds.push(input);
      return { ref: `re_${input.chargeRef}` };
    },
  };
  return {
    provider,
    charges,
    refunds,
    state,
    /** Gives the user's customer a default card. */
    addCard(userId: string) {
      methods.set(`cus_${userId}`, [
        { ref: `pm_${userId}`, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true },
      ]);
    },
  };
}

export const TAX_BP = 2100;

function totalsOf(input: InvoiceDraftInput): InvoiceTotals {
  const subtotalMinor = input.lines.reduce((s, l) => s + l.quantity * l.unitAmountMinor, 0);
  const net = subtotalMinor - input.discountMinor;
  const taxMinor = divRoundHalfAway(net * TAX_BP, 10_000);
  return {
    subtotalMinor,
    discountMinor: input.discountMinor,
    taxMinor,
    taxRatePercent: '21.00',
    reverseCharge: false,
    totalMinor: net + taxMinor,
  };
}

/** An issuer with a fixed 21 % tax; each key issues once; keeps every invoice and its status. */
export function fakeIssuer() {
  type Issued = InvoiceDraftInput &
    InvoiceTotals & { id: string; number: string; key: string; status: string; refundedMinor: number };
  const issued: Issued[] = [];
  const issuer: InvoiceIssuer = {
    quote: async (input) => totalsOf(input),
    async issue(input) {
      const found = issued.find((i) => i.key === input.key);
      if (found) return found;
      const n = issued.length + 1;
      const inv: Issued = {
        ...input,
        ...totalsOf(input),
        id: `inv_${n}`,
        number: `TD-2026-${String(n).padStart(6, '0')}`,
        status: 'open',
        refundedMinor: 0,
      };
      issued.push(inv);
      return inv;
    },
    async markPaid(id) {
      const inv = issued.find((i) => i.id === id)!;
      if (inv.status === 'paid') throw new Error(`invoice ${id} marked paid twice`);
      inv.status = 'paid';
    },
    async markVoid(id) {
      issued.find((i) => i.id === id)!.status = 'void';
    },
    async markRefunded(id, amount) {
      const inv = issued.find((i) => i.id === id)!;
      inv.refundedMinor += amount;
      inv.status = 'refunded';
    },
  };
  return { issuer, issued };
}

/** One app per test file, built without billing, with the slice mounted over the fakes. */
export async function subscriptionsTestApp(start = '2026-04-01T00:00:00Z') {
  const clock: ManualClock = createManualClock(start);
  const { app } = await createTestApp({ build: { clock, withoutBilling: true } });
  const users = createUsersModule(app.ctx).service;
  const provider = fakeProvider();
  const invoices = fakeIssuer();
  const mails: Array<{ userId: string; input: NotifyInput }> = [];
  const slice = createSubscriptions(app.ctx, {
    users,
    notifications: {
      notify: async (userId, input) => {
        mails.push({ userId, input });
      },
    },
    catalogue: fakeCatalogue(),
    provider: provider.provider,
    invoices: invoices.issuer,
  });
  await app.register(slice.routes, { prefix: '/api' });
  return { app, clock, slice, provider, invoices, mails };
}

type Method = 'GET' | 'POST';
/** `call(app, user, 'POST', '/subscriptions', body)` under /api. */
export function caller(app: FastifyInstance) {
  return (user: SignedInUser | null, method: Method, url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: user ? user.auth : {}, ...(payload ? { payload } : {}) });
}

/** A signed-in user with a default card. */
export async function payingUser(app: FastifyInstance, provider: ReturnType<typeof fakeProvider>) {
  const user = await signUpAndLogin(app);
  provider.addCard(user.userId);
  return user;
}

/** Logs the user in again (after the clock moved past the access token's life); answers fresh headers. */
export async function relogin(app: FastifyInstance, user: SignedInUser): Promise<SignedInUser> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/customer/login',
    payload: { email: user.email, password: user.password, return_tokens: true },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const accessToken = (login.json() as { tokens: { accessToken: string } }).tokens.accessToken;
  return { ...user, accessToken, auth: { authorization: `Bearer ${accessToken}` } };
}
