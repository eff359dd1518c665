import type { AiAgent, AiAnswer, AiMedia, AiMediaChunkList } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { multipart } from '../knowledge/knowledge.test-helpers.js';
import { parseEvents } from './agents.sse.js';

/**
 * Cloning someone else's public agent through the whole app (knowledge, agents, chats, the built-in analyst): the
 * clone gets its own copies of the agent's documents, answers from them, and keeps them when the owner deletes the
 * originals; the cloner never reaches the owner's files.
 */

const clock = createManualClock('2026-03-04T14:07:00Z');
let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: SignedInUser, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload === undefined ? {} : { payload }) });

async function upload(user: SignedInUser, name: string, text: string): Promise<AiMedia> {
  const body = multipart([{ name: 'file', filename: name, value: text, type: 'text/markdown' }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/ai/media',
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AiMedia;
}

async function askAgent(user: SignedInUser, agentId: string, content: string): Promise<AiAnswer> {
  const res = await call(user, 'POST', `/ai/agents/${agentId}/chat`, { content });
  expect(res.statusCode, res.body).toBe(200);
  const answer = parseEvents(res.body).find((e) => e.type === 'answer');
  if (answer?.type !== 'answer') throw new Error(res.body);
  return answer.answer;
}

const GUIDE = [
  '# Desk rules',
  '',
  '## News blackout',
  'No new positions from fifteen minutes before to fifteen minutes after a high-impact release.',
  '',
  '## Sizing',
  'Risk at most half a percent of the balance on any one trade.',
].join('\n');

describe('cloning a public agent', () => {
  it('gives the clone its own copies of the documents, which answer and outlive the originals', async () => {
    const guide = await upload(ada, 'desk-rules.md', GUIDE);
    const secret = await upload(ada, 'private-notes.md', 'My broker password hint is the blue notebook.');
    const created = await call(ada, 'POST', '/ai/agents', {
      name: 'Desk coach',
      instructions: 'Answer from the desk rules.',
      knowledge: [{ type: 'file', media_id: guide.id }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const agent = created.json() as AiAgent;
    expect((await call(ada, 'POST', `/ai/agents/${agent.id}/share`, { allow_clone: true })).statusCode).toBe(200);

    const cloned = await call(bob, 'POST', `/ai/agents/${agent.id}/clone`);
    expect(cloned.statusCode, cloned.body).toBe(201);
    const clone = cloned.json() as AiAgent;
    expect(clone).toMatchObject({ isOwner: true, clonedFrom: agent.id, share: { isPublic: false } });
    expect(clone.knowledge).toHaveLength(1);
    const copyId = clone.knowledge[0]!.mediaId;
    expect(copyId).not.toBe(guide.id);
    expect(clone.knowledge[0]).toMatchObject({ type: 'file', name: 'desk-rules.md' });

    // the copy is bob's, with its bytes and its passages
    const copy = await call(bob, 'GET', `/ai/media/${copyId}`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json()).toMatchObject({ name: 'desk-rules.md', chunks: guide.chunks });
    const file = await call(bob, 'GET', `/ai/media/${copyId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(GUIDE);
    const chunks = (await call(bob, 'GET', `/ai/media/${copyId}/chunks`)).json() as AiMediaChunkList;
    expect(chunks.chunks.map((c) => c.text).join(' ')).toContain('fifteen minutes before');

    // the clone answers from its copy
    const before = await askAgent(bob, clone.id, 'What does the guide say about the news blackout?');
    expect(before.text).toMatch(/\[1\]/);
    expect(before.text).toContain('fifteen minutes');
    expect(before.sources[0]).toMatchObject({ kind: 'knowledge', title: 'desk-rules.md', mediaId: copyId });

    // the original's owner deletes her document: the clone's copy stays and still answers
    expect((await call(ada, 'DELETE', `/ai/media/${guide.id}`)).statusCode).toBe(200);
    expect((await call(bob, 'GET', `/ai/media/${copyId}`)).statusCode).toBe(200);
    const after = await askAgent(bob, clone.id, 'What does the guide say about the news blackout?');
    expect(after.text).toContain('fifteen minutes');
    expect(after.sources[0]).toMatchObject({ mediaId: copyId });

    // bob reaches none of ada's files by their ids, and cannot change her agent
    for (const id of [guide.id, secret.id]) {
      for (const url of [`/ai/media/${id}`, `/ai/media/${id}/file`, `/ai/media/${id}/chunks`]) {
        expect((await call(bob, 'GET', url)).statusCode, url).toBe(404);
      }
      expect((await call(bob, 'DELETE', `/ai/media/${id}`)).statusCode).toBe(404);
    }
    expect((await call(bob, 'PUT', `/ai/agents/${agent.id}`, { name: 'Mine now' })).statusCode).toBe(403);
    // nor does ada reach bob's copy
    expect((await call(ada, 'GET', `/ai/media/${copyId}`)).statusCode).toBe(404);
    // and his library search never returns her private notes
    const mine = await askAgent(bob, clone.id, 'What is the broker password hint?');
    expect(mine.text).not.toContain('blue notebook');
  });

  it('leaves out a document the owner deleted before the clone', async () => {
    const doc = await upload(ada, 'gone.md', 'Short-lived rules.');
    const agent = (
      await call(ada, 'POST', '/ai/agents', { name: 'Fleeting', knowledge: [{ type: 'file', media_id: doc.id }] })
    ).json() as AiAgent;
    await call(ada, 'POST', `/ai/agents/${agent.id}/share`, { allow_clone: true });
    await call(ada, 'DELETE', `/ai/media/${doc.id}`);
    const cloned = await call(bob, 'POST', `/ai/agents/${agent.id}/clone`);
    expect(cloned.statusCode, cloned.body).toBe(201);
    expect((cloned.json() as AiAgent).knowledge).toEqual([]);
  });
});
