import { graphNodeNames, type IndicatorDefinition } from '@tradedesk/core';
import '@xyflow/react/dist/style.css';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type GraphProblem,
  type IndicatorDefinitionWire,
  STRATEGY_EDITOR_DEFAULT_ZOOM,
  STRATEGY_NODE_DEFAULT_TYPE,
  STRATEGY_NODE_TYPES,
  type StrategyGraph,
  type StrategyNodeType,
} from '@tradedesk/contracts';
import {
  Background,
  BackgroundVariant,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  MiniMap,
  type NodeChange,
  type OnDelete,
  ReactFlow,
  ReactFlowProvider,
  useNodesInitialized,
  useReactFlow,
  type Viewport,
} from '@xyflow/react';
import { type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  connectionProblem,
  newNode,
  nodeTypeLabels,
  paletteGroups,
  portKind,
  withEdge,
  withNodeData,
  withNodeType,
  without,
  withPositions,
} from '../model/graph-model';
import { nodeSummary } from '../model/node-summary';
import { NodeSettings } from './node-settings';
import { portColors, type StrategyFlowNode, StrategyNodeView } from './strategy-node';

export type GraphEditorProps = {
  graph: StrategyGraph;
  problems: readonly GraphProblem[];
  /** Saves an edit as an undo step; edits with the same `key` in a row make one step. */
  onCommit: (graph: StrategyGraph, key?: string) => void;
  /** A drag in progress: shown at once, one undo step from its start (`begin`) to its end. */
  onTransient: (graph: StrategyGraph, begin: boolean) => void;
  onViewport: (viewport: Viewport) => void;
  indicators: readonly IndicatorDefinitionWire[] | undefined;
  indicatorsFailed: boolean;
  /** Asks to select and show a node (a problem clicked); `seq` makes a repeated request count. */
  focus: { nodeId: string; seq: number } | null;
  /** A message about a refused connection, for the editor's status line. */
  onNotice?: (message: string) => void;
};

const nodeTypes = { strategy: StrategyNodeView };
const DRAG_TYPE = 'application/x-tradedesk-node';
const GRID: [number, number] = [16, 16];
const FIT = { maxZoom: STRATEGY_EDITOR_DEFAULT_ZOOM, padding: 0.15 };
/** The room a node takes when placed by a click (nodes are about 170 to 200 px wide). */
const CELL = { width: 240, height: 150 };

/** The palette: the node types grouped data, logic, action; click one to add it, or drag it onto the canvas. */
function Palette(props: { onAdd: (type: StrategyNodeType) => void }) {
  const [type, setType] = useState<StrategyNodeType>(STRATEGY_NODE_DEFAULT_TYPE as StrategyNodeType);
  const onDragStart = (event: DragEvent, t: StrategyNodeType) => {
    event.dataTransfer.setData(DRAG_TYPE, t);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <Box component="nav" aria-label="Node palette" sx={{ overflow: 'auto', borderRight: 1, borderColor: 'divider' }}>
      <Box sx={{ p: 1, display: 'grid', gap: 1 }}>
        <TextField
          select
          size="small"
          label="New node type"
          value={type}
          onChange={(e) => setType(e.target.value as StrategyNodeType)}
        >
          {STRATEGY_NODE_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {nodeTypeLabels[t]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" size="small" onClick={() => props.onAdd(type)}>
          Add node
        </Button>
      </Box>
      {paletteGroups.map((group) => (
        <List
          key={group.id}
          dense
          component="div"
          role="group"
          aria-label={`${group.label} nodes`}
          subheader={
            <ListSubheader component="div" sx={{ lineHeight: '32px' }}>
              {group.label}
            </ListSubheader>
          }
        >
          {group.types.map((t) => (
            <ListItemButton
              key={t}
              draggable
              onDragStart={(e) => onDragStart(e, t)}
              onClick={() => props.onAdd(t)}
              aria-label={`Add ${nodeTypeLabels[t]} node`}
              sx={{ py: 0.25 }}
            >
              <ListItemText primary={nodeTypeLabels[t]} />
            </ListItemButton>
          ))}
        </List>
      ))}
    </Box>
  );
}

function ProblemsList(props: { problems: readonly GraphProblem[]; onPick: (nodeId: string) => void }) {
  if (props.problems.length === 0) {
    return (
      <Typography variant="body2" color="success.main" sx={{ p: 1 }}>
        No problems: the graph can be backtested.
      </Typography>
    );
  }
  return (
    <List dense aria-label="Problems" sx={{ py: 0 }}>
      {props.problems.map((p, i) => (
        <ListItemButton
          // biome-ignore lint/suspicious/noArrayIndexKey: problems carry no id; their order is the validator's
          key={i}
          disabled={!p.nodeId}
          onClick={() => p.nodeId && props.onPick(p.nodeId)}
          sx={{ alignItems: 'flex-start', '&.Mui-disabled': { opacity: 1 } }}
        >
          <ListItemText
            primary={p.message}
            secondary={p.nodeId ? `Node ${p.nodeId}` : undefined}
            slotProps={{ primary: { color: 'error', variant: 'body2' } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}

function Editor(props: GraphEditorProps) {
  const { graph, problems, onCommit, onTransient, onNotice } = props;
  const theme = useTheme();
  const flow = useReactFlow();
  const wrapper = useRef<HTMLDivElement>(null);
  const [selectedNodes, setSelectedNodes] = useState<ReadonlySet<string>>(() => new Set());
  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(() => new Set());
  const [measured, setMeasured] = useState<ReadonlyMap<string, { width: number; height: number }>>(() => new Map());
  const dragging = useRef(false);
  const added = useRef(0);

  const indicatorNames = useMemo(
    () => new Map((props.indicators ?? []).map((d) => [d.id, d.shortName])),
    [props.indicators],
  );
  const problemsByNode = useMemo(() => {
    const map = new Map<string, GraphProblem[]>();
    for (const p of problems) {
      if (!p.nodeId) continue;
      map.set(p.nodeId, [...(map.get(p.nodeId) ?? []), p]);
    }
    return map;
  }, [problems]);
  const badEdges = useMemo(() => new Set(problems.map((p) => p.edgeId).filter(Boolean)), [problems]);

  const nodes = useMemo<StrategyFlowNode[]>(
    () =>
      graph.nodes.map((n) => {
        const size = measured.get(n.id);
        return {
          id: n.id,
          type: 'strategy',
          position: n.position,
          selected: selectedNodes.has(n.id),
          ariaLabel: `${n.label || nodeTypeLabels[n.type]} node ${n.id}${problemsByNode.has(n.id) ? ', has problems' : ''}`,
          data: { node: n, summary: nodeSummary(n, indicatorNames), problems: problemsByNode.get(n.id) ?? [] },
          ...(size ? { measured: size } : {}),
        };
      }),
    [graph.nodes, selectedNodes, problemsByNode, indicatorNames, measured],
  );
  const edges = useMemo<Edge[]>(
    () =>
      graph.edges.map((e) => {
        const source = graph.nodes.find((n) => n.id === e.source);
        const kind = source ? portKind(source.type, 'outputs', e.sourceHandle) : null;
        const color = badEdges.has(e.id) ? theme.palette.error.main : kind ? portColors[kind] : theme.palette.divider;
        return {
          id: e.id,
          source: e.source,
          sourceHandle: e.sourceHandle,
          target: e.target,
          targetHandle: e.targetHandle,
          selected: selectedEdges.has(e.id),
          ariaLabel: `Connection from ${e.source} ${e.sourceHandle} to ${e.target} ${e.targetHandle}`,
          style: {
            stroke: color,
            strokeWidth: selectedEdges.has(e.id) ? 3 : 2,
            ...(kind === 'signal' ? { strokeDasharray: '6 4' } : {}),
          },
        };
      }),
    [graph.edges, graph.nodes, selectedEdges, badEdges, theme],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<StrategyFlowNode>[]) => {
      const moved = new Map<string, { x: number; y: number }>();
      let dragEnded = false;
      let select: Set<string> | null = null;
      const sizes: Array<[string, { width: number; height: number }]> = [];
      for (const c of changes) {
        if (c.type === 'position') {
          if (c.position) moved.set(c.id, c.position);
          if (c.dragging === false) dragEnded = true;
        } else if (c.type === 'dimensions' && c.dimensions) {
          sizes.push([c.id, c.dimensions]);
        } else if (c.type === 'select') {
          select ??= new Set(selectedNodes);
          if (c.selected) select.add(c.id);
          else select.delete(c.id);
        }
      }
      if (moved.size > 0) {
        const begin = !dragging.current;
        dragging.current = true;
        onTransient(withPositions(graph, moved), begin);
      }
      if (dragEnded) dragging.current = false;
      if (sizes.length > 0) {
        setMeasured((m) => {
          const next = new Map(m);
          for (const [id, size] of sizes) next.set(id, size);
          return next;
        });
      }
      if (select) setSelectedNodes(select);
    },
    [graph, onTransient, selectedNodes],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      let select: Set<string> | null = null;
      for (const c of changes) {
        if (c.type !== 'select') continue;
        select ??= new Set(selectedEdges);
        if (c.selected) select.add(c.id);
        else select.delete(c.id);
      }
      if (select) setSelectedEdges(select);
    },
    [selectedEdges],
  );

  const onDelete = useCallback<OnDelete<StrategyFlowNode, Edge>>(
    ({ nodes: gone, edges: goneEdges }) => {
      if (gone.length === 0 && goneEdges.length === 0) return;
      onCommit(without(graph, new Set(gone.map((n) => n.id)), new Set(goneEdges.map((e) => e.id))));
      setSelectedNodes(new Set());
      setSelectedEdges(new Set());
    },
    [graph, onCommit],
  );

  const isValidConnection = useCallback((c: Edge | Connection) => connectionProblem(graph, c) === null, [graph]);
  const onConnect = useCallback(
    (c: Connection) => {
      const problem = connectionProblem(graph, c);
      if (problem) {
        onNotice?.(problem);
        return;
      }
      onCommit(withEdge(graph, c));
    },
    [graph, onCommit, onNotice],
  );

  /** Where a clicked node goes: the first free cell of a grid over the visible canvas, left to right, top down. */
  const freeSpot = useCallback(() => {
    const box = wrapper.current?.getBoundingClientRect();
    if (!box || box.width === 0) return { x: 40 + (added.current++ % 8) * 24, y: 40 };
    const topLeft = flow.screenToFlowPosition({ x: box.left, y: box.top });
    const bottomRight = flow.screenToFlowPosition({ x: box.right, y: box.bottom });
    const [w, h] = [CELL.width, CELL.height];
    const taken = (x: number, y: number) =>
      graph.nodes.some((n) => Math.abs(n.position.x - x) < w - 20 && Math.abs(n.position.y - y) < h - 10);
    for (let y = topLeft.y + 24; y + h <= bottomRight.y; y += h) {
      for (let x = topLeft.x + 24; x + w - 30 <= bottomRight.x; x += w) {
        if (!taken(x, y)) return { x, y };
      }
    }
    const step = (added.current++ % 8) * 24;
    return { x: (topLeft.x + bottomRight.x) / 2 - 85 + step, y: (topLeft.y + bottomRight.y) / 2 - 40 + step };
  }, [flow, graph.nodes]);

  const addAt = useCallback(
    (type: StrategyNodeType, position?: { x: number; y: number }) => {
      const at = position ?? freeSpot();
      const snapped = { x: Math.round(at.x / GRID[0]) * GRID[0], y: Math.round(at.y / GRID[1]) * GRID[1] };
      const node = newNode(graph, type, snapped);
      onCommit({ ...graph, nodes: [...graph.nodes, node] });
      setSelectedNodes(new Set([node.id]));
      setSelectedEdges(new Set());
    },
    [freeSpot, graph, onCommit],
  );

  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(DRAG_TYPE) as StrategyNodeType;
    if (!type || !(STRATEGY_NODE_TYPES as readonly string[]).includes(type)) return;
    event.preventDefault();
    addAt(type, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  const pick = useCallback(
    (nodeId: string) => {
      setSelectedNodes(new Set([nodeId]));
      setSelectedEdges(new Set());
      const node = graph.nodes.find((n) => n.id === nodeId);
      if (node) {
        const size = measured.get(nodeId) ?? { width: 170, height: 80 };
        flow.setCenter(node.position.x + size.width / 2, node.position.y + size.height / 2, {
          zoom: flow.getZoom(),
          duration: 200,
        });
      }
    },
    [flow, graph.nodes, measured],
  );
  const focusSeq = props.focus?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new request only
  useEffect(() => {
    if (props.focus) pick(props.focus.nodeId);
  }, [focusSeq]);

  // A node removed by undo is no longer selected.
  useEffect(() => {
    const ids = new Set(graph.nodes.map((n) => n.id));
    setSelectedNodes((s) => ([...s].every((id) => ids.has(id)) ? s : new Set([...s].filter((id) => ids.has(id)))));
  }, [graph.nodes]);

  // Opening: when the saved view (or none) leaves part of the graph outside the canvas, fit the graph in, at most at
  // the default zoom; a view that shows it all is kept.
  const initialized = useNodesInitialized();
  const fitted = useRef(false);
  useEffect(() => {
    if (!initialized || fitted.current) return;
    fitted.current = true;
    const box = wrapper.current?.getBoundingClientRect();
    if (!box || box.width === 0 || graph.nodes.length === 0) return;
    const topLeft = flow.screenToFlowPosition({ x: box.left, y: box.top });
    const bottomRight = flow.screenToFlowPosition({ x: box.right, y: box.bottom });
    const bounds = flow.getNodesBounds(graph.nodes.map((n) => n.id));
    const inside =
      bounds.x >= topLeft.x &&
      bounds.y >= topLeft.y &&
      bounds.x + bounds.width <= bottomRight.x &&
      bounds.y + bounds.height <= bottomRight.y;
    if (!inside) void flow.fitView(FIT);
  }, [initialized, flow, graph.nodes]);

  const selected = selectedNodes.size === 1 ? graph.nodes.find((n) => selectedNodes.has(n.id)) : undefined;
  // The viewport the editor opened with; later moves are the canvas's own.
  const [defaultViewport] = useState(() => props.graph.viewport ?? { x: 0, y: 0, zoom: STRATEGY_EDITOR_DEFAULT_ZOOM });

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '200px minmax(0, 1fr) 320px', height: '100%', minHeight: 0 }}>
      <Palette onAdd={(t) => addAt(t)} />
      <Box
        ref={wrapper}
        sx={{ position: 'relative', minHeight: 0 }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
        }}
        onDrop={onDrop}
        data-testid="strategy-canvas"
      >
        <ReactFlow<StrategyFlowNode, Edge>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onDelete={onDelete}
          isValidConnection={isValidConnection}
          deleteKeyCode={['Delete', 'Backspace']}
          defaultViewport={defaultViewport}
          onMoveEnd={(_e, viewport) => props.onViewport(viewport)}
          snapToGrid
          snapGrid={GRID}
          minZoom={0.2}
          maxZoom={2}
          colorMode={theme.palette.mode}
          proOptions={{ hideAttribution: true }}
          aria-label="Strategy graph"
        >
          <Background variant={BackgroundVariant.Dots} gap={GRID[0]} />
          <MiniMap pannable zoomable ariaLabel="Minimap of the strategy graph" />
          <Controls />
        </ReactFlow>
      </Box>
      <Box
        component="aside"
        aria-label="Node settings and problems"
        sx={{
          borderLeft: 1,
          borderColor: 'divider',
          overflow: 'auto',
          p: 1.5,
          display: 'grid',
          gap: 2,
          alignContent: 'start',
        }}
      >
        {selected ? (
          <NodeSettings
            key={selected.id}
            node={selected}
            name={graphNodeNames(graph.nodes, (props.indicators ?? []) as unknown as IndicatorDefinition[])
              .get(selected.id)
              ?.replace(/^"(.*)"$/, '$1')}
            problems={problemsByNode.get(selected.id) ?? []}
            indicators={props.indicators}
            indicatorsFailed={props.indicatorsFailed}
            onData={(data, key) => onCommit(withNodeData(graph, selected.id, data), key)}
            onType={(type) => onCommit(withNodeType(graph, selected.id, type))}
            onLabel={(label) =>
              onCommit(
                {
                  ...graph,
                  nodes: graph.nodes.map((n) =>
                    n.id === selected.id ? { ...n, ...(label ? { label } : { label: undefined }) } : n,
                  ),
                },
                `${selected.id}.label`,
              )
            }
            onDelete={() => onDelete({ nodes: nodes.filter((n) => n.id === selected.id), edges: [] })}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            Select a node to edit its settings. Add nodes from the palette, then drag from an output to an input of the
            same kind: round ports carry a series of numbers, square ports a true/false signal.
          </Typography>
        )}
        <Box component="section" aria-label="Problems">
          <Typography variant="subtitle2" component="h2">
            Problems ({problems.length})
          </Typography>
          <ProblemsList problems={problems} onPick={pick} />
        </Box>
      </Box>
    </Box>
  );
}

/** The node editor (its own lazy chunk with @xyflow/react): palette, canvas, settings of the selected node, problems. */
export default function GraphEditor(props: GraphEditorProps) {
  return (
    <ReactFlowProvider>
      <Editor {...props} />
    </ReactFlowProvider>
  );
}
