import type { AppContext } from '../../../platform/context.js';
import type { UsersService } from '../../users/users.service.js';
import type { BillingHooks, InvoiceIssuer } from '../billing.types.js';
import type { InvoiceSeller } from './invoice-pdf.js';
import { createInvoicesRepository } from './invoices.repository.js';
import { invoicesRoutes } from './invoices.routes.js';
import { createInvoicesService } from './invoices.service.js';

/** The replay job: every 10 minutes, the invoices paid or refunded in the last two days are announced again. */
const REPLAY_EVERY_MS = 10 * 60_000;
const REPLAY_WINDOW_MS = 2 * 86_400_000;

const defaultSeller: InvoiceSeller = { name: 'TradeDesk', address: [], vatNumber: '', cocNumber: '', email: '' };

/**
 * Invoices (issue 17): the InvoiceIssuer the subscriptions slice issues through, and the caller's list and PDF
 * routes (mount under /api), and the leader's job that announces settled invoices again (`invoice-hooks-replay`). `testMode` (default true): invoices issued now are marked "Test mode"; pass
 * `provider.kind === 'test'` so invoices paid through Stripe are not.
 */
export function createInvoices(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'> & Partial<Pick<AppContext, 'jobs'>>,
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
  // the hooks run after an invoice's change: a listener that failed then hears of it again here (leader only)
  ctx.jobs?.register({
    name: 'invoice-hooks-replay',
    intervalMs: REPLAY_EVERY_MS,
    run: async () => {
      const { failed } = await service.announceSettled(new Date(ctx.clock.now().getTime() - REPLAY_WINDOW_MS));
      if (failed > 0) throw new Error(`${failed} invoice announcements failed; they are tried again on the next run.`);
    },
  });
  return { routes: invoicesRoutes({ invoices: service }), issuer: service.issuer, service };
}
