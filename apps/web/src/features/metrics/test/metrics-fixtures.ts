import type { MetricsBucket, MetricsOverview, MetricsResponse, MetricsTrade } from '@tradedesk/contracts';
import { HOLDING_BUCKETS, METRICS_SESSIONS } from '@tradedesk/contracts';
import { ACCOUNT_ID } from '../../trading/test/trading-fixtures';

/*
 * A metrics answer to render: two wins on Monday 2 March 2026 (one with a 50 stop: +2R) and one loss on Tuesday
 * 3 March without a stop, all EURUSD, with every section's buckets worked out from those trades.
 */

export const T1 = '10000000-0000-4000-8000-000000000001';
export const T2 = '10000000-0000-4000-8000-000000000002';
export const T3 = '10000000-0000-4000-8000-000000000003';

export function trade(id: string, overrides: Partial<MetricsTrade>): MetricsTrade {
  return {
    id,
    accountId: ACCOUNT_ID,
    symbol: 'EURUSD',
    direction: 'long',
    volume: 1,
    openPrice: 1.1,
    closePrice: 1.101,
    openedAt: '2026-03-02T10:00:00.000Z',
    closedAt: '2026-03-02T12:00:00.000Z',
    holdingSeconds: 7200,
    gross: 100,
    commission: -5,
    swap: 0,
    net: 95,
    initialStopLoss: null,
    risk: null,
    r: null,
    session: 'london',
    strategy: null,
    mfe: null,
    mae: null,
    bestExitNet: null,
    ...overrides,
  };
}

// Two wins on Monday 2 March (one with a 50 stop: +2R), one loss on Tuesday 3 March without a stop.
export const trades = [
  trade(T1, {}),
  trade(T2, { gross: 105, net: 100, initialStopLoss: 1.0995, risk: 50, r: 2, closedAt: '2026-03-02T15:00:00.000Z' }),
  trade(T3, {
    direction: 'short',
    gross: -40,
    net: -45,
    openedAt: '2026-03-03T14:00:00.000Z',
    closedAt: '2026-03-03T16:00:00.000Z',
    session: 'london_new_york',
  }),
];

export function bucket(ids: string[]): MetricsBucket {
  const ts = trades.filter((t) => ids.includes(t.id));
  const net = ts.reduce((s, t) => s + t.net, 0);
  const wins = ts.filter((t) => t.net > 0).length;
  const losses = ts.filter((t) => t.net < 0).length;
  const won = ts.filter((t) => t.net > 0).reduce((s, t) => s + t.net, 0);
  const lost = ts.filter((t) => t.net < 0).reduce((s, t) => s + t.net, 0);
  const withR = ts.filter((t) => t.r !== null);
  return {
    count: ts.length,
    wins,
    losses,
    breakEven: 0,
    net,
    gross: ts.reduce((s, t) => s + t.gross, 0),
    commission: ts.reduce((s, t) => s + t.commission, 0),
    swap: 0,
    winRate: ts.length ? (wins / ts.length) * 100 : null,
    profitFactor: lost ? won / -lost : null,
    averageNet: ts.length ? net / ts.length : null,
    averageR: withR.length ? withR.reduce((s, t) => s + (t.r ?? 0), 0) / withR.length : null,
    tradeIds: ids,
  };
}

export const all = [T1, T2, T3];
export function overview(ids: string[], overrides: Partial<MetricsOverview> = {}): MetricsOverview {
  const b = bucket(ids);
  return {
    ...b,
    longCount: 2,
    shortCount: 1,
    expectancy: b.averageNet,
    averageWin: 97.5,
    averageLoss: -45,
    largestWin: 100,
    largestLoss: -45,
    largestWinTradeId: T2,
    largestLossTradeId: T3,
    tradesWithR: 1,
    maxDrawdown: {
      money: 45,
      percent: 0.45,
      peakAt: '2026-03-02T15:00:00.000Z',
      troughAt: '2026-03-03T16:00:00.000Z',
      recoveredAt: null,
      recovered: false,
      durationSeconds: 90_000,
    },
    startingBalance: 10_000,
    returnPercent: 1.5,
    sharpe: 3.1234,
    sortino: null,
    kRatio: null,
    longestWinStreak: { length: 2, net: 195, tradeIds: [T1, T2] },
    longestLossStreak: { length: 1, net: -45, tradeIds: [T3] },
    flags: { profitFactorInfinite: false },
    ...overrides,
  };
}

export function response(overrides: Partial<MetricsResponse> = {}): MetricsResponse {
  const mon = bucket([T1, T2]);
  const tue = bucket([T3]);
  const empty = bucket([]);
  return {
    accountIds: [ACCOUNT_ID],
    currency: 'USD',
    timeZone: 'UTC',
    from: null,
    to: null,
    filters: { symbol: null, direction: null, session: null, strategy: null },
    overview: overview(all),
    timeAnalysis: {
      byHour: Array.from({ length: 24 }, (_, hour) => ({
        ...(hour === 10 ? mon : hour === 14 ? tue : empty),
        hour,
      })),
      bySession: METRICS_SESSIONS.map((session) => ({
        ...(session === 'london' ? mon : session === 'london_new_york' ? tue : empty),
        session,
      })),
    },
    general: {
      firstTradeAt: trades[0]?.closedAt ?? null,
      lastTradeAt: trades[2]?.closedAt ?? null,
      tradingDays: 2,
      winningDays: 1,
      losingDays: 1,
      bestDay: { ...mon, date: '2026-03-02', balance: 10_195 },
      worstDay: { ...tue, date: '2026-03-03', balance: 10_150 },
      averageDailyNet: 75,
      averageTradesPerDay: 1.5,
      totalVolume: 3,
      averageVolume: 1,
      averageHoldingSeconds: 7200,
      averageWinHoldingSeconds: 7200,
      averageLossHoldingSeconds: 7200,
      long: mon,
      short: tue,
      averageMfeCapturePercent: null,
      averageMfeR: null,
      averageMaeR: null,
    },
    dailyPerf: {
      days: [
        { ...mon, date: '2026-03-02', balance: 10_195 },
        { ...tue, date: '2026-03-03', balance: 10_150 },
      ],
      weeks: [{ ...bucket(all), weekStart: '2026-03-02', tradingDays: 2 }],
    },
    dayOfWeek: Array.from({ length: 7 }, (_, i) => ({ ...(i === 0 ? mon : i === 1 ? tue : empty), weekday: i + 1 })),
    hodl: HOLDING_BUCKETS.map((h) => ({ ...(h.id === '1h_4h' ? bucket(all) : empty), ...h })),
    symbols: [{ ...bucket(all), symbol: 'EURUSD', long: mon, short: tue }],
    symbol: null,
    curves: { points: [] },
    trades,
    ...overrides,
  };
}
