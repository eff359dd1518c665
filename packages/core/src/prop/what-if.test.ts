import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getInstrument } from '../market/instruments/catalogue.js';
import { positionProfit } from '../trading/contract.js';
import { bookMinor } from '../trading/money.js';
import { quotesOf } from '../trading/test-quotes.js';
import { INSTANT_FUNDING_RULES, TWO_STEP_RULES } from './catalogue.js';
import { createPropState, evaluate } from './engine.js';
import type { ProposedOrder, PropState, RuleSet } from './types.js';
import { largestSize, orderRefusals, whatIf } from './what-if.js';

const Z = (iso: string) => Date.parse(iso);
const K100 = 10_000_000;

function funded(rs: RuleSet = INSTANT_FUNDING_RULES, equityMinor = K100, balanceMinor = K100): PropState {
  const s = createPropState({
    ruleSet: rs,
    phase: rs.phases.at(-1)!.phase,
    currency: 'USD',
    accountSizeMinor: K100,
    startMs: Z('2026-03-02T08:00:00Z'),
  });
  return evaluate(rs, s, {
    type: 'equity',
    timeMs: Z('2026-03-02T09:00:00Z'),
    balanceMinor,
    equityMinor,
    openPositions: equityMinor === balanceMinor ? 0 : 1,
  }).state;
}

/** Loss at the stop in cents, from core's trading math (EURUSD in a USD account: 10 USD per pip per lot). */
function lossAtStop(lots: number, entry: number, stop: number): number {
  const i = getInstrument('EURUSD');
  return -bookMinor(positionProfit(i, 'buy', lots, entry, stop, 'USD', quotesOf({ EURUSD: entry })), 'USD');
}

const order = (lots: number, stopLoss: number | null = 1.098): ProposedOrder => ({
  symbol: 'EURUSD',
  side: 'buy',
  lots,
  entry: 1.1,
  stopLoss,
  riskMinor: stopLoss === null ? null : lossAtStop(lots, 1.1, stopLoss),
});

describe('pre-trade what-if', () => {
  it('1 lot with a 20-pip stop on a fresh 100k instant-funding account', () => {
    expect(lossAtStop(1, 1.1, 1.098)).toBe(20_000); // 200.00 USD
    const w = whatIf(INSTANT_FUNDING_RULES, funded(), order(1));
    expect(w).toEqual({
      dailyLossLeftAfterMinor: 300_000 - 20_000, // 3 % daily = 3,000.00
      maxLossLeftAfterMinor: 600_000 - 20_000, // 6 % trailing = 6,000.00
      equityAtStopMinor: K100 - 20_000,
      wouldBreach: null,
      failEquityMinor: 9_700_000,
      // the 2 % risk per trade (2,000.00) is the tightest: 2,000 / 200 per lot = 10 lots
      maxLots: 10,
      warnings: [],
    });
  });

  it('12 lots would break the per-trade risk, with a warning naming the largest size', () => {
    const w = whatIf(INSTANT_FUNDING_RULES, funded(), order(12));
    expect(w.wouldBreach).toBe('max_risk_per_trade');
    expect(w.maxLots).toBe(10);
    expect(w.warnings).toEqual([
      'A loss of 2400.00 USD at the stop-loss is more than the 2% of the balance allowed per trade (2000.00 USD).',
      'The largest size within every rule at this stop-loss is 10 lots; the order is for 12.',
    ]);
  });

  it('late in a losing day the daily allowance limits the size and a larger order would pause trading', () => {
    // equity 97,500.00 with a position open: 500.00 left today
    const s = funded(INSTANT_FUNDING_RULES, 9_750_000);
    const w = whatIf(INSTANT_FUNDING_RULES, s, order(3));
    expect(w.dailyLossLeftAfterMinor).toBe(50_000 - 60_000);
    expect(w.wouldBreach).toBe('daily_loss');
    expect(w.maxLots).toBe(2.5);
    expect(w.equityAtStopMinor).toBe(9_690_000);
    expect(w.warnings[0]).toBe(
      "A loss of 600.00 USD at the stop-loss would take equity to 96900.00 USD, below today's daily loss floor of 97000.00 USD: trading would be paused until the next daily reset.",
    );
    const ok = whatIf(INSTANT_FUNDING_RULES, s, order(2));
    expect(ok.wouldBreach).toBeNull();
    expect(ok.warnings).toEqual([
      "After a loss at the stop-loss only 100.00 USD of today's daily loss allowance would be left.",
    ]);
  });

  it('on a hard rule set says the account would fail, and picks the floor crossed first', () => {
    // two-step funded, equity 95,400.00 on a balance of 100,000: daily floor 95,000 (left 400), max floor 90,000
    const s = funded(TWO_STEP_RULES, 9_540_000);
    const w = whatIf(TWO_STEP_RULES, s, order(60, 1.099)); // 10 pips x 60 lots = 6,000.00
    expect(w.wouldBreach).toBe('daily_loss');
    expect(w.warnings[0]).toContain('the account would fail');
    expect(w.maxLots).toBe(4); // 400.00 / 100.00 per lot
    expect(w.failEquityMinor).toBe(9_500_000);
  });

  it('without a stop-loss: a required stop is named, and nothing bounds the size but the lot rules', () => {
    const w = whatIf(INSTANT_FUNDING_RULES, funded(), order(1, null));
    expect(w.equityAtStopMinor).toBeNull();
    expect(w.maxLots).toBe(100); // EURUSD's largest volume
    expect(w.warnings).toEqual([
      'This account requires a stop-loss on every trade; set stopLoss before sending the order.',
    ]);
  });

  it('the largest size never breaches a rule when used, and one step more would (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 9_000_000, max: 11_000_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 100, max: 5_000 }),
        (equity, pips, perLotCents) => {
          const s = funded(INSTANT_FUNDING_RULES, equity);
          const probe: ProposedOrder = { ...order(1), stopLoss: 1.1 - pips / 10_000, riskMinor: perLotCents };
          const w = whatIf(INSTANT_FUNDING_RULES, s, probe);
          if (s.failed || w.maxLots === null) return true;
          const atMax = whatIf(INSTANT_FUNDING_RULES, s, {
            ...probe,
            lots: w.maxLots,
            riskMinor: Math.round(perLotCents * w.maxLots),
          });
          if (w.maxLots > 0 && atMax.wouldBreach !== null) return false;
          if (w.maxLots >= 100) return true;
          const more = Number((w.maxLots + 0.01).toFixed(2));
          const over = whatIf(INSTANT_FUNDING_RULES, s, {
            ...probe,
            lots: more,
            riskMinor: Math.ceil(perLotCents * more),
          });
          return over.wouldBreach !== null;
        },
      ),
    );
  });

  it('largestSize rounds down to the volume step', () => {
    expect(largestSize(1_000, 300, 0.01)).toBe(3.33);
    expect(largestSize(1_000, 300, 1)).toBe(3);
    expect(largestSize(0, 300, 0.01)).toBe(0);
    expect(largestSize(299, 30_000, 0.01)).toBe(0);
  });
});

describe('order refusals', () => {
  it('refuses a missing stop-loss, risk over 2 % and lots over the maximum, naming the field', () => {
    expect(orderRefusals(INSTANT_FUNDING_RULES, funded(), order(1))).toEqual([]);
    expect(orderRefusals(INSTANT_FUNDING_RULES, funded(), order(1, null))).toEqual([
      {
        rule: 'stop_loss_required',
        field: 'stopLoss',
        message: 'stopLoss is required: this account needs a stop-loss on every order.',
      },
    ]);
    expect(orderRefusals(INSTANT_FUNDING_RULES, funded(), order(11))).toEqual([
      {
        rule: 'max_risk_per_trade',
        field: 'volume',
        message:
          'volume: 11 lots lose 2200.00 USD at the stop-loss, more than the 2% of the balance this account allows per trade (2000.00 USD).',
      },
    ]);
    const capped: RuleSet = {
      ...INSTANT_FUNDING_RULES,
      phases: [
        {
          ...INSTANT_FUNDING_RULES.phases[0]!,
          perTrade: { maxRiskPercent: null, requireStopLoss: false, maxLots: 5, breach: 'soft' },
        },
      ],
    };
    expect(orderRefusals(capped, funded(capped), order(6))).toEqual([
      {
        rule: 'max_lots',
        field: 'volume',
        message: 'volume must be at most 5 lots on this account; the order is for 6 lots.',
      },
    ]);
    expect(whatIf(capped, funded(capped), order(1)).maxLots).toBe(5);
  });

  it('refuses while paused until the reset, and after a failure', () => {
    const s = funded();
    const paused = evaluate(INSTANT_FUNDING_RULES, s, {
      type: 'equity',
      timeMs: Z('2026-03-02T15:00:00Z'),
      balanceMinor: K100,
      equityMinor: 9_699_999,
      openPositions: 1,
    }).state;
    const r = orderRefusals(INSTANT_FUNDING_RULES, paused, order(1));
    expect(r.map((x) => [x.rule, x.field])).toEqual([['paused', 'accountId']]);
    expect(r[0]!.message).toContain('paused until 2026-03-03T00:00:00.000Z');
    expect(orderRefusals(INSTANT_FUNDING_RULES, paused, order(1), { nowMs: Z('2026-03-03T00:00:00Z') })).toEqual([]);
    const failed = evaluate(INSTANT_FUNDING_RULES, s, {
      type: 'equity',
      timeMs: Z('2026-03-02T15:00:00Z'),
      balanceMinor: K100,
      equityMinor: 9_300_000,
      openPositions: 1,
    }).state;
    expect(orderRefusals(INSTANT_FUNDING_RULES, failed, order(1))).toEqual([
      {
        rule: 'failed',
        field: 'accountId',
        message:
          'accountId: this account failed its challenge and can no longer trade. Equity fell to 93000.00 USD, below the trailing drawdown floor of 94000.00 USD.',
      },
    ]);
  });

  it('refuses a symbol in the news blackout and allows it after the window', () => {
    const s = funded(TWO_STEP_RULES);
    const news = [{ timeMs: Z('2026-03-06T13:30:00Z'), impact: 'high' as const, currencies: ['EUR'] }];
    const during = orderRefusals(TWO_STEP_RULES, s, order(1), { news, nowMs: Z('2026-03-06T13:32:00Z') });
    expect(during).toEqual([
      {
        rule: 'news_blackout',
        field: 'symbol',
        message:
          'symbol: EURUSD is in the news blackout around a high-impact event at 2026-03-06T13:30:00.000Z; new positions may be opened after 2026-03-06T13:32:00.000Z.',
      },
    ]);
    expect(orderRefusals(TWO_STEP_RULES, s, order(1), { news, nowMs: Z('2026-03-06T13:32:01Z') })).toEqual([]);
    expect(whatIf(TWO_STEP_RULES, s, order(1), { news, nowMs: Z('2026-03-06T13:29:00Z') }).warnings).toContain(
      'A high-impact event at 2026-03-06T13:30:00.000Z puts EURUSD in the news blackout; opening a position now breaks the rule.',
    );
  });
});
