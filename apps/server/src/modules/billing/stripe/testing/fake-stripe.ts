import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the part of Stripe's v1 API the Stripe provider uses, as Stripe does: form-encoded
 * requests (`a[b]=c`, `a[0]=c`), bearer secret key, Idempotency-Key replay (the same key with other parameters is
 * an idempotency_error), errors as `{ error: { type, code, message, ... } }` with Stripe's statuses (402 card
 * errors carrying the PaymentIntent). Test cards behave as Stripe's: 4242 succeeds, 0002 is declined, 3155 needs
 * 3-D Secure (off-session: authentication_required; on-session with a return_url: a hosted redirect page).
 * Every change emits the event Stripe would (`events`), ready to be signed and posted to the webhook.
 */

type Obj = Record<string, unknown>;
type Card = 'visa' | 'mastercard' | 'declined' | 'authentication';

const CARDS: Record<Card, { brand: string; last4: string }> = {
  visa: { brand: 'visa', last4: '4242' },
  mastercard: { brand: 'mastercard', last4: '4444' },
  declined: { brand: 'visa', last4: '0002' },
  authentication: { brand: 'visa', last4: '3155' },
};

type Customer = {
  id: string;
  email: string;
  name: string;
  metadata: Obj;
  defaultMethod: string | null;
  created: number;
};
type Method = { id: string; customer: string | null; card: Card; expMonth: number; expYear: number; created: number };
type Intent = {
  id: string;
  amount: number;
  currency: string;
  customer: string;
  method: string;
  description: string | null;
  status: string;
  lastError: { message: string; code: string } | null;
  nextAction: Obj | null;
  chargeId: string | null;
  created: number;
};
type ChargeRow = { id: string; intent: string; amount: number; refunded: number };
type Session = {
  id: string;
  customer: string;
  status: string;
  successUrl: string;
  metadata: Obj;
  reference: string | null;
};

export type FakeStripeRequest = { method: string; path: string; params: Obj; idempotencyKey: string | undefined };
export type FakeStripeEvent = { id: string; type: string; created: number; data: { object: Obj } };

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, extra: Obj = {}) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string) =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
  });

/** `a[b][0]=x` pairs to nested objects and arrays (Stripe's encoding of request parameters). */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\]\[|\[|\]/).filter((p) => p !== '');
    let node: Obj = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Obj;
      }
    });
  }
  const arrays = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const o = v as Obj;
    const keys = Object.keys(o);
    if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => arrays(o[k]));
    return Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
  };
  return arrays(root) as Obj;
}

export async function startFakeStripe(options: { secretKey: string; now?: () => Date }) {
  const now = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;
  const customers = new Map<string, Customer>();
  const methods = new Map<string, Method>();
  const intents = new Map<string, Intent>();
  const charges = new Map<string, ChargeRow>();
  const sessions = new Map<string, Session>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Obj }>();
  const requests: FakeStripeRequest[] = [];
  const events: FakeStripeEvent[] = [];
  let baseUrl = '';
  let outage = false;

  const customerJson = (c: Customer): Obj => ({
    id: c.id,
    object: 'customer',
    created: c.created,
    email: c.email,
    name: c.name,
    metadata: c.metadata,
    invoice_settings: { default_payment_method: c.defaultMethod, custom_fields: null, footer: null },
    livemode: false,
  });
  const methodJson = (m: Method): Obj => ({
    id: m.id,
    object: 'payment_method',
    type: 'card',
    created: m.created,
    customer: m.customer,
    card: { brand: CARDS[m.card].brand, last4: CARDS[m.card].last4, exp_month: m.expMonth, exp_year: m.expYear },
    metadata: {},
    livemode: false,
  });
  const chargeJson = (c: ChargeRow): Obj => ({
    id: c.id,
    object: 'charge',
    amount: c.amount,
    amount_refunded: c.refunded,
    refunded: c.refunded === c.amount,
    paid: true,
    status: 'succeeded',
    payment_intent: c.intent,
  });
  const intentJson = (pi: Intent): Obj => ({
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    currency: pi.currency,
    customer: pi.customer,
    payment_method: pi.method,
    description: pi.description,
    status: pi.status,
    next_action: pi.nextAction,
    latest_charge: pi.chargeId,
    last_payment_error: pi.lastError ? { type: 'card_error', ...pi.lastError } : null,
    created: pi.created,
    livemode: false,
  });
  const list = (url: string, data: Obj[]): Obj => ({ object: 'list', data, has_more: false, url });

  function emit(type: string, object: Obj): void {
    events.push({ id: id('evt'), type, created: now(), data: { object } });
  }

  function customerOf(ref: unknown): Customer {
    const c = customers.get(String(ref));
    if (!c) throw missing('customer', String(ref));
    return c;
  }
  function methodOf(ref: unknown): Method {
    const m = methods.get(String(ref));
    if (!m) throw missing('payment_method', String(ref));
    return m;
  }

  function succeed(pi: Intent): void {
    const charge: ChargeRow = { id: id('ch'), intent: pi.id, amount: pi.amount, refunded: 0 };
    charges.set(charge.id, charge);
    Object.assign(pi, { status: 'succeeded', chargeId: charge.id, nextAction: null, lastError: null });
    emit('payment_intent.succeeded', intentJson(pi));
  }
  function fail(pi: Intent, message: string, code: string): void {
    Object.assign(pi, { status: 'requires_payment_method', nextAction: null, lastError: { message, code } });
    emit('payment_intent.payment_failed', intentJson(pi));
  }

  /** Confirms a PaymentIntent with its card, as Stripe would off-session or on-session. */
  function confirm(pi: Intent, offSession: boolean, returnUrl: string | undefined): Obj {
    const card = methodOf(pi.method).card;
    if (card === 'declined') {
      fail(pi, 'Your card was declined.', 'card_declined');
      throw new StripeFailure(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: intentJson(pi),
      });
    }
    if (card === 'authentication') {
      if (offSession) {
        fail(pi, 'Your card was declined. This transaction requires authentication.', 'authentication_required');
        throw new StripeFailure(402, {
          type: 'card_error',
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
          payment_intent: intentJson(pi),
        });
      }
      pi.status = 'requires_action';
      pi.lastError = null;
      pi.nextAction = returnUrl
        ? { type: 'redirect_to_url', redirect_to_url: { url: `${baseUrl}/3ds/${pi.id}`, return_url: returnUrl } }
        : { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      return intentJson(pi);
    }
    succeed(pi);
    return intentJson(pi);
  }

  function route(method: string, path: string, params: Obj, query: URLSearchParams): Obj {
    const id1 = (re: RegExp) => path.match(re)?.[1];
    const customerId = id1(/^\/v1\/customers\/([^/]+)$/);
    const methodId = id1(/^\/v1\/payment_methods\/([^/]+)$/);
    const detachId = id1(/^\/v1\/payment_methods\/([^/]+)\/detach$/);
    const confirmId = id1(/^\/v1\/payment_intents\/([^/]+)\/confirm$/);
    if (method === 'GET' && path === '/v1/customers') {
      const email = query.get('email');
      return list(path, [...customers.values()].filter((c) => email === null || c.email === email).map(customerJson));
    }
    if (method === 'POST' && path === '/v1/customers') {
      const c: Customer = {
        id: id('cus'),
        email: String(params.email ?? ''),
        name: String(params.name ?? ''),
        metadata: (params.metadata as Obj) ?? {},
        defaultMethod: null,
        created: now(),
      };
      customers.set(c.id, c);
      return customerJson(c);
    }
    if (customerId) {
      const c = customerOf(customerId);
      if (method === 'POST') {
        const settings = params.invoice_settings as Obj | undefined;
        const chosen = settings?.default_payment_method;
        if (typeof chosen === 'string') {
          if (methods.get(chosen)?.customer !== c.id) {
            throw invalid(`The customer does not have a payment method with the ID ${chosen}.`, {
              param: 'invoice_settings[default_payment_method]',
            });
          }
          c.defaultMethod = chosen;
        }
      }
      return customerJson(c);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (params.mode !== 'setup') throw invalid('This fake speaks setup mode only.', { param: 'mode' });
      if (typeof params.success_url !== 'string') throw invalid('Missing required param: success_url.');
      const s: Session = {
        id: `cs_test_${randomBytes(12).toString('hex')}`,
        customer: customerOf(params.customer).id,
        status: 'open',
        successUrl: params.success_url,
        metadata: (params.metadata as Obj) ?? {},
        reference: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      };
      sessions.set(s.id, s);
      return {
        id: s.id,
        object: 'checkout.session',
        mode: 'setup',
        customer: s.customer,
        status: s.status,
        success_url: s.successUrl,
        client_reference_id: s.reference,
        metadata: s.metadata,
        url: `${baseUrl}/c/pay/${s.id}`,
      };
    }
    if (method === 'GET' && path === '/v1/payment_methods') {
      const customer = customerOf(query.get('customer')).id;
      const own = [...methods.values()].filter((x) => x.customer === customer && query.get('type') === 'card');
      return list(path, own.reverse().map(methodJson));
    }
    if (method === 'GET' && methodId) return methodJson(methodOf(methodId));
    if (method === 'POST' && detachId) {
      const pm = methodOf(detachId);
      if (!pm.customer) throw invalid(`The payment method ${pm.id} is not attached to a customer.`);
      const owner = customers.get(pm.customer);
      if (owner?.defaultMethod === pm.id) owner.defaultMethod = null;
      pm.customer = null;
      return methodJson(pm);
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid integer: amount.', { param: 'amount' });
      const customer = customerOf(params.customer).id;
      const pm = methodOf(params.payment_method);
      if (pm.customer !== customer) {
        throw invalid(`The PaymentMethod ${pm.id} does not belong to the Customer ${customer}.`);
      }
      const pi: Intent = {
        id: id('pi'),
        amount,
        currency: String(params.currency),
        customer,
        method: pm.id,
        description: typeof params.description === 'string' ? params.description : null,
        status: 'requires_confirmation',
        lastError: null,
        nextAction: null,
        chargeId: null,
        created: now(),
      };
      intents.set(pi.id, pi);
      if (params.confirm !== 'true') return intentJson(pi);
      return confirm(pi, params.off_session === 'true', params.return_url as string | undefined);
    }
    if (method === 'POST' && confirmId) {
      const pi = intents.get(confirmId);
      if (!pi) throw missing('payment_intent', confirmId);
      if (pi.status === 'succeeded') throw invalid('This PaymentIntent has already succeeded.');
      if (typeof params.payment_method === 'string') pi.method = methodOf(params.payment_method).id;
      return confirm(pi, params.off_session === 'true', params.return_url as string | undefined);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(String(params.payment_intent));
      if (!pi) throw missing('payment_intent', String(params.payment_intent));
      const charge = pi.chargeId ? charges.get(pi.chargeId) : undefined;
      if (!charge) throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`);
      const amount = params.amount === undefined ? charge.amount - charge.refunded : Number(params.amount);
      if (amount > charge.amount - charge.refunded) {
        throw invalid(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${charge.amount - charge.refunded}).`,
          { code: 'amount_too_large' },
        );
      }
      charge.refunded += amount;
      emit('charge.refunded', chargeJson(charge));
      return { id: id('re'), object: 'refund', amount, payment_intent: pi.id, charge: charge.id, status: 'succeeded' };
    }
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : body);
    const header = req.headers['idempotency-key'];
    const key = typeof header === 'string' ? header : undefined;
    requests.push({ method, path: url.pathname, params, idempotencyKey: key });
    const send = (status: number, json: Obj) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(json));
    };
    if (outage) return send(500, { error: { type: 'api_error', message: 'An error occurred with our API.' } });
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const fingerprint = `${method} ${url.pathname} ${body}`;
    const seen = method === 'POST' && key ? idempotent.get(key) : undefined;
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return send(400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
      }
      return send(seen.status, seen.body);
    }
    let status = 200;
    let answer: Obj;
    try {
      answer = route(method, url.pathname, params, url.searchParams);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      answer = { error: error.body };
    }
    if (method === 'POST' && key) idempotent.set(key, { fingerprint, status, body: answer });
    send(status, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    events,
    /** A card saved on the customer as a completed Checkout setup session would (the newest is listed first). */
    addCard(customerRef: string, card: Card = 'visa', exp = { month: 12, year: 2030 }): string {
      const pm: Method = {
        id: id('pm'),
        customer: customerOf(customerRef).id,
        card,
        expMonth: exp.month,
        expYear: exp.year,
        created: now(),
      };
      methods.set(pm.id, pm);
      emit('payment_method.attached', methodJson(pm));
      return pm.id;
    },
    /** The person completes the hosted Checkout page of a setup session with a card. */
    completeSession(sessionId: string, card: Card = 'visa'): string {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      s.status = 'complete';
      return this.addCard(s.customer, card);
    },
    /** The holder approves or fails 3-D Secure on the hosted page of `next_action.redirect_to_url`. */
    authenticate(intentId: string, approve: boolean): void {
      const pi = intents.get(intentId);
      if (pi?.status !== 'requires_action') throw new Error(`${intentId} does not wait for authentication`);
      if (approve) succeed(pi);
      else {
        fail(
          pi,
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          'payment_intent_authentication_failure',
        );
      }
    },
    customer: (ref: string) => customerJson(customerOf(ref)),
    intent(ref: string): Obj {
      const pi = intents.get(ref);
      if (!pi) throw new Error(`no payment intent ${ref}`);
      return intentJson(pi);
    },
    /** While on, every call answers 500 (Stripe's API down). */
    setOutage(on: boolean) {
      outage = on;
    },
    /** The last event of a type, as Stripe would post it (JSON text). */
    eventPayload(type: string): string {
      const event = events.findLast((e) => e.type === type);
      if (!event) throw new Error(`no ${type} event`);
      return JSON.stringify({ ...event, object: 'event', api_version: '2026-10-28.endive', livemode: false });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
