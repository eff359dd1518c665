import type { AgentListArgs, AgentScope } from './agents-types';

export const AGENTS_PATH = '/ai/agents';
export const NEW_AGENT_ID = 'new';

export function agentPath(id: string): string {
  return `${AGENTS_PATH}/${encodeURIComponent(id)}`;
}

/** The AI screen with a chat bound to the agent (web-ai reads `agent`). */
export function agentChatPath(id: string): string {
  return `/ai?agent=${encodeURIComponent(id)}`;
}

/** The list's filters live in the address (scope=public, q, starred=1, pinned=1), so a reload keeps them. */
export function listArgsOf(params: URLSearchParams): AgentListArgs {
  const scope: AgentScope = params.get('scope') === 'public' ? 'public' : 'mine';
  const args: AgentListArgs = { scope };
  const search = params.get('q')?.trim();
  if (search) args.search = search.slice(0, 100);
  if (params.get('starred') === '1') args.starred = true;
  if (params.get('pinned') === '1') args.pinned = true;
  return args;
}

/** The address's filters after a change; defaults are left out. */
export function withListArgs(params: URLSearchParams, patch: Partial<AgentListArgs>): URLSearchParams {
  const next = { ...listArgsOf(params), ...patch };
  const out = new URLSearchParams();
  if (next.scope === 'public') out.set('scope', 'public');
  if (next.search) out.set('q', next.search);
  if (next.starred) out.set('starred', '1');
  if (next.pinned) out.set('pinned', '1');
  return out;
}
