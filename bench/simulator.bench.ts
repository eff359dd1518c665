/**
 * Simulated market benchmark: 1-minute bars generated per second (cold: every path computed; warm: factor-days
 * cached), with the simulated calendar's events and without, random access to one minute, and the cost of daily bars over a year. The baseline, measured in the
 * same run, is the cheapest possible generator: a sequential Gaussian random walk (Math.random, Box-Muller)
 * with the same six points per minute, which can only walk forward from its start and agrees with nothing.
 * Times are CPU times of this process (best of several runs), so other load on the machine matters less.
 *
 *   npx tsx bench/simulator.bench.ts
 */
import { createSimulatedMarket } from '../packages/core/src/index.ts';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function best<T>(runs: number, fn: () => T): { ms: number; result: T } {
  let ms = Number.POSITIVE_INFINITY;
  let result!: T;
  for (let r = 0; r < runs; r++) {
    const t = cpuMs();
    result = fn();
    ms = Math.min(ms, cpuMs() - t);
  }
  return { ms, result };
}

/** Baseline: sequential random walk, 6 steps per minute, OHLCV into typed arrays. */
function baselineBars(n: number): number {
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  const volume = new Float64Array(n);
  let x = Math.log(1.08);
  const sd = 0.0001;
  for (let k = 0; k < n; k++) {
    const o = Math.exp(x);
    let hi = x;
    let lo = x;
    for (let j = 0; j < 6; j++) {
      const u = 1 - Math.random();
      const v = Math.random();
      x += sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
      if (x > hi) hi = x;
      if (x < lo) lo = x;
    }
    open[k] = Math.round(o * 1e5) / 1e5;
    close[k] = Math.round(Math.exp(x) * 1e5) / 1e5;
    high[k] = Math.round(Math.exp(hi) * 1e5) / 1e5;
    low[k] = Math.round(Math.exp(lo) * 1e5) / 1e5;
    volume[k] = 1 + Math.floor(Math.random() * 100);
  }
  return close[n - 1]!;
}

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
const DAY = 86_400;
const from = Date.UTC(2024, 0, 8) / 1000;
const to = from + 28 * DAY;

console.log('Simulated market benchmark (CPU time, best of runs)\n');

const base = best(5, () => baselineBars(400_000));
const baseRate = 400_000 / (base.ms / 1000);
console.log(`baseline  sequential random walk          ${fmt(baseRate).padStart(12)} bars/s`);

// with the simulated calendar (the default: releases and earnings move prices) and without it
for (const calendar of [true, false]) {
  const label = calendar ? 'calendar on ' : 'calendar off';
  for (const id of ['EURUSD', 'AAPL', 'BTCUSD']) {
    let offset = 0;
    const cold = best(3, () => {
      offset += 40 * DAY; // a fresh range and a fresh market: every factor-day computed
      return createSimulatedMarket({ calendar }).minuteBars(id, from + offset, to + offset).length;
    });
    const market = createSimulatedMarket({ calendar });
    market.minuteBars(id, from, to);
    const warm = best(5, () => market.minuteBars(id, from, to).length);
    const coldRate = cold.result / (cold.ms / 1000);
    const warmRate = warm.result / (warm.ms / 1000);
    console.log(
      `${id.padEnd(9)} 1-minute bars, cold, ${label} ${fmt(coldRate).padStart(12)} bars/s  (${(coldRate / baseRate).toFixed(2)}x baseline)`,
    );
    console.log(
      `${id.padEnd(9)} 1-minute bars, warm, ${label} ${fmt(warmRate).padStart(12)} bars/s  (${(warmRate / baseRate).toFixed(2)}x baseline)`,
    );
  }
}

// random access: one bar at a random minute of a random year, no cache; a sequential walk would have to
// generate every minute from its origin up to there
const access = best(3, () => {
  const m = createSimulatedMarket();
  let found = 0;
  for (let k = 0; k < 200; k++) {
    const t = Math.floor((Date.UTC(1980, 0, 1) / 1000 + ((k * 7919 * 3607) % (300 * 365 * DAY))) / 60) * 60;
    if (m.minuteBar('EURUSD', t)) found++;
    m.tick('EURUSD', t * 1000 + 30_000);
  }
  return found;
});
console.log(`EURUSD    one bar + tick at a random minute  ${(access.ms / 200).toFixed(3).padStart(9)} ms each (cold)`);

for (const id of ['EURUSD', 'US500', 'AAPL']) {
  let year = 2000;
  const cold = best(3, () => {
    year += 1;
    return createSimulatedMarket().candles(id, '1D', {
      from: Date.UTC(year, 0, 1) / 1000,
      to: Date.UTC(year + 1, 0, 1) / 1000,
      limit: 400,
    }).length;
  });
  const market = createSimulatedMarket();
  const q = { from: Date.UTC(2023, 0, 1) / 1000, to: Date.UTC(2024, 0, 1) / 1000, limit: 400 };
  market.candles(id, '1D', q);
  const warm = best(5, () => market.candles(id, '1D', q).length);
  console.log(
    `${id.padEnd(9)} a year of 1D bars (${cold.result})  cold ${cold.ms.toFixed(0).padStart(5)} ms (${(cold.ms / cold.result).toFixed(2)} ms per daily bar), cached ${warm.ms.toFixed(2)} ms`,
  );
}
