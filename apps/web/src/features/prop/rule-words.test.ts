import type { PropRuleSet } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/format/numbers';
import { describeRuleSet } from './rule-words';

const none: PropRuleSet = {
  profitTargetPercent: null,
  dailyLoss: null,
  maxLoss: null,
  minTradingDays: null,
  profitableDayPercent: null,
  maxDurationDays: null,
  inactivityDays: null,
  bestDayMaxSharePercent: null,
  maxRiskPerTradePercent: null,
  stopLossRequired: false,
  maxLots: null,
  weekendHoldingAllowed: true,
  newsBlackoutMinutes: null,
  leverage: 100,
};
const money = (n: number, c: string) => formatMoney(n, c);

describe('describeRuleSet', () => {
  it('says a two-step phase 1 in words with the money on a 10,000 USD account', () => {
    const words = describeRuleSet(
      {
        ...none,
        profitTargetPercent: 10,
        dailyLoss: { percent: 5, base: 'higher', resetTime: '00:00', timeZone: 'Europe/Prague', breach: 'hard' },
        maxLoss: { percent: 10, kind: 'static', lockAtPercent: null, breach: 'hard' },
        minTradingDays: 4,
      },
      10_000,
      'USD',
      money,
    );
    expect(words).toEqual([
      `Profit target: 10 % (${money(1000, 'USD')}).`,
      `Daily loss: at most 5 % (${money(500, 'USD')} on the starting size) below the higher of balance and equity at 00:00 Europe/Prague, when the day resets; a breach fails the account.`,
      `Maximum loss: 10 % (${money(1000, 'USD')}): equity may never fall below ${money(9000, 'USD')}; a breach fails the account.`,
      'At least 4 trading days (a day counts when a position is opened on it).',
      'Leverage 1:100.',
    ]);
  });

  it('says a trailing floor that locks, and the per-trade rules', () => {
    const words = describeRuleSet(
      {
        ...none,
        maxLoss: { percent: 6, kind: 'trailing_intraday', lockAtPercent: 100, breach: 'hard' },
        stopLossRequired: true,
        maxLots: 5,
        weekendHoldingAllowed: false,
      },
      50_000,
      'EUR',
      money,
    );
    expect(words).toContain(
      `Maximum loss: 6 % (${money(3000, 'EUR')}): the floor starts at ${money(47000, 'EUR')} and trails the highest equity reached, tick by tick, and stops rising at ${money(50000, 'EUR')}; a breach fails the account.`,
    );
    expect(words).toContain('Every order needs a stop loss.');
    expect(words).toContain('Orders of at most 5 lots.');
    expect(words).toContain('No positions may be held over the weekend.');
  });
});
