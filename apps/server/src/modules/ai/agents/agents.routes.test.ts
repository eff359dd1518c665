import type { AiAgent, AiAgentList } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { eventsOfType, fakeConversation, fakeMedia, fakeModels, fakeRegistry } from './agents.fakes.js';
import { createAiAgents } from './agents.module.js';
import { parseEvents } from './agents.sse.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-02T09:30:00Z');
const { registry } = fakeRegistry(new Map());
const library = fakeMedia();
const chats = fakeConversation();
const usernames = new Map<string, string>();

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutAi: true }, config: { role: 'api' } }));
  const agents = createAiAgents(app.ctx, {
    conversation: chats.conversation,
    registry,
    knowledge: library.search,
    media: library.media,
    models: fakeModels(),
    users: { getById: async (id) => ({ username: usernames.get(id) ?? 'unknown' }) },
  });
  await app.register(agents.routes, { prefix: '/api' });
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
  for (const u of [ada, bob]) usernames.set(u.userId, u.username);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function create(user: SignedInUser, body: object): Promise<AiAgent> {
  const res = await call(user, 'POST', '/ai/agents', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AiAgent;
}
const list = async (user: SignedInUser, query = '') =>
  (await call(user, 'GET', `/ai/agents${query}`)).json() as AiAgentList;

describe('agents CRUD', () => {
  it('makes an agent with the defaults, lists, reads, changes and deletes it', async () => {
    const guide = library.media.add(ada.userId, 'rules.md', 'Risk 1 % per trade.');
    const agent = await create(ada, {
      name: 'Risk coach',
      instructions: 'Answer from the rules.',
      commands: [{ command: '/Review', prompt: 'Review my week.' }],
      tools: ['get_performance', 'get_prop_status', 'get_performance'],
      knowledge: [{ type: 'file', media_id: guide }],
    });
    expect(agent).toMatchObject({
      name: 'Risk coach',
      description: '',
      instructions: 'Answer from the rules.',
      commands: [{ command: 'review', prompt: 'Review my week.' }],
      tools: ['get_performance', 'get_prop_status'],
      knowledge: [{ type: 'file', mediaId: guide, name: 'rules.md', mediaType: 'text/markdown' }],
      share: { isPublic: false, allowClone: true, showInstructions: false, sharedAt: null, publicDescription: null },
      isOwner: true,
      ownerName: ada.username,
      pinned: false,
      starred: false,
      clonedFrom: null,
      createdAt: '2026-03-02T09:30:00.000Z',
    });
    expect((await list(ada)).agents.map((a) => a.id)).toContain(agent.id);
    expect((await call(ada, 'GET', `/ai/agents/${agent.id}`)).json()).toEqual(agent);

    clock.advance(60_000);
    const changed = await call(ada, 'PUT', `/ai/agents/${agent.id}`, { name: 'Rules coach', tools: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Rules coach', tools: null, updatedAt: '2026-03-02T09:31:00.000Z' });

    const tools = await call(ada, 'PUT', `/ai/agents/${agent.id}/tools`, { names: ['get_news'] });
    expect(tools.json()).toMatchObject({ tools: ['get_news'] });
    const commands = await call(ada, 'PUT', `/ai/agents/${agent.id}/commands`, [{ command: 'news', prompt: 'News?' }]);
    expect(commands.json()).toMatchObject({ commands: [{ command: 'news', prompt: 'News?' }] });
    const knowledge = await call(ada, 'PUT', `/ai/agents/${agent.id}/knowledge`, { items: [] });
    expect(knowledge.json()).toMatchObject({ knowledge: [] });

    expect((await call(ada, 'DELETE', `/ai/agents/${agent.id}`)).json()).toEqual({ ok: true });
    expect((await call(ada, 'GET', `/ai/agents/${agent.id}`)).statusCode).toBe(404);
  });

  it('says which field is wrong: name, tools, knowledge, commands', async () => {
    expectFieldError(await call(ada, 'POST', '/ai/agents', {}), { field: 'name', message: 'name is required.' });
    expectFieldError(await call(ada, 'POST', '/ai/agents', { name: 'X', tools: ['get_performance', 'send_money'] }), {
      field: 'tools',
      code: 'AI_AGENT_UNKNOWN_TOOL',
      message: /send_money/,
    });
    // a media file of someone else's library is not the caller's to attach
    const bobsFile = library.media.add(bob.userId, 'bob.md', 'private');
    expectFieldError(
      await call(ada, 'POST', '/ai/agents', { name: 'X', knowledge: [{ type: 'file', media_id: bobsFile }] }),
      { field: 'knowledge', code: 'AI_AGENT_UNKNOWN_MEDIA' },
    );
    const dup = await call(ada, 'POST', '/ai/agents', {
      name: 'X',
      commands: [
        { command: 'a', prompt: 'one' },
        { command: '/a', prompt: 'two' },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Each command must be named only once.');
    const badName = await call(ada, 'POST', '/ai/agents', {
      name: 'X',
      commands: [{ command: 'two words', prompt: 'p' }],
    });
    expect(badName.statusCode).toBe(400);
  });

  it('lists pinned agents first, filters by search, pinned and starred (marks are per user)', async () => {
    const carol = await signUpAndLogin(app);
    const a = await create(carol, { name: 'Alpha scout', description: 'Finds setups' });
    clock.advance(1000);
    const b = await create(carol, { name: 'Beta coach' });
    expect((await list(carol)).agents.map((x) => x.id)).toEqual([b.id, a.id]);
    const pinned = await call(carol, 'POST', `/ai/agents/${a.id}/pin`);
    expect(pinned.json()).toMatchObject({ pinned: true });
    expect((await list(carol)).agents.map((x) => x.id)).toEqual([a.id, b.id]);
    await call(carol, 'POST', `/ai/agents/${b.id}/star`);
    expect((await list(carol, '?starred=true')).agents.map((x) => x.id)).toEqual([b.id]);
    expect((await list(carol, '?pinned=true')).agents.map((x) => x.id)).toEqual([a.id]);
    expect((await list(carol, '?pinned=false')).agents.map((x) => x.id)).toEqual([b.id]);
    expect((await list(carol, '?search=setups')).agents.map((x) => x.id)).toEqual([a.id]);
    expect((await list(carol, '?search=100%25')).agents).toEqual([]);
    await call(carol, 'POST', `/ai/agents/${a.id}/unpin`);
    await call(carol, 'POST', `/ai/agents/${b.id}/unstar`);
    const after = await list(carol);
    expect(after.agents.map((x) => [x.id, x.pinned, x.starred])).toEqual([
      [b.id, false, false],
      [a.id, false, false],
    ]);
    expect(after).toMatchObject({ total: 2, page: 1, limit: 50 });
    expect((await list(carol, '?limit=1&page=2')).agents.map((x) => x.id)).toEqual([a.id]);
  });

  it('clones an own agent: instructions, commands, tools and knowledge, private', async () => {
    const file = library.media.add(ada.userId, 'guide.md', 'Guide text.');
    const agent = await create(ada, {
      name: 'Original',
      instructions: 'Be brief.',
      commands: [{ command: 'go', prompt: 'Go.' }],
      tools: ['get_news'],
      knowledge: [{ type: 'file', media_id: file }],
    });
    // a share without a body takes the defaults
    const shared = await call(ada, 'POST', `/ai/agents/${agent.id}/share`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ share: { isPublic: true, allowClone: true, showInstructions: false } });
    const res = await call(ada, 'POST', `/ai/agents/${agent.id}/clone`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Original (copy)',
      instructions: 'Be brief.',
      commands: [{ command: 'go', prompt: 'Go.' }],
      tools: ['get_news'],
      knowledge: [{ mediaId: file, name: 'guide.md' }],
      clonedFrom: agent.id,
      share: { isPublic: false },
    });
  });
});

describe('another user’s agents', () => {
  it('a private agent of someone else answers 404 to every call', async () => {
    const agent = await create(ada, { name: 'Private' });
    const calls: [Method, string, unknown?][] = [
      ['GET', ''],
      ['PUT', '', { name: 'Mine now' }],
      ['DELETE', ''],
      ['POST', '/pin'],
      ['POST', '/unpin'],
      ['POST', '/star'],
      ['POST', '/unstar'],
      ['POST', '/clone'],
      ['PUT', '/knowledge', { items: [] }],
      ['PUT', '/tools', { names: null }],
      ['PUT', '/commands', []],
      ['POST', '/share', {}],
      ['PUT', '/share', {}],
      ['DELETE', '/share'],
      ['POST', '/chat', { content: 'hello' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(bob, method, `/ai/agents/${agent.id}${path}`, body);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'AI_AGENT_NOT_FOUND' });
    }
    expect((await list(bob, '?scope=public')).agents.map((a) => a.id)).not.toContain(agent.id);
    expect((await call(ada, 'GET', `/ai/agents/${agent.id}`)).json()).toMatchObject({ name: 'Private' });
    expect((await call(null, 'GET', `/ai/agents/${agent.id}`)).statusCode).toBe(401);
  });

  it('a public agent is read-only to others: found, pinned, starred, used; never changed; private again hides it', async () => {
    const file = library.media.add(ada.userId, 'playbook.md', 'Only trade the London open.');
    const agent = await create(ada, {
      name: 'Shared coach',
      description: 'Coach',
      instructions: 'Secret sauce.',
      commands: [{ command: 'check', prompt: 'Check my room today.' }],
      tools: ['get_prop_status'],
      knowledge: [{ type: 'file', media_id: file }],
    });
    clock.advance(1000);
    const shared = await call(ada, 'POST', `/ai/agents/${agent.id}/share`, {
      public_description: 'A coach for everyone',
      allow_clone: false,
    });
    expect(shared.json()).toMatchObject({
      share: {
        isPublic: true,
        publicDescription: 'A coach for everyone',
        allowClone: false,
        showInstructions: false,
        sharedAt: clock.now().toISOString(),
      },
    });

    const seen = (await call(bob, 'GET', `/ai/agents/${agent.id}`)).json() as AiAgent;
    expect(seen).toMatchObject({
      name: 'Shared coach',
      instructions: null,
      commands: [{ command: 'check', prompt: null }],
      isOwner: false,
      ownerName: ada.username,
      pinned: false,
    });
    expect((await list(bob, '?scope=public&search=everyone')).agents.map((a) => a.id)).toEqual([agent.id]);
    expect((await list(bob)).agents.map((a) => a.id)).not.toContain(agent.id);

    for (const [method, path, body] of [
      ['PUT', '', { name: 'Taken over' }],
      ['DELETE', ''],
      ['PUT', '/knowledge', { items: [] }],
      ['PUT', '/tools', { names: null }],
      ['PUT', '/commands', []],
      ['POST', '/share', {}],
      ['PUT', '/share', { allow_clone: true }],
      ['DELETE', '/share'],
    ] as [Method, string, unknown?][]) {
      const res = await call(bob, method, `/ai/agents/${agent.id}${path}`, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'AI_AGENT_READ_ONLY' });
    }
    expect((await call(bob, 'POST', `/ai/agents/${agent.id}/clone`)).json()).toMatchObject({
      code: 'AI_AGENT_CLONE_NOT_ALLOWED',
    });

    // marks are the caller's own
    expect((await call(bob, 'POST', `/ai/agents/${agent.id}/star`)).json()).toMatchObject({ starred: true });
    expect((await call(bob, 'POST', `/ai/agents/${agent.id}/pin`)).json()).toMatchObject({ pinned: true });
    expect((await list(bob, '?scope=public&starred=true')).agents.map((a) => a.id)).toEqual([agent.id]);
    expect((await call(ada, 'GET', `/ai/agents/${agent.id}`)).json()).toMatchObject({ pinned: false, starred: false });

    // the owner updates the share: clone allowed, prompts shown
    const updated = await call(ada, 'PUT', `/ai/agents/${agent.id}/share`, {
      allow_clone: true,
      show_instructions: true,
    });
    expect(updated.json()).toMatchObject({ share: { isPublic: true, allowClone: true, showInstructions: true } });
    expect((await call(bob, 'GET', `/ai/agents/${agent.id}`)).json()).toMatchObject({
      instructions: 'Secret sauce.',
      commands: [{ command: 'check', prompt: 'Check my room today.' }],
    });
    const cloned = await call(bob, 'POST', `/ai/agents/${agent.id}/clone`);
    expect(cloned.statusCode, cloned.body).toBe(201);
    const copy = cloned.json() as AiAgent;
    expect(copy).toMatchObject({
      isOwner: true,
      ownerName: bob.username,
      clonedFrom: agent.id,
      instructions: 'Secret sauce.',
    });
    // the knowledge file was copied into bob's library: the clone never reads ada's file
    expect(copy.knowledge).toHaveLength(1);
    expect(copy.knowledge[0]?.mediaId).not.toBe(file);
    expect(library.files.get(copy.knowledge[0]!.mediaId)).toMatchObject({ owner: bob.userId, name: 'playbook.md' });

    // private again: gone for bob, and the share can no longer be updated
    expect((await call(ada, 'DELETE', `/ai/agents/${agent.id}/share`)).json()).toMatchObject({
      share: { isPublic: false, sharedAt: null },
    });
    expect((await call(bob, 'GET', `/ai/agents/${agent.id}`)).statusCode).toBe(404);
    expect((await list(bob, '?scope=public&starred=true')).agents).toEqual([]);
    expect((await call(ada, 'PUT', `/ai/agents/${agent.id}/share`, {})).json()).toMatchObject({
      code: 'AI_AGENT_NOT_PUBLIC',
    });
  });
});

describe('agent chat', () => {
  it('runs the turn as the caller with the public agent’s instructions, tools and knowledge; expands commands', async () => {
    const file = library.media.add(ada.userId, 'rules.md', 'Daily loss 3 %.');
    const agent = await create(ada, {
      name: 'Chat coach',
      instructions: 'Use the rules.',
      commands: [{ command: 'check', prompt: 'Check my room today.' }],
      tools: ['get_prop_status'],
      knowledge: [{ type: 'file', media_id: file }],
    });
    await call(ada, 'POST', `/ai/agents/${agent.id}/share`, {});
    const res = await call(bob, 'POST', `/ai/agents/${agent.id}/chat`, {
      content: '/check on EURUSD',
      mentions: [
        { category: 'symbol', option: 'EURUSD' },
        { category: 'symbol', option: 'EURUSD' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseEvents(res.body);
    expect(events.map((e) => e.type)).toEqual(['start', 'delta', 'answer']);
    const ask = chats.asks.at(-1)!;
    expect(ask).toMatchObject({
      userId: bob.userId,
      chatId: null,
      folderId: null,
      content: 'Check my room today.\n\non EURUSD',
      mentions: [{ category: 'symbol', option: 'EURUSD', subOption: null }],
      mediaIds: [],
      agent: {
        id: agent.id,
        ownerId: ada.userId,
        name: 'Chat coach',
        instructions: 'Use the rules.',
        toolNames: ['get_prop_status'],
        knowledgeMediaIds: [file],
      },
    });
    expect(eventsOfType(events, 'answer')[0]?.answer.text).toBe('Answer to: Check my room today.\n\non EURUSD');
  });

  it('continues a chat, refuses an unknown command and a media chat without media', async () => {
    const agent = await create(ada, { name: 'Plain', commands: [{ command: 'go', prompt: 'Go.' }] });
    const chatId = '5b1c6f7e-9a0b-4c1d-8e2f-3a4b5c6d7e8f';
    const res = await call(ada, 'POST', `/ai/agents/${agent.id}/chat`, { content: 'hello', chat_id: chatId });
    expect(res.statusCode).toBe(200);
    expect(chats.asks.at(-1)).toMatchObject({ chatId, content: 'hello' });

    expectFieldError(await call(ada, 'POST', `/ai/agents/${agent.id}/chat`, { content: '/nope now' }), {
      field: 'content',
      code: 'AI_AGENT_UNKNOWN_COMMAND',
      message: 'content starts with /nope, which is not a command of this agent (its commands: /go).',
    });
    expectFieldError(await call(ada, 'POST', `/ai/agents/${agent.id}/media-chat`, { content: 'look' }), {
      field: 'media_ids',
    });
    const media = library.media.add(ada.userId, 'chart.png', '', 'image/png');
    const withMedia = await call(ada, 'POST', `/ai/agents/${agent.id}/media-chat`, {
      content: 'look',
      media_ids: [media],
    });
    expect(withMedia.statusCode).toBe(200);
    expect(chats.asks.at(-1)).toMatchObject({ mediaIds: [media], content: 'look' });
  });
});
