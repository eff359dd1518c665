import { findInstrument } from '../market/instruments/catalogue.js';
import { minorToDecimal } from '../trading/money.js';
import { phaseRules } from './catalogue.js';
import { blackoutEvent, percentOf, symbolCurrencies } from './engine.js';
import type { NewsEvent, OrderRefusal, ProposedOrder, PropRuleId, PropState, RuleSet, WhatIf } from './types.js';

/**
 * Before an order is sent: what a loss at its stop-loss would do to the rules, the largest size within every
 * rule at that stop, and the checks the server refuses an order on. The loss at the stop is the caller's
 * (`riskMinor`, from core's trading math, commission included) and scales linearly with the size.
 */

export interface PreTradeContext {
  news?: readonly NewsEvent[];
  /** Time of the order; defaults to the state's time. */
  nowMs?: number;
}

function money(minor: number, currency: string): string {
  return `${minorToDecimal(minor, currency)} ${currency}`;
}

function volumeRules(order: ProposedOrder): { step: number; min: number; max: number } {
  const i = findInstrument(order.symbol);
  return {
    step: order.volumeStep ?? i?.volumeStep ?? 0.01,
    min: order.volumeMin ?? i?.volumeMin ?? 0,
    max: order.volumeMax ?? i?.volumeMax ?? Number.POSITIVE_INFINITY,
  };
}

function stepDecimals(step: number): number {
  const s = String(step);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** Largest multiple of `step` whose loss (`perLot` each) stays within `allowance`; 0 when none does. */
export function largestSize(allowance: number, perLot: number, step: number): number {
  if (!(allowance > 0) || !(perLot > 0)) return perLot > 0 ? 0 : Number.POSITIVE_INFINITY;
  const digits = stepDecimals(step);
  let n = Math.floor(allowance / perLot / step + 1e-9);
  const lotsOf = (k: number) => Number((k * step).toFixed(digits));
  while (n > 0 && lotsOf(n) * perLot > allowance) n -= 1;
  return n > 0 ? lotsOf(n) : 0;
}

/** What a loss at the order's stop-loss would do to every rule, and the largest size that stays within them. */
export function whatIf(
  ruleSet: RuleSet,
  state: PropState,
  order: ProposedOrder,
  context: PreTradeContext = {},
): WhatIf {
  const rules = phaseRules(ruleSet, state.phase);
  const cur = state.currency;
  const e = state.equityMinor;
  const dailyFloor = rules.dailyLoss ? state.day.floorMinor : null;
  const maxFloor = rules.maxLoss ? state.maxLossFloorMinor : null;
  const floors = [dailyFloor, maxFloor].filter((x): x is number => x !== null);
  const failEquityMinor = floors.length > 0 ? Math.max(...floors) : null;
  const dailyLeft = dailyFloor === null ? null : e - dailyFloor;
  const maxLeft = maxFloor === null ? null : e - maxFloor;
  const riskAllowed =
    rules.perTrade?.maxRiskPercent != null ? percentOf(state.balanceMinor, rules.perTrade.maxRiskPercent) : null;
  const vol = volumeRules(order);
  const lotCap = Math.min(rules.perTrade?.maxLots ?? Number.POSITIVE_INFINITY, vol.max);
  const warnings: string[] = [];

  if (state.failed) warnings.push(`The account failed its challenge: ${state.failed.reason}`);
  else if (state.pausedUntilMs !== null)
    warnings.push(
      `Trading is paused until ${new Date(state.pausedUntilMs).toISOString()} after a soft breach: ${state.pause?.reason ?? ''}`.trim(),
    );

  const risk = order.stopLoss === null || order.riskMinor === null ? null : Math.round(order.riskMinor);
  if (risk === null) {
    if (rules.perTrade?.requireStopLoss)
      warnings.push('This account requires a stop-loss on every trade; set stopLoss before sending the order.');
    else if (failEquityMinor !== null)
      warnings.push(
        `Without a stop-loss the loss is not limited: equity at ${money(failEquityMinor, cur)} fails the account.`,
      );
    return {
      dailyLossLeftAfterMinor: null,
      maxLossLeftAfterMinor: null,
      equityAtStopMinor: null,
      wouldBreach: rules.perTrade?.maxLots != null && order.lots > rules.perTrade.maxLots + 1e-9 ? 'max_lots' : null,
      failEquityMinor,
      maxLots: Number.isFinite(lotCap) ? lotCap : null,
      warnings,
    };
  }

  const dailyAfter = dailyLeft === null ? null : dailyLeft - risk;
  const maxAfter = maxLeft === null ? null : maxLeft - risk;
  const equityAtStop = e - risk;
  let wouldBreach: PropRuleId | null = null;
  const dailyHit = dailyAfter !== null && dailyAfter < 0;
  const maxHit = maxAfter !== null && maxAfter < 0;
  if (dailyHit && maxHit) wouldBreach = (dailyFloor ?? 0) >= (maxFloor ?? 0) ? 'daily_loss' : 'max_loss';
  else if (dailyHit) wouldBreach = 'daily_loss';
  else if (maxHit) wouldBreach = 'max_loss';
  else if (riskAllowed !== null && risk > riskAllowed) wouldBreach = 'max_risk_per_trade';
  else if (rules.perTrade?.maxLots != null && order.lots > rules.perTrade.maxLots + 1e-9) wouldBreach = 'max_lots';

  let maxLots: number | null = null;
  if (order.lots > 0) {
    const perLot = risk / order.lots;
    const allowances = [dailyLeft, maxLeft, riskAllowed].filter((x): x is number => x !== null);
    let size =
      allowances.length > 0 ? largestSize(Math.min(...allowances), perLot, vol.step) : Number.POSITIVE_INFINITY;
    size = Math.min(size, lotCap);
    if (Number.isFinite(size)) maxLots = size < vol.min - 1e-9 ? 0 : size;
  }

  if (wouldBreach === 'daily_loss' || wouldBreach === 'max_loss') {
    const rule = wouldBreach === 'daily_loss' ? rules.dailyLoss : rules.maxLoss;
    const floor = wouldBreach === 'daily_loss' ? dailyFloor : maxFloor;
    const name = wouldBreach === 'daily_loss' ? "today's daily loss floor" : 'the maximum loss floor';
    const outcome =
      rule?.breach === 'hard' ? 'the account would fail' : 'trading would be paused until the next daily reset';
    warnings.push(
      `A loss of ${money(risk, cur)} at the stop-loss would take equity to ${money(equityAtStop, cur)}, below ` +
        `${name} of ${money(floor ?? 0, cur)}: ${outcome}.`,
    );
  } else if (wouldBreach === 'max_risk_per_trade') {
    warnings.push(
      `A loss of ${money(risk, cur)} at the stop-loss is more than the ${rules.perTrade?.maxRiskPercent}% of the ` +
        `balance allowed per trade (${money(riskAllowed ?? 0, cur)}).`,
    );
  } else if (wouldBreach === 'max_lots') {
    warnings.push(`${order.lots} lots is more than the maximum of ${rules.perTrade?.maxLots} lots per trade.`);
  } else {
    if (dailyAfter !== null && state.day.limitMinor && dailyAfter < state.day.limitMinor * 0.2)
      warnings.push(
        `After a loss at the stop-loss only ${money(dailyAfter, cur)} of today's daily loss allowance would be left.`,
      );
    if (maxAfter !== null && rules.maxLoss) {
      const dist = percentOf(state.startBalanceMinor, rules.maxLoss.percent);
      if (maxAfter < dist * 0.2)
        warnings.push(
          `After a loss at the stop-loss only ${money(maxAfter, cur)} would be left before the maximum loss floor.`,
        );
    }
  }
  if (maxLots !== null && order.lots > maxLots + 1e-9)
    warnings.push(
      maxLots > 0
        ? `The largest size within every rule at this stop-loss is ${maxLots} lots; the order is for ${order.lots}.`
        : 'No size of this order stays within the rules at this stop-loss.',
    );
  if (rules.newsBlackout) {
    const t = context.nowMs ?? state.nowMs;
    const n = blackoutEvent(
      rules.newsBlackout,
      context.news ?? [],
      order.symbol,
      order.currencies ?? symbolCurrencies(order.symbol),
      t,
    );
    if (n)
      warnings.push(
        `A ${n.impact}-impact event at ${new Date(n.timeMs).toISOString()} puts ${order.symbol} in the news blackout; ` +
          'opening a position now breaks the rule.',
      );
  }
  return {
    dailyLossLeftAfterMinor: dailyAfter,
    maxLossLeftAfterMinor: maxAfter,
    equityAtStopMinor: equityAtStop,
    wouldBreach,
    failEquityMinor,
    maxLots,
    warnings,
  };
}

/**
 * Reasons the server refuses an order on a prop account (empty = allowed): the account failed or is paused, a
 * required stop-loss is missing, the loss at the stop is over the per-trade limit, the size is over the lot
 * limit, or the symbol is in a news blackout. Each message is a full sentence naming the request field.
 */
export function orderRefusals(
  ruleSet: RuleSet,
  state: PropState,
  order: ProposedOrder,
  context: PreTradeContext = {},
): OrderRefusal[] {
  const rules = phaseRules(ruleSet, state.phase);
  const out: OrderRefusal[] = [];
  const cur = state.currency;
  if (state.failed) {
    out.push({
      rule: 'failed',
      field: 'accountId',
      message: `accountId: this account failed its challenge and can no longer trade. ${state.failed.reason}`,
    });
    return out;
  }
  if (state.passed) {
    out.push({
      rule: 'failed',
      field: 'accountId',
      message: 'accountId: this account passed its phase and cannot trade until the next phase starts.',
    });
    return out;
  }
  const t = context.nowMs ?? state.nowMs;
  if (state.pausedUntilMs !== null && t < state.pausedUntilMs) {
    out.push({
      rule: 'paused',
      field: 'accountId',
      message:
        `accountId: trading on this account is paused until ${new Date(state.pausedUntilMs).toISOString()} ` +
        `after a soft breach. ${state.pause?.reason ?? ''}`.trim(),
    });
  }
  const p = rules.perTrade;
  if (p?.requireStopLoss && order.stopLoss === null)
    out.push({
      rule: 'stop_loss_required',
      field: 'stopLoss',
      message: 'stopLoss is required: this account needs a stop-loss on every order.',
    });
  if (p?.maxRiskPercent != null && order.stopLoss !== null && order.riskMinor !== null) {
    const allowed = percentOf(state.balanceMinor, p.maxRiskPercent);
    const risk = Math.round(order.riskMinor);
    if (risk > allowed)
      out.push({
        rule: 'max_risk_per_trade',
        field: 'volume',
        message:
          `volume: ${order.lots} lots lose ${money(risk, cur)} at the stop-loss, more than the ` +
          `${p.maxRiskPercent}% of the balance this account allows per trade (${money(allowed, cur)}).`,
      });
  }
  if (p?.maxLots != null && order.lots > p.maxLots + 1e-9)
    out.push({
      rule: 'max_lots',
      field: 'volume',
      message: `volume must be at most ${p.maxLots} lots on this account; the order is for ${order.lots} lots.`,
    });
  if (rules.newsBlackout) {
    const n = blackoutEvent(
      rules.newsBlackout,
      context.news ?? [],
      order.symbol,
      order.currencies ?? symbolCurrencies(order.symbol),
      t,
    );
    if (n)
      out.push({
        rule: 'news_blackout',
        field: 'symbol',
        message:
          `symbol: ${order.symbol} is in the news blackout around a ${n.impact}-impact event at ` +
          `${new Date(n.timeMs).toISOString()}; new positions may be opened after ` +
          `${new Date(n.timeMs + rules.newsBlackout.minutesAfter * 60_000).toISOString()}.`,
      });
  }
  return out;
}
