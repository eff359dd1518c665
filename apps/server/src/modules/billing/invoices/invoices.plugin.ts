import type { AppContext } from '../../../platform/context.js';
import type { UsersService } from '../../users/users.service.js';
import type { BillingHooks, InvoiceIssuer } from '../billing.types.js';
import type { InvoiceSeller } from './invoice-pdf.js';
import { createInvoicesRepository } from './invoices.repository.js';
import { invoicesRoutes } from './invoices.routes.js';
import { createInvoicesService } from './invoices.service.js';

const defaultSeller: InvoiceSeller = { name: 'TradeDesk', address: [], vatNumber: '', cocNumber: '', email: '' };

/**
 * Invoices (issue 17): the InvoiceIssuer the subscriptions slice issues through, and the caller's list and PDF
 * routes (mount under /api). `testMode` (default true): invoices issued now are marked "Test mode"; pass
 * `provider.kind === 'test'` so invoices paid through Stripe are not.
 */
export function createInvoices(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  deps: { users: Pick<UsersService, 'getById'>; hooks: BillingHooks; testMode?: boolean },
): {
  routes: ReturnType<typeof invoicesRoutes>;
  issuer: InvoiceIssuer;
  service: ReturnType<typeof createInvoicesService>;
} {
  const service = createInvoicesService({
    repo: createInvoicesRepository(ctx.db),
    users: deps.users,
    hooks: deps.hooks,
    clock: ctx.clock,
    seller: ctx.config.invoiceSeller ?? defaultSeller,
    testMode: deps.testMode ?? true,
  });
  return { routes: invoicesRoutes({ invoices: service }), issuer: service.issuer, service };
}
