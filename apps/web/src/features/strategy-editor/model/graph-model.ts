import {
  ACTION_NODE_TYPES,
  DATA_NODE_TYPES,
  type GraphPortKind,
  LOGIC_NODE_TYPES,
  STRATEGY_GRAPH_VERSION,
  STRATEGY_NODE_PORTS,
  type StrategyEdge,
  type StrategyGraph,
  type StrategyNode,
  type StrategyNodeType,
} from '@tradedesk/contracts';

/** The editor's names of the node types, as the palette and the nodes show them. */
export const nodeTypeLabels: Record<StrategyNodeType, string> = {
  price: 'Price',
  indicator: 'Indicator',
  constant: 'Constant',
  time: 'Time window',
  calendar_event: 'Calendar event window',
  compare: 'Compare',
  cross: 'Crosses',
  and: 'And',
  or: 'Or',
  not: 'Not',
  trend: 'Rising / falling',
  buy_action: 'Buy',
  sell_action: 'Sell',
  close_action: 'Close positions',
};

export const paletteGroups: Array<{
  id: 'data' | 'logic' | 'action';
  label: string;
  types: readonly StrategyNodeType[];
}> = [
  { id: 'data', label: 'Data', types: DATA_NODE_TYPES },
  { id: 'logic', label: 'Logic', types: LOGIC_NODE_TYPES },
  { id: 'action', label: 'Action', types: ACTION_NODE_TYPES },
];

export const groupOf = (type: StrategyNodeType): 'data' | 'logic' | 'action' =>
  (DATA_NODE_TYPES as readonly string[]).includes(type)
    ? 'data'
    : (LOGIC_NODE_TYPES as readonly string[]).includes(type)
      ? 'logic'
      : 'action';

/** The settings a node of `type` starts with (an indicator starts unpicked: the node says to pick one). */
export function defaultData(type: StrategyNodeType): StrategyNode['data'] {
  switch (type) {
    case 'price':
      return { field: 'close' };
    case 'indicator':
      return { indicatorId: '', inputs: {}, output: '' };
    case 'constant':
      return { value: 0 };
    case 'time':
      return { from: '08:00', to: '17:00', timeZone: 'Europe/London', days: [1, 2, 3, 4, 5] };
    case 'calendar_event':
      return { impact: 'high', currencies: [], minutesBefore: 30, minutesAfter: 30 };
    case 'compare':
      return { operator: '>' };
    case 'cross':
      return { direction: 'above' };
    case 'and':
    case 'or':
    case 'not':
      return {};
    case 'trend':
      return { direction: 'rising', bars: 3 };
    case 'buy_action':
    case 'sell_action':
      // Spec section 3: default order size 1.
      return { size: { mode: 'lots', lots: 1 }, stopLoss: { mode: 'none' }, takeProfit: { mode: 'none' } };
    case 'close_action':
      return { side: 'all' };
  }
}

/** A new node of `type` at `position`, with an id unique in `graph`. */
export function newNode(
  graph: StrategyGraph,
  type: StrategyNodeType,
  position: { x: number; y: number },
): StrategyNode {
  const taken = new Set(graph.nodes.map((n) => n.id));
  let i = graph.nodes.length + 1;
  while (taken.has(`${type}-${i}`)) i += 1;
  return { id: `${type}-${i}`, type, position, data: defaultData(type) } as StrategyNode;
}

/** The kind of a port, or null when the node type has no such port on that side. */
export function portKind(type: StrategyNodeType, side: 'inputs' | 'outputs', port: string | null | undefined) {
  if (!port) return null;
  return (STRATEGY_NODE_PORTS[type][side] as Record<string, GraphPortKind>)[port] ?? null;
}

export type Connection = {
  source: string | null;
  sourceHandle?: string | null;
  target: string | null;
  targetHandle?: string | null;
};

/**
 * Why a connection cannot be made, or null when it can: an output goes to an input of the same kind (series to
 * series, signal to signal), never from a node to itself.
 */
export function connectionProblem(graph: StrategyGraph, c: Connection): string | null {
  const source = graph.nodes.find((n) => n.id === c.source);
  const target = graph.nodes.find((n) => n.id === c.target);
  if (!source || !target) return 'Connect an output to an input of another node.';
  if (source.id === target.id) return 'A node cannot feed itself.';
  const from = portKind(source.type, 'outputs', c.sourceHandle);
  const to = portKind(target.type, 'inputs', c.targetHandle);
  if (!from || !to) return 'Connect an output to an input.';
  if (from !== to) return `A ${from} output cannot feed a ${to} input.`;
  return null;
}

/** The graph with the edge added; an input takes one edge, so an edge already on that input is replaced. */
export function withEdge(graph: StrategyGraph, c: Required<Connection>): StrategyGraph {
  const edge: StrategyEdge = {
    id: `e-${c.source}-${c.sourceHandle}-${c.target}-${c.targetHandle}`,
    source: c.source as string,
    sourceHandle: c.sourceHandle as string,
    target: c.target as string,
    targetHandle: c.targetHandle as string,
  };
  const edges = graph.edges.filter((e) => !(e.target === edge.target && e.targetHandle === edge.targetHandle));
  return { ...graph, edges: [...edges, edge] };
}

/** The graph without these nodes (and every edge touching them) and these edges. */
export function without(
  graph: StrategyGraph,
  nodeIds: ReadonlySet<string>,
  edgeIds: ReadonlySet<string>,
): StrategyGraph {
  return {
    ...graph,
    nodes: graph.nodes.filter((n) => !nodeIds.has(n.id)),
    edges: graph.edges.filter((e) => !edgeIds.has(e.id) && !nodeIds.has(e.source) && !nodeIds.has(e.target)),
  };
}

/**
 * The node changed to another type: settings of the new type's defaults (kept when the type is the same), and the
 * edges whose port the new type lacks, or of another kind, dropped.
 */
export function withNodeType(graph: StrategyGraph, id: string, type: StrategyNodeType): StrategyGraph {
  const node = graph.nodes.find((n) => n.id === id);
  if (!node || node.type === type) return graph;
  const changed = { ...node, type, data: defaultData(type) } as StrategyNode;
  const keeps = (e: StrategyEdge) =>
    (e.target !== id || portKind(type, 'inputs', e.targetHandle) === portKind(node.type, 'inputs', e.targetHandle)) &&
    (e.source !== id || portKind(type, 'outputs', e.sourceHandle) === portKind(node.type, 'outputs', e.sourceHandle));
  return {
    ...graph,
    nodes: graph.nodes.map((n) => (n.id === id ? changed : n)),
    edges: graph.edges.filter(keeps),
  };
}

export function withNodeData(graph: StrategyGraph, id: string, data: StrategyNode['data']): StrategyGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((n) => (n.id === id ? ({ ...n, data } as StrategyNode) : n)),
  };
}

export function withPositions(graph: StrategyGraph, positions: ReadonlyMap<string, { x: number; y: number }>) {
  return {
    ...graph,
    nodes: graph.nodes.map((n) => {
      const p = positions.get(n.id);
      return p ? { ...n, position: { x: p.x, y: p.y } } : n;
    }),
  };
}

/** The graph a strategy without one starts from. */
export function startingGraph(graph: StrategyGraph | null | undefined): StrategyGraph {
  return graph ?? { version: STRATEGY_GRAPH_VERSION, nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 0.95 } };
}

/** Nodes and edges as saved (no viewport): what "unsaved changes" compares. */
export const graphKey = (g: StrategyGraph) => JSON.stringify({ nodes: g.nodes, edges: g.edges });
