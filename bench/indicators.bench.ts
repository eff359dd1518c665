// Indicator batch speed over 100,000 bars against the reference package, talib-web (TA-Lib's C code compiled
// to WebAssembly), measured in the same run, with a check that both give the same values.
//   npm run bench -- indicators
import { ATR, BBANDS, EMA, MACD, RSI, SMA } from 'talib-web';
import type { SeriesEntry } from '../packages/core/src/indicators/define.js';
import { computeIndicator } from '../packages/core/src/indicators/run.js';
import { validateIndicatorSettings } from '../packages/core/src/indicators/settings.js';
import { randomCandles } from '../packages/core/src/indicators/testing/candles.js';
import { loadTalib, MA, talib } from '../packages/core/src/indicators/testing/talib.js';

const BARS = 100_000;
const RUNS = 15;
const c = randomCandles(BARS, 42);
// the package takes plain arrays; converting once is not part of the timed work
const close = Array.from(c.close);
const high = Array.from(c.high);
const low = Array.from(c.low);

await loadTalib();

interface Case {
  readonly label: string;
  readonly name: string;
  readonly settings: Record<string, unknown>;
  /** The reference package's public API, as its users call it. */
  readonly reference: () => unknown;
  /** TA-Lib's values for each of our outputs, for the equality check. */
  readonly expected: () => Record<string, Float64Array>;
}

const CASES: readonly Case[] = [
  {
    label: 'SMA(20)',
    name: 'sma',
    settings: { period: 20 },
    reference: () => SMA({ inReal: close, timePeriod: 20 }),
    expected: () => ({ sma: talib('SMA', [c.close], [20])[0]! }),
  },
  {
    label: 'EMA(20)',
    name: 'ema',
    settings: { period: 20 },
    reference: () => EMA({ inReal: close, timePeriod: 20 }),
    expected: () => ({ ema: talib('EMA', [c.close], [20])[0]! }),
  },
  {
    label: 'RSI(14)',
    name: 'rsi',
    settings: { period: 14 },
    reference: () => RSI({ inReal: close, timePeriod: 14 }),
    expected: () => ({ rsi: talib('RSI', [c.close], [14])[0]! }),
  },
  {
    label: 'MACD(12,26,9)',
    name: 'macd',
    settings: {},
    reference: () => MACD({ inReal: close, fastPeriod: 12, slowPeriod: 26, signalPeriod: 9 }),
    expected: () => {
      const [macd, signal, histogram] = talib('MACD', [c.close], [12, 26, 9], 3);
      return { macd: macd!, signal: signal!, histogram: histogram! };
    },
  },
  {
    label: 'Bollinger(20,2)',
    name: 'bollinger',
    settings: { period: 20, deviations: 2 },
    reference: () => BBANDS({ inReal: close, timePeriod: 20, nbDevUp: 2, nbDevDn: 2, MAType: 0 }),
    expected: () => {
      const [upper, middle, lower] = talib('BBANDS', [c.close], [20, 2, 2, MA.SMA], 3);
      return { upper: upper!, middle: middle!, lower: lower! };
    },
  },
  {
    label: 'ATR(14)',
    name: 'atr',
    settings: { period: 14 },
    reference: () => ATR({ high, low, close, timePeriod: 14 }),
    expected: () => ({ atr: talib('ATR', [c.high, c.low, c.close], [14])[0]! }),
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU time of this process (user + system) in milliseconds. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Times `ours` and `reference` alternately, after two warm-up calls each, by the CPU time the process spends:
 * on a shared machine wall time mostly measures waiting for a core, CPU time the work. Alternating rounds let a
 * change of conditions hit both alike. Returns the median milliseconds of each and the median per-round ratio.
 */
function race(ours: () => unknown, reference: () => unknown, runs = RUNS) {
  for (let i = 0; i < 2; i++) {
    ours();
    reference();
  }
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = cpuMs();
    ours();
    const ta = cpuMs() - t0;
    t0 = cpuMs();
    reference();
    const tb = cpuMs() - t0;
    a.push(ta);
    b.push(tb);
    ratios.push(tb / Math.max(ta, 1e-3));
  }
  return { ours: median(a), reference: median(b), ratio: median(ratios) };
}

/** Largest difference relative to max(1, |reference|) over bars both define; Infinity if warm-ups differ. */
function maxDiff(ours: Float64Array, ref: Float64Array): number {
  let worst = 0;
  for (let i = 0; i < ref.length; i++) {
    const a = ours[i]!;
    const b = ref[i]!;
    if (Number.isNaN(a) !== Number.isNaN(b)) return Number.POSITIVE_INFINITY;
    if (!Number.isNaN(b)) worst = Math.max(worst, Math.abs(a - b) / Math.max(1, Math.abs(b)));
  }
  return worst;
}

const rows: string[][] = [];
let allSame = true;
let slowest = Number.POSITIVE_INFINITY;
for (const k of CASES) {
  const v = validateIndicatorSettings(k.name, k.settings);
  if (!v.ok) throw new Error(v.errors.map((e) => e.message).join(' '));
  const entry = v.entry as SeriesEntry;
  const run = () => computeIndicator(entry, v.settings, c);
  const { ours, reference, ratio } = race(run, k.reference);
  // for context: TA-Lib's compiled kernel called directly (typed arrays copied into WebAssembly memory and back)
  const kernelOnly = race(run, k.expected).reference;
  const outs = run();
  const expected = k.expected();
  const diff = Math.max(
    ...entry.definition.outputs.map((o, j) => (expected[o.id] ? maxDiff(outs[j]!, expected[o.id]!) : 0)),
  );
  const same = diff <= 1e-8;
  allSame &&= same;
  slowest = Math.min(slowest, ratio);
  rows.push([
    k.label,
    ours.toFixed(2),
    reference.toFixed(2),
    `${ratio.toFixed(1)}x`,
    kernelOnly.toFixed(2),
    same ? `yes (max rel. diff ${diff.toExponential(1)})` : `NO (${diff})`,
  ]);
}

const header = [
  'indicator',
  'ours CPU ms',
  'talib-web CPU ms',
  'speed-up (median ratio)',
  'TA-Lib kernel direct CPU ms',
  'same values',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const fmt = (r: string[]) => r.map((x, i) => x.padEnd(widths[i]!)).join('  ');
console.log(
  `Indicator batch over ${BARS.toLocaleString('en-US')} bars, median of ${RUNS} alternating rounds (Node ${process.version})`,
);
console.log(`baseline: talib-web 0.1.3 public API (TA-Lib C code in WebAssembly), same process, same data`);
console.log(fmt(header));
for (const r of rows) console.log(fmt(r));
console.log(
  `lowest speed-up ${slowest.toFixed(1)}x (goal: at least 5x); values equal within 1e-8: ${allSame ? 'yes' : 'NO'}`,
);
if (!allSame) process.exit(1);
