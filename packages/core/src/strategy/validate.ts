import { validateDefinitionSettings } from '../indicators/settings.js';
import type { IndicatorDefinition } from '../indicators/types.js';
import { isValidTimeZone } from '../market/time-zones.js';
import {
  GRAPH_NODE_NAMES,
  GRAPH_NODE_PORTS,
  type Graph,
  type GraphExit,
  type GraphNode,
  type GraphProblem,
  type GraphProblemCode,
  isGraphNodeType,
} from './graph.js';

/** The graph format version this core reads. */
export const GRAPH_FORMAT_VERSION = 1;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const KIND_WORDS = { series: 'a series (a price, an indicator or a constant)', signal: 'a true/false signal' } as const;

/**
 * How a sentence names a node, as a person sees it on the canvas: its label, or its type's name (an indicator
 * node by its indicator's short name, "RSI indicator"), followed by "node". Pass the whole graph's `names` (see
 * {@link graphNodeNames}) so two nodes of one name are told apart ("Buy (2) node"); never the internal id.
 */
export function graphNodeName(
  node: Pick<GraphNode, 'type' | 'label' | 'id'>,
  names?: ReadonlyMap<string, string>,
): string {
  return `${names?.get(node.id) ?? baseName(node)} node`;
}

function baseName(
  node: Pick<GraphNode, 'type' | 'label'> & { data?: unknown },
  catalogue?: readonly IndicatorDefinition[],
) {
  const label = node.label?.trim();
  if (label) return `"${label}"`;
  if (!isGraphNodeType(node.type)) return `"${node.type}"`;
  if (node.type === 'indicator' && catalogue) {
    const id = (node.data as { indicatorId?: unknown } | undefined)?.indicatorId;
    const def = typeof id === 'string' && id ? findGraphIndicator(catalogue, id) : undefined;
    if (def) return `${def.shortName} indicator`;
  }
  return GRAPH_NODE_NAMES[node.type];
}

/**
 * Each node's name as a person sees it (its label, or its type's name, an indicator by its short name), with a
 * short ordinal in the graph's order where two or more nodes share a name: "Buy (1)", "Buy (2)".
 */
export function graphNodeNames(
  nodes: readonly Pick<GraphNode, 'id' | 'type' | 'label' | 'data'>[],
  catalogue: readonly IndicatorDefinition[] = [],
): Map<string, string> {
  const bases = nodes.map((n) => [n.id, baseName(n, catalogue)] as const);
  const counts = new Map<string, number>();
  for (const [, base] of bases) counts.set(base, (counts.get(base) ?? 0) + 1);
  const seen = new Map<string, number>();
  const out = new Map<string, string>();
  for (const [id, base] of bases) {
    if (out.has(id)) continue;
    if ((counts.get(base) ?? 0) < 2) out.set(id, base);
    else {
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      out.set(id, `${base} (${n})`);
    }
  }
  return out;
}

/** The catalogue entry for an indicator node's `indicatorId`: the id, or case-insensitively the id or short name. */
export function findGraphIndicator(
  catalogue: readonly IndicatorDefinition[],
  id: string,
): IndicatorDefinition | undefined {
  const lower = id.toLowerCase();
  return (
    catalogue.find((d) => d.id === id) ??
    catalogue.find((d) => d.id.toLowerCase() === lower || d.shortName.toLowerCase() === lower)
  );
}

/**
 * The problems of a strategy graph, each a sentence a trader understands, tied to the node (and port or edge)
 * it is about; an empty list means the graph can be backtested. Checks: the version; node ids unique and types
 * known; every edge between existing nodes, from an output port to an input port of the same kind, one edge per
 * input; every input of every node connected; no cycle (every node on one is reported); at least one buy or sell
 * action; the settings the wire schema cannot check alone (the indicator, its inputs and output against the
 * `catalogue`, the time zone, a time window that is not empty, risk sizing with a stop loss).
 */
export function validateGraph(graph: Graph, catalogue: readonly IndicatorDefinition[]): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const add = (code: GraphProblemCode, message: string, at: { nodeId?: string; edgeId?: string; port?: string } = {}) =>
    problems.push({ code, nodeId: at.nodeId ?? null, edgeId: at.edgeId ?? null, port: at.port ?? null, message });

  if (graph.version !== GRAPH_FORMAT_VERSION) {
    add(
      'BAD_SETTING',
      `This graph is format version ${graph.version}; this version of TradeDesk reads version ${GRAPH_FORMAT_VERSION}.`,
    );
    return problems;
  }

  const names = graphNodeNames(graph.nodes, catalogue);
  const nameOf = (node: Pick<GraphNode, 'type' | 'label' | 'id'>) => graphNodeName(node, names);
  const nodes = new Map<string, GraphNode>();
  for (const node of graph.nodes) {
    if (!isGraphNodeType(node.type)) {
      add('UNKNOWN_NODE', `A node is of an unknown type "${node.type}"; remove it.`, { nodeId: node.id });
      continue;
    }
    if (nodes.has(node.id)) {
      add('DUPLICATE_ID', `Two nodes have the id ${node.id}; every node needs an id of its own.`, { nodeId: node.id });
      continue;
    }
    nodes.set(node.id, node);
  }

  // edges: ends, ports, kinds, one edge per input
  const taken = new Map<string, string>();
  const seenEdges = new Set<string>();
  const next = new Map<string, string[]>();
  for (const edge of graph.edges) {
    if (seenEdges.has(edge.id)) {
      add('DUPLICATE_ID', `Two connections have the id ${edge.id}; every connection needs an id of its own.`, {
        edgeId: edge.id,
      });
      continue;
    }
    seenEdges.add(edge.id);
    const source = nodes.get(edge.source);
    const target = nodes.get(edge.target);
    if (!source || !target) {
      const missing = !source ? edge.source : edge.target;
      const known = source ?? target;
      add(
        'UNKNOWN_NODE',
        `A connection leads ${!source ? 'from' : 'to'} node ${missing}, which is not in the graph; remove the connection.`,
        known ? { edgeId: edge.id, nodeId: known.id } : { edgeId: edge.id },
      );
      continue;
    }
    const outKind = GRAPH_NODE_PORTS[source.type].outputs[edge.sourceHandle];
    const inKind = GRAPH_NODE_PORTS[target.type].inputs[edge.targetHandle];
    if (outKind === undefined) {
      const outs = Object.keys(GRAPH_NODE_PORTS[source.type].outputs);
      add(
        'UNKNOWN_PORT',
        outs.length === 0
          ? `The ${nameOf(source)} has no outputs: an action ends a chain, nothing can be connected from it.`
          : `The ${nameOf(source)} has no output "${edge.sourceHandle}"; its output is ${outs.join(', ')}.`,
        { nodeId: source.id, edgeId: edge.id, port: edge.sourceHandle },
      );
      continue;
    }
    if (inKind === undefined) {
      const ins = Object.keys(GRAPH_NODE_PORTS[target.type].inputs);
      add(
        'UNKNOWN_PORT',
        ins.length === 0
          ? `The ${nameOf(target)} has no inputs: it produces values, nothing can be connected into it.`
          : `The ${nameOf(target)} has no input "${edge.targetHandle}"; its inputs are ${ins.join(', ')}.`,
        { nodeId: target.id, edgeId: edge.id, port: edge.targetHandle },
      );
      continue;
    }
    if (outKind !== inKind) {
      add(
        'PORT_KIND',
        `Input ${edge.targetHandle} of the ${nameOf(target)} takes ${KIND_WORDS[inKind]}, but the ${nameOf(source)} gives ${KIND_WORDS[outKind]}.` +
          (inKind === 'signal' ? ' Put a Compare or Cross node in between.' : ' A signal cannot be used as a number.'),
        { nodeId: target.id, edgeId: edge.id, port: edge.targetHandle },
      );
      continue;
    }
    const key = `${target.id}\u0000${edge.targetHandle}`;
    if (taken.has(key)) {
      add(
        'INPUT_TAKEN',
        `Input ${edge.targetHandle} of the ${nameOf(target)} is already connected; an input takes one connection (use an And or Or node to combine signals).`,
        { nodeId: target.id, edgeId: edge.id, port: edge.targetHandle },
      );
      continue;
    }
    taken.set(key, edge.id);
    const list = next.get(source.id);
    if (list) list.push(target.id);
    else next.set(source.id, [target.id]);
  }

  for (const node of nodes.values()) {
    for (const [port, kind] of Object.entries(GRAPH_NODE_PORTS[node.type].inputs)) {
      if (!taken.has(`${node.id}\u0000${port}`)) {
        add(
          'MISSING_INPUT',
          `Input ${port} of the ${nameOf(node)} is not connected; connect ${KIND_WORDS[kind]} to it.`,
          {
            nodeId: node.id,
            port,
          },
        );
      }
    }
  }

  for (const cycle of cycles(nodes, next)) {
    const loop = cycle.map((id) => nameOf(nodes.get(id)!));
    for (const id of cycle) {
      add(
        'CYCLE',
        cycle.length === 1
          ? `The ${loop[0]} is connected to itself; a value cannot depend on itself.`
          : `The ${nameOf(nodes.get(id)!)} is on a loop (${loop.join(' → ')}); a value cannot depend on itself, remove one connection of the loop.`,
        { nodeId: id },
      );
    }
  }

  if (![...nodes.values()].some((n) => n.type === 'buy_action' || n.type === 'sell_action')) {
    add('NO_ACTION', 'The strategy has no Buy or Sell action, so it would never open a trade; add one.');
  }

  for (const node of nodes.values())
    settingProblems(node, nameOf(node), catalogue, (message, port) =>
      add('BAD_SETTING', message, port ? { nodeId: node.id, port } : { nodeId: node.id }),
    );
  return problems;
}

/** Strongly connected components with a loop (Tarjan), each in the order the edges run. */
function cycles(nodes: Map<string, GraphNode>, next: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) out.push(component.reverse());
    }
  };
  for (const id of nodes.keys()) if (!idx.has(id)) visit(id);
  return out;
}

function exitProblem(label: string, exit: GraphExit | undefined): string | null {
  if (!exit || typeof exit !== 'object') return `${label} is missing.`;
  switch (exit.mode) {
    case 'none':
      return null;
    case 'pips':
      return exit.pips > 0 && Number.isFinite(exit.pips) ? null : `${label} in pips must be greater than 0.`;
    case 'atr':
      if (!(Number.isInteger(exit.period) && exit.period >= 1 && exit.period <= 500))
        return `${label} ATR period must be a whole number from 1 to 500.`;
      return exit.multiplier > 0 && Number.isFinite(exit.multiplier)
        ? null
        : `${label} ATR multiplier must be greater than 0.`;
    case 'price':
      return exit.price > 0 && Number.isFinite(exit.price) ? null : `${label} price must be greater than 0.`;
    default:
      return `${label} must be none, a distance in pips, a multiple of the ATR, or a price.`;
  }
}

function settingProblems(
  node: GraphNode,
  name: string,
  catalogue: readonly IndicatorDefinition[],
  report: (message: string, port?: string) => void,
): void {
  switch (node.type) {
    case 'indicator': {
      const def = findGraphIndicator(catalogue, node.data.indicatorId);
      if (!def) {
        report(
          `The ${name} uses "${node.data.indicatorId}", which is not an indicator of the catalogue; pick one from the list.`,
        );
        return;
      }
      if (def.kind !== 'series') {
        report(
          `The ${name} uses ${def.name}, which draws a profile over a range rather than a value per bar; pick another indicator.`,
        );
        return;
      }
      const checked = validateDefinitionSettings(def, node.data.inputs);
      if (!checked.ok) for (const e of checked.errors) report(`The ${name} (${def.name}): ${e.message}`);
      if (!def.outputs.some((o) => o.id === node.data.output)) {
        report(
          `The ${name} reads output "${node.data.output}", which ${def.name} does not have; its outputs are ${def.outputs.map((o) => o.id).join(', ')}.`,
        );
      }
      return;
    }
    case 'constant':
      if (!Number.isFinite(node.data.value)) report(`The ${name} must hold a finite number.`);
      return;
    case 'time': {
      const { from, to, timeZone, days } = node.data;
      if (!CLOCK.test(from)) report(`The ${name}: From must be a time of day as HH:MM (00:00 to 23:59).`);
      if (!CLOCK.test(to)) report(`The ${name}: To must be a time of day as HH:MM (00:00 to 23:59).`);
      if (from === to)
        report(`The ${name} starts and ends at ${from}, so it is never active; pick two different times.`);
      if (!isValidTimeZone(timeZone))
        report(`The ${name}: "${timeZone}" is not a time zone; use a name such as Europe/London, or UTC.`);
      if (!Array.isArray(days) || days.length === 0) report(`The ${name} has no weekday; pick at least one.`);
      else if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 7))
        report(`The ${name}: weekdays are numbered 1 (Monday) to 7 (Sunday).`);
      return;
    }
    case 'calendar_event':
      for (const c of node.data.currencies)
        if (!/^[A-Z]{3}$/.test(c)) report(`The ${name}: "${c}" is not a currency code such as USD.`);
      return;
    case 'trend':
      if (!(Number.isInteger(node.data.bars) && node.data.bars >= 1 && node.data.bars <= 500))
        report(`The ${name}: Bars must be a whole number from 1 to 500.`);
      return;
    case 'buy_action':
    case 'sell_action': {
      const { size, stopLoss, takeProfit } = node.data;
      if (size?.mode === 'lots') {
        if (!(size.lots > 0 && Number.isFinite(size.lots))) report(`The ${name}: Size (lots) must be greater than 0.`);
      } else if (size?.mode === 'risk') {
        if (!(size.percent > 0 && size.percent <= 100)) report(`The ${name}: Risk % must be above 0 and at most 100.`);
        if (stopLoss?.mode === 'none')
          report(
            `The ${name} sizes by risk %, which needs a stop loss to measure the risk; set a stop loss or size in lots.`,
          );
      } else report(`The ${name}: Size must be a number of lots or a risk %.`);
      const sl = exitProblem('Stop loss', stopLoss);
      if (sl) report(`The ${name}: ${sl}`);
      const tp = exitProblem('Take profit', takeProfit);
      if (tp) report(`The ${name}: ${tp}`);
      return;
    }
    default:
      return;
  }
}
