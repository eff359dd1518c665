// Test-only: small graphs and bar tables.
import type { CandleArrays } from '../indicators/types.js';
import type { Graph, GraphEdge, GraphNode } from './graph.js';

/** 2026-03-02 00:00 UTC, a Monday. */
export const MONDAY = Date.UTC(2026, 2, 2) / 1000;

/** Bars from [open, high, low, close] rows (or closes alone), one every `step` seconds from `start`. */
export function barsOf(
  rows: readonly (number | readonly [number, number, number, number])[],
  start = MONDAY,
  step = 3600,
): CandleArrays {
  const n = rows.length;
  const out = {
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n).fill(100),
  };
  rows.forEach((r, i) => {
    const [o, h, l, c] = typeof r === 'number' ? [r, r, r, r] : r;
    out.time[i] = start + i * step;
    out.open[i] = o;
    out.high[i] = h;
    out.low[i] = l;
    out.close[i] = c;
  });
  return out;
}

export function node(id: string, type: GraphNode['type'], data: object = {}, label?: string): GraphNode {
  return { id, type, data, position: { x: 0, y: 0 }, ...(label ? { label } : {}) } as GraphNode;
}

let edgeCount = 0;
export function edge(from: string, fromPort: string, to: string, toPort: string): GraphEdge {
  edgeCount++;
  return { id: `e${edgeCount}`, source: from, sourceHandle: fromPort, target: to, targetHandle: toPort };
}

export function graphOf(nodes: GraphNode[], edges: GraphEdge[]): Graph {
  return { version: 1, nodes, edges };
}

export const LOTS = (lots: number) => ({
  size: { mode: 'lots', lots },
  stopLoss: { mode: 'none' },
  takeProfit: { mode: 'none' },
});

/** A buy action fed by `signalNode`'s output port, on a graph with the given nodes and edges. */
export function withBuy(
  nodes: GraphNode[],
  edges: GraphEdge[],
  signalNode: string,
  port = 'result',
  data: object = LOTS(1),
): Graph {
  return graphOf([...nodes, node('buy', 'buy_action', data)], [...edges, edge(signalNode, port, 'buy', 'signal')]);
}
