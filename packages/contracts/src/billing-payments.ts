import { z } from 'zod';
import { line, opaque } from './text.js';

/**
 * Payments (issue 17, payments slice): the caller's stored payment methods and the session that adds one, over
 * whichever provider the server runs (Stripe, or the built-in test mode). The test-mode provider's in-app pages
 * (a session where a test card is entered, a charge's authentication) have routes of their own under
 * /billing/test-mode; they exist only while the server runs in test mode.
 */

/** The label a person sees wherever the built-in provider is involved. */
export const TEST_MODE_LABEL = 'Test mode';

export type TestCardOutcome = 'succeeds' | 'declined' | 'requires_authentication';
/** The test cards the built-in provider knows; any other number is refused. */
export const TEST_MODE_CARDS: ReadonlyArray<{ number: string; outcome: TestCardOutcome; description: string }> = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds', description: 'Payments succeed.' },
  { number: '4000 0000 0000 0002', outcome: 'declined', description: 'Payments are declined.' },
  {
    number: '4000 0025 0000 3155',
    outcome: 'requires_authentication',
    description: 'Payments ask you to authenticate first (approve or fail on a test page).',
  },
];
export const TEST_MODE_DECLINE_MESSAGE = 'Your card was declined.';
export const TEST_MODE_AUTH_FAILED_MESSAGE = 'The card holder did not pass authentication.';

export const PAYMENT_PROVIDER_KINDS = ['test', 'stripe'] as const;
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;

// ---- GET /customer/payment/session ----

/**
 * Where the browser returns after adding a payment method: a path of this app ("/settings/plan_billing") or an
 * absolute URL on the app's own origin (checked by the server, which knows it).
 */
export const paymentSessionQuerySchema = z.object({
  return_url: line('Return URL', 2000, { min: 1 }),
});
export type PaymentSessionQuery = z.infer<typeof paymentSessionQuerySchema>;

export const paymentSessionSchema = z.object({
  id: z.string(),
  /** Where to send the browser: the in-app test-mode page, or the provider's hosted page. */
  url: z.string(),
});
export type PaymentSession = z.infer<typeof paymentSessionSchema>;

// ---- GET /customer/payment/methods, DELETE /customer/payment/methods/{id}, PUT .../{id}/default ----

export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodListSchema = z.object({
  /** Which provider holds the methods; `label` is "Test mode" for the built-in one. */
  provider: z.object({ kind: z.enum(PAYMENT_PROVIDER_KINDS), label: z.string() }),
  methods: z.array(paymentMethodSchema),
});
export type PaymentMethodList = z.infer<typeof paymentMethodListSchema>;

export const paymentMethodParamsSchema = z.object({ id: opaque('Payment method id', 255, { min: 1 }) });

// ---- test mode: GET /billing/test-mode/sessions/{id}, POST /billing/test-mode/sessions/{id}/card ----

export const testModeSessionParamsSchema = z.object({ id: z.uuid({ error: 'Session id must be a UUID.' }) });

export const testModeSessionSchema = z.object({
  id: z.string(),
  label: z.literal(TEST_MODE_LABEL),
  /** open: waiting for a card; completed: a card was added; expired: too late, start again. */
  status: z.enum(['open', 'completed', 'expired']),
  returnUrl: z.string(),
  expiresAt: z.string(),
});
export type TestModeSession = z.infer<typeof testModeSessionSchema>;

export const testModeCardBodySchema = z.object({
  /** Digits, spaces allowed between groups. */
  number: line('Card number', 23, { min: 1 }).regex(/^[\d ]+$/, 'Card number must contain only digits and spaces.'),
  exp_month: z
    .number({ error: 'Expiry month must be a number.' })
    .int('Expiry month must be a whole number.')
    .min(1, 'Expiry month must be from 1 to 12.')
    .max(12, 'Expiry month must be from 1 to 12.'),
  exp_year: z
    .number({ error: 'Expiry year must be a number.' })
    .int('Expiry year must be a whole number.')
    .min(2000, 'Expiry year must be a four-digit year.')
    .max(2100, 'Expiry year must be a four-digit year.'),
  cvc: line('CVC', 4, { min: 1 }).regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits.'),
});
export type TestModeCardBody = z.input<typeof testModeCardBodySchema>;

export const testModeCardResultSchema = z.object({
  method: paymentMethodSchema,
  returnUrl: z.string(),
});
export type TestModeCardResult = z.infer<typeof testModeCardResultSchema>;

// ---- test mode: GET /billing/test-mode/authenticate/{ref}, POST /billing/test-mode/authenticate/{ref} ----

export const testModeChargeParamsSchema = z.object({ ref: opaque('Charge reference', 64, { min: 1 }) });

export const TEST_MODE_CHARGE_STATUSES = ['succeeded', 'declined', 'requires_action', 'failed'] as const;
export const testModeChargeSchema = z.object({
  ref: z.string(),
  label: z.literal(TEST_MODE_LABEL),
  /** Decimal string in the currency's major unit: "19.00". */
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  status: z.enum(TEST_MODE_CHARGE_STATUSES),
  card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string() }),
});
export type TestModeCharge = z.infer<typeof testModeChargeSchema>;

export const testModeAuthenticateBodySchema = z.object({
  outcome: z.enum(['approve', 'fail'], { error: 'Outcome must be approve or fail.' }),
});
export type TestModeAuthenticateBody = z.infer<typeof testModeAuthenticateBodySchema>;

export const paymentErrorCodes = [
  'PAYMENT_METHOD_NOT_FOUND',
  'PAYMENT_RETURN_URL_INVALID',
  'PAYMENT_SESSION_NOT_FOUND',
  'PAYMENT_SESSION_CLOSED',
  'PAYMENT_CARD_INVALID',
  'PAYMENT_CHARGE_NOT_FOUND',
  'PAYMENT_CHARGE_NOT_AWAITING_AUTHENTICATION',
  'PAYMENT_IDEMPOTENCY_KEY_REUSED',
  'PAYMENT_REFUND_INVALID',
] as const;
export type PaymentErrorCode = (typeof paymentErrorCodes)[number];
