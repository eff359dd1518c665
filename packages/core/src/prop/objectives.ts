import { bookMinor, minorToDecimal } from '../trading/money.js';
import type { DayStats, Objective, ObjectiveDefinition, ObjectiveKind, ObjectiveStatus } from './types.js';

/**
 * A trader's own goals for an account, tracked beside the firm's rules. They never fail or pause an account:
 * each is met, on track, or broken with a warning sentence.
 */

export const OBJECTIVE_CATALOGUE: readonly ObjectiveDefinition[] = [
  {
    kind: 'max_trades_per_day',
    name: 'Maximum trades per day',
    description: 'Open at most this many positions in a trading day.',
    valueType: 'integer',
    unit: 'trades',
    min: 1,
    max: 500,
    step: 1,
    defaultValue: 5,
  },
  {
    kind: 'daily_profit_goal',
    name: 'Daily profit goal',
    description: 'Closed profit to reach in a trading day, in the account currency.',
    valueType: 'money',
    unit: 'currency',
    min: 0.01,
    max: 10_000_000,
    step: 0.01,
    defaultValue: 100,
  },
  {
    kind: 'max_daily_loss',
    name: 'Maximum daily loss',
    description: 'Your own limit on how far equity may fall below the day’s starting balance, in the account currency.',
    valueType: 'money',
    unit: 'currency',
    min: 0.01,
    max: 10_000_000,
    step: 0.01,
    defaultValue: 200,
  },
  {
    kind: 'max_risk_per_trade',
    name: 'Maximum risk per trade',
    description: 'Largest loss at the stop-loss of one position, as a percent of the balance.',
    valueType: 'percent',
    unit: 'percent',
    min: 0.01,
    max: 100,
    step: 0.01,
    defaultValue: 1,
  },
  {
    kind: 'max_losses_in_row',
    name: 'Stop after losses in a row',
    description: 'Stop trading for the day after this many losing trades in a row.',
    valueType: 'integer',
    unit: 'losses',
    min: 1,
    max: 50,
    step: 1,
    defaultValue: 3,
  },
];

export function objectiveDefinition(kind: ObjectiveKind): ObjectiveDefinition {
  const d = OBJECTIVE_CATALOGUE.find((x) => x.kind === kind);
  if (!d) throw new RangeError(`Objective kind "${kind}" is not in the catalogue.`);
  return d;
}

/**
 * Checks an objective's value against its definition; returns a full sentence naming `field` when it is out of
 * bounds or of the wrong type, else null.
 */
export function objectiveValueIssue(kind: ObjectiveKind, value: unknown, field = 'value'): string | null {
  const d = OBJECTIVE_CATALOGUE.find((x) => x.kind === kind);
  if (!d) return `kind must be one of ${OBJECTIVE_CATALOGUE.map((x) => x.kind).join(', ')}.`;
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${field} must be a number.`;
  if (d.valueType === 'integer' && !Number.isInteger(value)) return `${field} must be a whole number of ${d.unit}.`;
  if (d.valueType !== 'integer' && Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)
    return `${field} must have at most 2 decimals.`;
  if (value < d.min || value > d.max) return `${field} for "${d.name}" must be between ${d.min} and ${d.max}.`;
  return null;
}

const WARN_SHARE = 0.8;

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/** Status of each objective against today's figures. `currency` formats money in the warnings. */
export function evaluateObjectives(
  objectives: readonly Objective[],
  day: DayStats,
  currency: string,
): ObjectiveStatus[] {
  return objectives.map((o) => objectiveStatus(o, day, currency));
}

/** Status of one objective against today's figures. */
export function objectiveStatus(o: Objective, day: DayStats, currency: string): ObjectiveStatus {
  const money = (minor: number) => `${minorToDecimal(minor, currency)} ${currency}`;
  const d = objectiveDefinition(o.kind);
  switch (o.kind) {
    case 'max_trades_per_day': {
      const used = day.positionsOpened;
      const broken = used > o.value;
      const atLimit = used === o.value;
      return {
        kind: o.kind,
        label: d.name,
        value: used,
        target: o.value,
        progress: clamp01(used / o.value),
        state: broken ? 'broken' : 'on_track',
        warning: broken
          ? `You opened ${used} trades today, more than your limit of ${o.value}.`
          : atLimit
            ? `You have reached your limit of ${o.value} trades today.`
            : null,
      };
    }
    case 'daily_profit_goal': {
      const goal = bookMinor(o.value, currency);
      const made = day.closedProfitMinor;
      const met = made >= goal;
      return {
        kind: o.kind,
        label: d.name,
        value: made,
        target: goal,
        progress: clamp01(made / goal),
        state: met ? 'met' : 'on_track',
        warning: null,
      };
    }
    case 'max_daily_loss': {
      const limit = bookMinor(o.value, currency);
      const lost = Math.max(0, -day.equityChangeMinor);
      const broken = lost > limit;
      return {
        kind: o.kind,
        label: d.name,
        value: lost,
        target: limit,
        progress: clamp01(lost / limit),
        state: broken ? 'broken' : 'on_track',
        warning: broken
          ? `Equity is ${money(lost)} below today's starting balance, past your own daily loss limit of ${money(limit)}.`
          : lost >= limit * WARN_SHARE
            ? `Equity is ${money(lost)} below today's starting balance, close to your own daily loss limit of ${money(limit)}.`
            : null,
      };
    }
    case 'max_risk_per_trade': {
      const risk = day.maxRiskPercent ?? 0;
      const broken = risk > o.value + 1e-9;
      return {
        kind: o.kind,
        label: d.name,
        value: risk,
        target: o.value,
        progress: clamp01(risk / o.value),
        state: broken ? 'broken' : 'on_track',
        warning: broken
          ? `A trade today risked ${risk.toFixed(2)}% of the balance at its stop-loss, more than your limit of ${o.value}%.`
          : null,
      };
    }
    case 'max_losses_in_row': {
      const streak = day.lossStreak;
      const reached = streak >= o.value;
      const broken = day.maxStreakAtOpen >= o.value;
      return {
        kind: o.kind,
        label: d.name,
        value: streak,
        target: o.value,
        progress: clamp01(streak / o.value),
        state: broken ? 'broken' : 'on_track',
        warning: broken
          ? `You opened a trade after ${o.value} losses in a row today, against your own rule.`
          : reached
            ? `${streak} losses in a row: your rule says stop trading for today.`
            : null,
      };
    }
  }
}
