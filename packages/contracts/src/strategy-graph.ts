import { z } from 'zod';
import { line } from './text.js';

/**
 * The strategy node graph (spec section 2, strategy node editor): a rule graph saved with a strategy and run by
 * the backtester. Versioned JSON, documented in docs/strategy-graph.md; `version` changes only when an old graph
 * would be read differently, and a reader refuses a version it does not know.
 *
 * A graph is nodes and edges. Every node has a `type`, a position on the canvas and the settings of its type
 * (`data`). Every port carries one of two kinds of value, evaluated once per closed bar:
 * - `series`: a number per bar (a price, an indicator's output, a constant); NaN while it is not defined yet
 *   (an indicator's warm-up);
 * - `signal`: true or false per bar (a comparison, a session window, a calendar-event window).
 * An edge goes from a node's output port (`sourceHandle`) to another node's input port (`targetHandle`) of the
 * same kind; an input port takes exactly one edge, an output port feeds any number. Actions fire on the bars
 * where their `signal` input is true and fill at the next bar's open.
 */

export const STRATEGY_GRAPH_VERSION = 1;
export const MAX_GRAPH_NODES = 200;
export const MAX_GRAPH_EDGES = 400;

/** The editor's defaults (spec section 9: strategy zoom 95; section 2: node settings type default buy_action). */
export const STRATEGY_EDITOR_DEFAULT_ZOOM = 0.95;
export const STRATEGY_NODE_DEFAULT_TYPE = 'buy_action';

export const GRAPH_PORT_KINDS = ['series', 'signal'] as const;
export type GraphPortKind = (typeof GRAPH_PORT_KINDS)[number];

export const DATA_NODE_TYPES = ['price', 'indicator', 'constant', 'time', 'calendar_event'] as const;
export const LOGIC_NODE_TYPES = ['compare', 'cross', 'and', 'or', 'not', 'trend'] as const;
export const ACTION_NODE_TYPES = ['buy_action', 'sell_action', 'close_action'] as const;
export const STRATEGY_NODE_TYPES = [...DATA_NODE_TYPES, ...LOGIC_NODE_TYPES, ...ACTION_NODE_TYPES] as const;
export type StrategyNodeType = (typeof STRATEGY_NODE_TYPES)[number];

/**
 * The ports of every node type: input and output port names with their kind. The editor draws handles from this
 * table and the validator checks edges against it.
 */
export const STRATEGY_NODE_PORTS: Record<
  StrategyNodeType,
  { inputs: Record<string, GraphPortKind>; outputs: Record<string, GraphPortKind> }
> = {
  price: { inputs: {}, outputs: { value: 'series' } },
  indicator: { inputs: {}, outputs: { value: 'series' } },
  constant: { inputs: {}, outputs: { value: 'series' } },
  time: { inputs: {}, outputs: { active: 'signal' } },
  calendar_event: { inputs: {}, outputs: { active: 'signal' } },
  compare: { inputs: { a: 'series', b: 'series' }, outputs: { result: 'signal' } },
  cross: { inputs: { a: 'series', b: 'series' }, outputs: { result: 'signal' } },
  and: { inputs: { a: 'signal', b: 'signal' }, outputs: { result: 'signal' } },
  or: { inputs: { a: 'signal', b: 'signal' }, outputs: { result: 'signal' } },
  not: { inputs: { in: 'signal' }, outputs: { result: 'signal' } },
  trend: { inputs: { in: 'series' }, outputs: { result: 'signal' } },
  buy_action: { inputs: { signal: 'signal' }, outputs: {} },
  sell_action: { inputs: { signal: 'signal' }, outputs: {} },
  close_action: { inputs: { signal: 'signal' }, outputs: {} },
};

export const PRICE_FIELDS = ['open', 'high', 'low', 'close', 'hl2', 'hlc3', 'ohlc4', 'volume'] as const;
export const COMPARE_OPERATORS = ['>', '>=', '<', '<=', '=='] as const;
export const CALENDAR_IMPACTS = ['low', 'medium', 'high'] as const;

const finite = (name: string) => z.number({ error: `${name} must be a number.` }).finite(`${name} must be finite.`);
const positive = (name: string) => finite(name).positive(`${name} must be greater than 0.`);
const wholeIn = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number from ${min} to ${max}.` })
    .int(`${name} must be a whole number from ${min} to ${max}.`)
    .min(min, `${name} must be a whole number from ${min} to ${max}.`)
    .max(max, `${name} must be a whole number from ${min} to ${max}.`);
const clock = (name: string) =>
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${name} must be a time of day as HH:MM (00:00 to 23:59).`);

/** Position size of an entry: fixed lots, or the lots that lose `percent` of the balance at the stop. */
export const graphSizeSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('lots'), lots: positive('Size (lots)') }),
  z.object({ mode: z.literal('risk'), percent: positive('Risk %').max(100, 'Risk % must be at most 100.') }),
]);

/** A stop loss or take profit: none, a distance in pips or in ATRs from the fill, or a fixed price. */
export const graphExitSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  z.object({ mode: z.literal('pips'), pips: positive('Distance (pips)') }),
  z.object({
    mode: z.literal('atr'),
    period: wholeIn('ATR period', 1, 500),
    multiplier: positive('ATR multiplier'),
  }),
  z.object({ mode: z.literal('price'), price: positive('Price') }),
]);

const dataSchemas = {
  price: z.object({ field: z.enum(PRICE_FIELDS) }),
  /** An indicator of the catalogue (`GET /indicators/list`) with its inputs and the output read. */
  indicator: z.object({
    indicatorId: line('Indicator', 60, { min: 1 }),
    inputs: z.record(z.string().max(60), z.union([z.number().finite(), z.string().max(60), z.boolean()])),
    output: line('Indicator output', 60, { min: 1 }),
  }),
  constant: z.object({ value: finite('Constant') }),
  /** True on bars that open inside [from, to) in the time zone on the weekdays listed (1 Monday to 7 Sunday). */
  time: z.object({
    from: clock('From'),
    to: clock('To'),
    timeZone: line('Time zone', 60, { min: 1 }),
    days: z
      .array(wholeIn('Weekday', 1, 7))
      .min(1, 'Pick at least one weekday.')
      .max(7),
  }),
  /** True on bars within the window around an economic event of at least this impact for these currencies. */
  calendar_event: z.object({
    impact: z.enum(CALENDAR_IMPACTS),
    currencies: z.array(z.string().regex(/^[A-Z]{3}$/, 'A currency is three capital letters.')).max(20),
    minutesBefore: wholeIn('Minutes before', 0, 1440),
    minutesAfter: wholeIn('Minutes after', 0, 1440),
  }),
  compare: z.object({ operator: z.enum(COMPARE_OPERATORS) }),
  /** True on the bar where a moves from at or below b to above it (above), or the mirror (below). */
  cross: z.object({ direction: z.enum(['above', 'below']) }),
  and: z.object({}),
  or: z.object({}),
  not: z.object({}),
  /** True when the input rose (or fell) on each of the last `bars` bars. */
  trend: z.object({ direction: z.enum(['rising', 'falling']), bars: wholeIn('Bars', 1, 500) }),
  buy_action: z.object({ size: graphSizeSchema, stopLoss: graphExitSchema, takeProfit: graphExitSchema }),
  sell_action: z.object({ size: graphSizeSchema, stopLoss: graphExitSchema, takeProfit: graphExitSchema }),
  /** Closes the open positions of a side (or all) at the next bar's open. */
  close_action: z.object({ side: z.enum(['all', 'long', 'short']) }),
} satisfies Record<StrategyNodeType, z.ZodType>;

const nodeBase = {
  id: z.string().min(1).max(64),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }),
  /** A label the user gave the node; the editor shows the type's name without one. */
  label: z.string().max(80).optional(),
};

function nodeOf<T extends StrategyNodeType>(type: T) {
  return z.object({ ...nodeBase, type: z.literal(type), data: dataSchemas[type] });
}

export const strategyNodeSchema = z.discriminatedUnion('type', [
  nodeOf('price'),
  nodeOf('indicator'),
  nodeOf('constant'),
  nodeOf('time'),
  nodeOf('calendar_event'),
  nodeOf('compare'),
  nodeOf('cross'),
  nodeOf('and'),
  nodeOf('or'),
  nodeOf('not'),
  nodeOf('trend'),
  nodeOf('buy_action'),
  nodeOf('sell_action'),
  nodeOf('close_action'),
]);
export type StrategyNode = z.infer<typeof strategyNodeSchema>;
export type StrategyNodeOf<T extends StrategyNodeType> = Extract<StrategyNode, { type: T }>;

export const strategyEdgeSchema = z.object({
  id: z.string().min(1).max(64),
  source: z.string().min(1).max(64),
  sourceHandle: z.string().min(1).max(40),
  target: z.string().min(1).max(64),
  targetHandle: z.string().min(1).max(40),
});
export type StrategyEdge = z.infer<typeof strategyEdgeSchema>;

export const strategyGraphSchema = z.object({
  version: z.literal(STRATEGY_GRAPH_VERSION, {
    error: `version must be ${STRATEGY_GRAPH_VERSION}: this server reads strategy graphs of version ${STRATEGY_GRAPH_VERSION}.`,
  }),
  nodes: z.array(strategyNodeSchema).max(MAX_GRAPH_NODES, `A graph has at most ${MAX_GRAPH_NODES} nodes.`),
  edges: z.array(strategyEdgeSchema).max(MAX_GRAPH_EDGES, `A graph has at most ${MAX_GRAPH_EDGES} edges.`),
  /** Where the editor was looking when the graph was saved; zoom defaults to 0.95. */
  viewport: z.object({ x: z.number().finite(), y: z.number().finite(), zoom: z.number().min(0.05).max(4) }).optional(),
});
export type StrategyGraph = z.infer<typeof strategyGraphSchema>;

/**
 * A problem the validator found, tied to a node (and port) when it has one, so the editor can mark the node and
 * say why. A graph with any problem cannot be backtested or run.
 */
export const graphProblemSchema = z.object({
  code: z.enum([
    'UNKNOWN_NODE',
    'DUPLICATE_ID',
    'UNKNOWN_PORT',
    'PORT_KIND',
    'INPUT_TAKEN',
    'MISSING_INPUT',
    'CYCLE',
    'NO_ACTION',
    'BAD_SETTING',
  ]),
  nodeId: z.string().nullable(),
  edgeId: z.string().nullable(),
  port: z.string().nullable(),
  message: z.string(),
});
export type GraphProblem = z.infer<typeof graphProblemSchema>;

/** An empty graph of the current version, as a new strategy starts. */
export function emptyStrategyGraph(): StrategyGraph {
  return { version: STRATEGY_GRAPH_VERSION, nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 0.95 } };
}
