/**
 * Prop-firm rules as data. A `RuleSet` is plain JSON (no functions, no per-firm code): the rule engine in
 * `engine.ts` reads it and evaluates an account's `PropState` event by event. Percentages are plain numbers
 * (5 means 5 %); money in the state and in every result is integer minor units of the account currency; times
 * are unix milliseconds (UTC); a local time of day is "HH:MM" in an IANA time zone.
 */

import type { EventImpact } from '../market/sim/events.js';

/** Phases of a challenge, in order. An instant-funding challenge has only `funded`. */
export const PROP_PHASES = ['phase_1', 'phase_2', 'funded'] as const;
export type PropPhase = (typeof PROP_PHASES)[number];

/** What a broken rule does: `soft` pauses trading until the next daily reset, `hard` fails the account. */
export type BreachKind = 'soft' | 'hard';

/** A local time of day in an IANA zone, e.g. { time: '17:00', timeZone: 'America/New_York' } (DST aware). */
export interface LocalTimeOfDay {
  /** "HH:MM", 24-hour clock. */
  time: string;
  timeZone: string;
}

/** A money limit: a percentage (of the base the rule names) or a fixed amount in major units of the account currency. */
export type LossLimit = { kind: 'percent'; value: number } | { kind: 'amount'; value: number };

/** Profit target: the phase passes when the closed balance reaches start x (1 + percent / 100). */
export interface ProfitTargetRule {
  percent: number;
}

/**
 * Daily loss: at each daily snapshot (the rule set's `day` reset) the floor for the day is the base minus the
 * limit, and equity may not go below it until the next snapshot.
 * - base `balance`: the closed balance at the snapshot; `equity`: the equity at the snapshot (open positions
 *   marked); `higher`: the higher of the two.
 * - `limitOf` `starting_balance`: a percent limit is of the phase's starting balance (a fixed amount each day);
 *   `base`: of the day's base.
 */
export interface DailyLossRule {
  limit: LossLimit;
  base: 'balance' | 'equity' | 'higher';
  limitOf: 'starting_balance' | 'base';
  breach: BreachKind;
}

/**
 * Maximum loss: equity may never go below the floor.
 * - `static`: floor = starting balance - percent of it, for the whole phase.
 * - `trailing_intraday`: the floor follows the highest equity ever seen (tick by tick) at that distance.
 * - `trailing_eod`: the floor follows the highest closed balance seen at a daily snapshot.
 * The distance is always percent of the starting balance. With `lockPercent` (e.g. 100), the floor stops
 * rising once it reaches start x lockPercent / 100 (100 = the starting balance) and stays there.
 */
export interface MaxLossRule {
  mode: 'static' | 'trailing_intraday' | 'trailing_eod';
  percent: number;
  lockPercent: number | null;
  breach: BreachKind;
}

/**
 * Minimum trading days: a day (between two daily snapshots) counts when a position was opened in it; with
 * `minDayProfitPercent`, only when that day's closed profit is at least that percent of the starting balance.
 */
export interface MinTradingDaysRule {
  days: number;
  minDayProfitPercent: number | null;
}

/** Best-day consistency: the best day's closed profit / total closed profit should stay at or below `maxPercent`. Progress only, never a breach. */
export interface ConsistencyRule {
  maxPercent: number;
}

/** Rules checked on each opened position (the server refuses orders that break them before they are sent). */
export interface PerTradeRules {
  /** Largest loss at the stop-loss, as a percent of the balance when the order is placed; null = no limit. */
  maxRiskPercent: number | null;
  requireStopLoss: boolean;
  /** Largest size of one position, in lots; null = no limit. */
  maxLots: number | null;
  breach: BreachKind;
}

/**
 * Weekend holding: when not allowed, a position still open at the weekly close (Friday `close` local time) is
 * a breach of `breach` kind.
 */
export interface WeekendRule {
  allowed: boolean;
  /** Friday's close, local time; defaults to 17:00 America/New_York when absent. */
  close?: LocalTimeOfDay;
  breach: BreachKind;
}

/** News blackout: no position may be opened on a concerned symbol from `minutesBefore` to `minutesAfter` an event of the listed impacts. */
export interface NewsBlackoutRule {
  minutesBefore: number;
  minutesAfter: number;
  impacts: readonly EventImpact[];
  breach: BreachKind;
}

/** One phase's rules. Every rule is optional (null): a rule set without any still tracks days for objectives. */
export interface PhaseRules {
  phase: PropPhase;
  label: string;
  profitTarget: ProfitTargetRule | null;
  dailyLoss: DailyLossRule | null;
  maxLoss: MaxLossRule | null;
  minTradingDays: MinTradingDaysRule | null;
  /** Calendar days from the phase start after which an unpassed phase expires (hard); null = unlimited. */
  maxDurationDays: number | null;
  /** Days without opening a position after which the account expires (hard); null = none. */
  inactivityDays: number | null;
  consistency: ConsistencyRule | null;
  perTrade: PerTradeRules | null;
  weekend: WeekendRule | null;
  newsBlackout: NewsBlackoutRule | null;
  /** Next phase after passing, or null (funded is the last). */
  nextPhase: PropPhase | null;
  /** Starting balance of the next phase as a percent of the account size (100 = same size). */
  nextBalancePercent: number;
}

/** A firm's rules: the daily reset shared by every phase and the phases in order. */
export interface RuleSet {
  /** Stable id, e.g. "two-step-evaluation". */
  id: string;
  name: string;
  description: string;
  /** Daily snapshot / reset instant: the day boundary for daily loss, trading days and soft-breach pauses. */
  day: LocalTimeOfDay;
  phases: readonly PhaseRules[];
}

/** A challenge offered by a firm: its rule set and the account sizes (major units) and currencies it comes in. */
export interface Challenge {
  /** Stable id, unique across firms. */
  id: string;
  firmId: string;
  name: string;
  description: string;
  ruleSetId: string;
  /** Account sizes in major units of the chosen currency. */
  sizes: readonly number[];
  currencies: readonly string[];
  /** Phase a new account starts in. */
  firstPhase: PropPhase;
}

export interface Firm {
  id: string;
  name: string;
  description: string;
  challengeIds: readonly string[];
}

/** A scheduled news event (the calendar feeds these). `symbols` are instrument ids; `currencies` codes like USD. */
export interface NewsEvent {
  id?: string;
  timeMs: number;
  impact: EventImpact;
  currencies?: readonly string[];
  symbols?: readonly string[];
}

/** Names of the rules a status or breach refers to. */
export const PROP_RULE_IDS = [
  'profit_target',
  'daily_loss',
  'max_loss',
  'min_trading_days',
  'max_duration',
  'inactivity',
  'consistency',
  'max_risk_per_trade',
  'stop_loss_required',
  'max_lots',
  'weekend_holding',
  'news_blackout',
] as const;
export type PropRuleId = (typeof PROP_RULE_IDS)[number];

/** Status of one rule for display: money values are minor units, day counts are days, percentages are percent. */
export interface RuleStatus {
  rule: PropRuleId;
  label: string;
  /** What the rule measures now (money minor units, days, or percent, see `unit`). */
  value: number;
  /** The limit or target, in the same unit. */
  limit: number;
  /** What is left before the limit or target (never negative). */
  remaining: number;
  /** `flag`: a yes/no rule (value 1 = broken today, limit 0). */
  unit: 'money' | 'days' | 'percent' | 'lots' | 'flag';
  /** 0..1: for targets, how far along; for limits, how much of the allowance is used. */
  progress: number;
  state: 'ok' | 'warning' | 'breached' | 'passed';
}

/** A recorded breach. */
export interface BreachRecord {
  rule: PropRuleId;
  kind: BreachKind;
  atMs: number;
  equityMinor: number;
  /** Full sentence for the user. */
  reason: string;
}

/** The phase was passed. */
export interface PhasePassed {
  atMs: number;
  phase: PropPhase;
  nextPhase: PropPhase | null;
  /** Starting balance of the next phase, minor units. */
  nextBalanceMinor: number;
}

/**
 * Serialisable evaluation state of one prop account in one phase (store it as JSON, restore it after a
 * restart). Every money figure is integer minor units of `currency`. Updated incrementally by `evaluate`.
 */
export interface PropState {
  version: 1;
  ruleSetId: string;
  phase: PropPhase;
  currency: string;
  /** Account size (the challenge's size), minor units: the base of the next phase's balance. */
  accountSizeMinor: number;
  /** This phase's starting balance. */
  startBalanceMinor: number;
  startedAtMs: number;
  /** Latest event time seen. */
  nowMs: number;
  balanceMinor: number;
  equityMinor: number;
  openPositions: number;
  /** Highest equity (trailing_intraday) or highest snapshot balance (trailing_eod) the max-loss floor trails. */
  highWaterMinor: number;
  /** Current max-loss floor (never decreases for trailing modes); null when the phase has no max-loss rule. */
  maxLossFloorMinor: number | null;
  floorLocked: boolean;
  /** The current day (between two snapshots). */
  day: {
    /** Snapshot instant that started this day. */
    startMs: number;
    /** Next snapshot instant (the reset). */
    endMs: number;
    balanceAtStartMinor: number;
    equityAtStartMinor: number;
    /** Daily-loss base (balance, equity or the higher at the snapshot) and the day's allowance below it; null without a daily-loss rule. */
    baseMinor: number | null;
    limitMinor: number | null;
    /** Daily-loss floor for the day; null without a daily-loss rule. */
    floorMinor: number | null;
    /** Lowest equity seen today. */
    lowEquityMinor: number;
    positionsOpened: number;
    /** Closed profit booked today (trade profit + commission + swap). */
    closedProfitMinor: number;
    /** Losing deals in a row today (reset by a winning deal and at the reset). */
    lossStreak: number;
    /** Largest loss streak in force when a position was opened today. */
    maxStreakAtOpen: number;
    /** Largest risk of a position opened today, percent of the balance at its opening (null when none had a stop). */
    maxRiskPercent: number | null;
  };
  /** Finished days that counted as trading days (today is added live when it qualifies). */
  tradingDays: number;
  /** Largest closed profit of any finished day (for the consistency share); today's is compared live. */
  bestDayProfitMinor: number;
  /** Next weekly close (Friday) instant for the weekend rule; null without the rule. */
  weekCloseMs: number | null;
  /** Last time a position was opened or a deal closed (or the phase start). */
  lastActivityMs: number;
  pausedUntilMs: number | null;
  pause: BreachRecord | null;
  failed: BreachRecord | null;
  passed: PhasePassed | null;
  /** Soft breaches recorded in this phase, newest last (at most 20 kept). */
  softBreaches: BreachRecord[];
}

/** Inputs to `evaluate`. Money is minor units of the account currency; `timeMs` is the instant it happened. */
export type PropEvent =
  /** Balance and equity as prices move (equity includes floating P/L, commission and swap of open positions). */
  | { type: 'equity'; timeMs: number; balanceMinor: number; equityMinor: number; openPositions: number }
  /** A position was opened (or a pending order filled). `riskMinor` is the loss at its stop-loss, null without one. */
  | {
      type: 'position_opened';
      timeMs: number;
      symbol: string;
      lots: number;
      stopLoss: number | null;
      riskMinor: number | null;
      /** Currencies of the symbol (base and quote) for the news blackout; derived from the instrument when absent. */
      currencies?: readonly string[];
    }
  /**
   * A deal closed (part of) a position: `profitMinor` is its trade profit plus commission and swap. With `charge`,
   * a cost booked apart from any closing (an entry commission, an overnight swap): it counts in the day's profit and
   * the balance, but is no trade result (no loss in a row) and no activity of the trader.
   */
  | {
      type: 'deal';
      timeMs: number;
      profitMinor: number;
      balanceMinor: number;
      openPositions?: number;
      charge?: boolean;
    }
  /** Time passing without any other event (daily reset, expiries, weekend close). */
  | { type: 'time'; timeMs: number };

/** What the server must do after an evaluation step. */
export type PropAction =
  | { type: 'fail'; breach: BreachRecord }
  | { type: 'pause'; breach: BreachRecord; untilMs: number }
  | { type: 'resume'; atMs: number }
  | { type: 'close_positions'; reason: string }
  | { type: 'pass'; passed: PhasePassed }
  | { type: 'day_reset'; atMs: number };

export interface EvaluationStep {
  state: PropState;
  actions: PropAction[];
}

/** Everything a dashboard shows for a prop account at one instant. */
export interface PropView {
  phase: PropPhase;
  phaseLabel: string;
  rules: RuleStatus[];
  /** How much equity may still drop today before the daily-loss floor (null without a daily-loss rule). */
  dailyLossLeftMinor: number | null;
  /** How much equity may still drop before the max-loss floor (null without a max-loss rule). */
  maxLossLeftMinor: number | null;
  /** The equity at which the account breaches: the higher of the daily and max-loss floors (null with neither). */
  failEquityMinor: number | null;
  dailyFloorMinor: number | null;
  maxLossFloorMinor: number | null;
  tradingDays: { done: number; required: number };
  /** Best day's closed profit / total closed profit, percent (null until there is a total profit). */
  bestDaySharePercent: number | null;
  /** Next daily reset (UTC ms). */
  nextResetMs: number;
  pausedUntilMs: number | null;
  failed: BreachRecord | null;
  passed: PhasePassed | null;
}

/** A proposed order for the pre-trade what-if and checks. */
export interface ProposedOrder {
  symbol: string;
  side: 'buy' | 'sell';
  lots: number;
  entry: number;
  stopLoss: number | null;
  /** Money lost if the stop-loss is hit with `lots` (positive minor units, commission included); null without a stop. */
  riskMinor: number | null;
  /** Currencies of the symbol for the news blackout; derived from the instrument when absent. */
  currencies?: readonly string[];
  /** Instrument volume step and bounds, to round the largest size down; defaults to 0.01 step, no bounds. */
  volumeStep?: number;
  volumeMin?: number;
  volumeMax?: number;
}

/** What an order's stop-loss would do to the rules. Money is minor units. */
export interface WhatIf {
  /** Daily-loss allowance left after a loss at the stop (negative = would breach); null without a daily rule or stop. */
  dailyLossLeftAfterMinor: number | null;
  maxLossLeftAfterMinor: number | null;
  /** Equity after a loss at the stop, null without a stop. */
  equityAtStopMinor: number | null;
  /** The rule a loss at the stop would breach first (daily, max loss, risk per trade, lots), or null. */
  wouldBreach: PropRuleId | null;
  /** Equity at which the account fails (the higher floor). */
  failEquityMinor: number | null;
  /** Largest size (lots, rounded down to the step) within every rule at this stop; null when nothing limits it. */
  maxLots: number | null;
  /** Full sentences, most severe first. */
  warnings: string[];
}

/** A reason the server refuses an order, with the request field it concerns. */
export interface OrderRefusal {
  rule: PropRuleId | 'paused' | 'failed';
  field: string;
  message: string;
}

/** Kinds of a user's own objective. */
export const OBJECTIVE_KINDS = [
  'max_trades_per_day',
  'daily_profit_goal',
  'max_daily_loss',
  'max_risk_per_trade',
  'max_losses_in_row',
] as const;
export type ObjectiveKind = (typeof OBJECTIVE_KINDS)[number];

/** Catalogue entry: what an objective measures, its value's type, unit and bounds. */
export interface ObjectiveDefinition {
  kind: ObjectiveKind;
  name: string;
  description: string;
  valueType: 'integer' | 'money' | 'percent';
  unit: 'trades' | 'currency' | 'percent' | 'losses';
  min: number;
  max: number;
  step: number;
  defaultValue: number;
}

/** One of the user's objectives with its value (money in major units of the account currency). */
export interface Objective {
  kind: ObjectiveKind;
  value: number;
}

/** Today's figures objectives are checked against. Money in minor units. */
export interface DayStats {
  positionsOpened: number;
  closedProfitMinor: number;
  /** Equity now minus the balance at the start of the day. */
  equityChangeMinor: number;
  lossStreak: number;
  /** Largest loss streak in force when a position was opened today (opening after N losses breaks that objective). */
  maxStreakAtOpen: number;
  maxRiskPercent: number | null;
}

export interface ObjectiveStatus {
  kind: ObjectiveKind;
  label: string;
  value: number;
  target: number;
  /** 0..1 towards a goal, or share of a limit used. */
  progress: number;
  state: 'met' | 'on_track' | 'broken';
  /** Full sentence when broken (or close to it), else null. */
  warning: string | null;
}
