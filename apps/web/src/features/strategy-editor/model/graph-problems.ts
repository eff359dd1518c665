import {
  type GraphProblem,
  type IndicatorDefinitionWire,
  type StrategyGraph,
  strategyNodeSchema,
} from '@tradedesk/contracts';
import { type IndicatorDefinition, validateGraph } from '@tradedesk/core';

/**
 * Everything wrong with a graph, as the backtest would refuse it: the settings each node's schema refuses (a
 * number out of range), then core's validator (port kinds, cycles, missing inputs, no action, the indicator and
 * its inputs against the `catalogue` the server lists). Without the catalogue yet (still loading), indicator
 * settings are not judged. One message per node and text.
 */
export function graphProblems(
  graph: StrategyGraph,
  catalogue: readonly IndicatorDefinitionWire[] | undefined,
): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const seen = new Set<string>();
  const add = (p: GraphProblem) => {
    const key = `${p.nodeId ?? ''}|${p.edgeId ?? ''}|${p.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push(p);
  };
  const indicatorNodes = new Set(graph.nodes.filter((n) => n.type === 'indicator').map((n) => n.id));
  for (const node of graph.nodes) {
    const parsed = strategyNodeSchema.safeParse(node);
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) {
      add({ code: 'BAD_SETTING', nodeId: node.id, edgeId: null, port: null, message: issue.message });
    }
  }
  // GET /indicators/list serialises core's definitions; its wire schema only types each input more loosely.
  const definitions = (catalogue ?? []) as unknown as readonly IndicatorDefinition[];
  for (const p of validateGraph(graph, definitions)) {
    if (!catalogue && p.code === 'BAD_SETTING' && p.nodeId && indicatorNodes.has(p.nodeId)) continue;
    add(p);
  }
  return problems;
}
