import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { AppContext } from '../../../platform/context.js';
import type { CardBrand, ChargeResult, PaymentProvider, StoredMethod } from '../billing.types.js';
import { paymentMethodNotFound, stripeError } from './stripe.errors.js';

export type StripeProviderOptions = {
  secretKey: string;
  /** Another API address than api.stripe.com (STRIPE_API_URL): a proxy, or the local fake in tests. */
  apiUrl?: string;
  /** Retries of a failed network call (Stripe's client adds idempotency keys to retried POSTs); default 2. */
  maxNetworkRetries?: number;
  /** How long one call may take; default 20 s. */
  timeoutMs?: number;
};

const BRANDS: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  discover: 'discover',
};
const USER_KEY = 'tradedesk_user_id';
const DECLINED = 'Your card was declined.';

/** The client options for an API address other than Stripe's own: host, port and protocol of the URL. */
export function stripeClientAddress(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Stripe's failures the caller cannot fix become the app's errors; the rest are rethrown. */
function mapped(error: unknown): unknown {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return stripeError(
      'STRIPE_UNAVAILABLE',
      'The payment provider (Stripe) cannot be reached right now. Try again in a few minutes.',
    );
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return stripeError('STRIPE_MISCONFIGURED', 'Stripe refused the secret key (STRIPE_SECRET_KEY).');
  }
  return error;
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw mapped(error);
  }
}

const missing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/**
 * PaymentProvider over Stripe's API with the official client: a Checkout Session in setup mode adds a card; a
 * PaymentIntent confirmed off-session charges the customer's default card (invoice_settings.default_payment_method);
 * a card that needs 3-D Secure is confirmed again with a return URL, and the browser goes to Stripe's hosted
 * authentication page (next_action.redirect_to_url); the outcome arrives by webhook. A customer's first card
 * becomes the default while none is set (Checkout does not set one), so a charge always has a card to use.
 */
export function createStripeProvider(ctx: Pick<AppContext, 'config'>, options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...stripeClientAddress(options.apiUrl),
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'TradeDesk' },
  });
  /** Where Stripe's hosted authentication page sends the browser back to. */
  const authenticationReturnUrl = `${ctx.config.publicUrl}/settings/plan_billing`;

  async function customerOf(customerRef: string): Promise<Stripe.Customer | null> {
    const customer = await call(() => stripe.customers.retrieve(customerRef));
    return customer.deleted ? null : customer;
  }

  /** The customer's cards, newest first (Stripe's order). */
  async function cardsOf(customerRef: string): Promise<Stripe.PaymentMethod[]> {
    const list = await call(() => stripe.paymentMethods.list({ customer: customerRef, type: 'card', limit: 100 }));
    return list.data;
  }

  /** The default card; while none is set, the newest card becomes the default (null: no card at all). */
  async function defaultOf(customerRef: string, cards?: Stripe.PaymentMethod[]): Promise<string | null> {
    const customer = await customerOf(customerRef);
    if (!customer) return null;
    const set = customer.invoice_settings.default_payment_method;
    if (set) return typeof set === 'string' ? set : set.id;
    const newest = (cards ?? (await cardsOf(customerRef)))[0];
    if (!newest) return null;
    await call(() => stripe.customers.update(customerRef, { invoice_settings: { default_payment_method: newest.id } }));
    return newest.id;
  }

  /** The payment method when it belongs to the customer; otherwise the 404 of another person's id. */
  async function ownMethod(customerRef: string, methodRef: string): Promise<Stripe.PaymentMethod> {
    let method: Stripe.PaymentMethod;
    try {
      method = await stripe.paymentMethods.retrieve(methodRef);
    } catch (error) {
      if (missing(error)) throw paymentMethodNotFound();
      throw mapped(error);
    }
    const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
    if (owner !== customerRef) throw paymentMethodNotFound();
    return method;
  }

  /** A confirmed PaymentIntent as the seam's result; a hosted authentication page when the card needs one. */
  async function resultOf(
    intent: Stripe.PaymentIntent,
    again: { methodRef: string; key: string } | null,
  ): Promise<ChargeResult> {
    switch (intent.status) {
      case 'succeeded':
        return { status: 'succeeded', ref: intent.id };
      case 'requires_action': {
        const url = intent.next_action?.redirect_to_url?.url;
        if (url) return { status: 'requires_action', ref: intent.id, actionUrl: url };
        // an action without a hosted page (use_stripe_sdk): confirm once more with a return URL for one
        if (again) return resultOf(await authenticate(intent.id, again.methodRef, again.key), null);
        return {
          status: 'declined',
          ref: intent.id,
          reason: 'The card needs an authentication this page cannot offer.',
        };
      }
      case 'requires_payment_method':
        return { status: 'declined', ref: intent.id, reason: intent.last_payment_error?.message ?? DECLINED };
      case 'processing':
        return {
          status: 'declined',
          ref: intent.id,
          reason: 'The card issuer is still processing the payment; its outcome will follow.',
        };
      default:
        return { status: 'declined', ref: intent.id, reason: `The payment could not be completed (${intent.status}).` };
    }
  }

  /** Confirms the PaymentIntent on-session with a return URL, so Stripe answers its hosted authentication page. */
  function authenticate(intentId: string, methodRef: string, key: string): Promise<Stripe.PaymentIntent> {
    return call(() =>
      stripe.paymentIntents.confirm(
        intentId,
        { payment_method: methodRef, return_url: authenticationReturnUrl },
        { idempotencyKey: `${key}:authenticate` },
      ),
    );
  }

  return {
    kind: 'stripe',
    label: 'Stripe',

    async ensureCustomer(user) {
      const found = await call(() => stripe.customers.list({ email: user.email, limit: 100 }));
      const mine = found.data.find((c) => c.metadata[USER_KEY] === user.id);
      if (mine) return mine.id;
      // the key makes two concurrent first uses one customer; it changes with the details Stripe is sent
      const digest = createHash('sha256').update(`${user.email}\n${user.name}`).digest('hex').slice(0, 16);
      const created = await call(() =>
        stripe.customers.create(
          { email: user.email, name: user.name, metadata: { [USER_KEY]: user.id } },
          { idempotencyKey: `tradedesk-customer-${user.id}-${digest}` },
        ),
      );
      return created.id;
    },

    async createSession({ customerRef, userId, returnUrl }) {
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'setup',
          customer: customerRef,
          allowed_payment_method_types: ['card'],
          client_reference_id: userId,
          metadata: { [USER_KEY]: userId },
          success_url: returnUrl,
          cancel_url: returnUrl,
        }),
      );
      if (!session.url) throw stripeError('STRIPE_UNAVAILABLE', 'Stripe answered a checkout session without its URL.');
      return { id: session.id, url: session.url };
    },

    async listMethods(customerRef) {
      const cards = await cardsOf(customerRef);
      if (cards.length === 0) return [];
      const chosen = await defaultOf(customerRef, cards);
      return cards.map(
        (m): StoredMethod => ({
          ref: m.id,
          brand: BRANDS[m.card?.brand ?? ''] ?? 'unknown',
          last4: m.card?.last4 ?? '',
          expMonth: m.card?.exp_month ?? 0,
          expYear: m.card?.exp_year ?? 0,
          isDefault: m.id === chosen,
        }),
      );
    },

    async removeMethod(customerRef, methodRef) {
      await ownMethod(customerRef, methodRef);
      await call(() => stripe.paymentMethods.detach(methodRef));
    },

    async setDefaultMethod(customerRef, methodRef) {
      await ownMethod(customerRef, methodRef);
      await call(() =>
        stripe.customers.update(customerRef, { invoice_settings: { default_payment_method: methodRef } }),
      );
    },

    async charge(input) {
      if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
        throw new RangeError(`A charge needs a positive whole amount in minor units (got ${input.amountMinor}).`);
      }
      // a card named by the caller must be this customer's (404 otherwise, as for removal)
      const methodRef = input.methodRef
        ? (await ownMethod(input.customerRef, input.methodRef)).id
        : await defaultOf(input.customerRef);
      if (!methodRef) return { status: 'declined', ref: null, reason: 'No card is saved yet: add a card first.' };
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            customer: input.customerRef,
            payment_method: methodRef,
            allowed_payment_method_types: ['card'],
            off_session: true,
            confirm: true,
            description: input.description,
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw mapped(error);
        const failed = error.payment_intent;
        // off-session, a card that needs 3-D Secure fails with authentication_required: bring its holder back
        if (error.code === 'authentication_required' && failed) {
          return resultOf(await authenticate(failed.id, methodRef, input.idempotencyKey), null);
        }
        return { status: 'declined', ref: failed?.id ?? null, reason: error.message || DECLINED };
      }
      return resultOf(intent, { methodRef, key: input.idempotencyKey });
    },

    async refund({ chargeRef, amountMinor, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: chargeRef, amount: amountMinor },
          { idempotencyKey },
        );
        return { ref: refund.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw stripeError('STRIPE_REFUND_REFUSED', `Stripe refused the refund: ${error.message}`);
        }
        throw mapped(error);
      }
    },
  };
}
