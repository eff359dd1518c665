import type { EntitlementGrants } from '@tradedesk/contracts';

/**
 * The seams between the billing slices (issue 17). Each slice implements one and is handed the others in
 * `billing.plugin.ts`; no slice reaches into another's tables. Amounts are integers in minor units (cents).
 */

/** What a user holds now: the plan (FREE_PLAN_ID without a paying subscription) and add-on quantities. */
export type Holding = { planId: string; addons: Record<string, number> };

/** A plan or an add-on as the server reads it: prices in minor units per currency. */
export type CatalogPrice = { currency: string; monthlyMinor: number; yearlyMinor: number };
export type CatalogPlan = {
  id: string;
  name: string;
  prices: CatalogPrice[];
  trialDays: number;
  entitlements: EntitlementGrants;
  active: boolean;
};
export type CatalogAddon = {
  id: string;
  name: string;
  prices: CatalogPrice[];
  maxQuantity: number;
  entitlements: EntitlementGrants;
  active: boolean;
};

/** Implemented by the plans slice (plans and add-ons are rows an operator edits, not code). */
export interface PlanCatalogue {
  plans(): Promise<CatalogPlan[]>;
  plan(id: string): Promise<CatalogPlan | null>;
  addons(): Promise<CatalogAddon[]>;
  addon(id: string): Promise<CatalogAddon | null>;
}

/** Implemented by the subscriptions slice; the entitlement service reads it on every check. */
export interface SubscriptionLookup {
  current(userId: string): Promise<Holding>;
}

/** Implemented by the entitlements slice; every feature module asks it, never decides itself. */
export interface Entitlements {
  /** The effective grants of the user's plan plus add-ons (limits summed, switches or-ed). */
  of(userId: string): Promise<EntitlementGrants>;
}

// ---- payments (the payments slice implements PaymentProvider twice: the built-in test mode and Stripe) ----

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';
export type StoredMethod = {
  ref: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
};

export type ChargeResult =
  | { status: 'succeeded'; ref: string }
  | { status: 'declined'; ref: string | null; reason: string }
  /** The card needs the holder's confirmation (3-D Secure): send the browser to `actionUrl`. */
  | { status: 'requires_action'; ref: string; actionUrl: string };

export interface PaymentProvider {
  /** 'test': the built-in provider, labelled "Test mode" wherever a person sees it; 'stripe': Stripe. */
  readonly kind: 'test' | 'stripe';
  readonly label: string;
  /** The provider's customer for this user, created on first use (idempotent). */
  ensureCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  /** GET /customer/payment/session: where the browser goes to add a payment method, then returns to `returnUrl`. */
  createSession(input: {
    customerRef: string;
    userId: string;
    returnUrl: string;
  }): Promise<{ id: string; url: string }>;
  listMethods(customerRef: string): Promise<StoredMethod[]>;
  removeMethod(customerRef: string, methodRef: string): Promise<void>;
  setDefaultMethod(customerRef: string, methodRef: string): Promise<void>;
  /** Charges the customer's default method (or `methodRef`). The same idempotency key never charges twice. */
  charge(input: {
    customerRef: string;
    methodRef?: string;
    amountMinor: number;
    currency: string;
    description: string;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  refund(input: { chargeRef: string; amountMinor: number; idempotencyKey: string }): Promise<{ ref: string }>;
}

/**
 * Payment outcomes that arrive later (a webhook, the test-mode authentication page): the subscriptions slice
 * implements this sink; each call is idempotent (the same event twice changes nothing).
 */
export interface PaymentEvents {
  chargeSucceeded(chargeRef: string): Promise<void>;
  chargeFailed(chargeRef: string, reason: string): Promise<void>;
  chargeRefunded(chargeRef: string, amountMinor: number): Promise<void>;
}

// ---- invoices (the invoices slice implements InvoiceIssuer; subscriptions call it) ----

export type InvoiceLineInput = { description: string; quantity: number; unitAmountMinor: number };
export type InvoiceDraftInput = {
  userId: string;
  subscriptionId: string;
  currency: string;
  lines: InvoiceLineInput[];
  /** Discount of a coupon, already computed, in minor units (positive). */
  discountMinor: number;
  couponCode: string | null;
  periodStart: Date;
  periodEnd: Date;
};
/** Totals with tax from the user's billing details (VAT by country, EU reverse charge with a VAT number). */
export type InvoiceTotals = {
  subtotalMinor: number;
  discountMinor: number;
  taxMinor: number;
  taxRatePercent: string;
  reverseCharge: boolean;
  totalMinor: number;
};

export interface InvoiceIssuer {
  /** What the user would pay, tax included, without issuing anything (proration and checkout previews). */
  quote(input: InvoiceDraftInput): Promise<InvoiceTotals>;
  /** Issues an open invoice with the next sequential number; the same `key` returns the same invoice. */
  issue(input: InvoiceDraftInput & { key: string }): Promise<{ id: string; number: string } & InvoiceTotals>;
  markPaid(invoiceId: string, chargeRef: string, paidAt: Date): Promise<void>;
  markVoid(invoiceId: string): Promise<void>;
  markRefunded(invoiceId: string, amountMinor: number, at: Date): Promise<void>;
}

// ---- hooks: invoices announce payments and refunds; the partner program earns commission on them ----

export type InvoicePaidEvent = {
  invoiceId: string;
  userId: string;
  currency: string;
  /** Amount before tax, after discount: what commission is computed on. */
  netMinor: number;
  paidAt: Date;
};
export type InvoiceRefundedEvent = {
  invoiceId: string;
  userId: string;
  currency: string;
  amountMinor: number;
  at: Date;
};

export interface BillingHooks {
  onInvoicePaid(listener: (e: InvoicePaidEvent) => Promise<void>): void;
  onInvoiceRefunded(listener: (e: InvoiceRefundedEvent) => Promise<void>): void;
  invoicePaid(e: InvoicePaidEvent): Promise<void>;
  invoiceRefunded(e: InvoiceRefundedEvent): Promise<void>;
}

/** In-process hooks, called inside the request or job that changed the invoice (no state is kept here). */
export function createBillingHooks(): BillingHooks {
  const paid: Array<(e: InvoicePaidEvent) => Promise<void>> = [];
  const refunded: Array<(e: InvoiceRefundedEvent) => Promise<void>> = [];
  return {
    onInvoicePaid: (l) => void paid.push(l),
    onInvoiceRefunded: (l) => void refunded.push(l),
    async invoicePaid(e) {
      for (const l of paid) await l(e);
    },
    async invoiceRefunded(e) {
      for (const l of refunded) await l(e);
    },
  };
}
