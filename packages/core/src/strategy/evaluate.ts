import { findIndicator, INDICATORS } from '../indicators/catalogue.js';
import { computeIndicator } from '../indicators/run.js';
import { validateIndicatorSettings } from '../indicators/settings.js';
import type { CandleArrays, IndicatorDefinition } from '../indicators/types.js';
import type { Candle } from '../market/candles.js';
import type { EventImpact } from '../market/sim/events.js';
import { isoWeekday, MS_PER_DAY, MS_PER_MINUTE, zoneOffsetSpan } from '../market/time-zones.js';
import type { NewsEvent } from '../prop/types.js';
import type { Graph, GraphActionType, GraphNode, GraphNodeOf, GraphProblem } from './graph.js';
import { validateGraph } from './validate.js';

/** The definitions of the core's indicator catalogue, for `validateGraph` on the server and in the engine. */
export const GRAPH_CATALOGUE: readonly IndicatorDefinition[] = INDICATORS.map((e) => e.definition);

/** Thrown by `evaluateGraph` and `backtest` for a graph with problems; `problems` are the validator's. */
export class GraphInvalidError extends Error {
  constructor(readonly problems: GraphProblem[]) {
    super(
      `The strategy graph has ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${problems[0]?.message ?? ''}`,
    );
    this.name = 'GraphInvalidError';
  }
}

export interface GraphContext {
  /** The symbol traded: a calendar-event node without currencies follows this symbol's currencies. */
  symbol: string;
  /** The symbol's base, quote and profit currencies (prop's `symbolCurrencies`). */
  currencies: readonly string[];
  /** Length of one bar in seconds (a time window is tested at each bar's open; events against the whole bar). */
  barSeconds: number;
  /** Scheduled economic events (the simulated market's schedule, as the prop news blackout reads it). */
  events?: readonly NewsEvent[];
}

export interface ActionSignals {
  nodeId: string;
  type: GraphActionType;
  /** 1 on the closed bars where the action's signal input is true. */
  signals: Uint8Array;
}

export interface GraphEvaluation {
  actions: ActionSignals[];
  /** Every node's output by node id: a Float64Array for a series (NaN where undefined), a Uint8Array for a signal. */
  outputs: Map<string, Float64Array | Uint8Array>;
}

/** Candles as the parallel arrays the indicator engine reads. */
export function toCandleArrays(candles: readonly Candle[]): CandleArrays {
  const n = candles.length;
  const out = {
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const c = candles[i]!;
    out.time[i] = c.time;
    out.open[i] = c.open;
    out.high[i] = c.high;
    out.low[i] = c.low;
    out.close[i] = c.close;
    out.volume[i] = c.volume;
  }
  return out;
}

const IMPACT_RANK: Record<EventImpact, number> = { low: 1, medium: 2, high: 3 };

/**
 * Evaluates a graph over closed bars: every node's output bar by bar, and for every action node the bars where
 * its signal is true. Values at bar i read bars 0..i only (indicators are the core's causal kernels, cross and
 * trend look back), so later bars never change earlier signals. Semantics (docs/strategy-graph.md):
 * - price: the bar's field (hl2 = (high + low) / 2, hlc3, ohlc4); constant: the number on every bar;
 * - indicator: the core indicator engine's output, NaN during its warm-up;
 * - time: true when the bar opens inside [from, to) local time in the zone (a window with from after to runs
 *   over midnight) on one of the weekdays (the bar's local weekday);
 * - calendar_event: true when the bar [open, open + length) overlaps [event - before, event + after] of an event of
 *   at least the impact concerning one of the currencies (none listed: the symbol's), or the symbol itself;
 * - compare: a op b; cross above: a[i-1] <= b[i-1] and a[i] > b[i] (below: the mirror);
 * - trend rising (falling): in[k] > in[k-1] (<) for each of the last `bars` bars;
 * - and, or, not: logic on signals. Any NaN input makes compare, cross and trend false.
 * Throws GraphInvalidError when `validateGraph` finds a problem.
 */
export function evaluateGraph(graph: Graph, bars: CandleArrays, context: GraphContext): GraphEvaluation {
  const problems = validateGraph(graph, GRAPH_CATALOGUE);
  if (problems.length > 0) throw new GraphInvalidError(problems);
  const n = bars.close.length;
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const inputOf = new Map<string, string>();
  for (const e of graph.edges) inputOf.set(`${e.target}\u0000${e.targetHandle}`, e.source);
  const outputs = new Map<string, Float64Array | Uint8Array>();
  const indicatorCache = new Map<string, Float64Array[]>();

  const value = (node: GraphNode): Float64Array | Uint8Array => {
    const known = outputs.get(node.id);
    if (known) return known;
    const input = (port: string) => value(byId.get(inputOf.get(`${node.id}\u0000${port}`)!)!);
    const out = compute(node, input, bars, n, context, indicatorCache);
    outputs.set(node.id, out);
    return out;
  };

  const actions: ActionSignals[] = [];
  for (const node of graph.nodes) {
    value(node);
    if (node.type === 'buy_action' || node.type === 'sell_action' || node.type === 'close_action') {
      actions.push({ nodeId: node.id, type: node.type, signals: outputs.get(node.id) as Uint8Array });
    }
  }
  return { actions, outputs };
}

function compute(
  node: GraphNode,
  input: (port: string) => Float64Array | Uint8Array,
  bars: CandleArrays,
  n: number,
  context: GraphContext,
  indicatorCache: Map<string, Float64Array[]>,
): Float64Array | Uint8Array {
  switch (node.type) {
    case 'price':
      return priceSeries(node.data.field, bars, n);
    case 'constant':
      return new Float64Array(n).fill(node.data.value);
    case 'indicator':
      return indicatorSeries(node, bars, indicatorCache);
    case 'time':
      return timeWindow(node, bars, n);
    case 'calendar_event':
      return eventWindow(node, bars, n, context);
    case 'compare': {
      const a = input('a') as Float64Array;
      const b = input('b') as Float64Array;
      const out = new Uint8Array(n);
      const op = node.data.operator;
      for (let i = 0; i < n; i++) {
        const x = a[i]!;
        const y = b[i]!;
        // comparisons with NaN are false in every operator
        out[i] = (op === '>' ? x > y : op === '>=' ? x >= y : op === '<' ? x < y : op === '<=' ? x <= y : x === y)
          ? 1
          : 0;
      }
      return out;
    }
    case 'cross': {
      const a = input('a') as Float64Array;
      const b = input('b') as Float64Array;
      const out = new Uint8Array(n);
      const above = node.data.direction === 'above';
      for (let i = 1; i < n; i++) {
        const pa = a[i - 1]!;
        const pb = b[i - 1]!;
        const x = a[i]!;
        const y = b[i]!;
        out[i] = (above ? pa <= pb && x > y : pa >= pb && x < y) ? 1 : 0;
      }
      return out;
    }
    case 'and':
    case 'or': {
      const a = input('a') as Uint8Array;
      const b = input('b') as Uint8Array;
      const out = new Uint8Array(n);
      if (node.type === 'and') for (let i = 0; i < n; i++) out[i] = a[i]! & b[i]!;
      else for (let i = 0; i < n; i++) out[i] = a[i]! | b[i]!;
      return out;
    }
    case 'not': {
      const a = input('in') as Uint8Array;
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) out[i] = a[i]! ? 0 : 1;
      return out;
    }
    case 'trend': {
      const v = input('in') as Float64Array;
      const out = new Uint8Array(n);
      const rising = node.data.direction === 'rising';
      const need = node.data.bars;
      let run = 0;
      for (let i = 1; i < n; i++) {
        const step = rising ? v[i]! > v[i - 1]! : v[i]! < v[i - 1]!;
        run = step ? run + 1 : 0;
        out[i] = run >= need ? 1 : 0;
      }
      return out;
    }
    case 'buy_action':
    case 'sell_action':
    case 'close_action':
      return Uint8Array.from(input('signal') as Uint8Array);
  }
}

function priceSeries(field: GraphNodeOf<'price'>['data']['field'], bars: CandleArrays, n: number): Float64Array {
  if (field === 'open' || field === 'high' || field === 'low' || field === 'close' || field === 'volume')
    return bars[field];
  const out = new Float64Array(n);
  const { open, high, low, close } = bars;
  for (let i = 0; i < n; i++) {
    out[i] =
      field === 'hl2'
        ? (high[i]! + low[i]!) / 2
        : field === 'hlc3'
          ? (high[i]! + low[i]! + close[i]!) / 3
          : (open[i]! + high[i]! + low[i]! + close[i]!) / 4;
  }
  return out;
}

function indicatorSeries(
  node: GraphNodeOf<'indicator'>,
  bars: CandleArrays,
  cache: Map<string, Float64Array[]>,
): Float64Array {
  const entry = findIndicator(node.data.indicatorId)!;
  const checked = validateIndicatorSettings(entry.definition.id, node.data.inputs);
  if (!checked.ok || checked.entry.kind !== 'series') throw new GraphInvalidError([]);
  const settings = checked.settings;
  const key = `${entry.definition.id}\u0000${JSON.stringify(Object.entries(settings).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
  let outs = cache.get(key);
  if (!outs) {
    outs = computeIndicator(checked.entry, settings, bars);
    cache.set(key, outs);
  }
  const at = entry.definition.outputs.findIndex((o) => o.id === node.data.output);
  return outs[at]!;
}

function minutesOf(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

function timeWindow(node: GraphNodeOf<'time'>, bars: CandleArrays, n: number): Uint8Array {
  const out = new Uint8Array(n);
  const from = minutesOf(node.data.from);
  const to = minutesOf(node.data.to);
  const days = new Uint8Array(8);
  for (const d of node.data.days) days[d] = 1;
  let span = { offsetMinutes: 0, fromMs: Number.POSITIVE_INFINITY, toMs: Number.NEGATIVE_INFINITY };
  for (let i = 0; i < n; i++) {
    const t = bars.time[i]! * 1000;
    if (t < span.fromMs || t >= span.toMs) span = zoneOffsetSpan(node.data.timeZone, t);
    const local = t + span.offsetMinutes * MS_PER_MINUTE;
    const epochDay = Math.floor(local / MS_PER_DAY);
    const minute = Math.floor((local - epochDay * MS_PER_DAY) / MS_PER_MINUTE);
    const inside = from < to ? minute >= from && minute < to : minute >= from || minute < to;
    out[i] = inside && days[isoWeekday(epochDay)] ? 1 : 0;
  }
  return out;
}

function eventWindow(node: GraphNodeOf<'calendar_event'>, bars: CandleArrays, n: number, ctx: GraphContext) {
  const out = new Uint8Array(n);
  const rank = IMPACT_RANK[node.data.impact];
  const currencies = node.data.currencies.length > 0 ? node.data.currencies : ctx.currencies;
  const windows = (ctx.events ?? [])
    .filter(
      (e) =>
        IMPACT_RANK[e.impact] >= rank &&
        ((e.currencies ?? []).some((c) => currencies.includes(c)) ||
          (node.data.currencies.length === 0 && (e.symbols ?? []).includes(ctx.symbol))),
    )
    .map((e) => [e.timeMs - node.data.minutesBefore * MS_PER_MINUTE, e.timeMs + node.data.minutesAfter * MS_PER_MINUTE])
    .sort((a, b) => a[0]! - b[0]!);
  if (windows.length === 0) return out;
  const barMs = ctx.barSeconds * 1000;
  // windows sorted by start; a bar [t, t + barMs) is active when some window starts before its end and ends at or after t
  let first = 0;
  for (let i = 0; i < n; i++) {
    const t = bars.time[i]! * 1000;
    while (first < windows.length && windows[first]![1]! < t) first++;
    for (let k = first; k < windows.length && windows[k]![0]! < t + barMs; k++) {
      if (windows[k]![1]! >= t) {
        out[i] = 1;
        break;
      }
    }
  }
  return out;
}
