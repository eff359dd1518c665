import type { AiToolInfo } from '@tradedesk/contracts';
import { z } from 'zod';
import type { AiTool, ToolRegistry } from '../ai.types.js';

/** The tools by name; an agent's selection keeps the registry's order and ignores names it does not know. */
export function createToolRegistry(tools: readonly AiTool[]): ToolRegistry & { info(): AiToolInfo[] } {
  const byName = new Map(tools.map((t) => [t.name, t]));
  let info: AiToolInfo[] | undefined;
  if (byName.size !== tools.length) throw new Error('Two AI tools share a name.');
  return {
    list: () => [...tools],
    get: (name) => byName.get(name),
    pick(names) {
      if (names === null) return [...tools];
      const wanted = new Set(names);
      return tools.filter((t) => wanted.has(t.name));
    },
    info: () => {
      info ??= tools.map((t) => ({
        name: t.name,
        description: t.description,
        kind: t.kind,
        parameters: toolJsonSchema(t),
      }));
      return info;
    },
  };
}

/** The arguments' JSON schema as a model is given it (function calling). */
export function toolJsonSchema(tool: AiTool): Record<string, unknown> {
  const schema = z.toJSONSchema(tool.parameters, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}
