import { z } from 'zod';
import { pageQuerySchema } from './common.js';

/**
 * Invoices (issue 17): issued by the subscriptions slice through the server's InvoiceIssuer, listed and downloaded
 * (PDF) by their owner. Amounts are decimal strings in the currency's major unit ("19.00").
 */

export const INVOICE_STATUSES = ['open', 'paid', 'void', 'refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** GET /customer/invoices?page&limit: newest first, 10 a page by default (at most 100). */
export const invoiceListQuerySchema = pageQuerySchema;
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** GET /customer/invoices/{id}/download. */
export const invoiceParamsSchema = z.object({ id: z.uuid({ error: 'The invoice id must be a UUID.' }) });

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitAmount: z.string(),
  amount: z.string(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.uuid(),
  /** TD-YYYY-NNNNNN, sequential without gaps. */
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  lines: z.array(invoiceLineSchema),
  /** Sum of the lines, before the discount. */
  subtotal: z.string(),
  discount: z.string(),
  couponCode: z.string().nullable(),
  tax: z.string(),
  /** "21", "25.5"; "0" for reverse charge and outside the EU. */
  taxRatePercent: z.string(),
  /** EU reverse charge: the buyer accounts for the VAT. */
  reverseCharge: z.boolean(),
  total: z.string(),
  /** Refunded so far. */
  refunded: z.string(),
  /** Issued while payments ran in the built-in test mode: no real money moved ("Test mode"). */
  testMode: z.boolean(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicePageSchema = z.object({
  invoices: z.array(invoiceSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const invoiceErrorCodes = ['INVOICE_NOT_FOUND', 'INVOICE_INVALID', 'INVOICE_STATE_CONFLICT'] as const;
export type InvoiceErrorCode = (typeof invoiceErrorCodes)[number];
