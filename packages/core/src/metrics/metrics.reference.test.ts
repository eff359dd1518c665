import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoWeekday, toLocal } from '../market/time-zones.js';
import {
  type Bucket,
  computeMetrics,
  HOLDING_BUCKET_BOUNDS,
  type MetricsTradeInput,
  type Streak,
  tradeFigures,
} from './metrics.js';
import { epochDayToDate, SESSION_LABELS, sessionOf } from './sessions.js';

/*
 * computeMetrics (one pass into typed columns, sums in flat tables, ids sliced or written by bucket) against a
 * straightforward reference on random trades: every bucket recomputed by filtering the trades in close order and
 * summing them one by one, in the same order, so the figures must be equal exactly, not approximately.
 */

const byClose = (a: MetricsTradeInput, b: MetricsTradeInput) =>
  a.closedAtMs - b.closedAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function referenceBucket(trades: readonly MetricsTradeInput[]): Bucket {
  let wins = 0;
  let losses = 0;
  let breakEven = 0;
  let net = 0;
  let gross = 0;
  let commission = 0;
  let swap = 0;
  let winSum = 0;
  let lossSum = 0;
  let rSum = 0;
  let rCount = 0;
  for (const t of trades) {
    const f = tradeFigures(t);
    net += f.net;
    gross += t.profitMinor;
    commission += t.commissionMinor;
    swap += t.swapMinor;
    if (f.net > 0) {
      wins++;
      winSum += f.net;
    } else if (f.net < 0) {
      losses++;
      lossSum += f.net;
    } else breakEven++;
    if (f.r !== null) {
      rSum += f.r;
      rCount++;
    }
  }
  const count = trades.length;
  return {
    count,
    wins,
    losses,
    breakEven,
    net,
    gross,
    commission,
    swap,
    winRate: count === 0 ? null : (wins / count) * 100,
    profitFactor: lossSum === 0 ? null : winSum / -lossSum,
    averageNet: count === 0 ? null : net / count,
    averageR: rCount === 0 ? null : rSum / rCount,
    tradeIds: trades.map((t) => t.id),
  };
}

/** The Bucket fields of a section's entry (sections add their own keys). */
function bucketOf(b: Bucket): Bucket {
  const { count, wins, losses, breakEven, net, gross, commission, swap, winRate, profitFactor, averageNet } = b;
  return {
    count,
    wins,
    losses,
    breakEven,
    net,
    gross,
    commission,
    swap,
    winRate,
    profitFactor,
    averageNet,
    averageR: b.averageR,
    tradeIds: b.tradeIds,
  };
}

/** Groups the trades (kept in order) by a key, keys ascending. */
function groupBy<K extends number | string>(trades: readonly MetricsTradeInput[], key: (t: MetricsTradeInput) => K) {
  const groups = new Map<K, MetricsTradeInput[]>();
  for (const t of trades) {
    const k = key(t);
    const g = groups.get(k);
    if (g) g.push(t);
    else groups.set(k, [t]);
  }
  return [...groups].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function longestStreaks(trades: readonly MetricsTradeInput[]): { win: Streak; loss: Streak } {
  let win: Streak = { length: 0, net: 0, tradeIds: [] };
  let loss: Streak = { length: 0, net: 0, tradeIds: [] };
  let run: MetricsTradeInput[] = [];
  let sign = 0;
  const close = () => {
    const net = run.reduce((s, t) => s + tradeFigures(t).net, 0);
    const streak = { length: run.length, net, tradeIds: run.map((t) => t.id) };
    if (sign > 0 && run.length > win.length) win = streak;
    if (sign < 0 && run.length > loss.length) loss = streak;
  };
  for (const t of trades) {
    const s = Math.sign(tradeFigures(t).net);
    if (s !== sign) {
      close();
      run = [];
      sign = s;
    }
    run.push(t);
  }
  close();
  return { win, loss };
}

const ZONES = ['UTC', 'Europe/Prague', 'America/New_York', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Kolkata'];
const BASE = Date.UTC(2025, 0, 1);
const SPAN = 500 * 86_400_000;
const SYMBOLS = ['EURUSD', 'GBPUSD', 'XAUUSD', 'BTCUSD'];

const tradeArb = fc.record({
  symbol: fc.constantFrom(...SYMBOLS),
  side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
  volume: fc.constantFrom(0.01, 0.1, 1, 2.5),
  open: fc.integer({ min: 0, max: SPAN }),
  held: fc.oneof(fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: 10 * 86_400_000 })),
  // several trades closing at the same instant (ordered by id)
  sameClose: fc.boolean(),
  profit: fc.oneof(fc.constant(0), fc.integer({ min: -100_000, max: 100_000 })),
  commission: fc.constantFrom(0, -500, -700),
  swap: fc.oneof(fc.constant(0), fc.integer({ min: -1000, max: 500 })),
  stop: fc.option(fc.double({ min: -0.01, max: 0.01, noNaN: true }), { nil: null }),
  minorPerPrice: fc.option(fc.constantFrom(1e7, 1e5, 123_456.5), { nil: null }),
  mae: fc.option(fc.integer({ min: -50_000, max: 10 }), { nil: null }),
  // when in the trade the adverse excursion was (a share of its holding time)
  maeAt: fc.double({ min: 0, max: 1, noNaN: true }),
  mfe: fc.option(fc.integer({ min: -10, max: 80_000 }), { nil: null }),
});

const inputArb = fc.record({
  trades: fc.array(tradeArb, { maxLength: 150 }),
  zone: fc.constantFrom(...ZONES),
  // given in close order (as the server reads them) or not (the metrics sort them)
  shuffle: fc.boolean(),
});

type TradeSpec = typeof tradeArb extends fc.Arbitrary<infer T> ? T : never;

function tradesOf(specs: readonly TradeSpec[], shuffle: boolean): MetricsTradeInput[] {
  const trades = specs.map((x, i): MetricsTradeInput => {
    const openedAtMs = BASE + x.open;
    const closedAtMs = x.sameClose
      ? BASE + Math.floor(x.open / 3_600_000) * 3_600_000 + 7_200_000
      : openedAtMs + x.held;
    const openPrice = 1.1;
    return {
      // ids not in index order, so ties in close time are ordered by id, not by position
      id: `00000000-0000-4000-8000-${String((i * 7919) % 100_003).padStart(12, '0')}`,
      accountId: 'acc',
      symbol: x.symbol,
      side: x.side,
      volume: x.volume,
      openPrice,
      closePrice: openPrice,
      openedAtMs,
      closedAtMs,
      profitMinor: x.profit,
      commissionMinor: x.commission,
      swapMinor: x.swap,
      initialStopLoss: x.stop === null ? null : openPrice + x.stop,
      minorPerPrice: x.minorPerPrice,
      strategy: null,
      mae:
        x.mae === null
          ? null
          : { price: openPrice, timeMs: openedAtMs + Math.floor((closedAtMs - openedAtMs) * x.maeAt), minor: x.mae },
      mfe: x.mfe === null ? null : { price: openPrice, timeMs: closedAtMs, minor: x.mfe },
    };
  });
  const sorted = [...trades].sort(byClose);
  return shuffle ? trades.reverse() : sorted;
}

describe('computeMetrics against a straightforward reference (random trades)', () => {
  it('every bucket, its trade ids, the streaks, the figures per trade and the balance at each close', () => {
    fc.assert(
      fc.property(inputArb, ({ trades: specs, zone, shuffle }) => {
        const given = tradesOf(specs, shuffle);
        const m = computeMetrics({ trades: given, startingBalanceMinor: 1_000_000, timeZone: zone });
        const trades = [...given].sort(byClose);
        const local = (ms: number) => toLocal(zone, ms);
        const hourOf = (t: MetricsTradeInput) => Math.floor(local(t.openedAtMs).minuteOfDay / 60);
        const closeDay = (t: MetricsTradeInput) => local(t.closedAtMs).epochDay;
        const holdingOf = (t: MetricsTradeInput) => {
          const held = tradeFigures(t).holdingSeconds;
          let h = HOLDING_BUCKET_BOUNDS.length - 1;
          while (h > 0 && held < HOLDING_BUCKET_BOUNDS[h]!.fromSeconds) h--;
          return h;
        };
        const only = (keep: (t: MetricsTradeInput) => boolean) => referenceBucket(trades.filter(keep));

        expect(bucketOf(m.overview)).toEqual(referenceBucket(trades));
        expect(bucketOf(m.general.long)).toEqual(only((t) => t.side === 'buy'));
        expect(bucketOf(m.general.short)).toEqual(only((t) => t.side === 'sell'));
        expect(m.byHour.map(bucketOf)).toEqual(Array.from({ length: 24 }, (_, h) => only((t) => hourOf(t) === h)));
        expect(m.bySession.map(bucketOf)).toEqual(
          SESSION_LABELS.map((label) => only((t) => sessionOf(t.openedAtMs) === label)),
        );
        expect(m.dayOfWeek.map(bucketOf)).toEqual(
          Array.from({ length: 7 }, (_, d) => only((t) => local(t.openedAtMs).weekday === d + 1)),
        );
        expect(m.hodl.map(bucketOf)).toEqual(HOLDING_BUCKET_BOUNDS.map((_, h) => only((t) => holdingOf(t) === h)));

        const days = groupBy(trades, closeDay);
        expect(m.days.map((d) => ({ ...bucketOf(d), date: d.date }))).toEqual(
          days.map(([day, ts]) => ({ ...referenceBucket(ts), date: epochDayToDate(day) })),
        );
        const weekOf = (day: number) => day - (isoWeekday(day) - 1);
        const weeks = groupBy(trades, (t) => weekOf(closeDay(t)));
        expect(m.weeks.map((w) => ({ ...bucketOf(w), weekStart: w.weekStart, tradingDays: w.tradingDays }))).toEqual(
          weeks.map(([week, ts]) => ({
            ...referenceBucket(ts),
            weekStart: epochDayToDate(week),
            tradingDays: days.filter(([day]) => weekOf(day) === week).length,
          })),
        );
        expect(
          m.symbols.map((s) => ({
            ...bucketOf(s),
            symbol: s.symbol,
            long: bucketOf(s.long),
            short: bucketOf(s.short),
          })),
        ).toEqual(
          groupBy(trades, (t) => t.symbol)
            .map(([symbol, ts]) => ({
              ...referenceBucket(ts),
              symbol,
              long: referenceBucket(ts.filter((t) => t.side === 'buy')),
              short: referenceBucket(ts.filter((t) => t.side === 'sell')),
            }))
            .sort((a, b) => b.net - a.net || (a.symbol < b.symbol ? -1 : 1)),
        );

        const streaks = longestStreaks(trades);
        expect(m.overview.longestWinStreak).toEqual(streaks.win);
        expect(m.overview.longestLossStreak).toEqual(streaks.loss);
        expect(m.trades).toEqual(trades.map((t) => ({ ...tradeFigures(t), session: sessionOf(t.openedAtMs) })));
        let balance = 1_000_000;
        expect(m.curve.filter((p) => p.kind === 'close').map((p) => [p.tradeId, p.balance])).toEqual(
          trades.map((t) => {
            balance += tradeFigures(t).net;
            return [t.id, balance];
          }),
        );
        // the equity dips at each adverse excursion, in time order by the second, then in close order
        const second = (t: MetricsTradeInput) => Math.floor(t.mae!.timeMs / 1000);
        expect(m.curve.filter((p) => p.kind === 'mae').map((p) => [p.tradeId, p.timeMs])).toEqual(
          trades
            .filter((t) => t.mae && t.mae.minor < 0)
            .sort((a, b) => second(a) - second(b))
            .map((t) => [t.id, t.mae!.timeMs]),
        );
      }),
      { numRuns: 60, seed: 11 },
    );
  });
});
