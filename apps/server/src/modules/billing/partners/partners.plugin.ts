import type { AppContext } from '../../../platform/context.js';
import { createStaffAccess, type StaffAccess } from '../../staff/staff.access.js';
import { createStaffAudit, type StaffAudit } from '../../staff/staff.audit.js';
import type { BillingHooks } from '../billing.types.js';
import { DAY_MS, toHundredths } from './commission.js';
import { createPartnerCommissions } from './partners.commissions.js';
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
  deps: {
    users: PartnerUsers;
    notifications: PartnerNotifier;
    hooks: BillingHooks;
    /** Who is staff and the audit log (modules/staff); built here from the context when not given (tests). */
    staff?: { access: StaffAccess; audit: StaffAudit };
  },
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
  const repo = createPartnersRepository(ctx.db);
  const service = createPartnersService({
    repo,
    clock: ctx.clock,
    users: deps.users,
    notifications: deps.notifications,
    terms,
    access:
      deps.staff?.access ?? createStaffAccess({ db: ctx.db, staffEmails: ctx.config.moderation?.staffEmails ?? [] }),
    audit: deps.staff?.audit ?? createStaffAudit({ db: ctx.db, clock: ctx.clock }),
    publicUrl: ctx.config.publicUrl,
  });
  const commissions = createPartnerCommissions({ repo, clock: ctx.clock, terms });
  deps.hooks.onInvoicePaid((e) => commissions.invoicePaid(e));
  deps.hooks.onInvoiceRefunded((e) => commissions.invoiceRefunded(e));
  ctx.jobs.register({ name: 'partners-commissions', intervalMs: JOB_INTERVAL_MS, run: () => commissions.tick() });
  const routes = partnersRoutes({
    partners: service,
    cookieMaxAgeSeconds: (terms.attributionDays * DAY_MS) / 1000,
    secureCookies: ctx.config.env === 'production',
    landingUrl: `${ctx.config.publicUrl}/sign-up`,
  });
  return { routes, service };
}
