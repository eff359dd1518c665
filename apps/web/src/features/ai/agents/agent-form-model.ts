import type { AgentCommand, AiAgent } from './agents-types';

export const AGENT_LIMITS = {
  name: 100,
  description: 500,
  instructions: 8000,
  commands: 20,
  command: 32,
  prompt: 2000,
} as const;

/** What the editor holds; tools null means every tool of the registry. */
export type AgentFormValues = {
  name: string;
  description: string;
  instructions: string;
  commands: AgentCommand[];
  toolNames: string[] | null;
};

export type AgentFormErrors = Partial<Record<'name' | 'description' | 'instructions', string>> & {
  /** By row index: the command's or its prompt's problem. */
  commands?: Record<number, { command?: string; prompt?: string }>;
};

export function emptyAgentForm(): AgentFormValues {
  return { name: '', description: '', instructions: '', commands: [], toolNames: null };
}

export function agentFormOf(agent: AiAgent): AgentFormValues {
  return {
    name: agent.name,
    description: agent.description,
    instructions: agent.instructions ?? '',
    commands: agent.commands.map((c) => ({ command: c.command, prompt: c.prompt ?? '' })),
    toolNames: agent.tools ? [...agent.tools] : null,
  };
}

const COMMAND = /^[a-z0-9][a-z0-9_-]*$/;

/** A slash command as typed, without its slash and in lower case ("/Risk-check " -> "risk-check"). */
export function normaliseCommand(raw: string): string {
  return raw.trim().replace(/^\/+/, '').toLowerCase();
}

/** The editor's checks, with the sentences shown under each field; the server checks the same again. */
export function validateAgentForm(values: AgentFormValues): AgentFormErrors {
  const errors: AgentFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Name is required.';
  else if (name.length > AGENT_LIMITS.name) errors.name = `Name must be at most ${AGENT_LIMITS.name} characters.`;
  if (values.description.length > AGENT_LIMITS.description)
    errors.description = `Description must be at most ${AGENT_LIMITS.description} characters.`;
  if (values.instructions.length > AGENT_LIMITS.instructions)
    errors.instructions = `Instructions must be at most ${AGENT_LIMITS.instructions} characters.`;

  const seen = new Set<string>();
  const rows: NonNullable<AgentFormErrors['commands']> = {};
  values.commands.forEach((row, index) => {
    const command = normaliseCommand(row.command);
    const problem: { command?: string; prompt?: string } = {};
    if (!command) problem.command = 'Command is required.';
    else if (command.length > AGENT_LIMITS.command)
      problem.command = `Command must be at most ${AGENT_LIMITS.command} characters.`;
    else if (!COMMAND.test(command))
      problem.command = 'Command may hold only letters, digits, hyphens and underscores.';
    else if (seen.has(command)) problem.command = `Command /${command} is already in the list.`;
    seen.add(command);
    if (!row.prompt.trim()) problem.prompt = 'Prompt is required.';
    else if (row.prompt.length > AGENT_LIMITS.prompt)
      problem.prompt = `Prompt must be at most ${AGENT_LIMITS.prompt} characters.`;
    if (problem.command || problem.prompt) rows[index] = problem;
  });
  if (Object.keys(rows).length > 0) errors.commands = rows;
  return errors;
}

export function hasErrors(errors: AgentFormErrors): boolean {
  return Boolean(errors.name || errors.description || errors.instructions || errors.commands);
}

/** The commands as sent: normalised, trimmed. */
export function commandsToSend(values: AgentFormValues): AgentCommand[] {
  return values.commands.map((c) => ({ command: normaliseCommand(c.command), prompt: c.prompt.trim() }));
}

function sameList(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
}

/** Which of the agent's separate routes a save must call (tools and commands have their own). */
export function changedParts(before: AgentFormValues | null, after: AgentFormValues) {
  return {
    tools: before === null ? after.toolNames !== null : !sameList(before.toolNames, after.toolNames),
    commands:
      before === null
        ? after.commands.length > 0
        : JSON.stringify(commandsToSend(before)) !== JSON.stringify(commandsToSend(after)),
  };
}
