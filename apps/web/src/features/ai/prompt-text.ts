import type { AiMention } from '@tradedesk/contracts';
import type { AiPrompt } from './ai-wire';

const VARIABLE = /\{\{\s*([a-zA-Z][\w ]{0,40}?)\s*\}\}/g;

/** The distinct `{{variables}}` of a prompt, in order of first appearance. */
export function promptVariables(prompt: string): string[] {
  const names: string[] = [];
  for (const match of prompt.matchAll(VARIABLE)) {
    const name = match[1] ?? '';
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The prompt with each `{{variable}}` replaced by its value (an unfilled one stays as written). */
export function fillPrompt(prompt: string, values: Record<string, string>): string {
  return prompt.replace(VARIABLE, (whole, name: string) => {
    const value = values[name]?.trim();
    return value ? value : whole;
  });
}

/**
 * The slash command being typed at the start of the composer ("/ri" -> "ri"), or null when the text is not one.
 * A command is the first word only: once a space follows, it is text.
 */
export function slashQuery(text: string): string | null {
  const match = /^\/([\w-]*)$/.exec(text);
  return match ? (match[1] ?? '').toLowerCase() : null;
}

/** Prompts whose command (or name) starts with the typed query, commands first. */
export function matchingCommands(prompts: readonly AiPrompt[], query: string): AiPrompt[] {
  const q = query.toLowerCase();
  return prompts
    .filter((p) => p.command?.toLowerCase().startsWith(q) || (!p.command && p.name.toLowerCase().startsWith(q)))
    .sort((a, b) => Number(Boolean(b.command)) - Number(Boolean(a.command)) || a.name.localeCompare(b.name));
}

/** A mention's chip text: "EURUSD", "Account: Prop 100k", "2026-03-01 to 2026-03-07". */
export function mentionLabel(m: AiMention, names: Record<string, string> = {}): string {
  const name = names[m.option] ?? m.option;
  switch (m.category) {
    case 'symbol':
      return m.subOption ? `${name} ${m.subOption}` : name;
    case 'account':
      return `Account: ${name}`;
    case 'strategy':
      return `Strategy: ${name}`;
    case 'date_range':
      return m.subOption ? `${m.option} to ${m.subOption}` : `From ${m.option}`;
  }
}

/** Splits answer text at its [n] citations: text parts and citation numbers, in order. */
export function citationParts(text: string): Array<string | number> {
  const parts: Array<string | number> = [];
  let last = 0;
  for (const match of text.matchAll(/\[(\d{1,3})\]/g)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(Number(match[1]));
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
