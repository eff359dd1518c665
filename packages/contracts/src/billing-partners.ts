import { z } from 'zod';
import { BILLING_CURRENCIES } from './billing.js';
import { line, multiline, opaque } from './text.js';

/**
 * The partner program (issue 17, spec "Partner program"): a user applies with answers to a few questions, staff
 * approve or reject, an approved partner shares a referral link, and earns commission on what referred users pay.
 * `GET /affiliates/details` answers with snake_case keys (the spec's "keys converted to snake case") and 404
 * "You are not an affiliate" to anyone not approved, which the web ignores silently. Money on the wire is a
 * decimal string in the currency's major unit ("19.00").
 */

export const AFFILIATE_NOT_FOUND_MESSAGE = 'You are not an affiliate';

/** The questions of the application, in order: `GET /affiliates/questions` answers them, the form renders them. */
export const AFFILIATE_QUESTIONS = [
  {
    id: 'promotion',
    label: 'How will you promote TradeDesk?',
    kind: 'multiline',
    required: true,
    maxLength: 1000,
  },
  { id: 'audience', label: 'Who is your audience, and how large is it?', kind: 'line', required: true, maxLength: 200 },
  { id: 'website', label: 'Website or channel (optional)', kind: 'line', required: false, maxLength: 200 },
] as const;
export type AffiliateQuestionId = (typeof AFFILIATE_QUESTIONS)[number]['id'];

export const affiliateQuestionSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['line', 'multiline']),
  required: z.boolean(),
  maxLength: z.number().int(),
});
export const affiliateQuestionsSchema = z.object({ questions: z.array(affiliateQuestionSchema) });
export type AffiliateQuestions = z.infer<typeof affiliateQuestionsSchema>;

/** POST /affiliates/request: the answers, by question id. */
export const affiliateRequestBodySchema = z.strictObject({
  answers: z.strictObject({
    promotion: multiline('How you will promote TradeDesk', 1000, { min: 1 }),
    audience: line('Your audience', 200, { min: 1 }),
    website: line('Website or channel', 200).optional(),
  }),
});
export type AffiliateRequestBody = z.infer<typeof affiliateRequestBodySchema>;
export type AffiliateAnswers = AffiliateRequestBody['answers'];

export const AFFILIATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

/** The caller's latest application (`POST /affiliates/request`, `GET /affiliates/request`). */
export const affiliateApplicationSchema = z.object({
  id: z.uuid(),
  status: z.enum(AFFILIATE_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AffiliateApplication = z.infer<typeof affiliateApplicationSchema>;
export const affiliateApplicationStateSchema = z.object({ application: affiliateApplicationSchema.nullable() });
export type AffiliateApplicationState = z.infer<typeof affiliateApplicationStateSchema>;

const money = z.string().describe('A decimal amount in the currency’s major unit, such as "19.00".');

/** Earnings of one currency: pending (inside the hold period), payable (released, not paid out), paid. */
export const affiliateEarningsSchema = z.object({
  currency: z.string(),
  pending: money,
  payable: money,
  paid: money,
});
export const affiliatePayoutSchema = z.object({
  id: z.uuid(),
  currency: z.string(),
  amount: money,
  reference: z.string(),
  paid_at: z.string(),
});
export type AffiliatePayout = z.infer<typeof affiliatePayoutSchema>;

/** GET /affiliates/details (snake_case keys, as the spec says). */
export const affiliateDetailsSchema = z.object({
  status: z.literal('approved'),
  code: z.string(),
  link: z.string(),
  commission_percent: z.string(),
  commission_months: z.number().int(),
  attribution_days: z.number().int(),
  hold_days: z.number().int(),
  clicks: z.number().int(),
  sign_ups: z.number().int(),
  paying_customers: z.number().int(),
  earnings: z.array(affiliateEarningsSchema),
  payouts: z.array(affiliatePayoutSchema),
  approved_at: z.string(),
});
export type AffiliateDetails = z.infer<typeof affiliateDetailsSchema>;

export const affiliateCodeParamsSchema = z.object({ code: opaque('Referral code', 32, { min: 1 }) });

// ---- staff ----

export const staffAffiliatesQuerySchema = z.strictObject({
  status: z.enum(AFFILIATE_STATUSES, { error: 'status must be one of pending, approved or rejected.' }).optional(),
});

export const staffAffiliateSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  email: z.string(),
  username: z.string(),
  status: z.enum(AFFILIATE_STATUSES),
  answers: z.record(z.string(), z.string()),
  code: z.string().nullable(),
  commissionPercent: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Per currency: what is payable now (released, not yet paid out). */
  payable: z.array(z.object({ currency: z.string(), amount: money })),
});
export type StaffAffiliate = z.infer<typeof staffAffiliateSchema>;
export const staffAffiliateListSchema = z.object({ affiliates: z.array(staffAffiliateSchema) });
export type StaffAffiliateList = z.infer<typeof staffAffiliateListSchema>;

/** POST /staff/affiliates/{id}/payouts: pays out everything payable in a currency; `reference` of the transfer. */
export const staffPayoutBodySchema = z.strictObject({
  currency: z.enum(BILLING_CURRENCIES, { error: `currency must be one of ${BILLING_CURRENCIES.join(', ')}.` }),
  reference: line('Reference', 120, { min: 1 }),
});
export type StaffPayoutBody = z.infer<typeof staffPayoutBodySchema>;
export const staffPayoutSchema = z.object({
  id: z.uuid(),
  currency: z.string(),
  amount: money,
  reference: z.string(),
  paidAt: z.string(),
});

export const partnerErrorCodes = [
  'PARTNER_NOT_AFFILIATE',
  'PARTNER_REQUEST_OPEN',
  'PARTNER_ALREADY_AFFILIATE',
  'PARTNER_APPLICATION_NOT_FOUND',
  'PARTNER_NOT_PENDING',
  'PARTNER_STAFF_ONLY',
  'PARTNER_NOTHING_PAYABLE',
] as const;
export type PartnerErrorCode = (typeof partnerErrorCodes)[number];
