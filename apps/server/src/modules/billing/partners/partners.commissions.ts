import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { InvoicePaidEvent, InvoiceRefundedEvent } from '../billing.types.js';
import { addMonths, commissionOf, DAY_MS, fromHundredths, toHundredths } from './commission.js';
import type { PartnersRepository } from './partners.repository.js';
import type { PartnerTerms } from './partners.service.js';

/** The attribution job looks at sign-ups of this many past days (the invoice path attributes any sign-up). */
const ATTRIBUTION_SCAN_DAYS = 7;

/**
 * Commission: earned on referred users' paid invoices (BillingHooks.onInvoicePaid), taken back on refunds
 * (onInvoiceRefunded), released after the hold period by the leader's job. Every step is idempotent.
 */
export function createPartnerCommissions(deps: { repo: PartnersRepository; clock: Clock; terms: PartnerTerms }) {
  const { repo, clock, terms } = deps;
  const windowMs = terms.attributionDays * DAY_MS;
  return {
    /** The leader's job: attributes recent sign-ups and releases commissions past their hold period. */
    async tick(): Promise<void> {
      const now = clock.now();
      await repo.attribute({ windowMs, createdSince: new Date(now.getTime() - ATTRIBUTION_SCAN_DAYS * DAY_MS) });
      await repo.release(now);
    },

    /** BillingHooks.onInvoicePaid: commission for the partner who referred the payer, once per invoice. */
    async invoicePaid(e: InvoicePaidEvent): Promise<void> {
      await repo.attribute({ windowMs, userId: e.userId });
      const found = await repo.referralOf(e.userId);
      if (found?.affiliate.status !== 'approved') return;
      const { referral, affiliate } = found;
      if (!affiliate.commissionPercent) return;
      if (e.paidAt.getTime() >= addMonths(referral.attributedAt, terms.commissionMonths).getTime()) return;
      const amount = commissionOf(e.netMinor, toHundredths(affiliate.commissionPercent));
      if (amount <= 0) return;
      await repo.insertCommission({
        id: newId(),
        affiliateId: affiliate.id,
        referralId: referral.id,
        invoiceId: e.invoiceId,
        kind: 'earning',
        currency: e.currency,
        baseAmount: fromHundredths(e.netMinor),
        amount: fromHundredths(amount),
        status: 'pending',
        createdAt: clock.now(),
        availableAt: new Date(e.paidAt.getTime() + terms.holdDays * DAY_MS),
        reversedAt: null,
        payoutId: null,
      });
    },

    /**
     * BillingHooks.onInvoiceRefunded: a refund (whole or part) takes back the whole commission of the invoice.
     * Not paid out yet: reversed. Already paid out: a clawback the next payout nets. Idempotent.
     */
    async invoiceRefunded(e: InvoiceRefundedEvent): Promise<void> {
      const earning = await repo.earningOf(e.invoiceId);
      if (!earning || earning.status === 'reversed') return;
      if (await repo.reverseUnpaid(earning.id, e.at)) return;
      const now = await repo.earningOf(e.invoiceId);
      if (now?.status !== 'paid') return;
      await repo.insertCommission({
        ...earning,
        id: newId(),
        kind: 'clawback',
        amount: fromHundredths(-toHundredths(earning.amount)),
        status: 'payable',
        createdAt: clock.now(),
        availableAt: e.at,
        reversedAt: null,
        payoutId: null,
      });
    },
  };
}
export type PartnerCommissions = ReturnType<typeof createPartnerCommissions>;
