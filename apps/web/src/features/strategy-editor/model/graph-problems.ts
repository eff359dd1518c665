import {
  type GraphProblem,
  type IndicatorDefinitionWire,
  type StrategyGraph,
  strategyNodeSchema,
} from '@tradedesk/contracts';
import { graphNodeName, graphNodeNames, type IndicatorDefinition, validateGraph } from '@tradedesk/core';

/**
 * Everything wrong with a graph, as the backtest would refuse it: core's validator (port kinds, cycles, missing
 * inputs, no action, each node's settings, the indicator and its inputs against the `catalogue` the server
 * lists), then what only the node's wire schema refuses (a label too long, a value outside a list). One problem
 * once: the schema and core check most settings alike, so a node's schema messages show only when core found
 * no setting problem on it. Every message names the node as a person sees it (label or type, "Buy (2)"), never
 * its id. Without the catalogue yet (still loading), indicator settings are not judged.
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
  // GET /indicators/list serialises core's definitions; its wire schema only types each input more loosely.
  const definitions = (catalogue ?? []) as unknown as readonly IndicatorDefinition[];
  const settingsJudged = new Set<string>();
  for (const p of validateGraph(graph, definitions)) {
    if (p.code === 'BAD_SETTING' && p.nodeId) {
      if (!catalogue && indicatorNodes.has(p.nodeId)) continue;
      settingsJudged.add(p.nodeId);
    }
    add(p);
  }
  const names = graphNodeNames(graph.nodes, definitions);
  for (const node of graph.nodes) {
    if (settingsJudged.has(node.id)) continue;
    // an indicator still waiting for the catalogue is not judged by its schema either (an empty pick is)
    const parsed = strategyNodeSchema.safeParse(node);
    if (parsed.success) continue;
    const name = graphNodeName(node, names);
    for (const issue of parsed.error.issues) {
      add({ code: 'BAD_SETTING', nodeId: node.id, edgeId: null, port: null, message: `The ${name}: ${issue.message}` });
    }
  }
  return problems;
}
