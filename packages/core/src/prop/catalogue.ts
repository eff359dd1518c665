import type { Challenge, Firm, PhaseRules, RuleSet } from './types.js';

/**
 * The seeded prop-firm catalogue: three rule sets modelled on rules that prop firms commonly publish, each
 * offered by one generic "firm" with one challenge. The names are descriptive; none is a real firm and no firm
 * is a partner.
 */

const DISCLAIMER =
  'Modelled on rules that prop firms commonly publish; the name is generic, it is not a real firm and no prop firm is a partner.';

const SIZES = [10_000, 25_000, 50_000, 100_000, 200_000] as const;
const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;

const noRules: Omit<PhaseRules, 'phase' | 'label' | 'nextPhase' | 'nextBalancePercent'> = {
  profitTarget: null,
  dailyLoss: null,
  maxLoss: null,
  minTradingDays: null,
  maxDurationDays: null,
  inactivityDays: null,
  consistency: null,
  perTrade: null,
  weekend: null,
  newsBlackout: null,
};

const twoStepLosses = {
  dailyLoss: {
    limit: { kind: 'percent', value: 5 },
    base: 'higher',
    limitOf: 'starting_balance',
    breach: 'hard',
  },
  maxLoss: { mode: 'static', percent: 10, lockPercent: null, breach: 'hard' },
  inactivityDays: 30,
} as const satisfies Partial<PhaseRules>;

export const TWO_STEP_RULES: RuleSet = {
  id: 'two-step-evaluation',
  name: 'Two-Step Evaluation',
  description:
    'Two phases: reach 10 % profit, then 5 %, each over at least 4 trading days, without losing more than 5 % ' +
    'of the starting balance in a day (from the higher of balance and equity at midnight Prague time) or 10 % ' +
    `in total. Any breach fails the account. ${DISCLAIMER}`,
  day: { time: '00:00', timeZone: 'Europe/Prague' },
  phases: [
    {
      ...noRules,
      ...twoStepLosses,
      phase: 'phase_1',
      label: 'Phase 1',
      profitTarget: { percent: 10 },
      minTradingDays: { days: 4, minDayProfitPercent: null },
      nextPhase: 'phase_2',
      nextBalancePercent: 100,
    },
    {
      ...noRules,
      ...twoStepLosses,
      phase: 'phase_2',
      label: 'Phase 2',
      profitTarget: { percent: 5 },
      minTradingDays: { days: 4, minDayProfitPercent: null },
      nextPhase: 'funded',
      nextBalancePercent: 100,
    },
    {
      ...noRules,
      ...twoStepLosses,
      phase: 'funded',
      label: 'Funded',
      newsBlackout: { minutesBefore: 2, minutesAfter: 2, impacts: ['high'], breach: 'soft' },
      nextPhase: null,
      nextBalancePercent: 100,
    },
  ],
};

const oneStepLosses = {
  dailyLoss: {
    limit: { kind: 'percent', value: 4 },
    base: 'higher',
    limitOf: 'starting_balance',
    breach: 'hard',
  },
  maxLoss: { mode: 'trailing_eod', percent: 6, lockPercent: 100, breach: 'hard' },
  inactivityDays: 30,
} as const satisfies Partial<PhaseRules>;

export const ONE_STEP_RULES: RuleSet = {
  id: 'one-step-evaluation',
  name: 'One-Step Evaluation',
  description:
    'One phase: reach 10 % profit without losing 4 % of the starting balance in a day (reset at 17:00 New York ' +
    'time) or letting equity fall 6 % below the highest end-of-day balance (the floor stops rising at the ' +
    'starting balance). No single day should make more than half of the total profit. Any breach fails the ' +
    `account. ${DISCLAIMER}`,
  day: { time: '17:00', timeZone: 'America/New_York' },
  phases: [
    {
      ...noRules,
      ...oneStepLosses,
      phase: 'phase_1',
      label: 'Evaluation',
      profitTarget: { percent: 10 },
      consistency: { maxPercent: 50 },
      nextPhase: 'funded',
      nextBalancePercent: 100,
    },
    {
      ...noRules,
      ...oneStepLosses,
      phase: 'funded',
      label: 'Funded',
      consistency: { maxPercent: 50 },
      nextPhase: null,
      nextBalancePercent: 100,
    },
  ],
};

export const INSTANT_FUNDING_RULES: RuleSet = {
  id: 'instant-funding',
  name: 'Instant Funding',
  description:
    'Funded from the start, no target. Equity may not fall 6 % below its highest point (the floor stops rising ' +
    'at the starting balance); losing 3 % of the starting balance in a day pauses trading until the next day. ' +
    'Every order needs a stop-loss risking at most 2 % of the balance, and no position may be held over the ' +
    `weekend. ${DISCLAIMER}`,
  day: { time: '00:00', timeZone: 'UTC' },
  phases: [
    {
      ...noRules,
      phase: 'funded',
      label: 'Funded',
      dailyLoss: {
        limit: { kind: 'percent', value: 3 },
        base: 'balance',
        limitOf: 'starting_balance',
        breach: 'soft',
      },
      maxLoss: { mode: 'trailing_intraday', percent: 6, lockPercent: 100, breach: 'hard' },
      perTrade: { maxRiskPercent: 2, requireStopLoss: true, maxLots: null, breach: 'soft' },
      weekend: { allowed: false, close: { time: '17:00', timeZone: 'America/New_York' }, breach: 'soft' },
      inactivityDays: 30,
      nextPhase: null,
      nextBalancePercent: 100,
    },
  ],
};

export const RULE_SETS: readonly RuleSet[] = [TWO_STEP_RULES, ONE_STEP_RULES, INSTANT_FUNDING_RULES];

export const CHALLENGES: readonly Challenge[] = [
  {
    id: 'two-step-evaluation-standard',
    firmId: 'two-step-evaluation',
    name: 'Two-Step Evaluation',
    description: TWO_STEP_RULES.description,
    ruleSetId: TWO_STEP_RULES.id,
    sizes: SIZES,
    currencies: CURRENCIES,
    firstPhase: 'phase_1',
  },
  {
    id: 'one-step-evaluation-standard',
    firmId: 'one-step-evaluation',
    name: 'One-Step Evaluation',
    description: ONE_STEP_RULES.description,
    ruleSetId: ONE_STEP_RULES.id,
    sizes: SIZES,
    currencies: CURRENCIES,
    firstPhase: 'phase_1',
  },
  {
    id: 'instant-funding-standard',
    firmId: 'instant-funding',
    name: 'Instant Funding',
    description: INSTANT_FUNDING_RULES.description,
    ruleSetId: INSTANT_FUNDING_RULES.id,
    sizes: SIZES,
    currencies: CURRENCIES,
    firstPhase: 'funded',
  },
];

export const FIRMS: readonly Firm[] = [
  {
    id: 'two-step-evaluation',
    name: 'Two-Step Evaluation',
    description: `A classic two-phase evaluation with static loss limits. ${DISCLAIMER}`,
    challengeIds: ['two-step-evaluation-standard'],
  },
  {
    id: 'one-step-evaluation',
    name: 'One-Step Evaluation',
    description: `A single-phase evaluation with an end-of-day trailing drawdown and a consistency rule. ${DISCLAIMER}`,
    challengeIds: ['one-step-evaluation-standard'],
  },
  {
    id: 'instant-funding',
    name: 'Instant Funding',
    description: `A funded account from day one with an intraday trailing drawdown and per-trade risk rules. ${DISCLAIMER}`,
    challengeIds: ['instant-funding-standard'],
  },
];

export function getRuleSet(id: string): RuleSet | undefined {
  return RULE_SETS.find((r) => r.id === id);
}

export function getFirm(id: string): Firm | undefined {
  return FIRMS.find((f) => f.id === id);
}

export function getChallenge(id: string): Challenge | undefined {
  return CHALLENGES.find((c) => c.id === id);
}

/** Challenges a firm offers, in catalogue order. */
export function challengesOf(firmId: string): Challenge[] {
  return CHALLENGES.filter((c) => c.firmId === firmId);
}

/** The rules of one phase of a rule set; throws a RangeError naming the phase when the set has no such phase. */
export function phaseRules(ruleSet: RuleSet, phase: string): PhaseRules {
  const p = ruleSet.phases.find((x) => x.phase === phase);
  if (!p) throw new RangeError(`Phase "${phase}" is not a phase of ${ruleSet.name}.`);
  return p;
}
