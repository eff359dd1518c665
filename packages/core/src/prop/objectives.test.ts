import { describe, expect, it } from 'vitest';
import { evaluateObjectives, OBJECTIVE_CATALOGUE, objectiveValueIssue } from './objectives.js';
import type { DayStats } from './types.js';
import { OBJECTIVE_KINDS } from './types.js';

const quiet: DayStats = {
  positionsOpened: 0,
  closedProfitMinor: 0,
  equityChangeMinor: 0,
  lossStreak: 0,
  maxStreakAtOpen: 0,
  maxRiskPercent: null,
};

describe('objective catalogue', () => {
  it('describes every kind once, with bounds that contain the default', () => {
    expect(OBJECTIVE_CATALOGUE.map((d) => d.kind)).toEqual([...OBJECTIVE_KINDS]);
    for (const d of OBJECTIVE_CATALOGUE) {
      expect(d.defaultValue).toBeGreaterThanOrEqual(d.min);
      expect(d.defaultValue).toBeLessThanOrEqual(d.max);
      expect(objectiveValueIssue(d.kind, d.defaultValue)).toBeNull();
    }
  });

  it.each([
    ['max_trades_per_day', 2.5, 'value must be a whole number of trades.'],
    ['max_trades_per_day', 0, 'value for "Maximum trades per day" must be between 1 and 500.'],
    ['daily_profit_goal', 10.005, 'value must have at most 2 decimals.'],
    ['max_risk_per_trade', 101, 'value for "Maximum risk per trade" must be between 0.01 and 100.'],
    ['max_losses_in_row', '3', 'value must be a number.'],
  ] as const)('%s = %s is refused: %s', (kind, value, message) => {
    expect(objectiveValueIssue(kind, value)).toBe(message);
  });
});

describe('objective evaluation (USD, cents)', () => {
  it('maximum trades per day: on track below, warned at the limit, broken above', () => {
    const o = [{ kind: 'max_trades_per_day' as const, value: 3 }];
    expect(evaluateObjectives(o, { ...quiet, positionsOpened: 2 }, 'USD')[0]).toMatchObject({
      state: 'on_track',
      progress: 2 / 3,
      warning: null,
    });
    expect(evaluateObjectives(o, { ...quiet, positionsOpened: 3 }, 'USD')[0]).toMatchObject({
      state: 'on_track',
      warning: 'You have reached your limit of 3 trades today.',
    });
    expect(evaluateObjectives(o, { ...quiet, positionsOpened: 4 }, 'USD')[0]).toMatchObject({
      state: 'broken',
      warning: 'You opened 4 trades today, more than your limit of 3.',
    });
  });

  it('daily profit goal: met once closed profit reaches it', () => {
    const o = [{ kind: 'daily_profit_goal' as const, value: 250 }];
    expect(evaluateObjectives(o, { ...quiet, closedProfitMinor: 12_500 }, 'USD')[0]).toMatchObject({
      state: 'on_track',
      value: 12_500,
      target: 25_000,
      progress: 0.5,
    });
    expect(evaluateObjectives(o, { ...quiet, closedProfitMinor: 25_000 }, 'USD')[0]?.state).toBe('met');
  });

  it('own maximum daily loss: warns from 80 % of it, broken past it', () => {
    const o = [{ kind: 'max_daily_loss' as const, value: 500 }];
    expect(evaluateObjectives(o, { ...quiet, equityChangeMinor: -39_999 }, 'USD')[0]?.warning).toBeNull();
    expect(evaluateObjectives(o, { ...quiet, equityChangeMinor: -40_000 }, 'USD')[0]).toMatchObject({
      state: 'on_track',
      warning: "Equity is 400.00 USD below today's starting balance, close to your own daily loss limit of 500.00 USD.",
    });
    expect(evaluateObjectives(o, { ...quiet, equityChangeMinor: -50_001 }, 'USD')[0]).toMatchObject({
      state: 'broken',
      warning: "Equity is 500.01 USD below today's starting balance, past your own daily loss limit of 500.00 USD.",
    });
  });

  it('maximum risk per trade: broken when a trade today risked more', () => {
    const o = [{ kind: 'max_risk_per_trade' as const, value: 1 }];
    expect(evaluateObjectives(o, { ...quiet, maxRiskPercent: 1 }, 'USD')[0]?.state).toBe('on_track');
    expect(evaluateObjectives(o, { ...quiet, maxRiskPercent: 1.5 }, 'USD')[0]).toMatchObject({
      state: 'broken',
      warning: 'A trade today risked 1.50% of the balance at its stop-loss, more than your limit of 1%.',
    });
  });

  it('no trading after N losses in a row: warned at the streak, broken by opening after it', () => {
    const o = [{ kind: 'max_losses_in_row' as const, value: 2 }];
    expect(evaluateObjectives(o, { ...quiet, lossStreak: 2, maxStreakAtOpen: 1 }, 'USD')[0]).toMatchObject({
      state: 'on_track',
      warning: '2 losses in a row: your rule says stop trading for today.',
    });
    expect(evaluateObjectives(o, { ...quiet, lossStreak: 0, maxStreakAtOpen: 2 }, 'USD')[0]).toMatchObject({
      state: 'broken',
      warning: 'You opened a trade after 2 losses in a row today, against your own rule.',
    });
  });
});
