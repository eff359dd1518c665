import { randomInt } from 'node:crypto';
import {
  AFFILIATE_QUESTIONS,
  type AffiliateAnswers,
  type AffiliateApplication,
  type AffiliateDetails,
  type AffiliateQuestions,
  type AffiliateStatus,
  type StaffAffiliate,
} from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { isUniqueViolation } from '../../../platform/db-errors.js';
import { newId } from '../../../platform/ids.js';
import type { StaffAccess } from '../../staff/staff.access.js';
import type { StaffAudit } from '../../staff/staff.audit.js';
import type { UserRow } from '../../users/users.service.js';
import { fromHundredths, toHundredths } from './commission.js';
import { applicationNotFound, notAffiliate, partnerError, staffOnly } from './partners.errors.js';
import type { PartnersRepository } from './partners.repository.js';
import type { AffiliateRow } from './partners.table.js';

/** The program's terms (config PARTNER_*). */
export type PartnerTerms = {
  /** Commission rate of newly approved partners, in hundredths of a percent (20 % = 2000). */
  commissionPercentHundredths: number;
  /** Commission is earned on invoices paid within this many months of the referral. */
  commissionMonths: number;
  /** A sign-up is attributed when a click of the partner's link came at most this many days before it. */
  attributionDays: number;
  /** Commission stays pending this many days (refunds reverse it), then becomes payable. */
  holdDays: number;
};

export const defaultPartnerTerms: PartnerTerms = {
  commissionPercentHundredths: 2000,
  commissionMonths: 12,
  attributionDays: 30,
  holdDays: 30,
};

/** What the program needs of users (the users service) and the bell (the notifications service). */
export type PartnerUsers = { findById(id: string): Promise<UserRow | undefined> };
export type PartnerNotifier = {
  notify(
    userId: string,
    input: { kind: 'system'; title: string; body: string; link?: string; email?: boolean },
  ): Promise<unknown>;
};

const PROGRAM_LINK = '/settings/partner_program';
// no 0/O, 1/I/L: a code read aloud or typed from a screenshot comes out right
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const STAFF_LIST_LIMIT = 200;
const PAYOUT_HISTORY_LIMIT = 100;

export function createPartnersService(deps: {
  repo: PartnersRepository;
  clock: Clock;
  users: PartnerUsers;
  notifications: PartnerNotifier;
  terms: PartnerTerms;
  /** Who is staff (modules/staff): the one answer every module asks. */
  access: Pick<StaffAccess, 'isStaff'>;
  /** The staff audit log: every decision and payout is written to it. */
  audit: Pick<StaffAudit, 'record'>;
  /** The public origin (PUBLIC_URL) the referral link starts with. */
  publicUrl: string;
}) {
  const { repo, clock, users, notifications, terms, audit } = deps;

  async function assertStaff(userId: string): Promise<void> {
    if (!(await deps.access.isStaff(userId))) throw staffOnly();
  }

  const emailOf = async (userId: string) => (await users.findById(userId))?.email ?? `the account ${userId}`;

  function newCode(): string {
    let code = '';
    for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    return code;
  }

  const application = (row: AffiliateRow): AffiliateApplication => ({
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  });

  async function approved(userId: string): Promise<AffiliateRow> {
    const row = await repo.latestOf(userId);
    if (row?.status !== 'approved' || !row.code || !row.commissionPercent) throw notAffiliate();
    return row;
  }

  async function earningsBy(affiliateIds: string[]) {
    const out = new Map<string, Map<string, { pending: number; payable: number; paid: number }>>();
    for (const s of await repo.sums(affiliateIds)) {
      const byCurrency = out.get(s.affiliateId) ?? new Map();
      out.set(s.affiliateId, byCurrency);
      const e = byCurrency.get(s.currency) ?? { pending: 0, payable: 0, paid: 0 };
      byCurrency.set(s.currency, e);
      if (s.status !== 'reversed') e[s.status] += toHundredths(s.total);
    }
    return out;
  }

  return {
    questions(): AffiliateQuestions {
      return { questions: AFFILIATE_QUESTIONS.map((q) => ({ ...q })) };
    },

    async application(userId: string): Promise<AffiliateApplication | null> {
      const row = await repo.latestOf(userId);
      return row ? application(row) : null;
    },

    /** One open request per user; a rejected applicant may apply again. */
    async request(userId: string, answers: AffiliateAnswers): Promise<AffiliateApplication> {
      const latest = await repo.latestOf(userId);
      if (latest?.status === 'pending') {
        throw partnerError('PARTNER_REQUEST_OPEN', 'Your request to join the partner program is already under review.');
      }
      if (latest?.status === 'approved') {
        throw partnerError('PARTNER_ALREADY_AFFILIATE', 'You are already a partner.');
      }
      const row: AffiliateRow = {
        id: newId(),
        userId,
        status: 'pending',
        answers: Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined && v !== '')),
        code: null,
        commissionPercent: null,
        createdAt: clock.now(),
        decidedAt: null,
        decidedBy: null,
      };
      try {
        await repo.insertApplication(row);
      } catch (error) {
        // two requests at once: the partial unique index lets one through
        if (isUniqueViolation(error) === 'affiliates_one_open_per_user') {
          throw partnerError(
            'PARTNER_REQUEST_OPEN',
            'Your request to join the partner program is already under review.',
          );
        }
        throw error;
      }
      return application(row);
    },

    async details(userId: string): Promise<AffiliateDetails> {
      const row = await approved(userId);
      const now = clock.now();
      await repo.release(now, row.id);
      const [counts, earnings, payouts] = await Promise.all([
        repo.counts(row.id),
        earningsBy([row.id]),
        repo.payouts(row.id, PAYOUT_HISTORY_LIMIT),
      ]);
      const code = row.code as string;
      return {
        status: 'approved',
        code,
        // the web app's short link: /r/{code} goes on to GET /api/affiliates/click/{code}
        link: `${deps.publicUrl}/r/${code}`,
        commission_percent: fromHundredths(toHundredths(row.commissionPercent as string)),
        commission_months: terms.commissionMonths,
        attribution_days: terms.attributionDays,
        hold_days: terms.holdDays,
        clicks: counts.clicks,
        sign_ups: counts.signUps,
        paying_customers: counts.paying,
        earnings: [...(earnings.get(row.id) ?? new Map()).entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, e]) => ({
            currency,
            pending: fromHundredths(e.pending),
            payable: fromHundredths(e.payable),
            paid: fromHundredths(e.paid),
          })),
        payouts: payouts.map((p) => ({
          id: p.id,
          currency: p.currency,
          amount: fromHundredths(toHundredths(p.amount)),
          reference: p.reference,
          paid_at: p.paidAt.toISOString(),
        })),
        approved_at: (row.decidedAt ?? row.createdAt).toISOString(),
      };
    },

    /** A visit of the referral link: counted when the code is an approved partner's; answers the code, or null. */
    async click(rawCode: string): Promise<string | null> {
      const code = rawCode.toUpperCase();
      const row = /^[A-Z0-9]{1,32}$/.test(code) ? await repo.byCode(code) : undefined;
      if (!row) return null;
      await repo.insertClick(row.id, clock.now());
      return code;
    },

    // ---- staff ----

    async staffList(staffId: string, status: AffiliateStatus | undefined): Promise<StaffAffiliate[]> {
      await assertStaff(staffId);
      await repo.release(clock.now());
      const rows = await repo.list(status, STAFF_LIST_LIMIT);
      const earnings = await earningsBy(rows.map((r) => r.affiliate.id));
      return rows.map(({ affiliate: a, email, username }) => ({
        id: a.id,
        userId: a.userId,
        email,
        username,
        status: a.status,
        answers: a.answers,
        code: a.code,
        commissionPercent: a.commissionPercent ? fromHundredths(toHundredths(a.commissionPercent)) : null,
        createdAt: a.createdAt.toISOString(),
        decidedAt: a.decidedAt?.toISOString() ?? null,
        payable: [...(earnings.get(a.id) ?? new Map()).entries()]
          .filter(([, e]) => e.payable !== 0)
          .map(([currency, e]) => ({ currency, amount: fromHundredths(e.payable) })),
      }));
    },

    async decide(staffId: string, id: string, decision: 'approved' | 'rejected'): Promise<AffiliateApplication> {
      await assertStaff(staffId);
      const found = await repo.find(id);
      if (!found) throw applicationNotFound();
      if (found.status !== 'pending') {
        throw partnerError('PARTNER_NOT_PENDING', `This application was already ${found.status}.`);
      }
      let decided: AffiliateRow | undefined;
      for (let attempt = 0; ; attempt++) {
        try {
          decided = await repo.decide(id, {
            status: decision,
            code: decision === 'approved' ? newCode() : null,
            commissionPercent: decision === 'approved' ? fromHundredths(terms.commissionPercentHundredths) : null,
            decidedAt: clock.now(),
            decidedBy: staffId,
          });
          break;
        } catch (error) {
          // a code already taken (1 in 10^11 per partner): draw another
          if (isUniqueViolation(error) !== 'affiliates_code_key' || attempt >= 5) throw error;
        }
      }
      if (!decided) throw partnerError('PARTNER_NOT_PENDING', 'This application was decided meanwhile.');
      await audit.record({
        actorId: staffId,
        action: decision === 'approved' ? 'affiliate.approve' : 'affiliate.reject',
        targetKind: 'affiliate',
        targetId: id,
        summary: `${decision === 'approved' ? 'Approved' : 'Rejected'} the partner application of ${await emailOf(decided.userId)}.`,
      });
      await notifications.notify(decided.userId, {
        kind: 'system',
        title: decision === 'approved' ? 'Welcome to the partner program' : 'Partner program application',
        body:
          decision === 'approved'
            ? `Your application was approved. Share your referral link to earn ${fromHundredths(terms.commissionPercentHundredths)} % commission.`
            : 'Your application to the partner program was not approved.',
        link: PROGRAM_LINK,
      });
      return application(decided);
    },

    /** Pays out everything payable in `currency` (clawbacks netted): one payout row, the commissions marked paid. */
    async payout(staffId: string, id: string, input: { currency: string; reference: string }) {
      await assertStaff(staffId);
      const found = await repo.find(id);
      if (found?.status !== 'approved') throw applicationNotFound();
      const now = clock.now();
      await repo.release(now, id);
      const payout = await repo.transaction(async (q) => {
        const rows = await q.payableForUpdate(id, input.currency);
        const total = rows.reduce((sum, r) => sum + toHundredths(r.amount), 0);
        if (total <= 0) return null;
        const row = {
          id: newId(),
          affiliateId: id,
          currency: input.currency,
          amount: fromHundredths(total),
          reference: input.reference,
          paidAt: now,
          paidBy: staffId,
        };
        await q.insertPayout(
          row,
          rows.map((r) => r.id),
        );
        return row;
      });
      if (!payout) {
        throw partnerError.onField(
          'currency',
          'PARTNER_NOTHING_PAYABLE',
          `Nothing is payable in ${input.currency} to this partner.`,
        );
      }
      await audit.record({
        actorId: staffId,
        action: 'affiliate.payout',
        targetKind: 'affiliate',
        targetId: id,
        summary: `Paid out ${payout.amount} ${payout.currency} to the partner ${await emailOf(found.userId)} (reference ${payout.reference}).`,
      });
      await notifications.notify(found.userId, {
        kind: 'system',
        title: 'Partner payout sent',
        body: `We paid out ${payout.amount} ${payout.currency} of commission (reference ${payout.reference}).`,
        link: PROGRAM_LINK,
      });
      return {
        id: payout.id,
        currency: payout.currency,
        amount: payout.amount,
        reference: payout.reference,
        paidAt: now.toISOString(),
      };
    },
  };
}
export type PartnersService = ReturnType<typeof createPartnersService>;
