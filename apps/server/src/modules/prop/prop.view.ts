import type {
  AccountObjectiveStatus,
  PropAccountState,
  PropChallenge,
  PropFailure,
  PropPassedPhase,
  PropPhaseRules,
  PropRuleDescription,
  PropRuleSet,
  PropRuleStatus,
  TradingAccountProp,
} from '@tradedesk/contracts';
import {
  type BreachRecord,
  type Challenge,
  dayStats,
  evaluateObjectives,
  getFirm,
  getRuleSet,
  minorToNumber,
  type ObjectiveKind,
  type PhaseRules,
  type PropState,
  phaseRules,
  propView,
  type RuleSet,
} from '@tradedesk/core';
import type { PropAccountRow, UserObjectiveRow } from './prop.table.js';

/** Leverage of every challenge account (the catalogue's challenges do not set one). */
export const PROP_LEVERAGE = 100;

/** The rule engine's state of an account's current phase, with the last deal it has seen. */
export type Evaluation = { engine: PropState; dealSeq: number };

export function ruleSetOf(challenge: Challenge): RuleSet {
  const ruleSet = getRuleSet(challenge.ruleSetId);
  if (!ruleSet) throw new Error(`challenge ${challenge.id} names an unknown rule set ${challenge.ruleSetId}`);
  return ruleSet;
}

/** A core value as its wire copy (the core's readonly arrays become plain ones). */
const plain = <T>(value: unknown): T => JSON.parse(JSON.stringify(value)) as T;

export function toChallenge(challenge: Challenge): PropChallenge {
  return {
    id: challenge.id,
    firmId: challenge.firmId,
    name: challenge.name,
    kind: challenge.ruleSetId.startsWith('two-step')
      ? 'two_step'
      : challenge.ruleSetId.startsWith('one-step')
        ? 'one_step'
        : 'instant',
    description: challenge.description,
    firstPhase: challenge.firstPhase,
    rules: plain<PropRuleSet>(ruleSetOf(challenge)),
    sizes: [...challenge.sizes],
    currencies: [...challenge.currencies],
    leverage: PROP_LEVERAGE,
  };
}

const pct = (n: number) => `${n} %`;

/** The rules of one phase as sentences (the trading account's `rules` field). */
export function describeRules(ruleSet: RuleSet, rules: PhaseRules): PropRuleDescription[] {
  const out: PropRuleDescription[] = [];
  const day = `${ruleSet.day.time} ${ruleSet.day.timeZone}`;
  if (rules.profitTarget) {
    out.push({
      rule: 'profit_target',
      label: 'Profit target',
      description: `Reach a closed balance ${pct(rules.profitTarget.percent)} above the phase’s starting balance.`,
      breach: null,
    });
  }
  if (rules.dailyLoss) {
    const d = rules.dailyLoss;
    const limit = d.limit.kind === 'percent' ? pct(d.limit.value) : `${d.limit.value} in the account currency`;
    const base = d.base === 'higher' ? 'the higher of balance and equity' : d.base;
    out.push({
      rule: 'daily_loss',
      label: 'Daily loss',
      description: `Equity may not fall more than ${limit}${d.limitOf === 'starting_balance' && d.limit.kind === 'percent' ? ' of the starting balance' : ''} below ${base} at the daily reset (${day}).`,
      breach: d.breach,
    });
  }
  if (rules.maxLoss) {
    const m = rules.maxLoss;
    const how =
      m.mode === 'static'
        ? 'below the starting balance'
        : m.mode === 'trailing_intraday'
          ? 'below the highest equity reached'
          : 'below the highest balance at a daily reset';
    const lock =
      m.lockPercent === null ? '' : ` The floor stops rising at ${pct(m.lockPercent)} of the starting balance.`;
    out.push({
      rule: 'max_loss',
      label: 'Maximum loss',
      description: `Equity may not fall more than ${pct(m.percent)} of the starting balance ${how}.${lock}`,
      breach: m.breach,
    });
  }
  if (rules.minTradingDays) {
    out.push({
      rule: 'min_trading_days',
      label: 'Minimum trading days',
      description: `Open a position on at least ${rules.minTradingDays.days} days before the phase can pass.`,
      breach: null,
    });
  }
  if (rules.maxDurationDays !== null) {
    out.push({
      rule: 'max_duration',
      label: 'Maximum duration',
      description: `Pass within ${rules.maxDurationDays} days.`,
      breach: 'hard',
    });
  }
  if (rules.inactivityDays !== null) {
    out.push({
      rule: 'inactivity',
      label: 'Inactivity',
      description: `The account expires after ${rules.inactivityDays} days without a trade.`,
      breach: 'hard',
    });
  }
  if (rules.consistency) {
    out.push({
      rule: 'consistency',
      label: 'Best-day share',
      description: `The best day should make at most ${pct(rules.consistency.maxPercent)} of the total profit (shown as progress).`,
      breach: null,
    });
  }
  if (rules.perTrade) {
    const p = rules.perTrade;
    if (p.requireStopLoss) {
      out.push({
        rule: 'stop_loss_required',
        label: 'Stop-loss required',
        description: 'Every order needs a stop-loss.',
        breach: p.breach,
      });
    }
    if (p.maxRiskPercent !== null) {
      out.push({
        rule: 'max_risk_per_trade',
        label: 'Risk per trade',
        description: `A loss at the stop-loss may be at most ${pct(p.maxRiskPercent)} of the balance.`,
        breach: p.breach,
      });
    }
    if (p.maxLots !== null) {
      out.push({
        rule: 'max_lots',
        label: 'Lots per trade',
        description: `An order may be at most ${p.maxLots} lots.`,
        breach: p.breach,
      });
    }
  }
  if (rules.weekend && !rules.weekend.allowed) {
    out.push({
      rule: 'weekend_holding',
      label: 'No weekend holding',
      description: 'Close every position before the weekly close on Friday.',
      breach: rules.weekend.breach,
    });
  }
  if (rules.newsBlackout) {
    const n = rules.newsBlackout;
    out.push({
      rule: 'news_blackout',
      label: 'News blackout',
      description: `No new trades from ${n.minutesBefore} minutes before to ${n.minutesAfter} minutes after a ${n.impacts.join(' or ')}-impact event.`,
      breach: n.breach,
    });
  }
  return out;
}

/** Wall time of `ms` in `timeZone` with its UTC offset, such as 2026-03-30T00:00:00+02:00. */
export function localIso(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

function failureOf(row: PropAccountRow, breach: BreachRecord | null): PropFailure | null {
  if (row.failedAt && row.failedRule && row.failedReason) {
    return {
      at: row.failedAt.toISOString(),
      equity: Number(row.failedEquity ?? 0),
      rule: row.failedRule as PropFailure['rule'],
      reason: row.failedReason,
    };
  }
  if (!breach) return null;
  return {
    at: new Date(breach.atMs).toISOString(),
    equity: minorToNumber(breach.equityMinor, row.currency),
    rule: breach.rule,
    reason: breach.reason,
  };
}

const passedPhases = (row: PropAccountRow): PropPassedPhase[] =>
  row.passedPhases.map((p) => ({ ...p, phase: p.phase as PropPassedPhase['phase'] }));

/** Where the account stands now: a pause is over once its reset has passed, even before the leader says so. */
export function stateOf(row: PropAccountRow, nowMs: number): PropAccountState {
  if (row.state === 'paused' && row.pausedUntil && row.pausedUntil.getTime() <= nowMs) return 'active';
  return row.state as PropAccountState;
}

/** The trading account's propFirm field. */
export function toAccountProp(row: PropAccountRow, challenge: Challenge, nowMs: number): TradingAccountProp {
  const ruleSet = ruleSetOf(challenge);
  const state = stateOf(row, nowMs);
  return {
    firmId: row.firmId,
    firmName: getFirm(row.firmId)?.name ?? row.firmId,
    challengeId: row.challengeId,
    challengeName: challenge.name,
    phase: row.phase as TradingAccountProp['phase'],
    phaseName: phaseRules(ruleSet, row.phase as PhaseRules['phase']).label,
    size: Number(row.size),
    currency: row.currency,
    state,
    phaseStartedAt: row.phaseStartedAt.toISOString(),
    pausedUntil: state === 'paused' ? (row.pausedUntil?.toISOString() ?? null) : null,
    failed: failureOf(row, null),
    passedPhases: passedPhases(row),
  };
}

/** The live rule status of a prop account from its engine state. */
export function toRuleStatus(
  accountId: string,
  row: PropAccountRow,
  ruleSet: RuleSet,
  state: PropState,
  nowMs: number,
): PropRuleStatus {
  const view = propView(ruleSet, state, Math.max(nowMs, state.nowMs));
  const rules = phaseRules(ruleSet, state.phase);
  const cur = state.currency;
  const m = (minor: number) => minorToNumber(minor, cur);
  const mn = (minor: number | null) => (minor === null ? null : m(minor));
  const target = rules.profitTarget ? view.rules.find((r) => r.rule === 'profit_target') : undefined;
  let expiresAt: number | null = null;
  if (rules.maxDurationDays !== null) expiresAt = state.startedAtMs + rules.maxDurationDays * 86_400_000;
  if (rules.inactivityDays !== null) {
    const idle = state.lastActivityMs + rules.inactivityDays * 86_400_000;
    expiresAt = expiresAt === null ? idle : Math.min(expiresAt, idle);
  }
  const paused = state.pausedUntilMs !== null && state.pausedUntilMs > nowMs;
  const accountState: PropAccountState = state.failed
    ? 'failed'
    : row.state === 'completed'
      ? 'completed'
      : paused
        ? 'paused'
        : 'active';
  return {
    accountId,
    firmId: row.firmId,
    challengeId: row.challengeId,
    phase: state.phase,
    phaseLabel: view.phaseLabel,
    state: accountState,
    currency: cur,
    evaluatedAt: new Date(state.nowMs).toISOString(),
    phaseStartedAt: new Date(state.startedAtMs).toISOString(),
    startingBalance: m(state.startBalanceMinor),
    balance: m(state.balanceMinor),
    equity: m(state.equityMinor),
    rules: view.rules.map((r) =>
      r.unit === 'money'
        ? { ...r, value: m(r.value), limit: m(r.limit), remaining: m(r.remaining) }
        : { ...r, value: Math.round(r.value * 100) / 100 },
    ),
    todayPermittedLoss: mn(view.dailyLossLeftMinor),
    dailyLossLimit: rules.dailyLoss ? mn(state.day.limitMinor) : null,
    dailyLossBase: rules.dailyLoss ? mn(state.day.baseMinor) : null,
    dailyFloor: mn(view.dailyFloorMinor),
    maxPermittedLoss: mn(view.maxLossLeftMinor),
    maxLossFloor: mn(view.maxLossFloorMinor),
    maxLossLocked: state.floorLocked,
    failEquity: mn(view.failEquityMinor),
    profitTarget: target ? m(state.startBalanceMinor + target.limit) : null,
    profit: m(state.equityMinor - state.startBalanceMinor),
    tradingDays: { done: view.tradingDays.done, required: rules.minTradingDays ? view.tradingDays.required : null },
    bestDayShare: view.bestDaySharePercent === null ? null : Math.round(view.bestDaySharePercent * 100) / 100,
    bestDayMaxShare: rules.consistency?.maxPercent ?? null,
    nextReset: {
      at: new Date(view.nextResetMs).toISOString(),
      timeZone: ruleSet.day.timeZone,
      local: localIso(view.nextResetMs, ruleSet.day.timeZone),
    },
    pausedUntil: paused ? new Date(state.pausedUntilMs!).toISOString() : null,
    failed: failureOf(row, state.failed),
    passedPhases: passedPhases(row),
    expiresAt: expiresAt === null || state.failed ? null : new Date(expiresAt).toISOString(),
  };
}

/** The live standing of the account's objectives against today's figures of the engine state. */
export function toObjectiveStatuses(
  objectives: ReadonlyArray<{ objective: UserObjectiveRow; value: number }>,
  state: PropState,
): AccountObjectiveStatus[] {
  const day = dayStats(state);
  const statuses = evaluateObjectives(
    objectives.map((o) => ({ kind: o.objective.type as ObjectiveKind, value: o.value })),
    day,
    state.currency,
  );
  return statuses.map((s, i) => {
    const { objective, value } = objectives[i]!;
    const money = objective.type === 'daily_profit_goal' || objective.type === 'max_daily_loss';
    const current = money ? minorToNumber(s.value, state.currency) : Math.round(s.value * 100) / 100;
    return {
      objectiveId: objective.id,
      kind: objective.type as AccountObjectiveStatus['kind'],
      name: objective.name,
      unit: unitOf(objective.type as ObjectiveKind),
      value,
      state: s.state,
      current,
      progress: s.progress,
      warning: s.warning,
    };
  });
}

export function unitOf(kind: ObjectiveKind): AccountObjectiveStatus['unit'] {
  return kind === 'max_trades_per_day'
    ? 'trades'
    : kind === 'max_losses_in_row'
      ? 'losses'
      : kind === 'max_risk_per_trade'
        ? 'percent'
        : 'currency';
}

export type { PropPhaseRules };
