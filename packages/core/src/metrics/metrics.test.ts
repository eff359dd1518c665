import { describe, expect, it } from 'vitest';
import { tradeExcursions } from './excursions.js';
import { computeMetrics, filterTrades, kRatio, type MetricsTradeInput, sharpeSortino } from './metrics.js';
import { sessionOf } from './sessions.js';

const at = (iso: string) => Date.parse(iso);
let seq = 0;
function trade(p: Partial<MetricsTradeInput> & { open: string; close: string; profit: number }): MetricsTradeInput {
  seq++;
  return {
    id: p.id ?? `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    accountId: 'acc',
    symbol: p.symbol ?? 'EURUSD',
    side: p.side ?? 'buy',
    volume: p.volume ?? 1,
    openPrice: p.openPrice ?? 1.1,
    closePrice: p.closePrice ?? 1.1,
    openedAtMs: at(p.open),
    closedAtMs: at(p.close),
    profitMinor: p.profit,
    commissionMinor: p.commissionMinor ?? 0,
    swapMinor: p.swapMinor ?? 0,
    initialStopLoss: p.initialStopLoss ?? null,
    minorPerPrice: p.minorPerPrice ?? 1e7,
    strategy: p.strategy ?? null,
    mfe: p.mfe ?? null,
    mae: p.mae ?? null,
  };
}

/** Every number in the answer is finite: no NaN or Infinity reaches the wire. */
function finiteEverywhere(value: unknown, path = 'metrics'): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => finiteEverywhere(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => finiteEverywhere(v, `${path}.${k}`));
  }
  return [];
}

/*
 * Scenario A: one week of March 2026 in UTC (London on GMT, New York on EST, Tokyo UTC+9), starting balance
 * 10,000.00 USD = 1,000,000 cents. Money below in cents; EURUSD 1 lot moves 10,000,000 cents per 1.0 of price.
 *
 *   T1 buy  EURUSD Mon 02 09:00 -> 09:30   profit +20,000 comm -500  net +19,500  SL 1.0950 from 1.1000: risk 50,000, R +0.39
 *   T2 sell EURUSD Mon 02 10:00 -> 12:00   profit -30,000 comm -500  net -30,500  no SL
 *   T3 buy  GBPUSD Tue 03 08:00 -> 08:00:30 profit -10,000 comm -500 net -10,500  SL 1.2950 from 1.3000: risk 50,000, R -0.21
 *   T4 buy  EURUSD Wed 04 14:00 -> 20:00   profit +40,000 comm -500  net +39,500  no SL
 *   T5 sell EURUSD Thu 05 13:00 -> Fri 06 13:00  profit 0            net 0 (break-even)
 */
const scenarioA = () => [
  trade({
    open: '2026-03-02T09:00:00Z',
    close: '2026-03-02T09:30:00Z',
    profit: 20_000,
    commissionMinor: -500,
    openPrice: 1.1,
    initialStopLoss: 1.095,
  }),
  trade({
    open: '2026-03-02T10:00:00Z',
    close: '2026-03-02T12:00:00Z',
    profit: -30_000,
    commissionMinor: -500,
    side: 'sell',
  }),
  trade({
    symbol: 'GBPUSD',
    open: '2026-03-03T08:00:00Z',
    close: '2026-03-03T08:00:30Z',
    profit: -10_000,
    commissionMinor: -500,
    openPrice: 1.3,
    initialStopLoss: 1.295,
  }),
  trade({ open: '2026-03-04T14:00:00Z', close: '2026-03-04T20:00:00Z', profit: 40_000, commissionMinor: -500 }),
  trade({ open: '2026-03-05T13:00:00Z', close: '2026-03-06T13:00:00Z', profit: 0, side: 'sell' }),
];

describe('computeMetrics, scenario A (hand-computed)', () => {
  const trades = scenarioA();
  // given in reverse: the metrics order by close time themselves
  const m = computeMetrics({ trades: [...trades].reverse(), startingBalanceMinor: 1_000_000, timeZone: 'UTC' });
  const o = m.overview;
  const ids = trades.map((t) => t.id);

  it('counts, sums, win rate, profit factor and expectancy', () => {
    expect([o.count, o.wins, o.losses, o.breakEven, o.longCount, o.shortCount]).toEqual([5, 2, 2, 1, 3, 2]);
    // 19,500 - 30,500 - 10,500 + 39,500 + 0
    expect(o.net).toBe(18_000);
    expect(o.gross).toBe(20_000);
    expect(o.commission).toBe(-2_000);
    expect(o.swap).toBe(0);
    expect(o.winRate).toBe(40);
    // (19,500 + 39,500) / (30,500 + 10,500) = 59,000 / 41,000
    expect(o.profitFactor).toBeCloseTo(1.4390243902, 9);
    expect(o.flags.profitFactorInfinite).toBe(false);
    expect(o.expectancy).toBe(3_600);
    expect(o.averageWin).toBe(29_500);
    expect(o.averageLoss).toBe(-20_500);
    expect([o.largestWin, o.largestWinTradeId]).toEqual([39_500, ids[3]]);
    expect([o.largestLoss, o.largestLossTradeId]).toEqual([-30_500, ids[1]]);
    expect(o.tradeIds).toEqual(ids);
  });

  it('R: risk at the initial stop, net / risk, averaged over the trades with a stop', () => {
    expect(o.tradesWithR).toBe(2);
    // (0.39 + -0.21) / 2
    expect(o.averageR).toBeCloseTo(0.09, 12);
    expect(m.trades[0]!.risk).toBe(50_000);
    expect(m.trades[0]!.r).toBeCloseTo(0.39, 12);
    expect(m.trades[1]!.r).toBeNull();
  });

  it('streaks in close order (a break-even trade ends a streak)', () => {
    expect(o.longestWinStreak).toEqual({ length: 1, net: 19_500, tradeIds: [ids[0]] });
    expect(o.longestLossStreak).toEqual({ length: 2, net: -41_000, tradeIds: [ids[1], ids[2]] });
  });

  it('maximum drawdown of the balance with its duration, not recovered', () => {
    // balance 1,000,000 -> 1,019,500 (peak, Mon 09:30) -> 989,000 -> 978,500 (trough, Tue 08:00:30) -> 1,018,000 -> 1,018,000
    expect(o.maxDrawdown.money).toBe(41_000);
    expect(o.maxDrawdown.percent).toBeCloseTo((41_000 / 1_019_500) * 100, 10);
    expect(o.maxDrawdown.peakAtMs).toBe(at('2026-03-02T09:30:00Z'));
    expect(o.maxDrawdown.troughAtMs).toBe(at('2026-03-03T08:00:30Z'));
    expect(o.maxDrawdown.recovered).toBe(false);
    expect(o.maxDrawdown.recoveredAtMs).toBeNull();
    // Mon 09:30 to the last trade, Fri 13:00: 4 days 3.5 hours
    expect(o.maxDrawdown.durationSeconds).toBe(4 * 86_400 + 3.5 * 3_600);
    expect(o.returnPercent).toBeCloseTo(1.8, 12);
  });

  it('Sharpe and Sortino of the daily returns, annualised by sqrt(252)', () => {
    // Mon -11,000 / 1,000,000; Tue -10,500 / 989,000; Wed 39,500 / 978,500; Thu no trade (0); Fri 0 / 1,018,000
    // mean 0.00375022509, sample sd 0.0211716989, downside deviation sqrt((0.011^2 + 0.0106169^2) / 5) 0.00683690158
    expect(o.sharpe).toBeCloseTo(2.8119131069, 8);
    expect(o.sortino).toBeCloseTo(8.7075961196, 8);
  });

  it('K-ratio of the cumulative net per trade', () => {
    // y = 19,500, -11,000, -21,500, 18,000, 18,000 at x = 1..5: slope 2,600, intercept -3,200,
    // SSE 1,438,100,000, SE = sqrt(SSE / 3 / 10) = 6,923.631; K = 2,600 / (6,923.631 x sqrt 5)
    expect(o.kRatio).toBeCloseTo(0.1679401087, 9);
  });

  it('hours, sessions and weekdays by open time; holding-time buckets', () => {
    const byHour = Object.fromEntries(m.byHour.filter((b) => b.count > 0).map((b) => [b.hour, b.tradeIds]));
    expect(byHour).toEqual({ 8: [ids[2]], 9: [ids[0]], 10: [ids[1]], 13: [ids[4]], 14: [ids[3]] });
    expect(m.byHour).toHaveLength(24);
    const sessions = Object.fromEntries(m.bySession.map((b) => [b.session, b.count]));
    // 08:00Z is 17:00 Tokyo and 08:00 London; 13:00Z and 14:00Z are 08:00 and 09:00 New York
    expect(sessions).toEqual({
      asia: 0,
      asia_london: 1,
      london: 2,
      london_new_york: 2,
      new_york: 0,
      off_hours: 0,
    });
    expect(m.dayOfWeek.map((b) => b.count)).toEqual([2, 1, 1, 1, 0, 0, 0]);
    expect(m.dayOfWeek[0]!.net).toBe(-11_000);
    const hodl = Object.fromEntries(m.hodl.map((b) => [b.id, b.tradeIds]));
    expect(hodl).toEqual({
      under_1m: [ids[2]],
      '1m_5m': [],
      '5m_15m': [],
      '15m_1h': [ids[0]],
      '1h_4h': [ids[1]],
      '4h_1d': [ids[3]],
      '1d_1w': [ids[4]],
      over_1w: [],
    });
  });

  it('daily P/L by close day with weekly sums, symbols and general', () => {
    expect(m.days.map((d) => [d.date, d.count, d.net, d.balance])).toEqual([
      ['2026-03-02', 2, -11_000, 989_000],
      ['2026-03-03', 1, -10_500, 978_500],
      ['2026-03-04', 1, 39_500, 1_018_000],
      ['2026-03-06', 1, 0, 1_018_000],
    ]);
    expect(m.weeks.map((w) => [w.weekStart, w.count, w.net, w.tradingDays])).toEqual([['2026-03-02', 5, 18_000, 4]]);
    expect(m.symbols.map((s) => [s.symbol, s.count, s.net, s.long.net, s.short.net])).toEqual([
      ['EURUSD', 4, 28_500, 59_000, -30_500],
      ['GBPUSD', 1, -10_500, -10_500, 0],
    ]);
    const g = m.general;
    expect([g.tradingDays, g.winningDays, g.losingDays]).toEqual([4, 1, 2]);
    expect(g.bestDay?.date).toBe('2026-03-04');
    expect(g.worstDay?.date).toBe('2026-03-02');
    expect(g.averageDailyNet).toBe(4_500);
    expect(g.averageTradesPerDay).toBe(1.25);
    expect(g.totalVolume).toBe(5);
    // (1,800 + 7,200 + 30 + 21,600 + 86,400) / 5
    expect(g.averageHoldingSeconds).toBe(23_406);
    expect(g.averageWinHoldingSeconds).toBe((1_800 + 21_600) / 2);
    expect(g.averageLossHoldingSeconds).toBe((7_200 + 30) / 2);
    expect([g.long.count, g.short.count]).toEqual([3, 2]);
  });

  it('the balance curve has a point per close, with drawdown from the peak', () => {
    expect(m.curve.map((p) => [p.kind, p.balance, p.drawdown])).toEqual([
      ['close', 1_019_500, 0],
      ['close', 989_000, 30_500],
      ['close', 978_500, 41_000],
      ['close', 1_018_000, 1_500],
      ['close', 1_018_000, 1_500],
    ]);
  });
});

describe('computeMetrics edge cases', () => {
  it('no trades: every figure is defined, zero or null, never NaN', () => {
    const m = computeMetrics({ trades: [], startingBalanceMinor: 0, timeZone: 'Europe/Prague' });
    expect(finiteEverywhere(m)).toEqual([]);
    expect(m.overview.count).toBe(0);
    expect(m.overview.net).toBe(0);
    for (const k of ['winRate', 'profitFactor', 'expectancy', 'averageR', 'sharpe', 'sortino', 'kRatio'] as const) {
      expect(m.overview[k]).toBeNull();
    }
    expect(m.overview.returnPercent).toBeNull();
    expect(m.overview.maxDrawdown).toMatchObject({ money: 0, percent: 0, peakAtMs: null, durationSeconds: 0 });
    expect(m.overview.flags.profitFactorInfinite).toBe(false);
    expect(m.byHour).toHaveLength(24);
    expect(m.days).toEqual([]);
    expect(m.general.bestDay).toBeNull();
  });

  it('only wins: profit factor null with the flag, and no Sortino (no losing day)', () => {
    const trades = [
      trade({ open: '2026-03-02T09:00:00Z', close: '2026-03-02T10:00:00Z', profit: 1_000 }),
      trade({ open: '2026-03-03T09:00:00Z', close: '2026-03-03T10:00:00Z', profit: 3_000 }),
    ];
    const m = computeMetrics({ trades, startingBalanceMinor: 100_000, timeZone: 'UTC' });
    expect(m.overview.profitFactor).toBeNull();
    expect(m.overview.flags.profitFactorInfinite).toBe(true);
    expect(m.overview.sortino).toBeNull();
    expect(m.overview.sharpe).not.toBeNull();
    expect(m.overview.averageLoss).toBeNull();
    expect(m.overview.maxDrawdown.money).toBe(0);
    expect(finiteEverywhere(m)).toEqual([]);
  });

  it('a drawdown that recovers has its recovery time and duration', () => {
    const trades = [
      trade({ open: '2026-03-02T09:00:00Z', close: '2026-03-02T10:00:00Z', profit: 10_000 }),
      trade({ open: '2026-03-02T11:00:00Z', close: '2026-03-02T12:00:00Z', profit: -4_000 }),
      trade({ open: '2026-03-02T13:00:00Z', close: '2026-03-02T14:00:00Z', profit: 4_000 }),
    ];
    const m = computeMetrics({ trades, startingBalanceMinor: 100_000, timeZone: 'UTC' });
    expect(m.overview.maxDrawdown).toEqual({
      money: 4_000,
      percent: (4_000 / 110_000) * 100,
      peakAtMs: at('2026-03-02T10:00:00Z'),
      troughAtMs: at('2026-03-02T12:00:00Z'),
      recoveredAtMs: at('2026-03-02T14:00:00Z'),
      recovered: true,
      durationSeconds: 4 * 3_600,
    });
  });

  it('hours and days in a non-UTC zone across the DST change (New York, 8 March 2026)', () => {
    const trades = [
      // Sat 7 Mar 15:00Z = 10:00 EST; closes 8 Mar 04:30Z = Sat 7 Mar 23:30 EST
      trade({ open: '2026-03-07T15:00:00Z', close: '2026-03-08T04:30:00Z', profit: 100 }),
      // Mon 9 Mar 15:00Z = 11:00 EDT; closes 10 Mar 03:30Z = Mon 9 Mar 23:30 EDT
      trade({ open: '2026-03-09T15:00:00Z', close: '2026-03-10T03:30:00Z', profit: -50 }),
      // Sun 8 Mar 06:30Z = 01:30 EST (before the 02:00 change); closes 07:30Z = 03:30 EDT, same day
      trade({ open: '2026-03-08T06:30:00Z', close: '2026-03-08T07:30:00Z', profit: 10 }),
    ];
    const m = computeMetrics({ trades, startingBalanceMinor: 100_000, timeZone: 'America/New_York' });
    const hours = Object.fromEntries(m.byHour.filter((b) => b.count > 0).map((b) => [b.hour, b.count]));
    expect(hours).toEqual({ 1: 1, 10: 1, 11: 1 });
    expect(m.days.map((d) => [d.date, d.net])).toEqual([
      ['2026-03-07', 100],
      ['2026-03-08', 10],
      ['2026-03-09', -50],
    ]);
    // opened Saturday, Sunday, Monday
    expect(m.dayOfWeek.map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 1, 1]);
    // the same instants in UTC fall on other days
    const utc = computeMetrics({ trades, startingBalanceMinor: 100_000, timeZone: 'UTC' });
    expect(utc.days.map((d) => d.date)).toEqual(['2026-03-08', '2026-03-10']);
  });

  it('weekly sums run Monday to Sunday', () => {
    const trades = [
      trade({ open: '2026-03-08T09:00:00Z', close: '2026-03-08T10:00:00Z', profit: 5 }),
      trade({ open: '2026-03-09T09:00:00Z', close: '2026-03-09T10:00:00Z', profit: 7 }),
    ];
    const m = computeMetrics({ trades, startingBalanceMinor: 100_000, timeZone: 'UTC' });
    expect(m.weeks.map((w) => [w.weekStart, w.net, w.tradingDays])).toEqual([
      ['2026-03-02', 5, 1],
      ['2026-03-09', 7, 1],
    ]);
  });

  it('balance operations move the curve and the return base, not the P/L', () => {
    const trades = [trade({ open: '2026-03-02T09:00:00Z', close: '2026-03-02T10:00:00Z', profit: -1_000 })];
    const m = computeMetrics({
      trades,
      balanceOperations: [{ timeMs: at('2026-03-02T12:00:00Z'), amountMinor: 50_000 }],
      startingBalanceMinor: 100_000,
      timeZone: 'UTC',
    });
    expect(m.overview.net).toBe(-1_000);
    expect(m.curve.map((p) => [p.kind, p.balance])).toEqual([
      ['close', 99_000],
      ['balance', 149_000],
    ]);
    // a deposit is no trading result: the 1,000 lost is still a drawdown, not recovered by the deposit
    expect(m.overview.maxDrawdown.money).toBe(1_000);
    expect(m.overview.maxDrawdown.recovered).toBe(false);
  });

  it('withdrawals and deposits are never drawdown nor recovery: drawdown is on balance minus their net', () => {
    const trades = [
      trade({ open: '2026-03-02T09:00:00Z', close: '2026-03-02T10:00:00Z', profit: 1_000 }),
      trade({ open: '2026-03-03T09:00:00Z', close: '2026-03-03T10:00:00Z', profit: -300 }),
      trade({ open: '2026-03-05T09:00:00Z', close: '2026-03-05T10:00:00Z', profit: 400 }),
    ];
    const m = computeMetrics({
      trades,
      balanceOperations: [
        { timeMs: at('2026-03-02T12:00:00Z'), amountMinor: -500 }, // withdrawal at the peak
        { timeMs: at('2026-03-04T12:00:00Z'), amountMinor: 2_000 }, // deposit inside the drawdown
      ],
      startingBalanceMinor: 100_000,
      timeZone: 'UTC',
    });
    // the curve shows the real balance; each point's drawdown is the card's (trading result below its peak)
    expect(m.curve.map((p) => [p.kind, p.balance, p.drawdown])).toEqual([
      ['close', 101_000, 0],
      ['balance', 100_500, 0],
      ['close', 100_200, 300],
      ['balance', 102_200, 300],
      ['close', 102_600, 0],
    ]);
    const dd = m.overview.maxDrawdown;
    expect(dd.money).toBe(300);
    expect(dd.percent).toBeCloseTo((300 / 101_000) * 100, 10);
    expect([dd.peakAtMs, dd.troughAtMs, dd.recoveredAtMs]).toEqual([
      at('2026-03-02T10:00:00Z'),
      at('2026-03-03T10:00:00Z'),
      at('2026-03-05T10:00:00Z'),
    ]);
    expect(dd.recovered).toBe(true);
    // the return is the trades' P/L over the starting balance, whatever was paid in or out
    expect(m.overview.returnPercent).toBeCloseTo(1.1, 10);
    expect(Math.max(...m.curve.map((p) => p.drawdown))).toBe(dd.money);
  });

  it('MAE points dip the equity curve below the balance', () => {
    const t = trade({
      open: '2026-03-02T09:00:00Z',
      close: '2026-03-02T10:00:00Z',
      profit: 2_000,
      mae: { price: 1.099, timeMs: at('2026-03-02T09:20:00Z'), minor: -10_000 },
      mfe: { price: 1.1025, timeMs: at('2026-03-02T09:50:00Z'), minor: 25_000 },
      commissionMinor: -700,
    });
    const m = computeMetrics({ trades: [t], startingBalanceMinor: 100_000, timeZone: 'UTC' });
    expect(m.curve.map((p) => [p.kind, p.balance, p.equity, p.drawdown])).toEqual([
      // the drawdown is the card's (of the balance), so an MAE dip is not one
      ['mae', 100_000, 90_000, 0],
      ['close', 101_300, 101_300, 0],
    ]);
    expect(m.trades[0]!.bestExitNet).toBe(24_300);
    // 1,300 of a best exit of 24,300
    expect(m.general.averageMfeCapturePercent).toBeCloseTo((1_300 / 24_300) * 100, 10);
  });
});

describe('filterTrades', () => {
  const trades = scenarioA();
  const ids = trades.map((t) => t.id);
  it('period by close time ([from, to)), symbol, direction, strategy', () => {
    expect(
      filterTrades(trades, { fromMs: at('2026-03-02T12:00:00Z'), toMs: at('2026-03-04T20:00:00Z') }).map((t) => t.id),
    ).toEqual([ids[1], ids[2]]);
    expect(filterTrades(trades, { symbol: 'GBPUSD' }).map((t) => t.id)).toEqual([ids[2]]);
    expect(filterTrades(trades, { direction: 'short' }).map((t) => t.id)).toEqual([ids[1], ids[4]]);
    expect(filterTrades(trades, { strategy: 'breakout' })).toEqual([]);
  });
  it('a base session keeps its overlaps; an overlap only itself', () => {
    expect(filterTrades(trades, { session: 'london' })).toHaveLength(5);
    expect(filterTrades(trades, { session: 'asia' }).map((t) => t.id)).toEqual([ids[2]]);
    expect(filterTrades(trades, { session: 'london_new_york' }).map((t) => t.id)).toEqual([ids[3], ids[4]]);
    expect(filterTrades(trades, { session: 'new_york' }).map((t) => t.id)).toEqual([ids[3], ids[4]]);
  });
});

describe('sessionOf follows each market’s own DST', () => {
  it('London opens at 08:00 GMT in winter and 07:00 UTC in summer', () => {
    expect(sessionOf(at('2026-03-02T07:30:00Z'))).toBe('asia');
    expect(sessionOf(at('2026-07-01T07:30:00Z'))).toBe('asia_london');
    // 12:30Z: New York 07:30 EST in early March (closed), 08:30 EDT after 8 March (open)
    expect(sessionOf(at('2026-03-06T12:30:00Z'))).toBe('london');
    expect(sessionOf(at('2026-03-10T12:30:00Z'))).toBe('london_new_york');
    expect(sessionOf(at('2026-03-10T23:00:00Z'))).toBe('off_hours');
    expect(sessionOf(at('2026-03-10T01:00:00Z'))).toBe('asia');
    expect(sessionOf(at('2026-03-10T18:00:00Z'))).toBe('new_york');
  });
});

describe('sharpeSortino and kRatio', () => {
  it('are null where they have no value', () => {
    expect(sharpeSortino([0.01])).toEqual({ sharpe: null, sortino: null });
    expect(sharpeSortino([0.01, 0.01, 0.01])).toEqual({ sharpe: null, sortino: null });
    expect(kRatio([1, 2])).toBeNull();
    expect(kRatio([1, 2, 3, 4])).toBeNull();
  });
  it('a short daily series by hand', () => {
    // returns 0.02, -0.01, 0.03: mean 0.013333, sample sd 0.0208167, downside sqrt(0.0001 / 3) 0.0057735
    const { sharpe, sortino } = sharpeSortino([0.02, -0.01, 0.03]);
    expect(sharpe).toBeCloseTo((0.04 / 3 / 0.02081665999) * Math.sqrt(252), 6);
    expect(sortino).toBeCloseTo((0.04 / 3 / 0.00577350269) * Math.sqrt(252), 6);
  });
});

describe('tradeExcursions from 1-minute bars', () => {
  const bar = (iso: string, high: number, low: number) => ({
    time: at(iso) / 1000,
    open: low,
    high,
    low,
    close: high,
    volume: 1,
  });
  const bars = [
    bar('2026-03-02T09:59:00Z', 1.2, 1.0), // before the open: ignored
    bar('2026-03-02T10:00:00Z', 1.1008, 1.0995),
    bar('2026-03-02T10:01:00Z', 1.102, 1.099),
    bar('2026-03-02T10:02:00Z', 1.1015, 1.0985),
    bar('2026-03-02T10:03:00Z', 1.103, 1.1),
    bar('2026-03-02T10:04:00Z', 1.5, 0.5), // after the close: ignored
  ];
  const base = {
    openPrice: 1.1,
    openedAtMs: at('2026-03-02T10:00:30Z'),
    closedAtMs: at('2026-03-02T10:03:10Z'),
    minorPerPrice: 1e7,
  };

  it('a long: the highest high is the MFE, the lowest low the MAE', () => {
    const { mfe, mae } = tradeExcursions({ ...base, side: 'buy', closePrice: 1.101 }, bars);
    expect(mfe).toEqual({ price: 1.103, timeMs: at('2026-03-02T10:03:00Z'), minor: 30_000 });
    expect(mae).toEqual({ price: 1.0985, timeMs: at('2026-03-02T10:02:00Z'), minor: -15_000 });
  });

  it('a short: the lowest low is the MFE, the highest high the MAE', () => {
    const { mfe, mae } = tradeExcursions({ ...base, side: 'sell', closePrice: 1.099 }, bars);
    expect(mfe).toEqual({ price: 1.0985, timeMs: at('2026-03-02T10:02:00Z'), minor: 15_000 });
    expect(mae).toEqual({ price: 1.103, timeMs: at('2026-03-02T10:03:00Z'), minor: -30_000 });
  });

  it('without bars, the open and close prices bound the excursions', () => {
    const { mfe, mae } = tradeExcursions({ ...base, side: 'buy', closePrice: 1.1004 }, []);
    expect(mfe).toEqual({ price: 1.1004, timeMs: base.closedAtMs, minor: 4_000 });
    expect(mae).toEqual({ price: 1.1, timeMs: base.openedAtMs, minor: 0 });
  });

  it('in R with the initial stop, and the best-exit net', () => {
    const { mfe, mae } = tradeExcursions({ ...base, side: 'buy', closePrice: 1.101 }, bars);
    const m = computeMetrics({
      trades: [
        trade({
          open: '2026-03-02T10:00:30Z',
          close: '2026-03-02T10:03:10Z',
          profit: 10_000,
          commissionMinor: -700,
          initialStopLoss: 1.098,
          mfe,
          mae,
        }),
      ],
      startingBalanceMinor: 1_000_000,
      timeZone: 'UTC',
    });
    const f = m.trades[0]!;
    // risk (1.1000 - 1.0980) x 10,000,000 = 20,000
    expect(f.risk).toBe(20_000);
    expect(f.mfeR).toBe(1.5);
    expect(f.maeR).toBe(-0.75);
    expect(f.bestExitNet).toBe(29_300);
  });
});
