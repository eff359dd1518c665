import { findInstrument } from '../market/instruments/catalogue.js';
import { MS_PER_DAY } from '../market/time-zones.js';
import { minorToDecimal, minorUnitDigits } from '../trading/money.js';
import { phaseRules } from './catalogue.js';
import { dayStartAt, nextFridayCloseAfter, nextResetAfter, wholeDaysBetween } from './days.js';
import type {
  BreachKind,
  BreachRecord,
  DayStats,
  EvaluationStep,
  LocalTimeOfDay,
  NewsBlackoutRule,
  NewsEvent,
  PhaseRules,
  PropAction,
  PropEvent,
  PropPhase,
  PropRuleId,
  PropState,
  PropView,
  RuleSet,
  RuleStatus,
} from './types.js';

/**
 * The prop-firm rule engine: `evaluate` folds one event into a `PropState` and says what the server must do
 * (fail, pause, close positions, pass). Each step costs a few comparisons; a daily reset costs one zone look-up.
 * Nothing is recomputed over history. Money is integer minor units; a percentage of an amount is rounded to
 * the nearest minor unit.
 */

/** Share of a loss allowance used at which a rule shows `warning`. */
export const WARNING_SHARE = 0.8;
/** Default weekly close for the weekend rule. */
export const DEFAULT_WEEK_CLOSE: LocalTimeOfDay = { time: '17:00', timeZone: 'America/New_York' };
const MAX_SOFT_BREACHES = 20;

/** `percent` of `amountMinor`, rounded to the nearest minor unit. */
export function percentOf(amountMinor: number, percent: number): number {
  return Math.round((amountMinor * percent) / 100);
}

export interface CreatePropStateInput {
  ruleSet: RuleSet;
  phase: PropPhase;
  currency: string;
  /** The challenge's account size, minor units. */
  accountSizeMinor: number;
  /** The phase's starting balance; defaults to the account size. */
  startBalanceMinor?: number;
  startMs: number;
}

function maxLossDistance(rules: PhaseRules, startMinor: number): number | null {
  return rules.maxLoss ? percentOf(startMinor, rules.maxLoss.percent) : null;
}

function lockLevel(rules: PhaseRules, startMinor: number): number | null {
  return rules.maxLoss?.lockPercent == null || rules.maxLoss.mode === 'static'
    ? null
    : percentOf(startMinor, rules.maxLoss.lockPercent);
}

/** The daily base, allowance and floor for a day starting with this balance and equity. */
function dayFigures(
  rules: PhaseRules,
  state: Pick<PropState, 'startBalanceMinor' | 'currency'>,
  balance: number,
  equity: number,
): { base: number | null; limit: number | null; floor: number | null } {
  const d = rules.dailyLoss;
  if (!d) return { base: null, limit: null, floor: null };
  const base = d.base === 'balance' ? balance : d.base === 'equity' ? equity : Math.max(balance, equity);
  const limit =
    d.limit.kind === 'amount'
      ? Math.round(d.limit.value * 10 ** minorUnitDigits(state.currency))
      : percentOf(d.limitOf === 'base' ? base : state.startBalanceMinor, d.limit.value);
  return { base, limit, floor: base - limit };
}

/** A fresh state for a phase starting at `startMs` with its starting balance (flat: no positions). */
export function createPropState(input: CreatePropStateInput): PropState {
  const rules = phaseRules(input.ruleSet, input.phase);
  const start = input.startBalanceMinor ?? input.accountSizeMinor;
  if (!Number.isSafeInteger(start) || start <= 0)
    throw new RangeError('startBalanceMinor must be a positive whole number of minor units.');
  const dist = maxLossDistance(rules, start);
  const day = input.ruleSet.day;
  const base = { startBalanceMinor: start, currency: input.currency };
  const f = dayFigures(rules, base, start, start);
  const weekend = rules.weekend && !rules.weekend.allowed ? (rules.weekend.close ?? DEFAULT_WEEK_CLOSE) : null;
  return {
    version: 1,
    ruleSetId: input.ruleSet.id,
    phase: input.phase,
    currency: input.currency,
    accountSizeMinor: input.accountSizeMinor,
    startBalanceMinor: start,
    startedAtMs: input.startMs,
    nowMs: input.startMs,
    balanceMinor: start,
    equityMinor: start,
    openPositions: 0,
    highWaterMinor: start,
    maxLossFloorMinor: dist === null ? null : start - dist,
    floorLocked: false,
    day: {
      startMs: dayStartAt(day, input.startMs),
      endMs: nextResetAfter(day, input.startMs),
      balanceAtStartMinor: start,
      equityAtStartMinor: start,
      baseMinor: f.base,
      limitMinor: f.limit,
      floorMinor: f.floor,
      lowEquityMinor: start,
      positionsOpened: 0,
      closedProfitMinor: 0,
      lossStreak: 0,
      maxStreakAtOpen: 0,
      maxRiskPercent: null,
    },
    tradingDays: 0,
    bestDayProfitMinor: 0,
    weekCloseMs: weekend ? nextFridayCloseAfter(weekend, input.startMs) : null,
    lastActivityMs: input.startMs,
    pausedUntilMs: null,
    pause: null,
    failed: null,
    passed: null,
    softBreaches: [],
  };
}

/** Whether the day described by `day` counts as a trading day under the phase's rule. */
function dayQualifies(rules: PhaseRules, state: PropState): boolean {
  if (state.day.positionsOpened === 0) return false;
  const min = rules.minTradingDays?.minDayProfitPercent;
  if (min == null) return true;
  return state.day.closedProfitMinor >= percentOf(state.startBalanceMinor, min);
}

/** Trading days done, today included when it already qualifies. */
export function tradingDaysDone(ruleSet: RuleSet, state: PropState): number {
  return state.tradingDays + (dayQualifies(phaseRules(ruleSet, state.phase), state) ? 1 : 0);
}

/** Raises the trailing floor (never lowers it), applying the lock. */
function trailFloor(rules: PhaseRules, s: PropState): void {
  if (!rules.maxLoss || rules.maxLoss.mode === 'static' || s.floorLocked || s.maxLossFloorMinor === null) return;
  const dist = percentOf(s.startBalanceMinor, rules.maxLoss.percent);
  let candidate = s.highWaterMinor - dist;
  const lock = lockLevel(rules, s.startBalanceMinor);
  if (lock !== null && candidate >= lock) {
    candidate = lock;
    s.floorLocked = true;
  }
  if (candidate > s.maxLossFloorMinor) s.maxLossFloorMinor = candidate;
  if (lock !== null && s.maxLossFloorMinor >= lock) s.floorLocked = true;
}

function money(minor: number, currency: string): string {
  return `${minorToDecimal(minor, currency)} ${currency}`;
}

function copyState(s: PropState): PropState {
  return { ...s, day: { ...s.day }, softBreaches: s.softBreaches };
}

interface Breach {
  rule: PropRuleId;
  kind: BreachKind;
  reason: string;
  /** Higher floors are crossed first; used to pick the first of several breaches in one step. */
  order: number;
}

function applyBreaches(
  ruleSet: RuleSet,
  s: PropState,
  breaches: Breach[],
  atMs: number,
  equityMinor: number,
  actions: PropAction[],
): void {
  if (breaches.length === 0) return;
  const hard = breaches.filter((b) => b.kind === 'hard').sort((a, b) => b.order - a.order);
  if (hard.length > 0) {
    const b = hard[0]!;
    const record: BreachRecord = { rule: b.rule, kind: 'hard', atMs, equityMinor, reason: b.reason };
    s.failed = record;
    s.pausedUntilMs = null;
    actions.push({ type: 'close_positions', reason: b.reason }, { type: 'fail', breach: record });
    return;
  }
  if (s.pausedUntilMs !== null) return; // already paused: positions were closed, the pause stands
  const b = [...breaches].sort((a, c) => c.order - a.order)[0]!;
  const record: BreachRecord = { rule: b.rule, kind: 'soft', atMs, equityMinor, reason: b.reason };
  const until = s.day.endMs > atMs ? s.day.endMs : nextResetAfter(ruleSet.day, atMs);
  s.pausedUntilMs = until;
  s.pause = record;
  s.softBreaches = [...s.softBreaches, record].slice(-MAX_SOFT_BREACHES);
  actions.push({ type: 'close_positions', reason: b.reason }, { type: 'pause', breach: record, untilMs: until });
}

/** Closes the current day at its reset instant and opens the next one. */
function resetDay(ruleSet: RuleSet, rules: PhaseRules, s: PropState, actions: PropAction[]): void {
  const at = s.day.endMs;
  if (dayQualifies(rules, s)) s.tradingDays += 1;
  if (s.day.closedProfitMinor > s.bestDayProfitMinor) s.bestDayProfitMinor = s.day.closedProfitMinor;
  if (rules.maxLoss?.mode === 'trailing_eod' && s.balanceMinor > s.highWaterMinor) {
    s.highWaterMinor = s.balanceMinor;
    trailFloor(rules, s);
  }
  const f = dayFigures(rules, s, s.balanceMinor, s.equityMinor);
  s.day = {
    startMs: at,
    endMs: nextResetAfter(ruleSet.day, at),
    balanceAtStartMinor: s.balanceMinor,
    equityAtStartMinor: s.equityMinor,
    baseMinor: f.base,
    limitMinor: f.limit,
    floorMinor: f.floor,
    lowEquityMinor: s.equityMinor,
    positionsOpened: 0,
    closedProfitMinor: 0,
    lossStreak: 0,
    maxStreakAtOpen: 0,
    maxRiskPercent: null,
  };
  actions.push({ type: 'day_reset', atMs: at });
  if (s.pausedUntilMs !== null && s.pausedUntilMs <= at) {
    s.pausedUntilMs = null;
    s.pause = null;
    actions.push({ type: 'resume', atMs: at });
  }
}

function nextDeadline(rules: PhaseRules, s: PropState): { at: number; rule: PropRuleId; reason: string } | null {
  let best: { at: number; rule: PropRuleId; reason: string } | null = null;
  if (rules.maxDurationDays !== null) {
    best = {
      at: s.startedAtMs + rules.maxDurationDays * MS_PER_DAY,
      rule: 'max_duration',
      reason: `The phase was not passed within its maximum duration of ${rules.maxDurationDays} days.`,
    };
  }
  if (rules.inactivityDays !== null) {
    const at = s.lastActivityMs + rules.inactivityDays * MS_PER_DAY;
    if (!best || at < best.at)
      best = {
        at,
        rule: 'inactivity',
        reason: `No trade was placed for ${rules.inactivityDays} days, so the account expired for inactivity.`,
      };
  }
  return best;
}

/**
 * Moves the state through every instant of the clock up to and including `t`, in time order: expiry deadlines
 * (hard), the weekly close (weekend holding) and daily resets. On a tie the deadline comes first, then the
 * weekly close, then the reset. A gap of many days without events jumps to the day containing `t`.
 */
function advanceTo(ruleSet: RuleSet, rules: PhaseRules, s: PropState, t: number, actions: PropAction[]): void {
  const w = rules.weekend && !rules.weekend.allowed ? rules.weekend : null;
  for (;;) {
    if (s.failed) return;
    const deadline = nextDeadline(rules, s);
    const week = w ? s.weekCloseMs : null;
    const reset = s.day.endMs;
    if (deadline && deadline.at <= t && deadline.at <= reset && (week === null || deadline.at <= week)) {
      const record: BreachRecord = {
        rule: deadline.rule,
        kind: 'hard',
        atMs: deadline.at,
        equityMinor: s.equityMinor,
        reason: deadline.reason,
      };
      s.failed = record;
      s.pausedUntilMs = null;
      actions.push({ type: 'close_positions', reason: deadline.reason }, { type: 'fail', breach: record });
      return;
    }
    if (w && week !== null && week <= t && week <= reset) {
      s.weekCloseMs = nextFridayCloseAfter(w.close ?? DEFAULT_WEEK_CLOSE, week);
      if (s.openPositions > 0) {
        const n = s.openPositions;
        const reason = `${n} position${n === 1 ? ' was' : 's were'} still open at the weekly close, and this account may not hold positions over the weekend.`;
        applyBreaches(
          ruleSet,
          s,
          [{ rule: 'weekend_holding', kind: w.breach, reason, order: 0 }],
          week,
          s.equityMinor,
          actions,
        );
      }
      continue;
    }
    if (reset > t) return;
    resetDay(ruleSet, rules, s, actions);
    if (t - s.day.startMs > 3 * MS_PER_DAY) {
      // days without events: no trades, nothing changes but the day; go straight to the day containing t
      // (stopping before any pending deadline or weekly close so those still happen at their instant)
      const limit = Math.min(deadline?.at ?? Infinity, week ?? Infinity, t);
      const startOfLimit = dayStartAt(ruleSet.day, limit);
      if (startOfLimit > s.day.startMs) {
        s.day.startMs = startOfLimit;
        s.day.endMs = nextResetAfter(ruleSet.day, startOfLimit);
        if (s.pausedUntilMs !== null && s.pausedUntilMs <= startOfLimit) {
          s.pausedUntilMs = null;
          s.pause = null;
          actions.push({ type: 'resume', atMs: startOfLimit });
        }
      }
    }
  }
}

function checkEquity(ruleSet: RuleSet, rules: PhaseRules, s: PropState, atMs: number, actions: PropAction[]): void {
  const breaches: Breach[] = [];
  const e = s.equityMinor;
  if (rules.maxLoss && s.maxLossFloorMinor !== null && e < s.maxLossFloorMinor) {
    const what =
      rules.maxLoss.mode === 'static'
        ? `the maximum loss floor of ${money(s.maxLossFloorMinor, s.currency)} (${rules.maxLoss.percent}% below the starting balance)`
        : `the trailing drawdown floor of ${money(s.maxLossFloorMinor, s.currency)}`;
    breaches.push({
      rule: 'max_loss',
      kind: rules.maxLoss.breach,
      reason: `Equity fell to ${money(e, s.currency)}, below ${what}.`,
      order: s.maxLossFloorMinor,
    });
  }
  if (rules.dailyLoss && s.day.floorMinor !== null && e < s.day.floorMinor) {
    breaches.push({
      rule: 'daily_loss',
      kind: rules.dailyLoss.breach,
      reason:
        `Equity fell to ${money(e, s.currency)}, below today's daily loss floor of ` +
        `${money(s.day.floorMinor, s.currency)} (${money(s.day.limitMinor ?? 0, s.currency)} below the day's base of ` +
        `${money(s.day.baseMinor ?? 0, s.currency)}).`,
      order: s.day.floorMinor,
    });
  }
  applyBreaches(ruleSet, s, breaches, atMs, e, actions);
}

function checkTarget(ruleSet: RuleSet, rules: PhaseRules, s: PropState, atMs: number, actions: PropAction[]): void {
  if (s.failed || s.passed || !rules.profitTarget || s.openPositions > 0) return;
  const target = s.startBalanceMinor + percentOf(s.startBalanceMinor, rules.profitTarget.percent);
  if (s.balanceMinor < target) return;
  if (rules.minTradingDays && tradingDaysDone(ruleSet, s) < rules.minTradingDays.days) return;
  const nextBalanceMinor = rules.nextPhase ? percentOf(s.accountSizeMinor, rules.nextBalancePercent) : 0;
  s.passed = { atMs, phase: s.phase, nextPhase: rules.nextPhase, nextBalanceMinor };
  actions.push({ type: 'pass', passed: s.passed });
}

/** Currencies a symbol's news concerns: its base, quote and profit currencies (empty for an unknown symbol). */
export function symbolCurrencies(symbol: string): string[] {
  const i = findInstrument(symbol);
  if (!i) return [];
  return [...new Set([i.baseCurrency, i.quoteCurrency, i.profitCurrency])];
}

/** The first news event whose blackout window contains `t` and concerns the symbol, or null. */
export function blackoutEvent(
  rule: NewsBlackoutRule,
  news: readonly NewsEvent[],
  symbol: string,
  currencies: readonly string[],
  t: number,
): NewsEvent | null {
  for (const n of news) {
    if (!rule.impacts.includes(n.impact)) continue;
    if (t < n.timeMs - rule.minutesBefore * 60_000 || t > n.timeMs + rule.minutesAfter * 60_000) continue;
    if (n.symbols?.includes(symbol) || n.currencies?.some((c) => currencies.includes(c))) return n;
  }
  return null;
}

export interface EvaluateContext {
  /** Scheduled news for the blackout rule (only events near the event time matter). */
  news?: readonly NewsEvent[];
}

/**
 * Folds one event into the state. Returns a new state (the input is not changed) and the actions the server
 * must take. A failed or passed state takes no further events (start the next phase with `startNextPhase`).
 * Events must arrive in time order; an event older than the state's time is applied at the state's time.
 */
export function evaluate(
  ruleSet: RuleSet,
  state: PropState,
  event: PropEvent,
  context: EvaluateContext = {},
): EvaluationStep {
  if (state.failed || state.passed) return { state, actions: [] };
  const rules = phaseRules(ruleSet, state.phase);
  const s = copyState(state);
  const actions: PropAction[] = [];
  const t = Math.max(event.timeMs, s.nowMs);
  advanceTo(ruleSet, rules, s, t, actions);
  s.nowMs = t;
  if (s.failed) return { state: s, actions };

  switch (event.type) {
    case 'equity': {
      s.balanceMinor = event.balanceMinor;
      s.equityMinor = event.equityMinor;
      s.openPositions = event.openPositions;
      if (event.equityMinor < s.day.lowEquityMinor) s.day.lowEquityMinor = event.equityMinor;
      if (rules.maxLoss?.mode === 'trailing_intraday' && event.equityMinor > s.highWaterMinor) {
        s.highWaterMinor = event.equityMinor;
        trailFloor(rules, s);
      }
      checkEquity(ruleSet, rules, s, t, actions);
      checkTarget(ruleSet, rules, s, t, actions);
      break;
    }
    case 'deal': {
      s.balanceMinor = event.balanceMinor;
      s.day.closedProfitMinor += event.profitMinor;
      if (!event.charge) {
        if (event.profitMinor < 0) s.day.lossStreak += 1;
        else if (event.profitMinor > 0) s.day.lossStreak = 0;
        s.lastActivityMs = t;
      }
      if (event.openPositions !== undefined) s.openPositions = event.openPositions;
      checkTarget(ruleSet, rules, s, t, actions);
      break;
    }
    case 'position_opened': {
      s.day.positionsOpened += 1;
      s.openPositions += 1;
      s.lastActivityMs = t;
      if (s.day.lossStreak > s.day.maxStreakAtOpen) s.day.maxStreakAtOpen = s.day.lossStreak;
      if (event.riskMinor !== null && s.balanceMinor > 0) {
        const risk = (event.riskMinor / s.balanceMinor) * 100;
        if (s.day.maxRiskPercent === null || risk > s.day.maxRiskPercent) s.day.maxRiskPercent = risk;
      }
      const breaches = tradeBreaches(rules, s, {
        symbol: event.symbol,
        lots: event.lots,
        stopLoss: event.stopLoss,
        riskMinor: event.riskMinor === null ? null : Math.round(event.riskMinor),
        currencies: event.currencies ?? symbolCurrencies(event.symbol),
        timeMs: t,
        news: context.news ?? [],
      });
      applyBreaches(ruleSet, s, breaches, t, s.equityMinor, actions);
      break;
    }
    case 'time':
      break;
  }
  return { state: s, actions };
}

interface TradeFacts {
  symbol: string;
  lots: number;
  stopLoss: number | null;
  riskMinor: number | null;
  currencies: readonly string[];
  timeMs: number;
  news: readonly NewsEvent[];
}

/** Per-trade rule breaches of an opened (or proposed) position. */
export function tradeBreaches(rules: PhaseRules, s: PropState, f: TradeFacts): Breach[] {
  const out: Breach[] = [];
  const p = rules.perTrade;
  if (p) {
    if (p.requireStopLoss && f.stopLoss === null)
      out.push({
        rule: 'stop_loss_required',
        kind: p.breach,
        reason: `A ${f.symbol} position was opened without a stop-loss, which this account requires on every trade.`,
        order: 0,
      });
    if (p.maxRiskPercent !== null && f.riskMinor !== null) {
      const allowed = percentOf(s.balanceMinor, p.maxRiskPercent);
      if (f.riskMinor > allowed)
        out.push({
          rule: 'max_risk_per_trade',
          kind: p.breach,
          reason:
            `A ${f.symbol} position risks ${money(f.riskMinor, s.currency)} at its stop-loss, more than the ` +
            `${p.maxRiskPercent}% of the balance allowed per trade (${money(allowed, s.currency)}).`,
          order: 0,
        });
    }
    if (p.maxLots !== null && f.lots > p.maxLots + 1e-9)
      out.push({
        rule: 'max_lots',
        kind: p.breach,
        reason: `A ${f.symbol} position of ${f.lots} lots is larger than the maximum of ${p.maxLots} lots per trade.`,
        order: 0,
      });
  }
  if (rules.newsBlackout) {
    const n = blackoutEvent(rules.newsBlackout, f.news, f.symbol, f.currencies, f.timeMs);
    if (n)
      out.push({
        rule: 'news_blackout',
        kind: rules.newsBlackout.breach,
        reason:
          `A ${f.symbol} position was opened within the news blackout (${rules.newsBlackout.minutesBefore} minutes ` +
          `before to ${rules.newsBlackout.minutesAfter} minutes after a ${n.impact}-impact event at ` +
          `${new Date(n.timeMs).toISOString()}).`,
        order: 0,
      });
  }
  return out;
}

/** The state of the next phase after `state` passed: the next phase's starting balance, nothing carried over. */
export function startNextPhase(ruleSet: RuleSet, state: PropState, startMs: number): PropState {
  if (!state.passed || state.passed.nextPhase === null)
    throw new RangeError('The phase has not been passed or there is no next phase.');
  return createPropState({
    ruleSet,
    phase: state.passed.nextPhase,
    currency: state.currency,
    accountSizeMinor: state.accountSizeMinor,
    startBalanceMinor: state.passed.nextBalanceMinor,
    startMs,
  });
}

/** Today's figures for the user's objectives. */
export function dayStats(state: PropState): DayStats {
  return {
    positionsOpened: state.day.positionsOpened,
    closedProfitMinor: state.day.closedProfitMinor,
    equityChangeMinor: state.equityMinor - state.day.balanceAtStartMinor,
    lossStreak: state.day.lossStreak,
    maxStreakAtOpen: state.day.maxStreakAtOpen,
    maxRiskPercent: state.day.maxRiskPercent,
  };
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? (x < 0 ? 0 : x > 1 ? 1 : x) : 0;
}

function breachedBy(s: PropState, rule: PropRuleId): boolean {
  return s.failed?.rule === rule || (s.pause?.rule === rule && s.pausedUntilMs !== null);
}

/** Best day's closed profit / total closed profit, percent; null while the total is not positive. */
export function bestDayShare(state: PropState): number | null {
  const total = state.balanceMinor - state.startBalanceMinor;
  if (total <= 0) return null;
  const best = Math.max(state.bestDayProfitMinor, state.day.closedProfitMinor, 0);
  return (best / total) * 100;
}

/** Everything a dashboard shows, at the state's time (`nowMs` overrides it for countdown-style figures). */
export function propView(ruleSet: RuleSet, state: PropState, nowMs: number = state.nowMs): PropView {
  const rules = phaseRules(ruleSet, state.phase);
  const s = state;
  const out: RuleStatus[] = [];
  const e = s.equityMinor;
  if (rules.profitTarget) {
    const limit = percentOf(s.startBalanceMinor, rules.profitTarget.percent);
    const value = s.balanceMinor - s.startBalanceMinor;
    out.push({
      rule: 'profit_target',
      label: `Profit target ${rules.profitTarget.percent}%`,
      value,
      limit,
      remaining: Math.max(0, limit - value),
      unit: 'money',
      progress: clamp01(value / limit),
      state: value >= limit ? 'passed' : 'ok',
    });
  }
  let dailyLeft: number | null = null;
  if (rules.dailyLoss && s.day.floorMinor !== null && s.day.limitMinor !== null && s.day.baseMinor !== null) {
    const used = Math.max(0, s.day.baseMinor - e);
    dailyLeft = Math.max(0, e - s.day.floorMinor);
    const progress = clamp01(used / s.day.limitMinor);
    out.push({
      rule: 'daily_loss',
      label:
        rules.dailyLoss.limit.kind === 'percent'
          ? `Daily loss ${rules.dailyLoss.limit.value}%`
          : `Daily loss ${money(s.day.limitMinor, s.currency)}`,
      value: used,
      limit: s.day.limitMinor,
      remaining: dailyLeft,
      unit: 'money',
      progress,
      state: breachedBy(s, 'daily_loss') ? 'breached' : progress >= WARNING_SHARE ? 'warning' : 'ok',
    });
  }
  let maxLeft: number | null = null;
  if (rules.maxLoss && s.maxLossFloorMinor !== null) {
    const dist = percentOf(s.startBalanceMinor, rules.maxLoss.percent);
    const reference = s.maxLossFloorMinor + dist;
    const used = Math.max(0, reference - e);
    maxLeft = Math.max(0, e - s.maxLossFloorMinor);
    const progress = clamp01(used / dist);
    const mode =
      rules.maxLoss.mode === 'static'
        ? ''
        : rules.maxLoss.mode === 'trailing_eod'
          ? ' (end-of-day trailing)'
          : ' (trailing)';
    out.push({
      rule: 'max_loss',
      label: `Maximum loss ${rules.maxLoss.percent}%${mode}`,
      value: used,
      limit: dist,
      remaining: maxLeft,
      unit: 'money',
      progress,
      state: breachedBy(s, 'max_loss') ? 'breached' : progress >= WARNING_SHARE ? 'warning' : 'ok',
    });
  }
  const done = tradingDaysDone(ruleSet, s);
  const required = rules.minTradingDays?.days ?? 0;
  if (rules.minTradingDays) {
    out.push({
      rule: 'min_trading_days',
      label: `Minimum ${required} trading days`,
      value: done,
      limit: required,
      remaining: Math.max(0, required - done),
      unit: 'days',
      progress: required === 0 ? 1 : clamp01(done / required),
      state: done >= required ? 'passed' : 'ok',
    });
  }
  if (rules.maxDurationDays !== null) {
    const used = wholeDaysBetween(s.startedAtMs, nowMs);
    out.push({
      rule: 'max_duration',
      label: `Maximum duration ${rules.maxDurationDays} days`,
      value: used,
      limit: rules.maxDurationDays,
      remaining: Math.max(0, rules.maxDurationDays - used),
      unit: 'days',
      progress: clamp01(used / rules.maxDurationDays),
      state: breachedBy(s, 'max_duration')
        ? 'breached'
        : used / rules.maxDurationDays >= WARNING_SHARE
          ? 'warning'
          : 'ok',
    });
  }
  if (rules.inactivityDays !== null) {
    const idle = wholeDaysBetween(s.lastActivityMs, nowMs);
    out.push({
      rule: 'inactivity',
      label: `Inactivity limit ${rules.inactivityDays} days`,
      value: idle,
      limit: rules.inactivityDays,
      remaining: Math.max(0, rules.inactivityDays - idle),
      unit: 'days',
      progress: clamp01(idle / rules.inactivityDays),
      state: breachedBy(s, 'inactivity') ? 'breached' : idle / rules.inactivityDays >= WARNING_SHARE ? 'warning' : 'ok',
    });
  }
  const share = bestDayShare(s);
  if (rules.consistency) {
    const limit = rules.consistency.maxPercent;
    const value = share ?? 0;
    out.push({
      rule: 'consistency',
      label: `Best day at most ${limit}% of profit`,
      value,
      limit,
      remaining: Math.max(0, limit - value),
      unit: 'percent',
      progress: clamp01(value / limit),
      state: value > limit ? 'warning' : 'ok',
    });
  }
  if (rules.perTrade) {
    const p = rules.perTrade;
    if (p.maxRiskPercent !== null) {
      const v = s.day.maxRiskPercent ?? 0;
      out.push({
        rule: 'max_risk_per_trade',
        label: `Risk per trade at most ${p.maxRiskPercent}%`,
        value: v,
        limit: p.maxRiskPercent,
        remaining: Math.max(0, p.maxRiskPercent - v),
        unit: 'percent',
        progress: clamp01(v / p.maxRiskPercent),
        state: breachedBy(s, 'max_risk_per_trade') ? 'breached' : 'ok',
      });
    }
    if (p.requireStopLoss) out.push(flagStatus(s, 'stop_loss_required', 'Stop-loss required on every trade'));
    if (p.maxLots !== null) {
      out.push({
        rule: 'max_lots',
        label: `At most ${p.maxLots} lots per trade`,
        value: 0,
        limit: p.maxLots,
        remaining: p.maxLots,
        unit: 'lots',
        progress: 0,
        state: breachedBy(s, 'max_lots') ? 'breached' : 'ok',
      });
    }
  }
  if (rules.weekend && !rules.weekend.allowed)
    out.push(flagStatus(s, 'weekend_holding', 'No positions held over the weekend'));
  if (rules.newsBlackout)
    out.push(
      flagStatus(
        s,
        'news_blackout',
        `No new trades ${rules.newsBlackout.minutesBefore} min before to ${rules.newsBlackout.minutesAfter} min after high-impact news`,
      ),
    );
  const dailyFloorMinor = rules.dailyLoss ? s.day.floorMinor : null;
  const maxLossFloorMinor = rules.maxLoss ? s.maxLossFloorMinor : null;
  const floors = [dailyFloorMinor, maxLossFloorMinor].filter((x): x is number => x !== null);
  return {
    phase: s.phase,
    phaseLabel: rules.label,
    rules: out,
    dailyLossLeftMinor: dailyLeft,
    maxLossLeftMinor: maxLeft,
    failEquityMinor: floors.length > 0 ? Math.max(...floors) : null,
    dailyFloorMinor,
    maxLossFloorMinor,
    tradingDays: { done, required },
    bestDaySharePercent: share,
    nextResetMs: s.day.endMs > nowMs ? s.day.endMs : nextResetAfter(ruleSet.day, nowMs),
    pausedUntilMs: s.pausedUntilMs,
    failed: s.failed,
    passed: s.passed,
  };
}

function flagStatus(s: PropState, rule: PropRuleId, label: string): RuleStatus {
  const broken = breachedBy(s, rule);
  return {
    rule,
    label,
    value: broken ? 1 : 0,
    limit: 0,
    remaining: 0,
    unit: 'flag',
    progress: broken ? 1 : 0,
    state: broken ? 'breached' : 'ok',
  };
}
