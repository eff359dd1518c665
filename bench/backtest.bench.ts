// Cost of a backtest (`backtest` in packages/core/src/strategy: graph evaluation, bar-by-bar fills through the
// virtual broker's rules, then the metrics engine) over one year of the simulated market's EURUSD bars:
//   1. 15-minute bars (about 25,000) with three indicators (EMA 20, EMA 50, RSI 14) and an ATR stop; goal < 1 s;
//   2. 1-minute bars (about 372,000) with the same graph; goal < 10 s.
// Figures are medians of RUNS runs after one warm-up run, wall time; the bars are made once before timing (the
// server reads them from the chart history). The bench reports the goals and never fails on time.
//   npm run bench -- backtest
import type { Candle } from '../packages/core/src/market/candles.js';
import { getInstrument } from '../packages/core/src/market/instruments/catalogue.js';
import { createSimulatedMarket } from '../packages/core/src/market/sim/market.js';
import { backtest } from '../packages/core/src/strategy/backtest.js';
import { toCandleArrays } from '../packages/core/src/strategy/evaluate.js';
import type { Graph } from '../packages/core/src/strategy/graph.js';

const RUNS = 5;
const FROM = Date.UTC(2025, 0, 1) / 1000;
const TO = Date.UTC(2026, 0, 1) / 1000;

const n = (id: string, type: string, data: object) => ({ id, type, data, position: { x: 0, y: 0 } });
const e = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
  id: `${source}.${sourceHandle}-${target}.${targetHandle}`,
  source,
  sourceHandle,
  target,
  targetHandle,
});
const GRAPH = {
  version: 1,
  nodes: [
    n('fast', 'indicator', { indicatorId: 'ema', inputs: { period: 20 }, output: 'ema' }),
    n('slow', 'indicator', { indicatorId: 'ema', inputs: { period: 50 }, output: 'ema' }),
    n('rsi', 'indicator', { indicatorId: 'rsi', inputs: { period: 14 }, output: 'rsi' }),
    n('fifty', 'constant', { value: 50 }),
    n('up', 'cross', { direction: 'above' }),
    n('down', 'cross', { direction: 'below' }),
    n('strong', 'compare', { operator: '>' }),
    n('weak', 'compare', { operator: '<' }),
    n('long', 'and', {}),
    n('short', 'and', {}),
    n('buy', 'buy_action', {
      size: { mode: 'risk', percent: 1 },
      stopLoss: { mode: 'atr', period: 14, multiplier: 2 },
      takeProfit: { mode: 'atr', period: 14, multiplier: 3 },
    }),
    n('sell', 'sell_action', {
      size: { mode: 'lots', lots: 0.1 },
      stopLoss: { mode: 'pips', pips: 25 },
      takeProfit: { mode: 'pips', pips: 50 },
    }),
    n('exitLong', 'close_action', { side: 'long' }),
    n('exitShort', 'close_action', { side: 'short' }),
  ],
  edges: [
    e('fast', 'value', 'up', 'a'),
    e('slow', 'value', 'up', 'b'),
    e('fast', 'value', 'down', 'a'),
    e('slow', 'value', 'down', 'b'),
    e('rsi', 'value', 'strong', 'a'),
    e('fifty', 'value', 'strong', 'b'),
    e('rsi', 'value', 'weak', 'a'),
    e('fifty', 'value', 'weak', 'b'),
    e('up', 'result', 'long', 'a'),
    e('strong', 'result', 'long', 'b'),
    e('down', 'result', 'short', 'a'),
    e('weak', 'result', 'short', 'b'),
    e('long', 'result', 'buy', 'signal'),
    e('short', 'result', 'sell', 'signal'),
    e('down', 'result', 'exitLong', 'signal'),
    e('up', 'result', 'exitShort', 'signal'),
  ],
} as Graph;

const market = createSimulatedMarket();
const instrument = getInstrument('EURUSD');

function yearOf(timeframe: '15m' | '1m'): Candle[] {
  const out: Candle[] = [];
  let from = FROM;
  for (;;) {
    const batch = market.candles('EURUSD', timeframe, { from, to: TO, limit: 5000, asOfMs: TO * 1000 });
    out.push(...batch);
    if (batch.length < 5000) return out;
    from = batch[batch.length - 1]!.time + 1;
  }
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

for (const [timeframe, barSeconds, goalMs] of [
  ['15m', 900, 1000],
  ['1m', 60, 10_000],
] as const) {
  const t0 = performance.now();
  const bars = toCandleArrays(yearOf(timeframe));
  const made = performance.now() - t0;
  const options = { currency: 'USD', initialBalance: 10_000, leverage: 100, barSeconds };
  const first = backtest(GRAPH, bars, instrument, options);
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const s = performance.now();
    backtest(GRAPH, bars, instrument, options);
    times.push(performance.now() - s);
  }
  const m = median(times);
  console.log(
    `${timeframe}: ${bars.close.length.toLocaleString('en-US')} bars (made in ${(made / 1000).toFixed(1)} s), ` +
      `${first.trades.length.toLocaleString('en-US')} trades; backtest median ${m.toFixed(0)} ms ` +
      `(runs ${times.map((t) => t.toFixed(0)).join(', ')}); goal < ${goalMs.toLocaleString('en-US')} ms: ${m < goalMs ? 'met' : 'NOT met'}`,
  );
}
