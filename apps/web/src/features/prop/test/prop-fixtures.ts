import type {
  AccountGoals,
  ObjectiveCatalogueItem,
  PropChallenge,
  PropRuleStatus,
  PropRuleStatusItem,
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
function rule(
  id: PropRuleStatusItem['rule'],
  label: string,
  value: number,
  limit: number,
  remaining: number,
  unit: PropRuleStatusItem['unit'],
  progress: number,
  state: PropRuleStatusItem['state'],
): PropRuleStatusItem {
  return { rule: id, label, value, limit, remaining, unit, progress, state };
}

export function ruleStatus(overrides: Partial<PropRuleStatus> = {}): PropRuleStatus {
  return {
    accountId: ACCOUNT_ID,
    firmId: FIRM_ID,
    challengeId: CHALLENGE_ID,
    phase: 'phase_1',
    phaseLabel: 'Phase 1',
    state: 'active',
    currency: 'USD',
    evaluatedAt: '2026-01-14T12:00:00.000Z',
    phaseStartedAt: '2026-01-12T09:00:00.000Z',
    startingBalance: 10_000,
    balance: 10_000,
    equity: 9_800,
    rules: [
      rule('profit_target', 'Profit target', -200, 1000, 1200, 'money', 0, 'ok'),
      rule('daily_loss', 'Daily loss', 200, 500, 300, 'money', 0.4, 'ok'),
      rule('max_loss', 'Maximum loss', 200, 1000, 800, 'money', 0.2, 'ok'),
      rule('min_trading_days', 'Minimum trading days', 2, 4, 2, 'days', 0.5, 'ok'),
    ],
    todayPermittedLoss: 300,
    dailyLossLimit: 500,
    dailyLossBase: 10_000,
    dailyFloor: 9_500,
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
  return { accountId: ACCOUNT_ID, prop, engine: null, objectives } satisfies AccountGoals;
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
    kind: 'max_trades_per_day',
    name: 'Maximum trades per day',
    description: 'No more trades than this in a day.',
    valueType: 'integer',
    unit: 'trades',
    min: 1,
    max: 100,
    step: 1,
    defaultValue: 5,
  },
  {
    kind: 'daily_profit_goal',
    name: 'Daily profit goal',
    description: 'The profit you aim for each day.',
    valueType: 'money',
    unit: 'currency',
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
  firstPhase: 'phase_1',
  sizes: [10_000, 25_000, 50_000],
  currencies: ['USD', 'EUR'],
  leverage: 100,
  rules: {
    id: 'two-step-evaluation',
    name: 'Two-Step Evaluation',
    description: 'Two phases.',
    day: { time: '00:00', timeZone: 'Europe/Prague' },
    phases: [
      {
        phase: 'phase_1',
        label: 'Phase 1',
        profitTarget: { percent: 10 },
        dailyLoss: {
          limit: { kind: 'percent', value: 5 },
          base: 'higher',
          limitOf: 'starting_balance',
          breach: 'hard',
        },
        maxLoss: { mode: 'static', percent: 10, lockPercent: null, breach: 'hard' },
        minTradingDays: { days: 4, minDayProfitPercent: null },
        maxDurationDays: null,
        inactivityDays: 30,
        consistency: null,
        perTrade: null,
        weekend: null,
        newsBlackout: null,
        nextPhase: 'phase_2',
        nextBalancePercent: 100,
      },
    ],
  },
};
