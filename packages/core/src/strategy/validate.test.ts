import { describe, expect, it } from 'vitest';
import { GRAPH_CATALOGUE } from './evaluate.js';
import type { Graph } from './graph.js';
import { edge, graphOf, LOTS, node } from './testing.js';
import { graphNodeName, graphNodeNames, validateGraph } from './validate.js';

const check = (g: Graph) => validateGraph(g, GRAPH_CATALOGUE);
const codes = (g: Graph) => check(g).map((p) => `${p.code}:${p.nodeId ?? '-'}:${p.port ?? '-'}`);

/** price > constant -> buy: a valid graph. */
function valid(): Graph {
  return graphOf(
    [
      node('p', 'price', { field: 'close' }),
      node('k', 'constant', { value: 1 }),
      node('c', 'compare', { operator: '>' }, 'Above one'),
      node('buy', 'buy_action', LOTS(1)),
    ],
    [edge('p', 'value', 'c', 'a'), edge('k', 'value', 'c', 'b'), edge('c', 'result', 'buy', 'signal')],
  );
}

describe('validateGraph', () => {
  it('accepts a complete graph', () => {
    expect(check(valid())).toEqual([]);
  });

  it('an unknown port, on either end, names the ports there are', () => {
    const g = valid();
    const bad = { ...g, edges: [...g.edges.slice(0, 2), edge('c', 'out', 'buy', 'signal')] };
    const [p] = check(bad);
    expect(p).toMatchObject({ code: 'UNKNOWN_PORT', nodeId: 'c', port: 'out' });
    expect(p!.message).toBe('The "Above one" node has no output "out"; its output is result.');
    const bad2 = { ...g, edges: [...g.edges.slice(0, 2), edge('c', 'result', 'buy', 'go')] };
    expect(codes(bad2)).toEqual(['UNKNOWN_PORT:buy:go', 'MISSING_INPUT:buy:signal']);
  });

  it('a port kind mismatch: a series into a signal input', () => {
    const g = valid();
    const bad = { ...g, edges: [...g.edges.slice(0, 2), edge('p', 'value', 'buy', 'signal')] };
    const problems = check(bad);
    expect(problems[0]).toMatchObject({ code: 'PORT_KIND', nodeId: 'buy', port: 'signal' });
    expect(problems[0]!.message).toContain('takes a true/false signal');
    expect(problems[0]!.message).toContain('Put a Compare or Cross node in between.');
  });

  it('an input already taken, and a missing input', () => {
    const g = valid();
    const bad = { ...g, edges: [...g.edges, edge('k', 'value', 'c', 'a')] };
    expect(codes(bad)).toEqual(['INPUT_TAKEN:c:a']);
    const missing = { ...g, edges: g.edges.filter((e) => e.targetHandle !== 'b') };
    const problems = check(missing);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toBe(
      'Input b of the "Above one" node is not connected; connect a series (a price, an indicator or a constant) to it.',
    );
  });

  it('a cycle marks every node on it, and only those', () => {
    const g = graphOf(
      [
        node('a', 'and'),
        node('o', 'or'),
        node('n', 'not'),
        node('t', 'time', { from: '08:00', to: '12:00', timeZone: 'UTC', days: [1] }),
        node('buy', 'buy_action', LOTS(1)),
      ],
      [
        edge('t', 'active', 'a', 'a'),
        edge('n', 'result', 'a', 'b'),
        edge('a', 'result', 'o', 'a'),
        edge('t', 'active', 'o', 'b'),
        edge('o', 'result', 'n', 'in'),
        edge('a', 'result', 'buy', 'signal'),
      ],
    );
    const problems = check(g);
    expect(problems.map((p) => p.code)).toEqual(['CYCLE', 'CYCLE', 'CYCLE']);
    expect(problems.map((p) => p.nodeId).sort()).toEqual(['a', 'n', 'o']);
    expect(problems[0]!.message).toMatch(/is on a loop \(.+ → .+ → .+\)/);
  });

  it('a node connected to itself', () => {
    const g = graphOf(
      [node('n', 'not'), node('buy', 'buy_action', LOTS(1))],
      [edge('n', 'result', 'n', 'in'), edge('n', 'result', 'buy', 'signal')],
    );
    expect(codes(g)).toEqual(['CYCLE:n:-']);
  });

  it('no buy or sell action', () => {
    const g = graphOf(
      [
        node('t', 'time', { from: '08:00', to: '12:00', timeZone: 'UTC', days: [1] }),
        node('x', 'close_action', { side: 'all' }),
      ],
      [edge('t', 'active', 'x', 'signal')],
    );
    const problems = check(g);
    expect(problems).toEqual([
      {
        code: 'NO_ACTION',
        nodeId: null,
        edgeId: null,
        port: null,
        message: 'The strategy has no Buy or Sell action, so it would never open a trade; add one.',
      },
    ]);
  });

  it('edges to missing nodes, duplicate ids, unknown types', () => {
    const g = valid();
    const bad = {
      ...g,
      nodes: [...g.nodes, node('k', 'constant', { value: 2 }), node('z', 'zigzag' as never)],
      edges: [...g.edges, edge('ghost', 'value', 'c', 'a')],
    };
    expect(codes(bad)).toEqual(['DUPLICATE_ID:k:-', 'UNKNOWN_NODE:z:-', 'UNKNOWN_NODE:c:-']);
  });

  it('bad settings: indicator id, inputs, output; time zone; empty window; risk sizing without a stop', () => {
    const g = graphOf(
      [
        node('i1', 'indicator', { indicatorId: 'nope', inputs: {}, output: 'x' }),
        node('i2', 'indicator', { indicatorId: 'rsi', inputs: { period: 1, colour: 2 }, output: 'value' }),
        node('t', 'time', { from: '09:00', to: '09:00', timeZone: 'Mars/Olympus', days: [1] }),
        node('c', 'compare', { operator: '>' }),
        node('a', 'and'),
        node('buy', 'buy_action', {
          size: { mode: 'risk', percent: 1 },
          stopLoss: { mode: 'none' },
          takeProfit: { mode: 'pips', pips: 0 },
        }),
      ],
      [
        edge('i1', 'value', 'c', 'a'),
        edge('i2', 'value', 'c', 'b'),
        edge('c', 'result', 'a', 'a'),
        edge('t', 'active', 'a', 'b'),
        edge('a', 'result', 'buy', 'signal'),
      ],
    );
    const messages = check(g).map((p) => `${p.code} ${p.nodeId}: ${p.message}`);
    expect(messages).toEqual([
      'BAD_SETTING i1: The Indicator node uses "nope", which is not an indicator of the catalogue; pick one from the list.',
      'BAD_SETTING i2: The RSI indicator node (Relative Strength Index): colour is not an input of Relative Strength Index; its inputs are period, source.',
      'BAD_SETTING i2: The RSI indicator node (Relative Strength Index): period must be an integer from 2 to 500.',
      expect.stringMatching(
        /^BAD_SETTING i2: The RSI indicator node reads output "value", which Relative Strength Index does not have; its outputs are rsi/,
      ),
      'BAD_SETTING t: The Time window node starts and ends at 09:00, so it is never active; pick two different times.',
      'BAD_SETTING t: The Time window node: "Mars/Olympus" is not a time zone; use a name such as Europe/London, or UTC.',
      'BAD_SETTING buy: The Buy node sizes by risk %, which needs a stop loss to measure the risk; set a stop loss or size in lots.',
      'BAD_SETTING buy: The Buy node: Take profit in pips must be greater than 0.',
    ]);
  });

  it('refuses another format version', () => {
    expect(check({ ...valid(), version: 2 })[0]!.message).toBe(
      'This graph is format version 2; this version of TradeDesk reads version 1.',
    );
  });

  it('names nodes as a person sees them, never by id: label, type, indicator short name, ordinal for twins', () => {
    const g = valid();
    const buy = g.nodes.find((n) => n.type === 'buy_action')!;
    const twin = { ...buy, id: 'buy-twin', label: undefined };
    const names = graphNodeNames([{ ...buy, label: undefined }, twin, { ...buy, id: 'x', label: 'Entry' }], []);
    expect([...names.values()]).toEqual(['Buy (1)', 'Buy (2)', '"Entry"']);
    expect(graphNodeName(twin, names)).toBe('Buy (2) node');
    const problems = check({ ...g, nodes: [...g.nodes, twin] }).map((p) => p.message);
    expect(problems).toEqual([expect.stringMatching(/^Input signal of the Buy \(2\) node is not connected/)]);
    for (const m of problems) expect(m).not.toContain('buy-twin');
  });
});
