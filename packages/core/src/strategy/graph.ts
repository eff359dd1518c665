/**
 * The strategy node graph as the core reads it (format version 1, docs/strategy-graph.md). The wire schema with
 * its zod checks is `@tradedesk/contracts` strategy-graph.ts; these are the same shapes as plain types (the core
 * depends on no other package), and the server's tests check that the port table here equals the contract's.
 */

export type GraphPortKind = 'series' | 'signal';

export const GRAPH_ACTION_TYPES = ['buy_action', 'sell_action', 'close_action'] as const;
export type GraphActionType = (typeof GRAPH_ACTION_TYPES)[number];

export type GraphNodeType =
  | 'price'
  | 'indicator'
  | 'constant'
  | 'time'
  | 'calendar_event'
  | 'compare'
  | 'cross'
  | 'and'
  | 'or'
  | 'not'
  | 'trend'
  | GraphActionType;

/** Input and output ports of every node type with their kind (the contract's STRATEGY_NODE_PORTS). */
export const GRAPH_NODE_PORTS: Record<
  GraphNodeType,
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

/** What a trader calls each node type, in the validator's sentences. */
export const GRAPH_NODE_NAMES: Record<GraphNodeType, string> = {
  price: 'Price',
  indicator: 'Indicator',
  constant: 'Constant',
  time: 'Time window',
  calendar_event: 'Calendar event',
  compare: 'Compare',
  cross: 'Cross',
  and: 'And',
  or: 'Or',
  not: 'Not',
  trend: 'Trend',
  buy_action: 'Buy',
  sell_action: 'Sell',
  close_action: 'Close',
};

export type GraphPriceField = 'open' | 'high' | 'low' | 'close' | 'hl2' | 'hlc3' | 'ohlc4' | 'volume';
export type GraphSize = { mode: 'lots'; lots: number } | { mode: 'risk'; percent: number };
export type GraphExit =
  | { mode: 'none' }
  | { mode: 'pips'; pips: number }
  | { mode: 'atr'; period: number; multiplier: number }
  | { mode: 'price'; price: number };
export interface GraphEntryData {
  size: GraphSize;
  stopLoss: GraphExit;
  takeProfit: GraphExit;
}

interface NodeBase<T extends GraphNodeType, D> {
  id: string;
  type: T;
  position: { x: number; y: number };
  label?: string | undefined;
  data: D;
}

export type GraphNode =
  | NodeBase<'price', { field: GraphPriceField }>
  | NodeBase<'indicator', { indicatorId: string; inputs: Record<string, number | string | boolean>; output: string }>
  | NodeBase<'constant', { value: number }>
  | NodeBase<'time', { from: string; to: string; timeZone: string; days: number[] }>
  | NodeBase<
      'calendar_event',
      { impact: 'low' | 'medium' | 'high'; currencies: string[]; minutesBefore: number; minutesAfter: number }
    >
  | NodeBase<'compare', { operator: '>' | '>=' | '<' | '<=' | '==' }>
  | NodeBase<'cross', { direction: 'above' | 'below' }>
  | NodeBase<'and', Record<string, never>>
  | NodeBase<'or', Record<string, never>>
  | NodeBase<'not', Record<string, never>>
  | NodeBase<'trend', { direction: 'rising' | 'falling'; bars: number }>
  | NodeBase<'buy_action', GraphEntryData>
  | NodeBase<'sell_action', GraphEntryData>
  | NodeBase<'close_action', { side: 'all' | 'long' | 'short' }>;

export type GraphNodeOf<T extends GraphNodeType> = Extract<GraphNode, { type: T }>;

export interface GraphEdge {
  id: string;
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
}

export interface Graph {
  version: number;
  nodes: readonly GraphNode[];
  edges: readonly GraphEdge[];
}

export type GraphProblemCode =
  | 'UNKNOWN_NODE'
  | 'DUPLICATE_ID'
  | 'UNKNOWN_PORT'
  | 'PORT_KIND'
  | 'INPUT_TAKEN'
  | 'MISSING_INPUT'
  | 'CYCLE'
  | 'NO_ACTION'
  | 'BAD_SETTING';

export interface GraphProblem {
  code: GraphProblemCode;
  nodeId: string | null;
  edgeId: string | null;
  port: string | null;
  message: string;
}

export function isGraphNodeType(type: string): type is GraphNodeType {
  return Object.hasOwn(GRAPH_NODE_PORTS, type);
}
