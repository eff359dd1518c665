import {
  AI_LIMIT_MESSAGE,
  type AiAnswer,
  type AiChat,
  type AiChatDetail,
  type AiFolder,
  type AiPrompt,
  type AiSharedChat,
  type AiUsage,
} from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createAiChats } from './chats.module.js';
import { createChatsFakes, sseEvents } from './chats.test-kit.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let ai: ReturnType<typeof createAiChats>;
const clock = createManualClock('2026-03-04T09:30:00Z');
const fakes = createChatsFakes();
const quota = { dailyMessages: 200, dailyTokens: 200_000 };

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutAi: true }, config: { role: 'api' } }));
  ai = createAiChats(app.ctx, { ...fakes.deps, quota });
  await app.register(ai.routes, { prefix: '/api' });
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function call(user: SignedInUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api/ai${url}`,
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function newChat(user: SignedInUser, body: object = {}): Promise<AiChat> {
  const res = await call(user, 'POST', '/chats', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AiChat;
}

async function ask(user: SignedInUser, chatId: string, content: string, more: object = {}) {
  const res = await call(user, 'POST', `/chats/${chatId}/stream`, { content, ...more });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/event-stream');
  const events = sseEvents(res.body);
  const answer = events.find((e) => e.type === 'answer');
  return { events, answer: answer?.type === 'answer' ? answer.answer : undefined };
}

async function detail(user: SignedInUser, chatId: string): Promise<AiChatDetail> {
  const res = await call(user, 'GET', `/chats/${chatId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AiChatDetail;
}

describe('chats: create, list, get, rename, pin, archive, delete', () => {
  it('starts a chat, names it after its first message and lists it pinned first, archived apart', async () => {
    const first = await newChat(ada);
    expect(first).toMatchObject({
      title: 'New chat',
      folderId: null,
      agentId: null,
      pinned: false,
      entries: 0,
      share: null,
    });
    const { answer } = await ask(ada, first.id, 'How did I do this week?');
    expect(answer?.text).toContain('How did I do this week?');
    const second = await newChat(ada, { title: 'Sizing' });
    await call(ada, 'PATCH', `/chats/${first.id}`, { pinned: true });
    const list = (await call(ada, 'GET', '/chats')).json() as { chats: AiChat[]; total: number };
    expect(list.chats.map((c) => c.id).slice(0, 2)).toEqual([first.id, second.id]);
    expect(list.chats[0]).toMatchObject({ title: 'How did I do this week?', pinned: true, entries: 2 });

    const renamed = await call(ada, 'PATCH', `/chats/${second.id}`, { title: 'Position sizing', archived: true });
    expect(renamed.json()).toMatchObject({ title: 'Position sizing', archived: true });
    const active = (await call(ada, 'GET', '/chats')).json() as { chats: AiChat[] };
    expect(active.chats.map((c) => c.id)).not.toContain(second.id);
    const archived = (await call(ada, 'GET', '/chats?archived=true')).json() as { chats: AiChat[] };
    expect(archived.chats.map((c) => c.id)).toEqual([second.id]);

    // search finds a chat by the text of its messages, not only its title
    const found = (await call(ada, 'GET', '/chats?search=this%20week')).json() as { chats: AiChat[] };
    expect(found.chats.map((c) => c.id)).toEqual([first.id]);
    expect(((await call(ada, 'GET', '/chats?search=nothing-like-it')).json() as { total: number }).total).toBe(0);

    expect((await call(ada, 'DELETE', `/chats/${second.id}`)).json()).toEqual({ ok: true });
    expect((await call(ada, 'GET', `/chats/${second.id}`)).statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad body or query', async () => {
    const chat = await newChat(ada);
    const bad = await call(ada, 'PATCH', `/chats/${chat.id}`, { title: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('title');
    const empty = await call(ada, 'POST', `/chats/${chat.id}/stream`, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('content');
    const badMention = await call(ada, 'POST', `/chats/${chat.id}/stream`, {
      content: 'x',
      mentions: [{ category: 'planet', option: 'Mars' }],
    });
    expect(badMention.statusCode).toBe(400);
    expect(badMention.json().message).toContain('category');
    expect((await call(ada, 'GET', '/chats?pinned=maybe')).json().message).toContain('pinned');
  });

  it('bulk-deletes the caller’s chats and leaves another user’s ids alone', async () => {
    const [a, b] = [await newChat(ada), await newChat(ada)];
    const bobs = await newChat(bob);
    const res = await call(ada, 'POST', '/chats/bulk-delete', { ids: [a.id, b.id, bobs.id] });
    expect(res.json()).toEqual({ deleted: 2 });
    expect((await call(bob, 'GET', `/chats/${bobs.id}`)).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    expect((await call(null, 'GET', '/chats')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/chats', {})).statusCode).toBe(401);
  });
});

describe('a turn', () => {
  it('streams start, steps, text and the stored answer in the chat answer’s shape', async () => {
    const chat = await newChat(ada);
    const { events, answer } = await ask(ada, chat.id, 'How did I do this week?', {
      mentions: [
        { category: 'symbol', option: 'EURUSD' },
        { category: 'symbol', option: 'EURUSD' },
        { category: 'date_range', option: '2026-03-02', sub_option: '2026-03-08' },
      ],
    });
    expect(events.map((e) => e.type)).toEqual(['start', 'step', 'delta', 'answer']);
    expect(events[0]).toMatchObject({
      type: 'start',
      chat_id: chat.id,
      model: { builtIn: true, label: 'Built-in analyst' },
    });
    expect(answer).toMatchObject({
      isUser: false,
      chat_id: chat.id,
      chart_type: 'equity',
      json_answer: { rows: [{ time: 1, value: 100 }] },
      Currency_symbol: 'USD',
      symbol: 'EURUSD',
      Date_interval: { start_date: '2026-03-02', end_date: '2026-03-08' },
      Button: { label: 'Open metrics' },
      redirect_to: '/metrics?period=this_week',
      A: 'By day of week?',
      B: 'By symbol?',
      branches: [],
      isDeepAnalysis: false,
      screenshotTool: false,
      sources: [{ n: 1, kind: 'metrics' }],
      feedback: null,
    });
    // the same mention is never added twice (spec section 5)
    expect(answer?.mentions).toEqual([
      { category: 'symbol', option: 'EURUSD', subOption: null },
      { category: 'date_range', option: '2026-03-02', subOption: '2026-03-08' },
    ]);
    const got = await detail(ada, chat.id);
    expect(got.messages.map((m) => [m.isUser, m.text.slice(0, 15)])).toEqual([
      [true, 'How did I do th'],
      [false, answer?.text.slice(0, 15)],
    ]);
    expect(got.messages[1]).toEqual(answer);
  });

  it('sends the history, the folder’s instructions and knowledge, and the attached media to the turn', async () => {
    const docId = crypto.randomUUID();
    const kbId = crypto.randomUUID();
    fakes.media.set(docId, {
      userId: ada.userId,
      file: {
        id: docId,
        name: 'plan.pdf',
        type: 'application/pdf',
        size: 1200,
        lastModified: 1,
        fileUrl: `/api/ai/media/${docId}/file`,
      },
    });
    fakes.media.set(kbId, {
      userId: ada.userId,
      file: {
        id: kbId,
        name: 'rules.md',
        type: 'text/markdown',
        size: 300,
        lastModified: 1,
        fileUrl: `/api/ai/media/${kbId}/file`,
      },
    });
    const folder = (
      await call(ada, 'POST', '/folders', {
        name: 'Prop',
        instructions: 'Always mention the daily loss limit.',
        knowledge_media_ids: [kbId],
      })
    ).json() as AiFolder;
    const chat = await newChat(ada, { folder_id: folder.id });
    await ask(ada, chat.id, 'First question');
    const { answer } = await ask(ada, chat.id, 'Second question', { media_ids: [docId], deep_research: true });
    const turn = fakes.turns.at(-1);
    expect(turn?.messages[0]?.role).toBe('system');
    expect(turn?.messages[0]?.content).toContain('Always mention the daily loss limit.');
    expect(turn?.messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(turn?.messages.at(-1)?.content).toContain('Attached: plan.pdf (application/pdf)');
    expect(turn?.knowledge).toEqual({ folderId: folder.id, agentId: null, mediaIds: [docId, kbId] });
    expect(answer?.isDeepAnalysis).toBe(true);
    const entries = (await detail(ada, chat.id)).messages;
    expect(entries[2]?.media.map((m) => m.name)).toEqual(['plan.pdf']);

    // another user's media id is refused before anything is stored
    const bobsDoc = crypto.randomUUID();
    fakes.media.set(bobsDoc, {
      userId: bob.userId,
      file: { id: bobsDoc, name: 'b', type: 'text/plain', size: 1, lastModified: 1, fileUrl: '' },
    });
    const res = await call(ada, 'POST', `/chats/${chat.id}/stream`, { content: 'x', media_ids: [bobsDoc] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'AI_MEDIA_NOT_FOUND' });
    expect((await detail(ada, chat.id)).messages).toHaveLength(4);
  });

  it('answers JSON on the generic route', async () => {
    const chat = await newChat(ada);
    const res = await call(ada, 'POST', `/chats/${chat.id}/messages`, { content: 'Generic question' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AiAnswer).text).toContain('Generic question');
  });

  it('ends with an error event when the turn fails after the stream opened, and takes the message back', async () => {
    const chat = await newChat(ada);
    const res = await call(ada, 'POST', `/chats/${chat.id}/stream`, { content: 'fail after start' });
    expect(res.statusCode).toBe(200);
    const events = sseEvents(res.body);
    expect(events.at(-1)).toEqual({
      type: 'error',
      statusCode: 500,
      code: 'AI_TURN_FAILED',
      message: 'The assistant could not answer. Try again.',
    });
    expect(events.filter((e) => e.type === 'answer')).toHaveLength(0);
    expect((await detail(ada, chat.id)).messages).toHaveLength(0);
  });

  it('shows a proposal’s current status when the chat is read again', async () => {
    const chat = await newChat(ada);
    const { answer, events } = await ask(ada, chat.id, 'Buy EURUSD with a 20 pip stop on my prop account');
    expect(events.map((e) => e.type)).toContain('action');
    const action = answer?.actions[0];
    expect(action).toMatchObject({ kind: 'draft_order', status: 'proposed' });
    fakes.confirm(action?.id as string);
    expect((await detail(ada, chat.id)).messages[1]?.actions[0]).toMatchObject({ id: action?.id, status: 'confirmed' });
  });
});

describe('regenerate, redo, repost, history edit (spec section 4)', () => {
  it('regenerates the last answer and keeps the replaced one as a branch', async () => {
    const chat = await newChat(ada);
    const first = (await ask(ada, chat.id, 'Question one')).answer as AiAnswer;
    const second = (await ask(ada, chat.id, 'Question two')).answer as AiAnswer;
    const notLast = await call(ada, 'POST', `/chats/${chat.id}/messages/${first.response_id}/regenerate`);
    expect(notLast.statusCode).toBe(409);
    expect(notLast.json().code).toBe('AI_NOT_LAST_ANSWER');

    const res = await call(ada, 'POST', `/chats/${chat.id}/messages/${second.response_id}/regenerate`);
    const again = sseEvents(res.body).find((e) => e.type === 'answer');
    if (again?.type !== 'answer') throw new Error('no answer');
    expect(again.answer.response_id).not.toBe(second.response_id);
    expect(again.answer.branches).toEqual([
      { response_id: second.response_id, text: second.text, createdAt: second.createdAt },
    ]);
    // the regenerated turn saw the same question and the history before it, not the replaced answer
    expect(
      fakes.turns
        .at(-1)
        ?.messages.slice(1)
        .map((m) => m.content.split('\n')[0]),
    ).toEqual(['Question one', first.text, 'Question two']);
    const entries = (await detail(ada, chat.id)).messages;
    expect(entries).toHaveLength(4);
    expect(entries[3]?.branches).toHaveLength(1);
  });

  it('redo removes the last answer and gives back the message it answered for editing', async () => {
    const chat = await newChat(ada);
    await ask(ada, chat.id, 'Keep me');
    await ask(ada, chat.id, 'Edit me', { mentions: [{ category: 'symbol', option: 'GBPUSD' }] });
    const res = await call(ada, 'POST', `/chats/${chat.id}/redo`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      content: 'Edit me',
      mentions: [{ category: 'symbol', option: 'GBPUSD', subOption: null }],
      media: [],
    });
    const entries = (await detail(ada, chat.id)).messages;
    expect(entries.map((e) => e.text.split(' to: ').at(-1))).toEqual(['Keep me', 'Keep me']);
    const empty = await newChat(ada);
    expect((await call(ada, 'POST', `/chats/${empty.id}/redo`)).json().code).toBe('AI_CHAT_EMPTY');
  });

  it('repost replaces the last two entries', async () => {
    const chat = await newChat(ada);
    await ask(ada, chat.id, 'One');
    await ask(ada, chat.id, 'Two');
    const res = await call(ada, 'POST', `/chats/${chat.id}/repost`, { content: 'Two, better' });
    expect(sseEvents(res.body).at(-1)?.type).toBe('answer');
    const entries = (await detail(ada, chat.id)).messages;
    expect(entries).toHaveLength(4);
    expect(entries[2]).toMatchObject({ isUser: true, text: 'Two, better' });
    expect(entries[3]?.text).toContain('Two, better');
  });

  it('a failed repost puts the replaced entries back', async () => {
    const chat = await newChat(ada);
    await ask(ada, chat.id, 'Stay');
    await call(ada, 'POST', `/chats/${chat.id}/repost`, { content: 'fail after start' });
    const entries = (await detail(ada, chat.id)).messages;
    expect(entries.map((e) => e.isUser)).toEqual([true, false]);
    expect(entries[0]?.text).toBe('Stay');
  });

  it('history edit changes a message, drops every entry after it and asks again', async () => {
    const chat = await newChat(ada);
    await ask(ada, chat.id, 'A');
    await ask(ada, chat.id, 'B');
    await ask(ada, chat.id, 'C');
    const before = (await detail(ada, chat.id)).messages;
    const b = before[2] as AiAnswer;
    const res = await call(ada, 'PUT', `/chats/${chat.id}/messages/${b.response_id}`, { content: 'B edited' });
    expect(sseEvents(res.body).at(-1)?.type).toBe('answer');
    const after = (await detail(ada, chat.id)).messages;
    expect(after.filter((e) => e.isUser).map((e) => e.text)).toEqual(['A', 'B edited']);
    expect(after).toHaveLength(4);
    // an answer's id is not a message of the user
    const answerId = after[1]?.response_id as string;
    expect((await call(ada, 'PUT', `/chats/${chat.id}/messages/${answerId}`, { content: 'x' })).statusCode).toBe(404);
  });
});

describe('feedback, clear, share', () => {
  it('records a vote with a comment, replaced by the next vote', async () => {
    const chat = await newChat(ada);
    const answer = (await ask(ada, chat.id, 'Rate me')).answer as AiAnswer;
    const up = await call(ada, 'POST', `/chats/${chat.id}/messages/${answer.response_id}/feedback`, { vote: 'up' });
    expect(up.json().feedback).toEqual({ vote: 'up', comment: null });
    await call(ada, 'POST', `/chats/${chat.id}/messages/${answer.response_id}/feedback`, {
      vote: 'down',
      comment: 'The win rate looks off.',
    });
    expect((await detail(ada, chat.id)).messages[1]?.feedback).toEqual({
      vote: 'down',
      comment: 'The win rate looks off.',
    });
    const bad = await call(ada, 'POST', `/chats/${chat.id}/messages/${answer.response_id}/feedback`, { vote: 'meh' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('vote');
  });

  it('clears a chat’s entries and keeps the chat', async () => {
    const chat = await newChat(ada);
    await ask(ada, chat.id, 'Forget me');
    const res = await call(ada, 'POST', `/chats/${chat.id}/clear`);
    expect(res.json()).toMatchObject({ id: chat.id, entries: 0 });
    expect((await detail(ada, chat.id)).messages).toEqual([]);
  });

  it('shares a read-only public link without the proposals, and revokes it', async () => {
    const chat = await newChat(ada);
    await ask(ada, chat.id, 'Buy EURUSD with a 20 pip stop', {
      mentions: [{ category: 'account', option: crypto.randomUUID() }],
    });
    const share = (await call(ada, 'POST', `/chats/${chat.id}/share`)).json() as { token: string; url: string };
    expect(share.url).toBe(`http://localhost:8080/shared/ai/${share.token}`);
    // sharing again answers the same link
    expect((await call(ada, 'POST', `/chats/${chat.id}/share`)).json()).toMatchObject({ token: share.token });
    expect(((await call(ada, 'GET', `/chats/${chat.id}`)).json() as AiChatDetail).chat.share?.token).toBe(share.token);

    const open = await call(null, 'GET', `/shared/${share.token}`);
    expect(open.statusCode).toBe(200);
    const shared = open.json() as AiSharedChat;
    expect(shared.messages).toHaveLength(2);
    expect(shared.messages[1]?.actions).toEqual([]);
    expect(shared.messages[0]?.mentions).toEqual([]);
    // there is no way to write through the link
    expect((await call(null, 'POST', `/shared/${share.token}`)).statusCode).toBe(404);

    expect((await call(bob, 'DELETE', `/chats/${chat.id}/share`)).statusCode).toBe(404);
    expect((await call(ada, 'DELETE', `/chats/${chat.id}/share`)).json()).toEqual({ ok: true });
    expect((await call(null, 'GET', `/shared/${share.token}`)).statusCode).toBe(404);
    expect((await call(ada, 'DELETE', `/chats/${chat.id}/share`)).json().code).toBe('AI_SHARE_NOT_FOUND');
  });
});

describe('another user’s chat answers 404 on every call', () => {
  it('never reads, changes or answers into it', async () => {
    const chat = await newChat(ada);
    const answer = (await ask(ada, chat.id, 'Private')).answer as AiAnswer;
    const userMsg = (await detail(ada, chat.id)).messages[0] as AiAnswer;
    const calls: Array<[Method, string, object?]> = [
      ['GET', `/chats/${chat.id}`],
      ['PATCH', `/chats/${chat.id}`, { title: 'Mine now' }],
      ['DELETE', `/chats/${chat.id}`],
      ['POST', `/chats/${chat.id}/clear`],
      ['POST', `/chats/${chat.id}/messages`, { content: 'hi' }],
      ['POST', `/chats/${chat.id}/stream`, { content: 'hi' }],
      ['POST', `/chats/${chat.id}/messages/${answer.response_id}/regenerate`],
      ['POST', `/chats/${chat.id}/redo`],
      ['POST', `/chats/${chat.id}/repost`, { content: 'hi' }],
      ['PUT', `/chats/${chat.id}/messages/${userMsg.response_id}`, { content: 'hi' }],
      ['POST', `/chats/${chat.id}/messages/${answer.response_id}/feedback`, { vote: 'down' }],
      ['POST', `/chats/${chat.id}/share`],
      ['POST', `/chats/${chat.id}/chart-analysis`, { symbol: 'EURUSD', timeframe: '1h' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('AI_CHAT_NOT_FOUND');
    }
    const still = await detail(ada, chat.id);
    expect(still.messages).toHaveLength(2);
    expect(still.chat.title).toBe('Private');
    expect(still.messages[1]?.feedback).toBeNull();
  });
});

describe('chart analysis', () => {
  it('gives the chart’s candles and indicator values to the turn and marks the answer', async () => {
    const chat = await newChat(ada);
    const res = await call(ada, 'POST', `/chats/${chat.id}/chart-analysis`, {
      symbol: 'eurusd',
      timeframe: '1h',
      candles: [
        { time: 1772614800, open: 1.08, high: 1.085, low: 1.079, close: 1.084 },
        { time: 1772618400, open: 1.084, high: 1.09, low: 1.083, close: 1.089 },
      ],
      indicators: [{ name: 'RSI 14', values: { rsi: 61.2 } }],
    });
    const answer = sseEvents(res.body).find((e) => e.type === 'answer');
    if (answer?.type !== 'answer') throw new Error(res.body);
    expect(answer.answer.screenshotTool).toBe(true);
    const system = fakes.turns.at(-1)?.messages[0]?.content ?? '';
    expect(system).toContain('Chart under analysis: EURUSD, timeframe 1h.');
    expect(system).toContain('high 1.09, low 1.079, last close 1.089');
    expect(system).toContain('Indicator RSI 14: rsi 61.2.');
    expect(fakes.turns.at(-1)?.mentions).toEqual([{ category: 'symbol', option: 'EURUSD', subOption: '1h' }]);
  });

  it('computes the indicator readings from the chart’s own bars, at the last bar’s time', async () => {
    const chat = await newChat(ada);
    // 60 hourly bars closing 1, 2, ..., 60: SMA(20) is 50.5 and SMA(50) 35.5 at the last bar; RSI(14) is 100
    const candles = Array.from({ length: 60 }, (_, i) => ({
      time: 1772582400 + i * 3600,
      open: i + 1,
      high: i + 1,
      low: i + 1,
      close: i + 1,
    }));
    const res = await call(ada, 'POST', `/chats/${chat.id}/chart-analysis`, {
      symbol: 'GBPUSD',
      timeframe: '1h',
      candles,
    });
    expect(
      sseEvents(res.body).some((e) => e.type === 'answer'),
      res.body,
    ).toBe(true);
    const system = fakes.turns.at(-1)?.messages[0]?.content ?? '';
    const last = new Date((1772582400 + 59 * 3600) * 1000).toISOString();
    expect(system).toContain(
      `Indicator readings at the last bar (${last}, 1h), computed from these bars: RSI(14) rsi 100.00;`,
    );
    expect(system).toContain('SMA(20) sma 50.5; SMA(50) sma 35.5;');
  });
});

describe('folders', () => {
  it('makes, lists, changes and deletes folders; their chats and prompts stay', async () => {
    const res = await call(ada, 'POST', '/folders', { name: 'Research', color: '#00DF80', type: 'KNOWLEDGE' });
    expect(res.statusCode, res.body).toBe(201);
    const folder = res.json() as AiFolder;
    expect(folder).toMatchObject({ name: 'Research', color: '#00DF80', type: 'KNOWLEDGE', instructions: '', chats: 0 });
    const chat = await newChat(ada, { folder_id: folder.id });
    await call(ada, 'POST', '/prompts', { name: 'P', prompt: 'Hello', folder_id: folder.id });
    expect((await call(ada, 'GET', `/folders/${folder.id}`)).json() as AiFolder).toMatchObject({
      chats: 1,
      prompts: 1,
    });
    expect(
      ((await call(ada, 'GET', '/folders?type=KNOWLEDGE')).json() as { folders: AiFolder[] }).folders.map((f) => f.id),
    ).toEqual([folder.id]);
    const inFolder = (await call(ada, 'GET', `/chats?folder_id=${folder.id}`)).json() as { chats: AiChat[] };
    expect(inFolder.chats.map((c) => c.id)).toEqual([chat.id]);

    const changed = await call(ada, 'PUT', `/folders/${folder.id}`, { name: 'Research 2', instructions: 'Be brief.' });
    expect(changed.json()).toMatchObject({ name: 'Research 2', instructions: 'Be brief.', type: 'KNOWLEDGE' });
    expect((await call(ada, 'PUT', `/folders/${folder.id}`, { color: 'green' })).json().message).toContain('color');
    expect((await call(ada, 'PUT', `/folders/${folder.id}`, { type: 'PLANET' })).json().message).toContain('type');

    expect((await call(ada, 'DELETE', `/folders/${folder.id}`)).json()).toEqual({ ok: true });
    expect((await detail(ada, chat.id)).chat.folderId).toBeNull();
  });

  it('answers 404 for another user’s folder, also as a chat’s or prompt’s folder_id', async () => {
    const folder = (await call(ada, 'POST', '/folders', { name: 'Ada only' })).json() as AiFolder;
    for (const [method, url, body] of [
      ['GET', `/folders/${folder.id}`],
      ['PUT', `/folders/${folder.id}`, { name: 'x' }],
      ['DELETE', `/folders/${folder.id}`],
    ] as Array<[Method, string, object?]>) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('AI_FOLDER_NOT_FOUND');
    }
    expect((await call(bob, 'POST', '/chats', { folder_id: folder.id })).statusCode).toBe(404);
    const bobChat = await newChat(bob);
    expect((await call(bob, 'PATCH', `/chats/${bobChat.id}`, { folder_id: folder.id })).statusCode).toBe(404);
    expect((await call(bob, 'POST', '/prompts', { name: 'x', prompt: 'y', folder_id: folder.id })).statusCode).toBe(
      404,
    );
    const withOthersMedia = await call(bob, 'POST', '/folders', {
      name: 'x',
      knowledge_media_ids: [crypto.randomUUID()],
    });
    expect(withOthersMedia.statusCode).toBe(404);
    expect(withOthersMedia.json().message).toContain('knowledge_media_ids');
  });
});

describe('prompts', () => {
  it('keeps a library with {{variables}} and slash commands, one command per prompt', async () => {
    const res = await call(ada, 'POST', '/prompts', {
      name: 'Pre-trade',
      prompt: 'Check {{symbol}} with a {{ stop_pips }} pip stop; then {{symbol}} news.',
      command: 'pretrade',
    });
    expect(res.statusCode, res.body).toBe(201);
    const prompt = res.json() as AiPrompt;
    expect(prompt).toMatchObject({ variables: ['symbol', 'stop_pips'], command: 'pretrade', folderId: null });
    const taken = await call(ada, 'POST', '/prompts', { name: 'Other', prompt: 'x', command: 'pretrade' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('AI_PROMPT_COMMAND_TAKEN');
    // another user may use the same command
    expect((await call(bob, 'POST', '/prompts', { name: 'Other', prompt: 'x', command: 'pretrade' })).statusCode).toBe(
      201,
    );
    expect(
      (await call(ada, 'POST', '/prompts', { name: 'x', prompt: 'y', command: 'Has Space' })).json().message,
    ).toContain('command');

    const changed = await call(ada, 'PUT', `/prompts/${prompt.id}`, { prompt: 'Only {{account}}' });
    expect(changed.json()).toMatchObject({ variables: ['account'], command: 'pretrade' });
    const listed = (await call(ada, 'GET', '/prompts?search=pre')).json() as { prompts: AiPrompt[] };
    expect(listed.prompts.map((p) => p.id)).toContain(prompt.id);
    for (const [method, url, body] of [
      ['GET', `/prompts/${prompt.id}`],
      ['PUT', `/prompts/${prompt.id}`, { name: 'x' }],
      ['DELETE', `/prompts/${prompt.id}`],
    ] as Array<[Method, string, object?]>) {
      expect((await call(bob, method, url, body)).statusCode).toBe(404);
    }
    expect((await call(ada, 'DELETE', `/prompts/${prompt.id}`)).json()).toEqual({ ok: true });
    expect((await call(ada, 'GET', `/prompts/${prompt.id}`)).statusCode).toBe(404);
  });
});

describe('sanity prompts', () => {
  it('lists starter questions by category', async () => {
    const cats = (await call(ada, 'GET', '/sanity-prompts/categories')).json() as { categories: { id: string }[] };
    expect(cats.categories.map((c) => c.id)).toEqual(['performance', 'risk', 'market', 'playbook', 'actions']);
    const all = (await call(ada, 'GET', '/sanity-prompts')).json() as { prompts: { category: string; text: string }[] };
    expect(all.prompts.map((p) => p.text)).toContain('How did I do this week?');
    const risk = (await call(ada, 'GET', '/sanity-prompts?category=risk')).json() as {
      prompts: { category: string }[];
    };
    expect(risk.prompts.length).toBeGreaterThan(0);
    expect(risk.prompts.every((p) => p.category === 'risk')).toBe(true);
  });
});

describe('daily allowance', () => {
  it('counts messages and tokens, and answers 423 "Feature limit reached" past the limit', async () => {
    const carol = await signUpAndLogin(app);
    const chat = await newChat(carol);
    fakes.setUsage({ promptTokens: 100, completionTokens: 50 });
    await ask(carol, chat.id, 'One');
    expect((await call(carol, 'GET', '/usage')).json()).toEqual({
      day: '2026-03-04',
      messages: { used: 1, limit: 200 },
      tokens: { used: 150, limit: 200_000 },
    } satisfies AiUsage);

    quota.dailyMessages = 2;
    try {
      await ask(carol, chat.id, 'Two');
      const over = await call(carol, 'POST', `/chats/${chat.id}/stream`, { content: 'Three' });
      expect(over.statusCode).toBe(423);
      expect(over.json()).toEqual({ statusCode: 423, code: 'AI_LIMIT_REACHED', message: AI_LIMIT_MESSAGE });
      expect(over.json().message).toContain('Feature limit reached');
      // a refused message is neither stored nor counted
      expect((await detail(carol, chat.id)).messages).toHaveLength(4);
      expect(((await call(carol, 'GET', '/usage')).json() as AiUsage).messages.used).toBe(2);
      // regenerating counts too
      const last = (await detail(carol, chat.id)).messages[3] as AiAnswer;
      expect((await call(carol, 'POST', `/chats/${chat.id}/messages/${last.response_id}/regenerate`)).statusCode).toBe(
        423,
      );
      // a new day starts a new allowance (straight through the service: the test's access token expires overnight)
      clock.advance(24 * 3_600_000);
      const signal = new AbortController().signal;
      await ai.conversation.ask({
        userId: carol.userId,
        chatId: chat.id,
        agent: null,
        content: 'Next day',
        signal,
        emit: () => {},
      });
      expect((await ai.usage.get(carol.userId)).messages).toEqual({ used: 1, limit: 2 });
    } finally {
      quota.dailyMessages = 200;
      clock.set('2026-03-04T09:30:00Z');
    }
  });

  it('stops a day once its tokens are used up', async () => {
    const dave = await signUpAndLogin(app);
    const chat = await newChat(dave);
    quota.dailyTokens = 100;
    fakes.setUsage({ promptTokens: 90, completionTokens: 20 });
    try {
      await ask(dave, chat.id, 'Big one');
      expect((await call(dave, 'POST', `/chats/${chat.id}/stream`, { content: 'More' })).statusCode).toBe(423);
    } finally {
      quota.dailyTokens = 200_000;
      fakes.setUsage({ promptTokens: 120, completionTokens: 30 });
    }
  });
});
