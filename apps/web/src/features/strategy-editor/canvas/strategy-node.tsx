import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { StrategyNode as GraphNode, GraphPortKind, GraphProblem } from '@tradedesk/contracts';
import { STRATEGY_NODE_PORTS } from '@tradedesk/contracts';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { groupOf, nodeTypeLabels } from '../model/graph-model';

export type StrategyFlowNode = Node<
  { node: GraphNode; summary: string; problems: readonly GraphProblem[] },
  'strategy'
>;

/** Series ports are round and blue, signal ports square and amber: a wire joins two ports that look alike. */
export const portColors: Record<GraphPortKind, string> = { series: '#42A5F5', signal: '#FFB300' };
const groupColors = { data: '#26A69A', logic: '#7E57C2', action: '#EF6C00' } as const;
const PORT_ROW = 22;
const HEADER = 46;

function handleStyle(kind: GraphPortKind, index: number) {
  return {
    top: HEADER + index * PORT_ROW + PORT_ROW / 2,
    width: 12,
    height: 12,
    background: portColors[kind],
    border: '2px solid #101418',
    borderRadius: kind === 'series' ? '50%' : 2,
  };
}

/** A node on the canvas: its type, a summary of its settings, its ports, and a red outline with why when invalid. */
export const StrategyNodeView = memo(function StrategyNodeView(props: NodeProps<StrategyFlowNode>) {
  const { node, summary, problems } = props.data;
  const ports = STRATEGY_NODE_PORTS[node.type];
  const inputs = Object.entries(ports.inputs);
  const outputs = Object.entries(ports.outputs);
  const rows = Math.max(inputs.length, outputs.length);
  const invalid = problems.length > 0;
  const color = groupColors[groupOf(node.type)];
  const body = (
    <Box
      data-testid={`node-${node.id}`}
      data-invalid={invalid || undefined}
      sx={{
        minWidth: 170,
        bgcolor: 'background.paper',
        borderRadius: 1,
        border: 2,
        borderColor: invalid ? 'error.main' : props.selected ? 'primary.main' : 'divider',
        boxShadow: invalid ? (t) => `0 0 0 2px ${t.palette.error.main}55` : 1,
        fontSize: 12,
      }}
    >
      <Box sx={{ px: 1, py: 0.5, borderTopLeftRadius: 4, borderTopRightRadius: 4, borderTop: `4px solid ${color}` }}>
        <Typography variant="caption" sx={{ fontWeight: 600, display: 'block', lineHeight: 1.3 }}>
          {node.label || nodeTypeLabels[node.type]}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          noWrap
          title={summary}
          sx={{ display: 'block', maxWidth: 200 }}
        >
          {summary}
        </Typography>
      </Box>
      <Box sx={{ height: rows * PORT_ROW + 4, position: 'relative' }}>
        {inputs.map(([port], i) => (
          <Typography
            key={`in-${port}`}
            variant="caption"
            sx={{ position: 'absolute', left: 10, top: i * PORT_ROW + 2, color: 'text.secondary' }}
          >
            {port}
          </Typography>
        ))}
        {outputs.map(([port], i) => (
          <Typography
            key={`out-${port}`}
            variant="caption"
            sx={{ position: 'absolute', right: 10, top: i * PORT_ROW + 2, color: 'text.secondary' }}
          >
            {port}
          </Typography>
        ))}
      </Box>
      {inputs.map(([port, kind], i) => (
        <Handle
          key={`h-in-${port}`}
          id={port}
          type="target"
          position={Position.Left}
          style={handleStyle(kind, i)}
          title={`${port} input (${kind})`}
          data-kind={kind}
        />
      ))}
      {outputs.map(([port, kind], i) => (
        <Handle
          key={`h-out-${port}`}
          id={port}
          type="source"
          position={Position.Right}
          style={handleStyle(kind, i)}
          title={`${port} output (${kind})`}
          data-kind={kind}
        />
      ))}
    </Box>
  );
  if (!invalid) return body;
  return (
    <Tooltip
      title={
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {problems.map((p) => (
            <li key={`${p.code}-${p.port ?? ''}-${p.edgeId ?? ''}-${p.message}`}>{p.message}</li>
          ))}
        </Box>
      }
      placement="top"
      describeChild
    >
      {body}
    </Tooltip>
  );
});
