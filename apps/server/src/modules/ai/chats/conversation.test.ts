import type { AiStreamEvent } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createAiChats } from './chats.module.js';
import { createChatsFakes, sseEvents } from './chats.test-kit.js';
import type { AgentRuntime } from './conversation.types.js';
import { DEMO_AI_FOLDER, DEMO_AI_QUESTIONS } from './demo.js';
import { errorEvent } from './sse.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let ai: ReturnType<typeof createAiChats>;
const clock = createManualClock('2026-03-04T09:30:00Z');
const fakes = createChatsFakes();
const agents = new Map<string, AgentRuntime>();

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutAi: true }, config: { role: 'api' } }));
  ai = createAiChats(app.ctx, {
    ...fakes.deps,
    agentRuntime: async (_userId, agentId) => agents.get(agentId) ?? null,
  });
  await app.register(ai.routes, { prefix: '/api' });
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

const coach = (ownerId: string): AgentRuntime => ({
  id: crypto.randomUUID(),
  ownerId,
  name: 'Trading rules coach',
  instructions: 'Quote the rules guide.',
  toolNames: ['search_knowledge', 'get_prop_status'],
  knowledgeMediaIds: [crypto.randomUUID()],
});

const quiet = () => ({ signal: new AbortController().signal, emit: () => {} });

describe('conversation.ask with an agent (ai-agents’ seam)', () => {
  it('binds a new chat to the agent, uses its instructions, tools and knowledge, and runs as the caller', async () => {
    const agent = coach(bob.userId); // a public agent of Bob, used by Ada
    agents.set(agent.id, agent);
    const events: AiStreamEvent[] = [];
    const answer = await ai.conversation.ask({
      userId: ada.userId,
      chatId: null,
      agent,
      content: 'What is my daily loss rule?',
      signal: new AbortController().signal,
      emit: (e) => events.push(e),
    });
    expect(events.map((e) => e.type)).toEqual(['start', 'step', 'delta', 'answer']);
    const turn = fakes.turns.at(-1);
    expect(turn?.userId).toBe(ada.userId);
    expect(turn?.tools.map((t) => t.name)).toEqual(['search_knowledge', 'get_prop_status']);
    expect(turn?.knowledge).toEqual({ folderId: null, agentId: agent.id, mediaIds: agent.knowledgeMediaIds });
    expect(turn?.messages[0]?.content).toContain(
      'You are the agent "Trading rules coach". Its instructions:\nQuote the rules guide.',
    );

    const chat = (await ai.chats.get(ada.userId, answer.chat_id)).chat;
    expect(chat).toMatchObject({ agentId: agent.id, title: 'What is my daily loss rule?' });
    // the agent's owner does not see the caller's chat
    await expect(ai.chats.get(bob.userId, answer.chat_id)).rejects.toMatchObject({ code: 'AI_CHAT_NOT_FOUND' });

    // continuing the chat through the chat routes keeps the agent
    const res = await app.inject({
      method: 'POST',
      url: `/api/ai/chats/${answer.chat_id}/stream`,
      headers: ada.auth,
      payload: { content: 'And the maximum loss?' },
    });
    expect(sseEvents(res.body).at(-1)?.type).toBe('answer');
    expect(fakes.turns.at(-1)?.knowledge.agentId).toBe(agent.id);
    expect(fakes.turns.at(-1)?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);

    // another agent cannot continue it
    await expect(
      ai.conversation.ask({
        userId: ada.userId,
        chatId: answer.chat_id,
        agent: coach(ada.userId),
        content: 'x',
        ...quiet(),
      }),
    ).rejects.toMatchObject({ code: 'AI_CHAT_AGENT_MISMATCH' });
  });

  it('never continues another user’s chat, and leaves no empty chat behind when a new one cannot be answered', async () => {
    const own = await ai.conversation.ask({
      userId: ada.userId,
      chatId: null,
      agent: null,
      content: 'Mine',
      ...quiet(),
    });
    await expect(
      ai.conversation.ask({ userId: bob.userId, chatId: own.chat_id, agent: null, content: 'Yours?', ...quiet() }),
    ).rejects.toMatchObject({ code: 'AI_CHAT_NOT_FOUND' });
    const before = (await ai.chats.list(bob.userId, { page: 1, limit: 100 })).total;
    await expect(
      ai.conversation.ask({ userId: bob.userId, chatId: null, agent: null, content: 'fail after start', ...quiet() }),
    ).rejects.toThrow('the model broke');
    expect((await ai.chats.list(bob.userId, { page: 1, limit: 100 })).total).toBe(before);
  });

  it('stores the deep research data of a research answer', async () => {
    const research = {
      id: crypto.randomUUID(),
      status: 'done' as const,
      question: 'Review my month',
      plan: [{ id: 'p1', title: 'Performance', status: 'done' as const }],
      report: 'Report',
      sources: [],
      startedAt: clock.now().toISOString(),
      finishedAt: clock.now().toISOString(),
    };
    const answer = await ai.conversation.ask({
      userId: ada.userId,
      chatId: null,
      agent: null,
      content: 'Review my month',
      deepResearch: true,
      deepResearchData: research,
      ...quiet(),
    });
    expect(answer).toMatchObject({ isDeepAnalysis: true, deepResearchData: research });
  });
});

describe('time limits', () => {
  it('stops a turn past its time limit, which the stream reports as a 504 error event', async () => {
    const slow = createAiChats(app.ctx, { ...fakes.deps, turnTimeoutMs: 50 });
    const chat = await slow.chats.create(ada.userId, {});
    const failure = await slow.conversation
      .ask({ userId: ada.userId, chatId: chat.id, agent: null, content: 'wait for abort', ...quiet() })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'TimeoutError' });
    expect(errorEvent(failure)).toEqual({
      type: 'error',
      statusCode: 504,
      code: 'AI_TIMEOUT',
      message: 'The answer took too long and was stopped.',
    });
    expect((await slow.chats.get(ada.userId, chat.id)).messages).toEqual([]);
  });

  it('aborts the turn when the caller stops it', async () => {
    const abort = new AbortController();
    const pending = ai.conversation.ask({
      userId: ada.userId,
      chatId: null,
      agent: null,
      content: 'wait for abort',
      signal: abort.signal,
      emit: () => {},
    });
    abort.abort(new DOMException('stopped', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('maps failures to stream error events without leaking internals', () => {
    expect(errorEvent(new Error('password=secret in SQL'))).toEqual({
      type: 'error',
      statusCode: 500,
      code: 'AI_TURN_FAILED',
      message: 'The assistant could not answer. Try again.',
    });
  });
});

describe('demo seed', () => {
  it('makes the folder with its prompt and two chats answered through real turns, once', async () => {
    const demo = await signUpAndLogin(app);
    const propAccountId = crypto.randomUUID();
    expect(await ai.seedDemo(demo.userId, { propAccountId })).toBe(true);
    expect(await ai.seedDemo(demo.userId, { propAccountId })).toBe(false);

    const folders = await ai.library.listFolders(demo.userId);
    expect(folders.map((f) => f.name)).toEqual([DEMO_AI_FOLDER]);
    const prompts = await ai.library.listPrompts(demo.userId, {});
    expect(prompts[0]).toMatchObject({
      command: 'pretrade',
      folderId: folders[0]?.id,
      variables: ['symbol', 'stop_pips'],
    });

    const list = await ai.chats.list(demo.userId, { page: 1, limit: 10 });
    expect(list.chats.map((c) => [c.title, c.pinned, c.entries])).toEqual([
      ['Weekly performance review', true, 4],
      ['Pre-trade check: EURUSD on the challenge', false, 4],
    ]);
    const check = await ai.chats.get(demo.userId, list.chats[1]?.id as string);
    expect(check.messages.filter((m) => m.isUser).map((m) => m.text)).toEqual([...DEMO_AI_QUESTIONS.preTrade]);
    expect(check.messages[0]?.mentions).toEqual([{ category: 'account', option: propAccountId, subOption: null }]);
    // the order is drafted and waits for the user's confirmation
    expect(check.messages[3]?.actions).toEqual([expect.objectContaining({ kind: 'draft_order', status: 'proposed' })]);
  });
});

describe('the stream over a real connection', () => {
  it('arrives uncompressed as events, and a closed connection stops the turn', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const chat = await ai.chats.create(ada.userId, {});
    const headers = {
      ...ada.auth,
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'accept-encoding': 'br, gzip',
    };
    const res = await fetch(`${base}/api/ai/chats/${chat.id}/stream`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content: 'How did I do this week?' }),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(sseEvents(await res.text()).map((e) => e.type)).toEqual(['start', 'step', 'delta', 'answer']);

    const abort = new AbortController();
    const waiting = await fetch(`${base}/api/ai/chats/${chat.id}/stream`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content: 'wait for abort' }),
      signal: abort.signal,
    });
    const reader = waiting.body?.getReader();
    const first = new TextDecoder().decode((await reader?.read())?.value);
    expect(first).toContain('event: start');
    abort.abort();
    const turn = fakes.turns.at(-1);
    await expect.poll(() => turn?.signal.aborted, { timeout: 2000 }).toBe(true);
    expect((turn?.signal.reason as Error | undefined)?.message).toBe('The client closed the stream.');
  });
});
