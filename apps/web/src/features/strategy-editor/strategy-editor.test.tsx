import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IndicatorDefinitionWire, Strategy, StrategyGraph } from '@tradedesk/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import { mockFetch } from '../../test/fetch-mock';
import { historyOf, historyReducer } from './model/graph-history';
import { connectionProblem, newNode, withEdge, withNodeData } from './model/graph-model';
import { graphProblems } from './model/graph-problems';
import { StrategyEditorScreen } from './strategy-editor-page';

// jsdom lays nothing out: the canvas needs a ResizeObserver, the transform matrix and element sizes.
class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}
class FakeDOMMatrixReadOnly {
  m22: number;
  constructor(transform?: string) {
    const scale = transform?.match(/scale\(([\d.]+)\)/)?.[1];
    this.m22 = scale !== undefined ? Number(scale) : 1;
  }
}

const ID = '20000000-0000-4000-8000-000000000001';
const rsi: IndicatorDefinitionWire = {
  id: 'rsi',
  name: 'Relative Strength Index',
  shortName: 'RSI',
  group: 'oscillators',
  description: 'RSI',
  overlay: false,
  kind: 'series',
  inputs: [
    { id: 'period', title: 'Length', type: 'int', default: 14, min: 2, max: 500, step: 1 },
    {
      id: 'source',
      title: 'Source',
      type: 'source',
      default: 'close',
      options: ['open', 'high', 'low', 'close', 'hl2', 'hlc3', 'ohlc4'],
    },
  ],
  constraints: [],
  outputs: [
    {
      id: 'rsi',
      title: 'RSI',
      style: { type: 'line', color: '#7E57C2', lineWidth: 2, lineStyle: 'solid', visible: true },
    },
  ],
  levels: [],
  fills: [],
};

/** RSI(14) crosses above 30 → buy, with the cross's b input left unconnected unless `complete`. */
function rsiGraph(complete: boolean): StrategyGraph {
  return {
    version: 1,
    nodes: [
      {
        id: 'rsi-1',
        type: 'indicator',
        position: { x: 0, y: 0 },
        data: { indicatorId: 'rsi', inputs: { period: 14, source: 'close' }, output: 'rsi' },
      },
      { id: 'constant-1', type: 'constant', position: { x: 0, y: 160 }, data: { value: 30 } },
      { id: 'cross-1', type: 'cross', position: { x: 260, y: 60 }, data: { direction: 'above' } },
      {
        id: 'buy-1',
        type: 'buy_action',
        position: { x: 520, y: 60 },
        data: { size: { mode: 'lots', lots: 1 }, stopLoss: { mode: 'none' }, takeProfit: { mode: 'none' } },
      },
    ],
    edges: [
      { id: 'e1', source: 'rsi-1', sourceHandle: 'value', target: 'cross-1', targetHandle: 'a' },
      ...(complete
        ? [{ id: 'e2', source: 'constant-1', sourceHandle: 'value', target: 'cross-1', targetHandle: 'b' }]
        : []),
      { id: 'e3', source: 'cross-1', sourceHandle: 'result', target: 'buy-1', targetHandle: 'signal' },
    ],
    viewport: { x: 10, y: 20, zoom: 0.95 },
  };
}

function strategy(graph: StrategyGraph | null): Strategy {
  return {
    id: ID,
    name: 'RSI dip',
    description: '',
    created: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    tags: [],
    symbols: [],
    timeframes: [],
    indicators: [],
    snapshots: [],
    folders: [],
    graph,
    approaches: 0,
  };
}

function setup(graph: StrategyGraph | null) {
  let saved: StrategyGraph | null = graph;
  const net = mockFetch({
    [`GET /strategies/${ID}`]: () => ({ body: strategy(saved) }),
    [`PUT /strategies/${ID}`]: (req) => {
      saved = (req.body as { graph: StrategyGraph }).graph;
      return { body: strategy(saved) };
    },
    'GET /indicators/list': { body: { indicators: [rsi], total: 1, page: 1, limit: 500, groups: [] } },
    [`GET /strategies/${ID}/backtests`]: { body: { backtests: [] } },
  });
  const router = createMemoryRouter(
    [
      { path: '/strategies/:id/editor', element: <StrategyEditorScreen /> },
      { path: '/strategies', element: <h1>Strategies list</h1> },
    ],
    {
      initialEntries: [`/strategies/${ID}/editor`],
    },
  );
  renderWithStore(<RouterProvider router={router} />);
  return net;
}

const node = (id: string) => screen.getByTestId(`node-${id}`);
const nodeCount = () => screen.queryAllByTestId(/^node-/).length;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.stubGlobal('DOMMatrixReadOnly', FakeDOMMatrixReadOnly);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the graph model', () => {
  it('refuses a connection of the wrong kind and allows one of the same kind', () => {
    const g = rsiGraph(false);
    // A series output (the constant) into the buy node's signal input.
    expect(
      connectionProblem(g, { source: 'constant-1', sourceHandle: 'value', target: 'buy-1', targetHandle: 'signal' }),
    ).toBe('A series output cannot feed a signal input.');
    // A signal output (the cross) into a series input of another cross.
    const more = { ...g, nodes: [...g.nodes, newNode(g, 'compare', { x: 0, y: 0 })] };
    expect(
      connectionProblem(more, { source: 'cross-1', sourceHandle: 'result', target: 'compare-5', targetHandle: 'a' }),
    ).toBe('A signal output cannot feed a series input.');
    expect(
      connectionProblem(g, { source: 'constant-1', sourceHandle: 'value', target: 'cross-1', targetHandle: 'b' }),
    ).toBeNull();
    expect(
      connectionProblem(g, { source: 'cross-1', sourceHandle: 'result', target: 'cross-1', targetHandle: 'a' }),
    ).toBe('A node cannot feed itself.');
  });

  it('replaces the edge already on an input: an input takes one', () => {
    const g = withEdge(rsiGraph(true), {
      source: 'rsi-1',
      sourceHandle: 'value',
      target: 'cross-1',
      targetHandle: 'b',
    });
    expect(g.edges.filter((e) => e.target === 'cross-1' && e.targetHandle === 'b').map((e) => e.source)).toEqual([
      'rsi-1',
    ]);
  });

  it('marks the node whose input is missing, and finds nothing wrong with the complete graph', () => {
    const problems = graphProblems(rsiGraph(false), [rsi]);
    expect(problems.map((p) => [p.code, p.nodeId, p.port])).toEqual([['MISSING_INPUT', 'cross-1', 'b']]);
    expect(graphProblems(rsiGraph(true), [rsi])).toEqual([]);
    // An indicator setting out of the catalogue's range is a problem of that node.
    const bad = rsiGraph(true);
    const indicator = bad.nodes[0] as Extract<StrategyGraph['nodes'][number], { type: 'indicator' }>;
    indicator.data.inputs.period = 1;
    expect(graphProblems(bad, [rsi]).map((p) => p.nodeId)).toEqual(['rsi-1']);
  });

  it('says each problem once, naming the node as a person sees it, never by id', () => {
    // Risk % = 0: the wire schema and core's validator both refuse it; one message.
    const risky = rsiGraph(true);
    risky.nodes[3] = {
      ...(risky.nodes[3] as Extract<StrategyGraph['nodes'][number], { type: 'buy_action' }>),
      data: { size: { mode: 'risk', percent: 0 }, stopLoss: { mode: 'pips', pips: 30 }, takeProfit: { mode: 'none' } },
    };
    expect(graphProblems(risky, [rsi]).map((p) => p.message)).toEqual([
      'The Buy node: Risk % must be above 0 and at most 100.',
    ]);
    // An indicator with nothing picked: one message (not the schema's two plus core's), and by its type's name.
    const empty = rsiGraph(true);
    empty.nodes[0] = {
      ...(empty.nodes[0] as Extract<StrategyGraph['nodes'][number], { type: 'indicator' }>),
      data: { indicatorId: '', inputs: {}, output: '' },
    };
    const emptyProblems = graphProblems(empty, [rsi]);
    expect(emptyProblems).toHaveLength(1);
    expect(emptyProblems[0]!.message).toMatch(/^The Indicator node uses ""/);
    // Two unconnected Buy nodes are told apart by an ordinal; an indicator is named by its short name.
    const twins = rsiGraph(false);
    twins.nodes.push({ ...(twins.nodes[3] as StrategyGraph['nodes'][number]), id: 'buy-2' });
    const messages = graphProblems(twins, [rsi]).map((p) => p.message);
    expect(messages).toEqual([
      expect.stringMatching(/^Input b of the Cross node is not connected/),
      expect.stringMatching(/^Input signal of the Buy \(2\) node is not connected/),
    ]);
    for (const m of messages) expect(m).not.toMatch(/buy-2|cross-1|rsi-1/);
    // A schema-only problem (a label too long) is named too.
    const long = rsiGraph(true);
    long.nodes[1] = { ...(long.nodes[1] as StrategyGraph['nodes'][number]), label: 'x'.repeat(81) };
    expect(graphProblems(long, [rsi]).map((p) => p.message)).toEqual([expect.stringMatching(/^The "x+" node: /)]);
  });

  it('undoes and redoes commits, merges keystrokes in one field, and keeps a drag as one step', () => {
    const a = rsiGraph(true);
    const b = { ...a, nodes: a.nodes.slice(1) };
    const c1 = withNodeData(b, 'constant-1', { value: 3 });
    const c2 = withNodeData(b, 'constant-1', { value: 30 });
    let h = historyOf(a);
    h = historyReducer(h, { type: 'commit', graph: b });
    h = historyReducer(h, { type: 'commit', graph: c1, key: 'constant-1.value' });
    h = historyReducer(h, { type: 'commit', graph: c2, key: 'constant-1.value' });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(b);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(a);
    h = historyReducer(h, { type: 'redo' });
    expect(h.present).toBe(b);
    const moved1 = { ...b };
    const moved2 = { ...b };
    h = historyReducer(h, { type: 'transient', graph: moved1, begin: true });
    h = historyReducer(h, { type: 'transient', graph: moved2, begin: false });
    expect(h.future).toEqual([]);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(b);
  });
});

describe('the strategy node editor', () => {
  it('adds nodes from the palette (the quick add defaults to buy_action) and undoes and redoes with the keys', async () => {
    const net = setup(null);
    const user = userEvent.setup();
    await screen.findByRole('navigation', { name: 'Node palette' });
    expect(screen.getByRole('combobox', { name: 'New node type' })).toHaveTextContent('Buy');
    await user.click(screen.getByRole('button', { name: 'Add node' }));
    await user.click(screen.getByRole('button', { name: 'Add Indicator node' }));
    await waitFor(() => expect(nodeCount()).toBe(2));
    expect(node('buy_action-1')).toHaveTextContent('Buy');
    expect(node('indicator-2')).toHaveTextContent('Pick an indicator');
    // The new node is selected: its settings show, and picking RSI fills in its inputs and output.
    await user.click(screen.getByRole('combobox', { name: 'Indicator' }));
    await user.click(await screen.findByRole('option', { name: /RSI/ }));
    expect(await screen.findByRole('textbox', { name: 'Length' })).toHaveValue('14');
    expect(node('indicator-2')).toHaveTextContent('RSI(14) · rsi');
    expect(screen.getByTestId('dirty-indicator')).toHaveTextContent('Unsaved changes');

    await user.click(document.body);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(node('indicator-2')).toHaveTextContent('Pick an indicator'));
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(nodeCount()).toBe(1));
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(nodeCount()).toBe(2));
    expect(net.callsTo('PUT', `/strategies/${ID}`)).toHaveLength(0);

    // Leaving with unsaved edits asks first; staying keeps them.
    await user.click(screen.getByRole('link', { name: 'Strategies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(nodeCount()).toBe(2);
    await user.click(screen.getByRole('link', { name: 'Strategies' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Strategies list' })).toBeInTheDocument();
  });

  it('marks a node with a missing input, says why, and selects it from the problems list', async () => {
    setup(rsiGraph(false));
    const user = userEvent.setup();
    await waitFor(() => expect(nodeCount()).toBe(4));
    await waitFor(() => expect(node('cross-1')).toHaveAttribute('data-invalid', 'true'));
    expect(node('buy-1')).not.toHaveAttribute('data-invalid');
    const problems = screen.getByRole('list', { name: 'Problems' });
    const item = within(problems).getByRole('button', { name: /input b/i });
    expect(await screen.findByRole('button', { name: /run backtest/i })).toBeDisabled();
    expect(screen.getByText(/The graph has 1 problem/)).toBeInTheDocument();
    await user.click(item);
    const settings = await screen.findByRole('region', { name: 'Node settings · Cross' });
    expect(within(settings).getByRole('list', { name: 'Problems of this node' })).toHaveTextContent(/b/);
  });

  it('saves the graph with Ctrl+S through PUT /strategies/{id}, graph keys as they are, with the viewport', async () => {
    const net = setup(rsiGraph(true));
    await waitFor(() => expect(nodeCount()).toBe(4));
    expect(screen.getByTestId('dirty-indicator')).toHaveTextContent('Saved');
    await waitFor(() => expect(node('cross-1')).not.toHaveAttribute('data-invalid'));
    // Delete a node with the Delete key: the node and its edges go.
    const crossNode = node('cross-1').closest('.react-flow__node') as HTMLElement;
    fireEvent.click(crossNode);
    await screen.findByRole('region', { name: 'Node settings · Cross' });
    await act(async () => {
      fireEvent.keyDown(crossNode, { key: 'Delete', code: 'Delete' });
    });
    await waitFor(() => expect(nodeCount()).toBe(3));
    expect(screen.getByTestId('dirty-indicator')).toHaveTextContent('Unsaved changes');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(net.callsTo('PUT', `/strategies/${ID}`)).toHaveLength(1));
    const body = net.callsTo('PUT', `/strategies/${ID}`)[0]?.body as { graph: StrategyGraph };
    expect(body.graph.nodes.map((n) => n.id)).toEqual(['rsi-1', 'constant-1', 'buy-1']);
    expect(body.graph.edges).toEqual([]);
    expect(body.graph.viewport).toEqual({ x: 10, y: 20, zoom: 0.95 });
    expect(body.graph.nodes[0]).toMatchObject({ data: { indicatorId: 'rsi', inputs: { period: 14 } } });
    await waitFor(() => expect(screen.getByTestId('dirty-indicator')).toHaveTextContent('Saved'));
  });
});
