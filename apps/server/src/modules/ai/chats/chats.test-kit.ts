import type { AiAction, AiMediaFile, AiStreamEvent } from '@tradedesk/contracts';
import type { ChatModel, ToolRegistry, TurnInput, TurnOutput } from '../ai.types.js';

/**
 * Fakes of the other AI slices for the chats' tests: a runTurn that answers from what it was given (so a test
 * sees the history, system prompt and knowledge scope a turn got), a model, a tool registry and a media lookup.
 */
export function createChatsFakes() {
  const turns: TurnInput[] = [];
  const builtIn: ChatModel = {
    id: 'built-in-analyst',
    label: 'Built-in analyst',
    builtIn: true,
    async *chat() {
      yield { type: 'done', usage: { promptTokens: 0, completionTokens: 0 } };
    },
  };
  const tools: ToolRegistry = {
    list: () => [],
    get: () => undefined,
    pick: (names) =>
      (names ?? ['get_performance', 'draft_order']).map((name) => ({
        name,
        description: name,
        kind: 'read' as const,
        parameters: undefined as never,
        run: async () => ({ summary: '', data: null }),
      })),
  };
  const media = new Map<string, { userId: string; file: AiMediaFile }>();
  const proposals: { chatId: string; action: AiAction }[] = [];
  let usage = { promptTokens: 120, completionTokens: 30 };
  let seq = 0;

  async function runTurn(input: TurnInput): Promise<TurnOutput> {
    turns.push(input);
    const last = input.messages.at(-1)?.content ?? '';
    const question = last.split('\n\n')[0] ?? '';
    if (question.startsWith('fail after start')) {
      input.emit({ type: 'delta', text: 'Partly' });
      throw new Error('the model broke');
    }
    if (question.startsWith('wait for abort')) {
      await new Promise((_, reject) => {
        if (input.signal.aborted) reject(input.signal.reason);
        input.signal.addEventListener('abort', () => reject(input.signal.reason));
      });
    }
    input.emit({
      type: 'step',
      step: { id: 's1', kind: 'tool', title: 'Performance', tool: 'get_performance', status: 'done' },
    });
    const text = `Answer ${++seq} to: ${question}`;
    input.emit({ type: 'delta', text });
    const actions: AiAction[] = [];
    if (question.toLowerCase().startsWith('buy')) {
      const action: AiAction = {
        id: crypto.randomUUID(),
        kind: 'draft_order',
        status: 'proposed',
        summary: 'Draft a buy order: EURUSD 0.5 lots, stop 1.0800.',
        params: { symbol: 'EURUSD', volume: 0.5 },
        fromContent: false,
        result: null,
        redirectTo: '/chart?symbol=EURUSD&ticket=buy&volume=0.5',
        createdAt: new Date(0).toISOString(),
      };
      proposals.push({ chatId: input.chatId, action });
      input.emit({ type: 'action', action });
      actions.push(action);
    }
    return {
      text,
      sources: [{ n: 1, kind: 'metrics', title: 'Metrics', excerpt: 'Net P/L 120.50 USD', url: '/metrics' }],
      actions,
      chart: { type: 'equity', rows: [{ time: 1, value: 100 }], currency: 'USD' },
      eventIds: [],
      newsIds: [],
      symbol: 'EURUSD',
      dateInterval: { start_date: '2026-03-02', end_date: '2026-03-08' },
      open: { path: '/metrics?period=this_week', label: 'Open metrics' },
      followUps: ['By day of week?', 'By symbol?'],
      steps: [{ id: 's1', kind: 'tool', title: 'Performance', tool: 'get_performance', status: 'done' }],
      usage,
    };
  }

  return {
    turns,
    builtIn,
    tools,
    media,
    /** Marks a proposal confirmed, as ai-tools' confirm route would. */
    confirm(id: string) {
      for (const p of proposals) if (p.action.id === id) p.action = { ...p.action, status: 'confirmed' };
    },
    setUsage(u: typeof usage) {
      usage = u;
    },
    deps: {
      runTurn,
      models: { forUser: async () => builtIn },
      tools,
      media: {
        async files(userId: string, ids: string[]) {
          return ids.flatMap((id) => {
            const m = media.get(id);
            return m && m.userId === userId ? [m.file] : [];
          });
        },
      },
      actions: {
        async forChat(_userId: string, chatId: string): Promise<AiAction[]> {
          return proposals.filter((p) => p.chatId === chatId).map((p) => p.action);
        },
      },
    },
  };
}

/** The events of a Server-Sent Events body. */
export function sseEvents(body: string): AiStreamEvent[] {
  return body
    .split('\n\n')
    .map((frame) => frame.split('\n').find((l) => l.startsWith('data: ')))
    .filter((l): l is string => l !== undefined)
    .map((l) => JSON.parse(l.slice(6)) as AiStreamEvent);
}
