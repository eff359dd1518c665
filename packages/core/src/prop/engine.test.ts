import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INSTANT_FUNDING_RULES, ONE_STEP_RULES, phaseRules, TWO_STEP_RULES } from './catalogue.js';
import { dayStartAt, nextFridayCloseAfter, nextResetAfter } from './days.js';
import { createPropState, dayStats, type EvaluateContext, evaluate, propView, startNextPhase } from './engine.js';
import type { PhaseRules, PropAction, PropEvent, PropState, RuleSet } from './types.js';
import { ruleSetIssues } from './validate.js';

/** Hand-computed scenarios. Money is cents of USD: 100,000.00 USD = 10_000_000. */

const Z = (iso: string) => Date.parse(iso);
const K100 = 10_000_000;

function run(rs: RuleSet, state: PropState, events: PropEvent[], ctx?: EvaluateContext) {
  let s = state;
  const actions: PropAction[] = [];
  for (const e of events) {
    const r = evaluate(rs, s, e, ctx);
    s = r.state;
    actions.push(...r.actions);
  }
  return { state: s, actions };
}

/** Actions other than the daily resets and resumes a run crosses. */
const breachActions = (actions: PropAction[]) => actions.filter((a) => a.type !== 'day_reset' && a.type !== 'resume');

const eq = (iso: string, balanceMinor: number, equityMinor: number, openPositions = 0): PropEvent => ({
  type: 'equity',
  timeMs: Z(iso),
  balanceMinor,
  equityMinor,
  openPositions,
});
const open = (iso: string, riskMinor: number | null = 50_000, lots = 1, symbol = 'EURUSD'): PropEvent => ({
  type: 'position_opened',
  timeMs: Z(iso),
  symbol,
  lots,
  stopLoss: riskMinor === null ? null : 1.09,
  riskMinor,
});
const deal = (iso: string, profitMinor: number, balanceMinor: number, openPositions = 0): PropEvent => ({
  type: 'deal',
  timeMs: Z(iso),
  profitMinor,
  balanceMinor,
  openPositions,
});
const tick = (iso: string): PropEvent => ({ type: 'time', timeMs: Z(iso) });

function withPhase(rs: RuleSet, phase: string, patch: Partial<PhaseRules>): RuleSet {
  return { ...rs, phases: rs.phases.map((p) => (p.phase === phase ? { ...p, ...patch } : p)) };
}

function fresh(rs: RuleSet, startIso: string, phase = rs.phases[0]!.phase) {
  return createPropState({ ruleSet: rs, phase, currency: 'USD', accountSizeMinor: K100, startMs: Z(startIso) });
}

describe('daily reset across DST changes', () => {
  const prague = TWO_STEP_RULES.day;
  const newYork = ONE_STEP_RULES.day;
  it.each([
    // Prague midnight: 23:00 UTC in winter (CET), 22:00 UTC in summer (CEST); summer time ends 25 Oct 2026
    ['Prague before the autumn change', prague, '2026-10-24T12:00:00Z', '2026-10-23T22:00:00Z', '2026-10-24T22:00:00Z'],
    ['Prague on the 25-hour day', prague, '2026-10-25T12:00:00Z', '2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z'],
    ['Prague after the autumn change', prague, '2026-10-27T12:00:00Z', '2026-10-26T23:00:00Z', '2026-10-27T23:00:00Z'],
    // Prague summer time starts 29 Mar 2026: the day of 29 Mar has 23 hours
    ['Prague on the 23-hour day', prague, '2026-03-29T12:00:00Z', '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z'],
    // New York 17:00: 22:00 UTC in winter (EST), 21:00 UTC in summer (EDT); summer time ends 1 Nov 2026
    [
      'New York before the autumn change',
      newYork,
      '2026-10-30T12:00:00Z',
      '2026-10-29T21:00:00Z',
      '2026-10-30T21:00:00Z',
    ],
    ['New York on the 25-hour day', newYork, '2026-11-01T12:00:00Z', '2026-10-31T21:00:00Z', '2026-11-01T22:00:00Z'],
    [
      'New York after the autumn change',
      newYork,
      '2026-11-02T12:00:00Z',
      '2026-11-01T22:00:00Z',
      '2026-11-02T22:00:00Z',
    ],
    // New York summer time starts 8 Mar 2026, three weeks before Prague's
    [
      'New York after the spring change',
      newYork,
      '2026-03-10T12:00:00Z',
      '2026-03-09T21:00:00Z',
      '2026-03-10T21:00:00Z',
    ],
    [
      'Prague still in winter time then',
      prague,
      '2026-03-10T12:00:00Z',
      '2026-03-09T23:00:00Z',
      '2026-03-10T23:00:00Z',
    ],
    // exactly at a reset: the new day starts there
    ['New York at the reset instant', newYork, '2026-11-02T22:00:00Z', '2026-11-02T22:00:00Z', '2026-11-03T22:00:00Z'],
  ])('%s', (_name, day, at, start, next) => {
    expect(new Date(dayStartAt(day, Z(at))).toISOString()).toBe(new Date(Z(start)).toISOString());
    expect(new Date(nextResetAfter(day, Z(at))).toISOString()).toBe(new Date(Z(next)).toISOString());
  });

  it('the engine resets the day at the shifted UTC instant and shows it as the next reset', () => {
    let s = fresh(TWO_STEP_RULES, '2026-10-24T08:00:00Z');
    expect(propView(TWO_STEP_RULES, s).nextResetMs).toBe(Z('2026-10-24T22:00:00Z'));
    s = run(TWO_STEP_RULES, s, [tick('2026-10-24T21:59:59Z')]).state;
    expect(s.day.startMs).toBe(Z('2026-10-23T22:00:00Z'));
    const r = run(TWO_STEP_RULES, s, [tick('2026-10-24T22:00:00Z')]);
    expect(r.actions).toContainEqual({ type: 'day_reset', atMs: Z('2026-10-24T22:00:00Z') });
    expect(propView(TWO_STEP_RULES, r.state).nextResetMs).toBe(Z('2026-10-25T23:00:00Z'));
    // the next reset of the 25-hour day is an hour later in UTC
    const after = run(TWO_STEP_RULES, r.state, [tick('2026-10-25T22:30:00Z')]);
    expect(after.actions).toEqual([]);
    expect(run(TWO_STEP_RULES, after.state, [tick('2026-10-25T23:00:00Z')]).actions).toContainEqual({
      type: 'day_reset',
      atMs: Z('2026-10-25T23:00:00Z'),
    });
  });

  it('finds the weekly close at 17:00 New York on Fridays either side of the change', () => {
    const close = { time: '17:00', timeZone: 'America/New_York' };
    expect(nextFridayCloseAfter(close, Z('2026-10-28T00:00:00Z'))).toBe(Z('2026-10-30T21:00:00Z'));
    expect(nextFridayCloseAfter(close, Z('2026-10-30T21:00:00Z'))).toBe(Z('2026-11-06T22:00:00Z'));
  });
});

describe('two-step evaluation (5 % daily from the higher of balance and equity, 10 % static)', () => {
  const rs = TWO_STEP_RULES;

  it('an overnight floating loss counts against the new day from the higher base', () => {
    // Monday 2 Mar 2026; Prague midnight is 23:00 UTC
    const s0 = fresh(rs, '2026-03-02T08:00:00Z');
    const day1 = run(rs, s0, [open('2026-03-02T10:00:00Z'), eq('2026-03-02T20:00:00Z', K100, 9_800_000, 1)]);
    expect(day1.actions).toEqual([]);
    // at the snapshot: balance 100,000.00, equity 98,000.00 -> base 100,000.00, floor 95,000.00
    const day2 = run(rs, day1.state, [tick('2026-03-02T23:00:00Z')]);
    expect(day2.state.day.baseMinor).toBe(K100);
    expect(day2.state.day.floorMinor).toBe(9_500_000);
    const v = propView(rs, day2.state);
    expect(v.dailyLossLeftMinor).toBe(300_000); // equity 98,000 can drop 3,000 more today
    expect(v.maxLossLeftMinor).toBe(800_000);
    expect(v.failEquityMinor).toBe(9_500_000);
    // 94,999.99 the next morning breaches the daily loss (hard): the account fails
    const r = run(rs, day2.state, [eq('2026-03-03T08:00:00Z', K100, 9_499_999, 1)]);
    expect(r.state.failed).toMatchObject({
      rule: 'daily_loss',
      kind: 'hard',
      atMs: Z('2026-03-03T08:00:00Z'),
      equityMinor: 9_499_999,
    });
    expect(r.state.failed?.reason).toBe(
      "Equity fell to 94999.99 USD, below today's daily loss floor of 95000.00 USD (5000.00 USD below the day's base of 100000.00 USD).",
    );
    expect(r.actions.map((a) => a.type)).toEqual(['close_positions', 'fail']);
    // a failed account takes no more events
    expect(evaluate(rs, r.state, eq('2026-03-03T09:00:00Z', K100, K100)).actions).toEqual([]);
  });

  it('with an equity base the same overnight loss leaves a lower floor (no breach at 94,999.99)', () => {
    const byEquity = withPhase(rs, 'phase_1', {
      dailyLoss: { limit: { kind: 'percent', value: 5 }, base: 'equity', limitOf: 'starting_balance', breach: 'hard' },
    });
    const r = run(byEquity, fresh(byEquity, '2026-03-02T08:00:00Z'), [
      open('2026-03-02T10:00:00Z'),
      eq('2026-03-02T20:00:00Z', K100, 9_800_000, 1),
      eq('2026-03-03T08:00:00Z', K100, 9_499_999, 1),
    ]);
    expect(r.state.day.floorMinor).toBe(9_300_000);
    expect(r.state.failed).toBeNull();
  });

  it('a floating profit at the snapshot raises the base above the balance', () => {
    const r = run(rs, fresh(rs, '2026-03-02T08:00:00Z'), [
      open('2026-03-02T10:00:00Z'),
      eq('2026-03-02T22:59:00Z', K100, 10_300_000, 1),
      eq('2026-03-03T09:00:00Z', K100, 9_800_000, 1),
    ]);
    // base 103,000.00, floor 98,000.00: equity 98,000.00 is exactly at the floor, still allowed
    expect(r.state.day.floorMinor).toBe(9_800_000);
    expect(r.state.failed).toBeNull();
    expect(propView(rs, r.state).dailyLossLeftMinor).toBe(0);
    const broken = run(rs, r.state, [eq('2026-03-03T09:01:00Z', K100, 9_799_999, 1)]);
    expect(broken.state.failed?.rule).toBe('daily_loss');
  });

  it('the static maximum loss fails the account at 89,999.99 after losses over several days', () => {
    const r = run(rs, fresh(rs, '2026-03-02T08:00:00Z'), [
      open('2026-03-02T10:00:00Z'),
      deal('2026-03-02T12:00:00Z', -400_000, 9_600_000),
      eq('2026-03-02T12:00:00Z', 9_600_000, 9_600_000),
      open('2026-03-03T10:00:00Z'),
      deal('2026-03-03T12:00:00Z', -400_000, 9_200_000),
      eq('2026-03-03T12:00:00Z', 9_200_000, 9_200_000),
      open('2026-03-04T10:00:00Z'),
      eq('2026-03-04T11:00:00Z', 9_200_000, 9_000_000, 1),
    ]);
    // day 3: daily floor 92,000 - 5,000 = 87,000; max-loss floor 90,000 is the higher
    expect(r.state.failed).toBeNull();
    expect(propView(rs, r.state).failEquityMinor).toBe(9_000_000);
    const f = run(rs, r.state, [eq('2026-03-04T11:30:00Z', 9_200_000, 8_999_999, 1)]);
    expect(f.state.failed).toMatchObject({ rule: 'max_loss', equityMinor: 8_999_999, atMs: Z('2026-03-04T11:30:00Z') });
    expect(f.state.failed?.reason).toContain('below the maximum loss floor of 90000.00 USD');
  });

  it('passes phase 1 only with the target met on a closed balance and 4 trading days', () => {
    let s = fresh(rs, '2026-03-02T08:00:00Z');
    const daysIso = ['2026-03-02', '2026-03-03', '2026-03-04'];
    let bal = K100;
    for (const [i, d] of daysIso.entries()) {
      const profit = i === 2 ? 400_000 : 300_000;
      bal += profit;
      s = run(rs, s, [
        open(`${d}T10:00:00Z`),
        deal(`${d}T12:00:00Z`, profit, bal),
        eq(`${d}T12:00:00Z`, bal, bal),
      ]).state;
    }
    // 110,000.00 reached on day 3, but only 3 trading days
    expect(bal).toBe(11_000_000);
    expect(s.passed).toBeNull();
    let v = propView(rs, s);
    expect(v.tradingDays).toEqual({ done: 3, required: 4 });
    expect(v.rules.find((x) => x.rule === 'profit_target')).toMatchObject({
      state: 'passed',
      progress: 1,
      remaining: 0,
    });
    // day 4: a position opened and closed at break-even makes the fourth trading day: passed
    const r = run(rs, s, [
      open('2026-03-05T10:00:00Z'),
      eq('2026-03-05T10:00:00Z', bal, bal - 2_000, 1),
      deal('2026-03-05T10:30:00Z', 0, bal, 0),
    ]);
    expect(r.state.passed).toEqual({
      atMs: Z('2026-03-05T10:30:00Z'),
      phase: 'phase_1',
      nextPhase: 'phase_2',
      nextBalanceMinor: K100,
    });
    v = propView(rs, r.state);
    expect(v.tradingDays).toEqual({ done: 4, required: 4 });
    const p2 = startNextPhase(rs, r.state, Z('2026-03-05T11:00:00Z'));
    expect(p2).toMatchObject({ phase: 'phase_2', startBalanceMinor: K100, balanceMinor: K100, tradingDays: 0 });
    const target = propView(rs, p2).rules.find((x) => x.rule === 'profit_target');
    expect(target).toMatchObject({ limit: 500_000, value: 0, remaining: 500_000 });
  });

  it('does not pass while a position is still open, even above the target', () => {
    let s = fresh(rs, '2026-03-02T08:00:00Z');
    for (const d of ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'])
      s = run(rs, s, [open(`${d}T10:00:00Z`)]).state;
    const r = run(rs, s, [deal('2026-03-05T12:00:00Z', 1_000_000, 11_000_000, 1)]);
    expect(r.state.passed).toBeNull();
    expect(run(rs, r.state, [eq('2026-03-05T12:01:00Z', 11_000_000, 11_000_000, 0)]).state.passed?.nextPhase).toBe(
      'phase_2',
    );
  });

  it('counts a trading day only when a position was opened in it, by Prague days', () => {
    const r = run(rs, fresh(rs, '2026-03-02T08:00:00Z'), [
      open('2026-03-02T22:30:00Z'), // Monday 23:30 Prague
      open('2026-03-02T23:30:00Z'), // Tuesday 00:30 Prague: a second day
      deal('2026-03-03T12:00:00Z', 10_000, K100 + 10_000), // a close alone does not make a day
      tick('2026-03-05T12:00:00Z'),
    ]);
    expect(propView(rs, r.state).tradingDays).toEqual({ done: 2, required: 4 });
  });

  it('counts only profitable days when the rule sets a threshold (0.5 % of the start)', () => {
    const strict = withPhase(rs, 'phase_1', { minTradingDays: { days: 4, minDayProfitPercent: 0.5 } });
    const r = run(strict, fresh(strict, '2026-03-02T08:00:00Z'), [
      open('2026-03-02T10:00:00Z'),
      deal('2026-03-02T11:00:00Z', 49_999, K100 + 49_999), // 499.99: does not count
      open('2026-03-03T10:00:00Z'),
      deal('2026-03-03T11:00:00Z', 50_000, K100 + 99_999), // 500.00: counts
    ]);
    expect(propView(strict, r.state).tradingDays.done).toBe(1);
    expect(run(strict, r.state, [tick('2026-03-04T12:00:00Z')]).state.tradingDays).toBe(1);
  });

  it('expires after 30 days without a trade, at the exact instant', () => {
    const r = run(rs, fresh(rs, '2026-03-02T08:00:00Z'), [
      open('2026-03-05T10:00:00Z'),
      deal('2026-03-05T11:00:00Z', 10_000, K100 + 10_000),
      eq('2026-03-05T11:00:00Z', K100 + 10_000, K100 + 10_000),
      tick('2026-04-10T00:00:00Z'),
    ]);
    expect(r.state.failed).toMatchObject({
      rule: 'inactivity',
      atMs: Z('2026-04-04T11:00:00Z'),
      equityMinor: K100 + 10_000,
    });
    expect(r.state.failed?.reason).toBe('No trade was placed for 30 days, so the account expired for inactivity.');
  });

  it('a maximum duration expires the phase at start + N days', () => {
    const limited = withPhase(rs, 'phase_1', { maxDurationDays: 30, inactivityDays: null });
    const s = fresh(limited, '2026-03-02T08:00:00Z');
    const mid = run(limited, s, [tick('2026-03-26T08:00:00Z')]);
    expect(mid.state.failed).toBeNull();
    expect(propView(limited, mid.state).rules.find((x) => x.rule === 'max_duration')).toMatchObject({
      value: 24,
      limit: 30,
      remaining: 6,
      state: 'warning',
    });
    const r = run(limited, mid.state, [tick('2026-04-05T00:00:00Z')]);
    expect(r.state.failed).toMatchObject({ rule: 'max_duration', atMs: Z('2026-04-01T08:00:00Z') });
  });

  it('the funded phase blocks new positions in the 2-minute news blackout (soft)', () => {
    const news = [{ timeMs: Z('2026-03-06T13:30:00Z'), impact: 'high' as const, currencies: ['USD'] }];
    const s = fresh(rs, '2026-03-02T08:00:00Z', 'funded');
    expect(breachActions(run(rs, s, [open('2026-03-06T13:27:59Z')], { news }).actions)).toEqual([]);
    expect(breachActions(run(rs, s, [open('2026-03-06T13:40:00Z', 50_000, 1, 'GBPJPY')], { news }).actions)).toEqual(
      [],
    );
    const r = run(rs, s, [open('2026-03-06T13:28:00Z')], { news });
    expect(r.state.pause?.rule).toBe('news_blackout');
    expect(r.state.pausedUntilMs).toBe(Z('2026-03-06T23:00:00Z'));
    expect(r.state.failed).toBeNull();
    const low = [{ timeMs: Z('2026-03-06T13:30:00Z'), impact: 'medium' as const, symbols: ['EURUSD'] }];
    expect(breachActions(run(rs, s, [open('2026-03-06T13:30:00Z')], { news: low }).actions)).toEqual([]);
  });
});

describe('one-step evaluation (4 % daily, 6 % end-of-day trailing, consistency 50 %)', () => {
  const rs = ONE_STEP_RULES;
  // New York 17:00 = 22:00 UTC in early March 2026 (before 8 Mar)

  it('the end-of-day floor trails the highest closing balance and locks at the starting balance', () => {
    let s = fresh(rs, '2026-03-02T14:00:00Z');
    const floors: number[] = [];
    const steps: [string, number][] = [
      ['2026-03-02', 200_000], // 102,000
      ['2026-03-03', 300_000], // 105,000
      ['2026-03-04', 200_000], // 107,000
      ['2026-03-05', 100_000], // 108,000
    ];
    let bal = K100;
    for (const [d, profit] of steps) {
      bal += profit;
      s = run(rs, s, [
        open(`${d}T14:00:00Z`),
        eq(`${d}T15:00:00Z`, bal - profit, bal + 300_000, 1), // intraday peak does not move an EOD floor
        deal(`${d}T16:00:00Z`, profit, bal),
        eq(`${d}T16:00:00Z`, bal, bal),
      ]).state;
      floors.push(s.maxLossFloorMinor!);
      s = run(rs, s, [tick(`${d}T22:00:00Z`)]).state;
      floors.push(s.maxLossFloorMinor!);
    }
    expect(floors).toEqual([9_400_000, 9_600_000, 9_600_000, 9_900_000, 9_900_000, 10_000_000, 10_000_000, 10_000_000]);
    expect(s.floorLocked).toBe(true);
    // day profits 2,000 / 3,000 / 2,000 / 1,000: best 3,000 of 8,000 = 37.5 %
    const v = propView(rs, s);
    expect(v.bestDaySharePercent).toBe(37.5);
    expect(v.rules.find((x) => x.rule === 'consistency')).toMatchObject({ value: 37.5, limit: 50, state: 'ok' });
    expect(v.maxLossFloorMinor).toBe(K100);
  });

  it('shows the best-day share as a warning, never a failure', () => {
    const r = run(rs, fresh(rs, '2026-03-02T14:00:00Z'), [
      open('2026-03-02T14:00:00Z'),
      deal('2026-03-02T16:00:00Z', 200_000, 10_200_000),
      tick('2026-03-02T22:00:00Z'),
      open('2026-03-03T14:00:00Z'),
      deal('2026-03-03T16:00:00Z', 300_000, 10_500_000),
    ]);
    // 3,000 of 5,000 = 60 % > 50 %
    const c = propView(rs, r.state).rules.find((x) => x.rule === 'consistency');
    expect(c).toMatchObject({ value: 60, state: 'warning', progress: 1 });
    expect(r.state.failed).toBeNull();
  });

  it('breaches the trailing floor when balance has fallen below its high over days', () => {
    const r = run(rs, fresh(rs, '2026-03-02T14:00:00Z'), [
      open('2026-03-02T14:00:00Z'),
      deal('2026-03-02T16:00:00Z', 200_000, 10_200_000),
      eq('2026-03-02T16:00:00Z', 10_200_000, 10_200_000),
      tick('2026-03-02T22:00:00Z'), // floor 96,000
      open('2026-03-03T14:00:00Z'),
      deal('2026-03-03T16:00:00Z', -300_000, 9_900_000),
      eq('2026-03-03T16:00:00Z', 9_900_000, 9_900_000),
      tick('2026-03-03T22:00:00Z'), // daily floor 99,000 - 4,000 = 95,000
      open('2026-03-04T14:00:00Z'),
      eq('2026-03-04T15:00:00Z', 9_900_000, 9_599_999, 1),
    ]);
    expect(r.state.failed).toMatchObject({ rule: 'max_loss', equityMinor: 9_599_999 });
    expect(r.state.failed?.reason).toBe(
      'Equity fell to 95999.99 USD, below the trailing drawdown floor of 96000.00 USD.',
    );
  });
});

describe('instant funding (6 % intraday trailing locked at start, 3 % daily soft, stop-loss, 2 % risk)', () => {
  const rs = INSTANT_FUNDING_RULES;

  it('the intraday floor follows equity tick by tick and locks at the starting balance', () => {
    const path = [10_300_000, 10_200_000, 10_650_000, 11_000_000, 10_400_000];
    let s = fresh(rs, '2026-03-02T08:00:00Z', 'funded');
    s = run(rs, s, [open('2026-03-02T08:30:00Z')]).state;
    const floors = path.map((e, i) => {
      s = run(rs, s, [eq(`2026-03-02T09:0${i}:00Z`, K100, e, 1)]).state;
      return s.maxLossFloorMinor;
    });
    expect(floors).toEqual([9_700_000, 9_700_000, K100, K100, K100]);
    expect(s.floorLocked).toBe(true);
    const r = run(rs, s, [eq('2026-03-02T09:10:00Z', K100, 9_999_999, 1)]);
    expect(r.state.failed).toMatchObject({ rule: 'max_loss', kind: 'hard', equityMinor: 9_999_999 });
  });

  it('a soft daily breach closes positions and pauses trading until the next reset', () => {
    const s = run(rs, fresh(rs, '2026-03-02T08:00:00Z', 'funded'), [open('2026-03-02T09:00:00Z', 150_000)]).state;
    const r = run(rs, s, [eq('2026-03-02T15:00:00Z', K100, 9_699_999, 1)]);
    expect(r.actions).toEqual([
      { type: 'close_positions', reason: expect.stringContaining("below today's daily loss floor of 97000.00 USD") },
      {
        type: 'pause',
        untilMs: Z('2026-03-03T00:00:00Z'),
        breach: expect.objectContaining({ rule: 'daily_loss', kind: 'soft', equityMinor: 9_699_999 }),
      },
    ]);
    expect(r.state.failed).toBeNull();
    // the server closes the position; no second pause for the same day
    const closed = run(rs, r.state, [
      deal('2026-03-02T15:00:01Z', -300_001, 9_699_999),
      eq('2026-03-02T15:00:01Z', 9_699_999, 9_699_999),
      eq('2026-03-02T15:00:02Z', 9_699_999, 9_699_999),
    ]);
    expect(closed.actions).toEqual([]);
    expect(propView(rs, closed.state).pausedUntilMs).toBe(Z('2026-03-03T00:00:00Z'));
    expect(propView(rs, closed.state).rules.find((x) => x.rule === 'daily_loss')?.state).toBe('breached');
    const next = run(rs, closed.state, [tick('2026-03-03T00:00:00Z')]);
    expect(next.actions).toEqual([
      { type: 'day_reset', atMs: Z('2026-03-03T00:00:00Z') },
      { type: 'resume', atMs: Z('2026-03-03T00:00:00Z') },
    ]);
    const v = propView(rs, next.state);
    expect(v.pausedUntilMs).toBeNull();
    // new day: 96,999.99 - 3,000 = 93,999.99 daily; trailing floor 94,000.00 is the higher
    expect(v.dailyFloorMinor).toBe(9_399_999);
    expect(v.maxLossFloorMinor).toBe(9_400_000);
    expect(v.failEquityMinor).toBe(9_400_000);
    expect(v.maxLossLeftMinor).toBe(299_999);
  });

  it('a position held at the Friday close is a soft weekend breach', () => {
    const s = run(rs, fresh(rs, '2026-03-02T08:00:00Z', 'funded'), [
      open('2026-03-06T15:00:00Z'),
      eq('2026-03-06T21:59:00Z', K100, K100, 1),
    ]).state;
    const r = run(rs, s, [tick('2026-03-07T01:00:00Z')]);
    // Friday 17:00 New York = 22:00 UTC; the pause lasts to the next reset (Saturday 00:00 UTC)
    expect(r.actions.map((a) => a.type)).toEqual(['close_positions', 'pause', 'day_reset', 'resume']);
    expect(r.actions[1]).toMatchObject({
      untilMs: Z('2026-03-07T00:00:00Z'),
      breach: { atMs: Z('2026-03-06T22:00:00Z') },
    });
    expect(r.state.softBreaches.map((b) => b.rule)).toEqual(['weekend_holding']);
    // flat at the close: nothing happens
    const flat = run(rs, fresh(rs, '2026-03-02T08:00:00Z', 'funded'), [
      open('2026-03-06T15:00:00Z'),
      eq('2026-03-06T16:00:00Z', K100, K100, 0),
      tick('2026-03-07T01:00:00Z'),
    ]);
    expect(breachActions(flat.actions)).toEqual([]);
  });

  it('a hard weekend rule fails the account at the close', () => {
    const hard = withPhase(rs, 'funded', { weekend: { allowed: false, breach: 'hard' } });
    const r = run(hard, fresh(hard, '2026-03-02T08:00:00Z', 'funded'), [
      open('2026-03-06T15:00:00Z'),
      eq('2026-03-06T21:00:00Z', K100, 10_010_000, 1),
      tick('2026-03-09T08:00:00Z'),
    ]);
    expect(r.state.failed).toMatchObject({
      rule: 'weekend_holding',
      atMs: Z('2026-03-06T22:00:00Z'),
      equityMinor: 10_010_000,
    });
  });

  it('opening without a stop-loss or over 2 % risk is a soft per-trade breach', () => {
    const s = fresh(rs, '2026-03-02T08:00:00Z', 'funded');
    expect(run(rs, s, [open('2026-03-02T09:00:00Z', null)]).state.pause?.rule).toBe('stop_loss_required');
    expect(run(rs, s, [open('2026-03-02T09:00:00Z', 200_001)]).state.pause?.rule).toBe('max_risk_per_trade');
    expect(run(rs, s, [open('2026-03-02T09:00:00Z', 200_000)]).state.pause).toBeNull();
  });
});

describe('day figures for objectives', () => {
  it('tracks trades, closed profit, loss streak and risk for the day, reset at the snapshot', () => {
    const rs = TWO_STEP_RULES;
    const r = run(rs, fresh(rs, '2026-03-02T08:00:00Z'), [
      open('2026-03-02T09:00:00Z', 100_000),
      deal('2026-03-02T09:30:00Z', -20_000, 9_980_000),
      open('2026-03-02T10:00:00Z', 50_000),
      deal('2026-03-02T10:30:00Z', -10_000, 9_970_000),
      open('2026-03-02T11:00:00Z', 30_000),
      eq('2026-03-02T11:30:00Z', 9_970_000, 9_960_000, 1),
    ]);
    expect(dayStats(r.state)).toEqual({
      positionsOpened: 3,
      closedProfitMinor: -30_000,
      equityChangeMinor: -40_000,
      lossStreak: 2,
      maxStreakAtOpen: 2,
      maxRiskPercent: 1,
    });
    const next = run(rs, r.state, [tick('2026-03-02T23:00:00Z')]);
    expect(dayStats(next.state)).toMatchObject({ positionsOpened: 0, lossStreak: 0, maxRiskPercent: null });
  });

  it('counts an entry commission and a swap in the day’s profit, not as losing trades or activity', () => {
    const rs = TWO_STEP_RULES;
    const charge = (iso: string, profitMinor: number, balanceMinor: number): PropEvent => ({
      type: 'deal',
      timeMs: Z(iso),
      profitMinor,
      balanceMinor,
      charge: true,
    });
    const r = run(rs, fresh(rs, '2026-03-02T08:00:00Z'), [
      charge('2026-03-02T09:00:00Z', -700, 9_999_300),
      open('2026-03-02T09:00:00Z', 100_000),
      deal('2026-03-02T09:30:00Z', 20_000, 10_019_300),
      charge('2026-03-02T09:40:00Z', -700, 10_018_600),
      open('2026-03-02T09:40:00Z', 100_000),
      charge('2026-03-02T22:00:00Z', -1_250, 10_017_350),
    ]);
    expect(dayStats(r.state)).toMatchObject({ positionsOpened: 2, closedProfitMinor: 17_350, lossStreak: 0 });
    // the swap at 22:00 is no activity: the inactivity clock runs from the last opening
    expect(r.state.lastActivityMs).toBe(Z('2026-03-02T09:40:00Z'));
    expect(r.state.balanceMinor).toBe(10_017_350);
  });
});

describe('invariants', () => {
  const equityPath = fc.array(fc.integer({ min: 8_000_000, max: 13_000_000 }), { minLength: 1, maxLength: 60 });

  it('a trailing floor never decreases and never passes the lock (intraday and end of day)', () => {
    fc.assert(
      fc.property(equityPath, fc.constantFrom('trailing_intraday', 'trailing_eod'), (path, mode) => {
        const rs = withPhase(INSTANT_FUNDING_RULES, 'funded', {
          maxLoss: { mode: mode as 'trailing_intraday', percent: 6, lockPercent: 100, breach: 'soft' },
          dailyLoss: null,
          weekend: null,
        });
        let s = fresh(rs, '2026-03-02T08:00:00Z', 'funded');
        let prev = s.maxLossFloorMinor!;
        for (const [i, e] of path.entries()) {
          // each value is a closing balance and equity, 6 hours apart (crossing UTC resets)
          s = evaluate(rs, s, {
            type: 'equity',
            timeMs: Z('2026-03-02T08:00:00Z') + i * 6 * 3_600_000,
            balanceMinor: e,
            equityMinor: e,
            openPositions: 0,
          }).state;
          const f = s.maxLossFloorMinor!;
          if (f < prev || f > K100) return false;
          prev = f;
        }
        return true;
      }),
    );
  });

  it('names the field of a broken rule set', () => {
    const bad = withPhase({ ...TWO_STEP_RULES, day: { time: '24:00', timeZone: 'Europe/Nowhere' } }, 'phase_2', {
      maxLoss: { mode: 'static', percent: 0, lockPercent: null, breach: 'hard' },
      nextPhase: 'phase_1',
    });
    expect(ruleSetIssues({ ...bad, phases: bad.phases.slice(1) })).toEqual([
      'day.time must be a 24-hour time "HH:MM", got "24:00".',
      'day.timeZone "Europe/Nowhere" is not an IANA time zone.',
      'phases[0].maxLoss.percent must be a percentage above 0 and at most 100.',
      'phases[0].nextPhase "phase_1" is not a phase of this rule set.',
    ]);
  });

  it('the state survives a JSON round trip and evaluation continues identically', () => {
    const rs = ONE_STEP_RULES;
    const events: PropEvent[] = [
      open('2026-03-02T14:00:00Z'),
      deal('2026-03-02T16:00:00Z', 200_000, 10_200_000),
      tick('2026-03-02T22:00:00Z'),
      eq('2026-03-03T15:00:00Z', 10_200_000, 10_100_000, 1),
    ];
    const a = run(rs, fresh(rs, '2026-03-02T14:00:00Z'), events.slice(0, 2)).state;
    const restored = JSON.parse(JSON.stringify(a)) as PropState;
    expect(run(rs, restored, events.slice(2)).state).toEqual(run(rs, a, events.slice(2)).state);
  });

  it('the catalogue rule sets are plain JSON and valid', () => {
    for (const rs of [TWO_STEP_RULES, ONE_STEP_RULES, INSTANT_FUNDING_RULES]) {
      expect(JSON.parse(JSON.stringify(rs))).toEqual(rs);
      expect(ruleSetIssues(rs)).toEqual([]);
      expect(phaseRules(rs, rs.phases[0]!.phase).phase).toBe(rs.phases[0]!.phase);
    }
  });
});
