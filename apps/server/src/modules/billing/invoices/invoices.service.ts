import { BILLING_CURRENCIES, type Invoice, type InvoicePage } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { UsersService } from '../../users/users.service.js';
import type { BillingHooks, InvoiceDraftInput, InvoiceIssuer, InvoiceTotals } from '../billing.types.js';
import { type InvoiceSeller, renderInvoicePdf } from './invoice-pdf.js';
import { invoiceError, invoiceNotFound } from './invoices.errors.js';
import type { InvoicesRepository, InvoiceWithLines } from './invoices.repository.js';
import type { InvoiceBuyer, InvoiceLineRow, InvoiceRow } from './invoices.table.js';
import { applyPercent, percentHundredths, percentText, toDecimal, toMinor } from './money.js';
import { vatFor, vatNote } from './vat.js';

/** Largest amount one line, or one invoice, may carry: 10 million in the major unit. */
const MAX_MINOR = 1_000_000_000;
const MAX_LINES = 100;

export type InvoicesDeps = {
  repo: InvoicesRepository;
  users: Pick<UsersService, 'getById'>;
  hooks: BillingHooks;
  clock: Clock;
  seller: InvoiceSeller;
  /** Invoices issued now are marked (and shown as) "Test mode": payments run in the built-in test provider. */
  testMode: boolean;
};

type Priced = InvoiceTotals & { buyer: InvoiceBuyer; note: string; lineAmounts: number[] };

/**
 * The InvoiceIssuer of the billing seams (VAT by the buyer's billing details, sequential numbers, idempotent
 * issue, payment and refund states announced through BillingHooks) and the customer's reads (list, PDF).
 */
export function createInvoicesService(deps: InvoicesDeps) {
  const { repo, users, hooks, clock } = deps;

  function check(input: InvoiceDraftInput): void {
    const bad = (field: string, message: string) => invoiceError.onField(field, 'INVOICE_INVALID', message);
    if (!(BILLING_CURRENCIES as readonly string[]).includes(input.currency)) {
      throw bad('currency', `Currency must be one of ${BILLING_CURRENCIES.join(', ')}; ${input.currency} is not.`);
    }
    if (input.lines.length === 0 || input.lines.length > MAX_LINES) {
      throw bad('lines', `An invoice must have between 1 and ${MAX_LINES} lines.`);
    }
    input.lines.forEach((l, i) => {
      if (!Number.isSafeInteger(l.quantity) || l.quantity < 1 || l.quantity > 10_000) {
        throw bad(`lines.${i}.quantity`, 'Quantity must be a whole number from 1 to 10000.');
      }
      if (!Number.isSafeInteger(l.unitAmountMinor) || Math.abs(l.unitAmountMinor) > MAX_MINOR) {
        throw bad(`lines.${i}.unitAmountMinor`, 'The unit amount must be a whole number of cents within 10 million.');
      }
      if (l.description.trim() === '' || l.description.length > 300) {
        throw bad(`lines.${i}.description`, 'The line description must be 1 to 300 characters.');
      }
    });
    if (!Number.isSafeInteger(input.discountMinor) || input.discountMinor < 0) {
      throw bad('discountMinor', 'The discount must be a whole, positive number of cents (or 0).');
    }
    if (!(input.periodEnd.getTime() >= input.periodStart.getTime())) {
      throw bad('periodEnd', 'The period must end at or after its start.');
    }
  }

  async function price(input: InvoiceDraftInput): Promise<Priced> {
    check(input);
    const user = await users.getById(input.userId);
    const lineAmounts = input.lines.map((l) => l.quantity * l.unitAmountMinor);
    const subtotalMinor = lineAmounts.reduce((a, b) => a + b, 0);
    if (subtotalMinor < 0 || subtotalMinor > MAX_MINOR) {
      throw invoiceError.onField('lines', 'INVOICE_INVALID', 'The lines must add up to between 0 and 10 million.');
    }
    if (input.discountMinor > subtotalMinor) {
      throw invoiceError.onField(
        'discountMinor',
        'INVOICE_INVALID',
        `The discount (${toDecimal(input.discountMinor)}) must not be more than the subtotal (${toDecimal(subtotalMinor)}).`,
      );
    }
    const vat = vatFor(user.billing);
    const net = subtotalMinor - input.discountMinor;
    const taxMinor = applyPercent(net, vat.rate);
    const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
    return {
      subtotalMinor,
      discountMinor: input.discountMinor,
      taxMinor,
      taxRatePercent: vat.rateText,
      reverseCharge: vat.reverseCharge,
      totalMinor: net + taxMinor,
      buyer: { name, email: user.email, ...user.billing },
      note: vat.note,
      lineAmounts,
    };
  }

  const totalsOf = (row: InvoiceRow): InvoiceTotals => ({
    subtotalMinor: toMinor(row.subtotal),
    discountMinor: toMinor(row.discount),
    taxMinor: toMinor(row.tax),
    taxRatePercent: percentText(percentHundredths(row.taxRate)),
    reverseCharge: row.reverseCharge,
    totalMinor: toMinor(row.total),
  });

  const issuer: InvoiceIssuer = {
    async quote(input) {
      const { buyer: _b, note: _n, lineAmounts: _l, ...totals } = await price(input);
      return totals;
    },

    async issue(input) {
      if (input.key.length === 0 || input.key.length > 200) {
        throw invoiceError.onField('key', 'INVOICE_INVALID', 'The idempotency key must be 1 to 200 characters.');
      }
      const existing = await repo.findByKey(input.key);
      if (existing) return { id: existing.id, number: existing.number, ...totalsOf(existing) };
      const priced = await price(input);
      const now = clock.now();
      const row = await repo.issue(input.key, now.getUTCFullYear(), (number) => {
        const id = newId();
        const invoice: InvoiceRow = {
          id,
          number,
          key: input.key,
          userId: input.userId,
          subscriptionId: input.subscriptionId,
          currency: input.currency,
          status: 'open',
          subtotal: toDecimal(priced.subtotalMinor),
          discount: toDecimal(priced.discountMinor),
          couponCode: input.couponCode,
          tax: toDecimal(priced.taxMinor),
          taxRate: priced.taxRatePercent,
          reverseCharge: priced.reverseCharge,
          total: toDecimal(priced.totalMinor),
          refunded: '0.00',
          buyer: priced.buyer,
          testMode: deps.testMode,
          periodStart: input.periodStart,
          periodEnd: input.periodEnd,
          issuedAt: now,
          paidAt: null,
          chargeRef: null,
          voidedAt: null,
          refundedAt: null,
        };
        const lines: InvoiceLineRow[] = input.lines.map((l, position) => ({
          id: newId(),
          invoiceId: id,
          position,
          description: l.description,
          quantity: l.quantity,
          unitAmount: toDecimal(l.unitAmountMinor),
          amount: toDecimal(priced.lineAmounts[position] ?? 0),
        }));
        return { invoice, lines };
      });
      return { id: row.id, number: row.number, ...totalsOf(row) };
    },

    async markPaid(invoiceId, chargeRef, paidAt) {
      // a payment that arrives after the invoice was given up (void) still pays it: the money was taken
      const row = await repo.transition(invoiceId, ['open', 'void'], {
        status: 'paid',
        chargeRef,
        paidAt,
        voidedAt: null,
      });
      if (!row) {
        const current = await repo.find(invoiceId);
        if (!current) throw invoiceError('INVOICE_NOT_FOUND', `No invoice has the id ${invoiceId}.`);
        return; // already paid (or refunded): the same payment announced again changes nothing
      }
      if (row.userId) {
        await hooks.invoicePaid({
          invoiceId: row.id,
          userId: row.userId,
          currency: row.currency,
          netMinor: toMinor(row.subtotal) - toMinor(row.discount),
          paidAt,
        });
      }
    },

    async markVoid(invoiceId) {
      const row = await repo.transition(invoiceId, ['open'], { status: 'void', voidedAt: clock.now() });
      if (row) return;
      const current = await repo.find(invoiceId);
      if (!current) throw invoiceError('INVOICE_NOT_FOUND', `No invoice has the id ${invoiceId}.`);
      if (current.status !== 'void') {
        throw invoiceError(
          'INVOICE_STATE_CONFLICT',
          `Invoice ${current.number} is ${current.status} and cannot be voided; only an open invoice can.`,
        );
      }
    },

    async markRefunded(invoiceId, amountMinor, at) {
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
        throw invoiceError.onField('amountMinor', 'INVOICE_INVALID', 'The refund must be a positive number of cents.');
      }
      const row = await repo.addRefund(invoiceId, toDecimal(amountMinor), at);
      if (!row) {
        const current = await repo.find(invoiceId);
        if (!current) throw invoiceError('INVOICE_NOT_FOUND', `No invoice has the id ${invoiceId}.`);
        const left = toMinor(current.total) - toMinor(current.refunded);
        throw invoiceError(
          'INVOICE_STATE_CONFLICT',
          current.status === 'paid'
            ? `A refund of ${toDecimal(amountMinor)} is more than the ${toDecimal(left)} left to refund on invoice ${current.number}.`
            : `Invoice ${current.number} is ${current.status}; only a paid invoice can be refunded.`,
        );
      }
      if (row.userId) {
        await hooks.invoiceRefunded({
          invoiceId: row.id,
          userId: row.userId,
          currency: row.currency,
          amountMinor,
          at,
        });
      }
    },
  };

  return {
    issuer,

    /**
     * Announces again every invoice paid or refunded since `since` (the leader's replay job). The hooks run after
     * an invoice's status has changed, so a listener that failed then (or a process that stopped between the two)
     * would never hear of it; the listeners are idempotent (a commission once per invoice and kind), so hearing
     * it again changes nothing when they did. Answers how many announcements failed (each is logged by the caller).
     */
    async announceSettled(since: Date): Promise<{ announced: number; failed: number }> {
      let announced = 0;
      let failed = 0;
      for (const row of await repo.settledSince(since)) {
        if (!row.userId || !row.paidAt) continue;
        try {
          await hooks.invoicePaid({
            invoiceId: row.id,
            userId: row.userId,
            currency: row.currency,
            netMinor: toMinor(row.subtotal) - toMinor(row.discount),
            paidAt: row.paidAt,
          });
          announced++;
          const refunded = toMinor(row.refunded);
          if (refunded > 0 && row.refundedAt) {
            await hooks.invoiceRefunded({
              invoiceId: row.id,
              userId: row.userId,
              currency: row.currency,
              amountMinor: refunded,
              at: row.refundedAt,
            });
            announced++;
          }
        } catch {
          failed++;
        }
      }
      return { announced, failed };
    },

    async list(userId: string, page: number, limit: number): Promise<InvoicePage> {
      const { rows, total } = await repo.page(userId, page, limit);
      return { invoices: rows.map(toInvoice), total, page, limit };
    },

    async pdf(userId: string, id: string): Promise<{ number: string; bytes: Buffer }> {
      const invoice = await repo.findOwned(userId, id);
      if (!invoice) throw invoiceNotFound();
      const view = toInvoice(invoice);
      const note = vatNote({ ...view, country: invoice.buyer.country });
      return { number: invoice.number, bytes: await renderInvoicePdf(view, invoice.buyer, deps.seller, note) };
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;

export function toInvoice(row: InvoiceWithLines): Invoice {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    currency: row.currency,
    lines: row.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitAmount: toDecimal(toMinor(l.unitAmount)),
      amount: toDecimal(toMinor(l.amount)),
    })),
    subtotal: toDecimal(toMinor(row.subtotal)),
    discount: toDecimal(toMinor(row.discount)),
    couponCode: row.couponCode,
    tax: toDecimal(toMinor(row.tax)),
    taxRatePercent: percentText(percentHundredths(row.taxRate)),
    reverseCharge: row.reverseCharge,
    total: toDecimal(toMinor(row.total)),
    refunded: toDecimal(toMinor(row.refunded)),
    testMode: row.testMode,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  };
}
