import type { PropRuleStatus } from '@tradedesk/contracts';
import {
  createPropState,
  getChallenge,
  getRuleSet,
  minorUnitDigits,
  type ProposedOrder,
  type PropState,
  type RuleSet,
  type WhatIf,
  whatIf,
} from '@tradedesk/core';

/** Money as the wire carries it (a decimal of the currency) in integer minor units. */
function toMinor(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorUnitDigits(currency));
}

/** The rule set of the challenge the status is for (the core catalogue the server evaluates with). */
export function ruleSetOf(status: Pick<PropRuleStatus, 'challengeId'>): RuleSet | undefined {
  const challenge = getChallenge(status.challengeId);
  return challenge ? getRuleSet(challenge.ruleSetId) : undefined;
}

/**
 * The engine's state as far as the pre-trade what-if reads it, rebuilt from the live rule status the server
 * sends: equity and balance, today's daily-loss floor and allowance, the maximum-loss floor, and whether the
 * account failed or is paused. Money in minor units.
 */
export function stateFromStatus(status: PropRuleStatus, ruleSet: RuleSet): PropState {
  const c = status.currency;
  const startedAtMs = Date.parse(status.phaseStartedAt);
  const nowMs = Date.parse(status.evaluatedAt);
  const base = createPropState({
    ruleSet,
    phase: status.phase,
    currency: c,
    accountSizeMinor: toMinor(status.startingBalance, c),
    startMs: Number.isFinite(startedAtMs) ? startedAtMs : nowMs,
  });
  const equityMinor = toMinor(status.equity, c);
  const dailyFloor =
    status.dailyFloor !== null
      ? toMinor(status.dailyFloor, c)
      : status.todayPermittedLoss === null
        ? null
        : equityMinor - toMinor(status.todayPermittedLoss, c);
  return {
    ...base,
    nowMs,
    balanceMinor: toMinor(status.balance, c),
    equityMinor,
    maxLossFloorMinor: status.maxLossFloor === null ? null : toMinor(status.maxLossFloor, c),
    floorLocked: status.maxLossLocked,
    day: {
      ...base.day,
      baseMinor: status.dailyLossBase === null ? null : toMinor(status.dailyLossBase, c),
      limitMinor: status.dailyLossLimit === null ? null : toMinor(status.dailyLossLimit, c),
      floorMinor: dailyFloor,
    },
    pausedUntilMs: status.pausedUntil === null ? null : Date.parse(status.pausedUntil),
    failed: status.failed
      ? {
          rule: status.failed.rule,
          kind: 'hard',
          atMs: Date.parse(status.failed.at),
          equityMinor: toMinor(status.failed.equity, c),
          reason: status.failed.reason,
        }
      : null,
  };
}

/** What the ticket's order would do to the rules (core's whatIf), money back in the account currency's decimals. */
export type TicketRuleCheck = {
  currency: string;
  dailyLossLeftAfter: number | null;
  maxLossLeftAfter: number | null;
  equityAtStop: number | null;
  failEquity: number | null;
  wouldBreach: WhatIf['wouldBreach'];
  maxLots: number | null;
  warnings: string[];
};

/**
 * The order's what-if against the live status: `riskAmount` is the loss at the stop in the account currency
 * (commission included), null without a stop. Null when the challenge's rule set is not known here.
 */
export function ticketRuleCheck(
  status: PropRuleStatus,
  order: Omit<ProposedOrder, 'riskMinor'> & { riskAmount: number | null },
): TicketRuleCheck | null {
  const ruleSet = ruleSetOf(status);
  if (!ruleSet) return null;
  const c = status.currency;
  const { riskAmount, ...rest } = order;
  const w = whatIf(ruleSet, stateFromStatus(status, ruleSet), {
    ...rest,
    riskMinor: riskAmount === null ? null : toMinor(riskAmount, c),
  });
  const major = (minor: number | null) => (minor === null ? null : minor / 10 ** minorUnitDigits(c));
  return {
    currency: c,
    dailyLossLeftAfter: major(w.dailyLossLeftAfterMinor),
    maxLossLeftAfter: major(w.maxLossLeftAfterMinor),
    equityAtStop: major(w.equityAtStopMinor),
    failEquity: major(w.failEquityMinor),
    wouldBreach: w.wouldBreach,
    maxLots: w.maxLots,
    warnings: w.warnings,
  };
}
