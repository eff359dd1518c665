import type { AiAnswer, AiStreamEvent } from '@tradedesk/contracts';
import { z } from 'zod';
import { newId } from '../../../platform/ids.js';
import type { AiTool, ChatModel, KnowledgeSearch, ModelEvent, ToolContext, ToolRegistry } from '../ai.types.js';
import type { AgentAskInput, AgentConversation, AgentMedia, AgentModels } from './agents.types.js';

/**
 * Fakes of the other AI slices for the agents' tests (until the merge wires the real ones): a registry of read tools
 * that answer from a per-user data set (so a test sees whose data a tool read), one action tool, a media library, a
 * keyword knowledge search, a conversation that records what it was asked, and models.
 */

export type ToolCall = { tool: string; userId: string; args: unknown; ctx: ToolContext };

/** Per-user figures the fake read tools answer with. */
export type FakeData = Map<string, { netPl: number; currency: string }>;

export function fakeRegistry(data: FakeData, opts: { gate?: (tool: string, ctx: ToolContext) => Promise<void> } = {}) {
  const calls: ToolCall[] = [];
  const readTool = (name: string, describe: (userId: string, args: Record<string, unknown>) => string): AiTool => ({
    name,
    description: `Fake ${name}`,
    kind: 'read',
    parameters: z.record(z.string(), z.unknown()) as z.ZodType<unknown>,
    async run(ctx, args) {
      calls.push({ tool: name, userId: ctx.userId, args, ctx });
      await opts.gate?.(name, ctx);
      const summary = describe(ctx.userId, (args ?? {}) as Record<string, unknown>);
      return { summary, data: { userId: ctx.userId, args }, open: { path: `/${name}`, label: name } };
    },
  });
  const figures = (userId: string) => data.get(userId) ?? { netPl: 0, currency: 'USD' };
  const tools: AiTool[] = [
    readTool('get_accounts', (u) => `1 account in ${figures(u).currency}.`),
    readTool('get_performance', (u, a) => `Net P/L ${figures(u).netPl} ${figures(u).currency} (${a.period ?? 'all'}).`),
    readTool(
      'get_prop_status',
      (u) => `Room left today: ${Math.max(0, 5000 + figures(u).netPl)} ${figures(u).currency}.`,
    ),
    readTool('get_trades', () => '3 closed trades.'),
    readTool('get_news', (_u, a) => `2 news items on ${String(a.symbol)}.`),
    readTool('get_calendar', (_u, a) => `1 high-impact event ${a.symbol ? `for ${String(a.symbol)}` : ''}.`.trim()),
    readTool('get_indicator', (_u, a) => `RSI(14) on ${String(a.symbol)} 1h: 55.2.`),
    readTool('get_journal', () => '4 journal entries.'),
    readTool('get_playbook_compliance', () => 'Followed 80 % of the rules.'),
    readTool('get_strategies', () => '2 strategies.'),
    readTool('size_position', () => 'Volume 1.0 lot.'),
    readTool('search_knowledge', () => 'No passage.'),
    {
      name: 'create_alert',
      description: 'Fake create_alert',
      kind: 'action',
      parameters: z.record(z.string(), z.unknown()) as z.ZodType<unknown>,
      async run() {
        throw new Error('an action tool is never run by a turn');
      },
    },
  ];
  const registry: ToolRegistry = {
    list: () => tools,
    get: (name) => tools.find((t) => t.name === name),
    pick: (names) => (names === null ? tools : tools.filter((t) => names.includes(t.name))),
  };
  return { registry, calls };
}

/** A media library: files by id with their owner. */
export function fakeMedia() {
  const files = new Map<string, { owner: string; name: string; type: string; text: string }>();
  const media: AgentMedia & {
    add(owner: string, name: string, text: string, type?: string): string;
    addText(userId: string, f: { name: string; type: string; text: string }): Promise<{ id: string }>;
  } = {
    add(owner, name, text, type = 'text/markdown') {
      const id = newId();
      files.set(id, { owner, name, type, text });
      return id;
    },
    async addText(userId, f) {
      return { id: this.add(userId, f.name, f.text, f.type) };
    },
    async describe(userId, ids) {
      return ids.flatMap((id) => {
        const f = files.get(id);
        return f && f.owner === userId ? [{ id, name: f.name, type: f.type }] : [];
      });
    },
    async copy(fromUserId, mediaId, toUserId) {
      const f = files.get(mediaId);
      if (!f || f.owner !== fromUserId) throw new Error('not the owner’s file');
      const id = this.add(toUserId, f.name, f.text, f.type);
      return { id, name: f.name, type: f.type };
    },
  };
  const search: KnowledgeSearch & { calls: { userId: string; mediaIds: string[]; query: string }[] } = {
    calls: [],
    async search(userId, scope, query, limit) {
      this.calls.push({ userId, mediaIds: scope.mediaIds, query });
      const words = query.toLowerCase().match(/[a-z]{4,}/g) ?? [];
      const out = [];
      for (const [id, f] of files) {
        // the owner's files only, and only those in scope
        if (f.owner !== userId || !scope.mediaIds.includes(id)) continue;
        const paragraphs = f.text.split(/\n\n+/);
        for (const [chunk, text] of paragraphs.entries()) {
          const score = words.filter((w) => text.toLowerCase().includes(w)).length;
          if (score > 0) out.push({ mediaId: id, name: f.name, chunk, text, score, url: `/api/ai/media/${id}/file` });
        }
      }
      return out.sort((a, b) => b.score - a.score).slice(0, limit);
    },
  };
  return { media, search, files };
}

/** The conversation: records each ask and answers with a minimal answer (start, delta, answer). */
export function fakeConversation() {
  const asks: AgentAskInput[] = [];
  const conversation: AgentConversation = {
    async ask(input) {
      asks.push(input);
      const responseId = newId();
      const chatId = input.chatId ?? newId();
      const model = { id: 'built-in', label: 'Built-in analyst', builtIn: true };
      input.emit({ type: 'start', chat_id: chatId, response_id: responseId, model });
      input.emit({ type: 'delta', text: `Answer to: ${input.content}` });
      const answer = {
        text: `Answer to: ${input.content}`,
        isUser: false,
        chat_id: chatId,
        response_id: responseId,
        model,
        mentions: input.mentions,
      } as unknown as AiAnswer;
      input.emit({ type: 'answer', answer });
      return answer;
    },
  };
  return { conversation, asks };
}

/** A model that writes the given text in two deltas (a configured provider), or the built-in analyst's stand-in. */
export function scriptedModel(text: string, builtIn = false): ChatModel {
  return {
    id: builtIn ? 'built-in' : 'test-model',
    label: builtIn ? 'Built-in analyst' : 'Test model',
    builtIn,
    async *chat(): AsyncIterable<ModelEvent> {
      const half = Math.floor(text.length / 2);
      yield { type: 'text', delta: text.slice(0, half) };
      yield { type: 'text', delta: text.slice(half) };
      yield { type: 'done', usage: { promptTokens: 10, completionTokens: 5 } };
    },
  };
}

export function fakeModels(model: ChatModel = scriptedModel('', true)): AgentModels & { use(m: ChatModel): void } {
  let current = model;
  return {
    use(m) {
      current = m;
    },
    async forUser() {
      return current;
    },
  };
}

export function eventsOfType<T extends AiStreamEvent['type']>(events: AiStreamEvent[], type: T) {
  return events.filter((e): e is Extract<AiStreamEvent, { type: T }> => e.type === type);
}
