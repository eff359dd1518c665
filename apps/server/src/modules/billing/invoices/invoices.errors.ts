import type { ErrorCategory, InvoiceErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  INVOICE_NOT_FOUND: 'not_found',
  INVOICE_INVALID: 'validation',
  INVOICE_STATE_CONFLICT: 'conflict',
} as const satisfies Record<InvoiceErrorCode, ErrorCategory>;

export const invoiceError = defineErrors(codes);
export const invoiceNotFound = () => invoiceError('INVOICE_NOT_FOUND', 'No invoice of yours has this id.');
