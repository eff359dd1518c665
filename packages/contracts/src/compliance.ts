import { z } from 'zod';
import { metricsInstantOrDate } from './metrics.js';
import { canonicalTimeZone } from './settings.js';
import { line } from './text.js';
import { TRADING_ACCOUNT_CURRENCIES } from './trading-accounts.js';

/**
 * Rule-compliance analytics of the journal (issue 12, item 7): for every strategy, approach and checklist item of
 * the user's playbook, the trades that followed it against those that broke it, each group with its trade count,
 * win rate, average R and net P/L; the trades of each mistake; and a discipline score over time.
 * GET /api/journal/compliance?account_id&from&to&tz&currency.
 *
 * Definitions (docs/architecture.md "Rule compliance"):
 * - A closed trade is *reviewed* when the journal has an annotation for it, *unreviewed* otherwise; unreviewed
 *   trades are counted apart (`overall.unreviewed`) and nowhere else.
 * - A reviewed trade's *checklist* is the checklist (the items of every condition of every criterion) of the
 *   approach its annotation names, as the playbook stands now; none without an approach. Met ids that are not on
 *   that checklist are ignored.
 * - A reviewed trade *followed* the rules when it is linked to a strategy, every item of its approach's checklist
 *   (if any) was met and it has no mistake; it *broke* them with a mistake or an unmet item; with no strategy and
 *   no mistake it is neither, counted apart (`overall.noPlaybook`).
 * - Checklist item: the trades annotated with its approach followed it when it was met, broke it when not.
 * - Approach, strategy: the trades annotated with it followed it when disciplined, broke it otherwise.
 * - Discipline score of a day or ISO week (by close time, in the time zone), over its reviewed trades that
 *   followed or broke the rules (no-playbook trades are counted apart in `noPlaybook`, not scored):
 *   clamp(100 x items met / checklist items - `mistakePenalty` x mistakes / reviewed trades, 0, 100), where the
 *   checklist share is 100 when no trade had a checklist; null when the period has no such trade.
 *
 * Money is in the account currency's major unit, exact to its minor unit (sums of integer minor units, as the
 * metrics); R is a multiple of the trade's initial risk (its stop at opening), null without one.
 */

export const COMPLIANCE_PATH = '/journal/compliance';

/** The query: the accounts (one id or `all`, in one currency), the close-time range, the zone of days and weeks. */
export const complianceQuerySchema = z
  .object({
    account_id: line('account_id', 40, { min: 1 })
      .refine(
        (v) => v === 'all' || z.uuid().safeParse(v).success,
        'account_id must be a trading account id (a UUID) or all.',
      )
      .default('all'),
    from: metricsInstantOrDate('from').optional(),
    to: metricsInstantOrDate('to').optional(),
    tz: line('tz', 64, { min: 1 })
      .transform((name, ctx) => {
        const canonical = canonicalTimeZone(name);
        if (canonical) return canonical;
        ctx.addIssue({ code: 'custom', message: 'tz must be an IANA time zone such as Europe/London, or UTC.' });
        return z.NEVER;
      })
      .optional(),
    currency: z
      .enum(TRADING_ACCOUNT_CURRENCIES, {
        error: `currency must be one of ${TRADING_ACCOUNT_CURRENCIES.join(', ')}.`,
      })
      .optional(),
  })
  .strict();
export type ComplianceQuery = z.infer<typeof complianceQuerySchema>;

const ratio = z.number().nullable();

/** The figures of one group of trades. */
export const complianceGroupSchema = z.object({
  count: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  breakEven: z.number().int(),
  /** Wins / count x 100; null without trades. */
  winRate: ratio,
  /** Mean R of the trades with an initial stop loss; null when none has one. */
  averageR: ratio,
  tradesWithR: z.number().int(),
  /** Sum of the trades' nets (profit + commission + swap). */
  net: z.number(),
  /** The trades (position ids), in close order. */
  tradeIds: z.array(z.string()),
});
export type ComplianceGroupWire = z.infer<typeof complianceGroupSchema>;

const followedBroke = { followed: complianceGroupSchema, broke: complianceGroupSchema };

export const checklistItemComplianceSchema = z.object({ itemId: z.string(), label: z.string(), ...followedBroke });
export const approachComplianceSchema = z.object({
  approachId: z.string(),
  name: z.string(),
  ...followedBroke,
  checklistItems: z.array(checklistItemComplianceSchema),
});
export const strategyComplianceSchema = z.object({
  strategyId: z.string(),
  name: z.string(),
  ...followedBroke,
  approaches: z.array(approachComplianceSchema),
});
export type StrategyComplianceWire = z.infer<typeof strategyComplianceSchema>;

export const mistakeComplianceSchema = z.object({
  mistakeId: z.string(),
  /** The label on the user's mistakes list; null for a mistake since removed from it. */
  label: z.string().nullable(),
  trades: complianceGroupSchema,
});

export const disciplinePeriodSchema = z.object({
  /** The day (YYYY-MM-DD), or the Monday of the ISO week, in the time zone. */
  date: z.string(),
  /** Reviewed trades that followed or broke the rules: the trades the score is over. */
  reviewed: z.number().int(),
  /** Reviewed trades with no strategy and no mistake: counted apart, not scored (optional for older answers). */
  noPlaybook: z.number().int().optional(),
  unreviewed: z.number().int(),
  itemsMet: z.number().int(),
  itemsTotal: z.number().int(),
  mistakes: z.number().int(),
  /** 0-100; null without a reviewed trade. */
  score: ratio,
});
export type DisciplinePeriod = z.infer<typeof disciplinePeriodSchema>;

export const complianceResponseSchema = z.object({
  accountIds: z.array(z.uuid()),
  currency: z.string(),
  timeZone: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Points one mistake takes off a one-trade period's discipline score. */
  mistakePenalty: z.number(),
  overall: z.object({
    /** Reviewed trades linked to a strategy, every checklist item met, no mistake. */
    followed: complianceGroupSchema,
    /** Reviewed trades with a mistake or an unmet checklist item. */
    broke: complianceGroupSchema,
    /** Reviewed trades linked to no strategy and without a mistake: neither followed nor broke. */
    noPlaybook: complianceGroupSchema,
    unreviewed: complianceGroupSchema,
  }),
  /** Every strategy of the user's playbook, with every approach and checklist item (groups may be empty). */
  strategies: z.array(strategyComplianceSchema),
  /** Every mistake of the user's list, and any mistake id still on an annotation. */
  mistakes: z.array(mistakeComplianceSchema),
  discipline: z.object({
    /** Over every reviewed trade of the range that followed or broke the rules (no-playbook trades are not scored). */
    score: ratio,
    days: z.array(disciplinePeriodSchema),
    weeks: z.array(disciplinePeriodSchema),
  }),
});
export type ComplianceResponse = z.infer<typeof complianceResponseSchema>;

/**
 * Errors: those of the metrics (the trades are gathered as the metrics gather them): 422 METRICS_MIXED_CURRENCIES
 * for accounts in several currencies without `currency`, 400 METRICS_INVALID_RANGE when `to` is not after `from`,
 * 404 for an account that is not the caller's.
 */
