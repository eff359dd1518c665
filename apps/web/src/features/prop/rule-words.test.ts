import type { PropPhaseRules } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/format/numbers';
import { describePhaseRules } from './rule-words';

const none: PropPhaseRules = {
  phase: 'phase_1',
  label: 'Phase 1',
  profitTarget: null,
  dailyLoss: null,
  maxLoss: null,
  minTradingDays: null,
  maxDurationDays: null,
  inactivityDays: null,
  consistency: null,
  perTrade: null,
  weekend: null,
  newsBlackout: null,
  nextPhase: null,
  nextBalancePercent: 100,
};
const money = (n: number, c: string) => formatMoney(n, c);
const prague = { time: '00:00', timeZone: 'Europe/Prague' };

describe('describePhaseRules', () => {
  it('says a two-step phase 1 in words with the money on a 10,000 USD account', () => {
    const words = describePhaseRules(
      {
        ...none,
        profitTarget: { percent: 10 },
        dailyLoss: {
          limit: { kind: 'percent', value: 5 },
          base: 'higher',
          limitOf: 'starting_balance',
          breach: 'hard',
        },
        maxLoss: { mode: 'static', percent: 10, lockPercent: null, breach: 'hard' },
        minTradingDays: { days: 4, minDayProfitPercent: null },
      },
      prague,
      10_000,
      'USD',
      money,
    );
    expect(words).toEqual([
      `Profit target: 10 % (${money(1000, 'USD')}).`,
      `Daily loss: equity may fall at most 5 % of the starting balance (${money(500, 'USD')}) below the higher of balance and equity at the daily reset, 00:00 Europe/Prague; a breach fails the account.`,
      `Maximum loss: 10 % (${money(1000, 'USD')}): equity may never fall below ${money(9000, 'USD')}; a breach fails the account.`,
      'At least 4 trading days (a day counts when a position is opened on it).',
    ]);
  });

  it('says a trailing floor that locks, and the per-trade rules', () => {
    const words = describePhaseRules(
      {
        ...none,
        maxLoss: { mode: 'trailing_intraday', percent: 6, lockPercent: 100, breach: 'hard' },
        perTrade: { maxRiskPercent: 1, requireStopLoss: true, maxLots: 5, breach: 'hard' },
        weekend: { allowed: false, breach: 'soft' },
      },
      prague,
      50_000,
      'EUR',
      money,
    );
    expect(words).toEqual([
      `Maximum loss: 6 % (${money(3000, 'EUR')}): the floor starts at ${money(47000, 'EUR')} and trails the highest equity reached, tick by tick, and stops rising at ${money(50000, 'EUR')}; a breach fails the account.`,
      'Risk per trade: at most 1 % of the balance lost at the stop loss.',
      'Every order needs a stop loss.',
      'Orders of at most 5 lots.',
      'No positions may be held over the weekend; a breach pauses trading until the next daily reset.',
    ]);
  });
});
