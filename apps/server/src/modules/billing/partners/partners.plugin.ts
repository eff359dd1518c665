import type { AppContext } from '../../../platform/context.js';
import type { BillingHooks } from '../billing.types.js';
import { DAY_MS, toHundredths } from './commission.js';
import { createPartnersRepository } from './partners.repository.js';
import { partnersRoutes } from './partners.routes.js';
import {
  createPartnersService,
  defaultPartnerTerms,
  type PartnerNotifier,
  type PartnersService,
  type PartnerTerms,
  type PartnerUsers,
} from './partners.service.js';

/** How often the leader attributes new sign-ups and releases commissions past their hold period. */
const JOB_INTERVAL_MS = 60_000;

/**
 * The partner program (issue 17): applications and staff decisions, the referral link, attribution of sign-ups,
 * commission on referred users' paid invoices (BillingHooks), reversal on refunds, payouts. Mount the routes
 * under /api; the job (`partners-commissions`) is registered on ctx.jobs here.
 */
export function createPartners(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'jobs'>,
  deps: { users: PartnerUsers; notifications: PartnerNotifier; hooks: BillingHooks },
): { routes: ReturnType<typeof partnersRoutes>; service: PartnersService } {
  const configured = ctx.config.partners;
  const terms: PartnerTerms = configured
    ? {
        commissionPercentHundredths: toHundredths(configured.commissionPercent),
        commissionMonths: configured.commissionMonths,
        attributionDays: configured.attributionDays,
        holdDays: configured.holdDays,
      }
    : defaultPartnerTerms;
  const service = createPartnersService({
    repo: createPartnersRepository(ctx.db),
    clock: ctx.clock,
    users: deps.users,
    notifications: deps.notifications,
    terms,
    staffEmails: ctx.config.moderation?.staffEmails ?? [],
    publicUrl: ctx.config.publicUrl,
  });
  deps.hooks.onInvoicePaid((e) => service.invoicePaid(e));
  deps.hooks.onInvoiceRefunded((e) => service.invoiceRefunded(e));
  ctx.jobs.register({ name: 'partners-commissions', intervalMs: JOB_INTERVAL_MS, run: () => service.tick() });
  const routes = partnersRoutes({
    partners: service,
    cookieMaxAgeSeconds: (terms.attributionDays * DAY_MS) / 1000,
    secureCookies: ctx.config.env === 'production',
    landingUrl: `${ctx.config.publicUrl}/sign-up`,
  });
  return { routes, service };
}
