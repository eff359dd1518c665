// Cost of the performance metrics (`computeMetrics`: every section of GET /trading/metrics) over 100,000 closed
// trades on 20 symbols across about two years, against a baseline measured in the same run: sorting the same
// trades by close time (which the metrics do first). Figures are medians of RUNS runs after WARM_UP runs, wall
// time. The target is under 100 ms for 100,000 trades; the bench reports it and never fails on time.
// Then, apart, the MFE/MAE scan of one trade over its 1-minute bars (bars are per trade, so that cost is per
// trade, not part of the 100,000 figure).
//   npm run bench -- metrics
import type { Candle } from '../packages/core/src/market/candles.js';
import { computeMetrics, type MetricsTradeInput, tradeExcursions } from '../packages/core/src/metrics/index.js';

const TRADES = 100_000;
const RUNS = 9;
const WARM_UP = 3;
const TARGET_MS = 100;
const SYMBOLS = Array.from({ length: 20 }, (_, i) => `SYM${i}`);

/** Deterministic uniform [0, 1) generator (mulberry32), so every run sees the same trades. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(11);
const START = Date.UTC(2024, 0, 1);
const generated: MetricsTradeInput[] = [];
for (let i = 0; i < TRADES; i++) {
  const openedAtMs = START + Math.floor(random() * 730 * 86_400_000);
  const closedAtMs = openedAtMs + Math.floor(random() ** 3 * 7 * 86_400_000) + 1000;
  const side = random() < 0.5 ? 'buy' : 'sell';
  const openPrice = 1 + random() * 0.2;
  const move = (random() - 0.45) * 0.01;
  const minorPerPrice = 1e7;
  const withStop = random() < 0.7;
  generated.push({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    accountId: 'a',
    symbol: SYMBOLS[i % SYMBOLS.length]!,
    side,
    volume: 1,
    openPrice,
    closePrice: openPrice + (side === 'buy' ? move : -move),
    openedAtMs,
    closedAtMs,
    profitMinor: Math.round(move * minorPerPrice),
    commissionMinor: -700,
    swapMinor: random() < 0.3 ? -Math.round(random() * 500) : 0,
    initialStopLoss: withStop ? openPrice - (side === 'buy' ? 0.003 : -0.003) : null,
    minorPerPrice,
    strategy: null,
    mae: { price: openPrice, timeMs: openedAtMs + 60_000, minor: -Math.round(random() * 30_000) },
    mfe: { price: openPrice, timeMs: openedAtMs + 120_000, minor: Math.round(random() * 60_000) },
  });
}
// The server reads closed trades ordered by close time (then id), which the metrics check and keep, and builds
// their objects from the rows in that order, then gives each its excursions, read the same way: so the objects
// here are made in close order too. (Left in the order they were generated, at random times, they would lie
// scattered in memory, and reading them would charge the metrics some 20 ms of cache misses the route never pays.)
generated.sort((a, b) => a.closedAtMs - b.closedAtMs || (a.id < b.id ? -1 : 1));
const trades: MetricsTradeInput[] = generated.map((t) => ({ ...t, mae: null, mfe: null }));
for (let i = 0; i < TRADES; i++) {
  const g = generated[i]!;
  trades[i]!.mfe = g.mfe ? { ...g.mfe } : null;
  trades[i]!.mae = g.mae ? { ...g.mae } : null;
}
generated.length = 0;
const byOpen = [...trades].sort((a, b) => a.openedAtMs - b.openedAtMs);

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => unknown): number[] {
  const out: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const input = { trades, startingBalanceMinor: 10_000_000, timeZone: 'Europe/Prague' };
// warm-up: the zone's offset tables, and the compiler on both paths (already in close order, and not)
for (let w = 0; w < WARM_UP; w++) {
  computeMetrics(input);
  computeMetrics({ ...input, trades: byOpen });
}
const baseline = median(time(() => [...byOpen].sort((a, b) => a.closedAtMs - b.closedAtMs || (a.id < b.id ? -1 : 1))));
const metricsMs = median(time(() => computeMetrics(input)));
const unsortedMs = median(time(() => computeMetrics({ ...input, trades: byOpen })));
const check = computeMetrics(input);
const count = TRADES.toLocaleString('en');
console.log(
  `computeMetrics, ${count} trades: ${metricsMs.toFixed(1)} ms ` +
    `(median of ${RUNS} runs after ${WARM_UP} warm-up runs; target under ${TARGET_MS} ms: ` +
    `${metricsMs < TARGET_MS ? 'met' : 'not met on this machine now'})`,
);
console.log(
  `  baseline, sorting the same ${count} trades by close time in this run: ${baseline.toFixed(1)} ms; ` +
    `ratio ${(metricsMs / baseline).toFixed(2)}x`,
);
console.log(
  `  given in open order (the metrics sort them first): ${unsortedMs.toFixed(1)} ms; ratio ${(unsortedMs / baseline).toFixed(2)}x`,
);
console.log(`  (${check.overview.count} trades, ${check.days.length} days, ${check.curve.length} curve points)`);

// MFE/MAE: one trade held a day, over its 1,440 one-minute bars
const bars: Candle[] = [];
let p = 1.1;
const barStart = Math.floor(START / 1000);
for (let m = 0; m < 1440; m++) {
  const o = p;
  p += (random() - 0.5) * 0.0004;
  bars.push({
    time: barStart + m * 60,
    open: o,
    high: Math.max(o, p) + 0.0001,
    low: Math.min(o, p) - 0.0001,
    close: p,
    volume: 1,
  });
}
const dayTrade = {
  side: 'buy' as const,
  openPrice: 1.1,
  closePrice: p,
  openedAtMs: START,
  closedAtMs: START + 86_400_000 - 1,
  minorPerPrice: 1e7,
};
const SCANS = 2_000;
const scanMs = median(
  time(() => {
    for (let k = 0; k < SCANS; k++) tradeExcursions(dayTrade, bars);
  }),
);
const sumMs = median(
  time(() => {
    let s = 0;
    for (let k = 0; k < SCANS; k++) for (const b of bars) s += b.high - b.low;
    return s;
  }),
);
console.log(
  `MFE/MAE of a one-day trade (1,440 bars): ${((scanMs / SCANS) * 1000).toFixed(1)} µs per trade; ` +
    `baseline summing the bars' ranges ${((sumMs / SCANS) * 1000).toFixed(1)} µs; ratio ${(scanMs / sumMs).toFixed(2)}x`,
);
