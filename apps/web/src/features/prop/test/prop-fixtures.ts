import type {
  AccountGoals,
  ObjectiveCatalogueItem,
  PropChallenge,
  PropRuleStatus,
  TradingAccount,
  TradingAccountProp,
} from '@tradedesk/contracts';
import { ACCOUNT_ID, tradingAccount } from '../../trading/test/trading-fixtures';

export const CHALLENGE_ID = 'two-step-evaluation-standard';
export const FIRM_ID = 'two-step-evaluation';

export const accountProp: TradingAccountProp = {
  firmId: FIRM_ID,
  firmName: 'Two-Step Evaluation',
  challengeId: CHALLENGE_ID,
  challengeName: 'Two-Step Evaluation',
  phase: 'phase_1',
  phaseName: 'Phase 1',
  size: 10_000,
  currency: 'USD',
  state: 'active',
  phaseStartedAt: '2026-01-12T09:00:00.000Z',
  pausedUntil: null,
  failed: null,
  passedPhases: [],
};

export function propAccount(overrides: Partial<TradingAccount> = {}): TradingAccount {
  return tradingAccount({ name: 'Challenge 10k', propFirm: accountProp, ...overrides });
}

/**
 * A two-step phase 1 on 10,000 USD, at noon UTC on Wednesday 14 January 2026: equity 9,800 (200 lost today from a
 * 10,000 snapshot), so 300 of the 500 daily allowance is left and the account fails at 9,500; the static floor is
 * 9,000. The next reset is midnight in Prague (23:00 UTC).
 */
export function ruleStatus(overrides: Partial<PropRuleStatus> = {}): PropRuleStatus {
  return {
    accountId: ACCOUNT_ID,
    firmId: FIRM_ID,
    challengeId: CHALLENGE_ID,
    phase: 'phase_1',
    state: 'active',
    currency: 'USD',
    evaluatedAt: '2026-01-14T12:00:00.000Z',
    phaseStartedAt: '2026-01-12T09:00:00.000Z',
    startingBalance: 10_000,
    balance: 10_000,
    equity: 9_800,
    rules: [
      {
        id: 'profit_target',
        name: 'Profit target',
        standing: 'pending',
        value: -200,
        limit: 1000,
        progress: 0,
        message: 'Reach 1,000.00 USD of profit.',
      },
      {
        id: 'daily_loss',
        name: 'Daily loss',
        standing: 'ok',
        value: 200,
        limit: 500,
        progress: 0.4,
        message: '300.00 USD left today.',
      },
      {
        id: 'max_loss',
        name: 'Maximum loss',
        standing: 'ok',
        value: 200,
        limit: 1000,
        progress: 0.2,
        message: 'Equity must stay above 9,000.00 USD.',
      },
      {
        id: 'min_trading_days',
        name: 'Trading days',
        standing: 'pending',
        value: 2,
        limit: 4,
        progress: 0.5,
        message: '2 more trading days needed.',
      },
    ],
    todayPermittedLoss: 300,
    dailyLossLimit: 500,
    dailySnapshot: 10_000,
    maxPermittedLoss: 800,
    maxLossFloor: 9_000,
    maxLossLocked: false,
    failEquity: 9_500,
    profitTarget: 1_000,
    profit: -200,
    tradingDays: { done: 2, required: 4 },
    bestDayShare: null,
    bestDayMaxShare: null,
    nextReset: { at: '2026-01-14T23:00:00.000Z', timeZone: 'Europe/Prague', local: '2026-01-15T00:00:00+01:00' },
    pausedUntil: null,
    failed: null,
    passedPhases: [],
    expiresAt: null,
    ...overrides,
  };
}

export function goals(prop: PropRuleStatus | null = ruleStatus(), objectives: AccountGoals['objectives'] = []) {
  return { accountId: ACCOUNT_ID, prop, objectives } satisfies AccountGoals;
}

export const failedStatus = () =>
  ruleStatus({
    state: 'failed',
    equity: 9_480,
    failed: {
      at: '2026-01-14T12:30:00.000Z',
      equity: 9_480,
      rule: 'daily_loss',
      reason: 'Equity fell to 9,480.00 USD, below the daily loss floor of 9,500.00 USD.',
    },
  });

export const catalogue: ObjectiveCatalogueItem[] = [
  {
    type: 'max_trades_per_day',
    name: 'Maximum trades per day',
    description: 'No more trades than this in a day.',
    unit: 'count',
    min: 1,
    max: 100,
    step: 1,
    defaultValue: 5,
  },
  {
    type: 'daily_profit_goal',
    name: 'Daily profit goal',
    description: 'The profit you aim for each day.',
    unit: 'money',
    min: 1,
    max: 1_000_000,
    step: 0.01,
    defaultValue: 100,
  },
];

export const challenge: PropChallenge = {
  id: CHALLENGE_ID,
  firmId: FIRM_ID,
  name: 'Two-Step Evaluation',
  kind: 'two_step',
  description: 'Two phases.',
  sizes: [10_000, 25_000, 50_000],
  currencies: ['USD', 'EUR'],
  phases: [
    {
      phase: 'phase_1',
      name: 'Phase 1',
      rules: {
        profitTargetPercent: 10,
        dailyLoss: { percent: 5, base: 'higher', resetTime: '00:00', timeZone: 'Europe/Prague', breach: 'hard' },
        maxLoss: { percent: 10, kind: 'static', lockAtPercent: null, breach: 'hard' },
        minTradingDays: 4,
        profitableDayPercent: null,
        maxDurationDays: null,
        inactivityDays: 30,
        bestDayMaxSharePercent: null,
        maxRiskPerTradePercent: null,
        stopLossRequired: false,
        maxLots: null,
        weekendHoldingAllowed: true,
        newsBlackoutMinutes: null,
        leverage: 100,
      },
    },
  ],
};
