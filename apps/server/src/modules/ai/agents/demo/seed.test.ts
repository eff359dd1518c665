import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../../test/helpers.js';
import { fakeConversation, fakeMedia, fakeModels, fakeRegistry } from '../agents.fakes.js';
import { createAiAgents } from '../agents.module.js';
import { DEMO_AGENT_NAME, seedAgentsDemo } from './seed.js';
import { TRADING_RULES_GUIDE } from './trading-rules-guide.js';

let app: FastifyInstance;
let demo: SignedInUser;
const library = fakeMedia();
let agents: ReturnType<typeof createAiAgents>;

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { withoutAi: true }, config: { role: 'api' } }));
  agents = createAiAgents(app.ctx, {
    conversation: fakeConversation().conversation,
    registry: fakeRegistry(new Map()).registry,
    knowledge: library.search,
    media: library.media,
    models: fakeModels(),
  });
  await app.register(agents.routes, { prefix: '/api' });
  demo = await signUpAndLogin(app);
});

describe('the demo agent', () => {
  it('ships the trading rules guide as written in trading-rules-guide.md, about 1,000 words', () => {
    const md = readFileSync(new URL('./trading-rules-guide.md', import.meta.url), 'utf8');
    expect(TRADING_RULES_GUIDE).toBe(md);
    const words = md.split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThan(900);
    expect(words).toBeLessThan(1300);
    for (const topic of ['Risk per trade', 'Daily loss', 'News blackout', 'Position sizing', 'Journaling']) {
      expect(md.toLowerCase()).toContain(topic.toLowerCase());
    }
  });

  it('seeds "Trading rules coach" once, pinned, with the guide as its knowledge document', async () => {
    const deps = {
      users: { findByEmail: async () => ({ id: demo.userId }) },
      agents: agents.service,
      media: library.media,
      now: () => new Date('2026-03-02T09:00:00Z'),
      log: app.log,
    };
    expect(await seedAgentsDemo(deps)).toBe(true);
    expect(await seedAgentsDemo(deps)).toBe(false);
    const res = await app.inject({ method: 'GET', url: '/api/ai/agents', headers: demo.auth });
    const list = res.json() as {
      agents: { name: string; pinned: boolean; knowledge: { mediaId: string; name: string }[] }[];
    };
    expect(list.agents).toHaveLength(1);
    const agent = list.agents[0]!;
    expect(agent).toMatchObject({
      name: DEMO_AGENT_NAME,
      pinned: true,
      knowledge: [{ name: 'trading-rules-guide.md' }],
    });
    const file = library.files.get(agent.knowledge[0]!.mediaId);
    expect(file).toMatchObject({ owner: demo.userId, type: 'text/markdown', text: TRADING_RULES_GUIDE });
    expect(await seedAgentsDemo({ ...deps, users: { findByEmail: async () => null } })).toBe(false);
  });
});
