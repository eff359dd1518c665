import type { AiModelList, AiUserModelSettings } from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import type { AiConfig } from '../../../config.js';
import { createManualClock } from '../../../platform/clock.js';
import type { ActionStore, ChatModel, ModelEvent } from '../ai.types.js';
import { type OpenAiTestServer, startOpenAiTestServer } from '../testing/openai-server.js';
import { createAiEngine } from './engine.module.js';
import { createKeyCipher } from './key-cipher.js';
import { createAiUserModelsRepository } from './models.repository.js';
import { createAiModelSettingsService } from './models.service.js';
import { aiUserModels } from './models.table.js';

const clock = createManualClock('2026-03-06T15:00:00Z');
const builtIn: ChatModel = {
  id: 'built-in-analyst',
  label: 'Built-in analyst',
  builtIn: true,
  async *chat() {
    yield { type: 'text', delta: 'built-in' };
    yield { type: 'done', usage: { promptTokens: 0, completionTokens: 0 } };
  },
};
const actions: ActionStore = {
  propose: () => Promise.reject(new Error('no actions in these tests')),
};

let operatorServer: OpenAiTestServer;
let userServer: OpenAiTestServer;
let open: { app: FastifyInstance; engine: ReturnType<typeof createAiEngine> };
let closed: { app: FastifyInstance; engine: ReturnType<typeof createAiEngine> };
let ada: SignedInUser;
let bob: SignedInUser;
let dan: SignedInUser;

const aiConfig = (over: Partial<AiConfig>): AiConfig => ({
  provider: undefined,
  userKeys: false,
  userPrivateUrls: false,
  keySecret: Buffer.alloc(32, 3).toString('base64'),
  requestTimeoutMs: 2000,
  toolTimeoutMs: 1000,
  ...over,
});

async function appWith(ai: AiConfig) {
  const { app } = await createTestApp({ config: { ai }, build: { clock, withoutAi: true } });
  const engine = createAiEngine(app.ctx, { builtIn, actions });
  await app.register(engine.routes, { prefix: '/api' });
  return { app, engine };
}

beforeAll(async () => {
  [operatorServer, userServer] = await Promise.all([
    startOpenAiTestServer({ apiKey: 'sk-operator-0000' }),
    startOpenAiTestServer({ apiKey: 'sk-user-key-1234' }),
  ]);
  open = await appWith(
    aiConfig({
      provider: {
        baseUrl: operatorServer.baseUrl,
        apiKey: 'sk-operator-0000',
        model: 'op-model',
        embeddingModel: 'op-embed',
      },
      userKeys: true,
      // the user's provider in these tests is a local server
      userPrivateUrls: true,
    }),
  );
  closed = await appWith(aiConfig({}));
  [ada, bob] = await Promise.all([signUpAndLogin(open.app), signUpAndLogin(open.app)]);
  dan = await signUpAndLogin(closed.app);
});
afterAll(async () => {
  await Promise.all([operatorServer.close(), userServer.close()]);
});

type Method = 'GET' | 'PUT' | 'DELETE';
const call = (app: FastifyInstance, user: SignedInUser | null, method: Method, payload?: object) =>
  app.inject({
    method,
    url: '/api/ai/settings/model',
    headers: user ? user.auth : {},
    ...(payload ? { payload } : {}),
  });
const modelsOf = async (app: FastifyInstance, user: SignedInUser) => {
  const res = await app.inject({ method: 'GET', url: '/api/ai/models', headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AiModelList;
};

async function textOf(model: ChatModel): Promise<string> {
  let text = '';
  for await (const e of model.chat(
    { messages: [{ role: 'user', content: 'hi' }], tools: [] },
    new AbortController().signal,
  ) as AsyncIterable<ModelEvent>) {
    if (e.type === 'text') text += e.delta;
  }
  return text;
}

describe('with no model configured (the default)', () => {
  it('lists only the built-in analyst, active, and answers with it', async () => {
    expect(await modelsOf(closed.app, dan)).toEqual({
      models: [
        {
          id: 'built-in-analyst',
          label: 'Built-in analyst',
          kind: 'built_in',
          builtIn: true,
          model: null,
          host: null,
          embeddings: false,
          active: true,
        },
      ],
      activeId: 'built-in-analyst',
      userKeysAllowed: false,
    });
    expect(await closed.engine.models.forUser(dan.userId)).toBe(builtIn);
    expect(await closed.engine.models.embedder(dan.userId)).toBeNull();
  });

  it('refuses users’ own keys with 403 AI_USER_KEYS_DISABLED, and says so in GET', async () => {
    const res = await call(closed.app, dan, 'PUT', {
      base_url: 'https://api.example.com/v1',
      api_key: 'sk-x',
      model: 'm',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'AI_USER_KEYS_DISABLED',
      message: expect.stringMatching(/AI_USER_KEYS=allow/),
    });
    expect((await call(closed.app, dan, 'GET')).json()).toEqual({
      allowed: false,
      configured: false,
      baseUrl: null,
      model: null,
      embeddingModel: null,
      keyHint: null,
      updatedAt: null,
    });
  });

  it('needs a signed-in caller', async () => {
    expect((await closed.app.inject({ method: 'GET', url: '/api/ai/models' })).statusCode).toBe(401);
    expect((await call(closed.app, null, 'GET')).statusCode).toBe(401);
  });
});

describe('with the operator’s provider and users’ own keys allowed', () => {
  it('the operator’s model answers, with embeddings, until a user saves their own', async () => {
    const list = await modelsOf(open.app, bob);
    expect(list.activeId).toBe('provider:op-model');
    expect(list.userKeysAllowed).toBe(true);
    expect(list.models.map((m) => [m.kind, m.active])).toEqual([
      ['built_in', false],
      ['provider', true],
    ]);
    expect(list.models[1]).toMatchObject({
      model: 'op-model',
      host: new URL(operatorServer.baseUrl).host,
      embeddings: true,
    });

    const model = await open.engine.models.forUser(bob.userId);
    operatorServer.reply({ text: ['from the operator'] });
    expect(await textOf(model)).toBe('from the operator');
    expect(operatorServer.requests.at(-1)!.headers.authorization).toBe('Bearer sk-operator-0000');
    const embedder = await open.engine.models.embedder(bob.userId);
    expect(embedder?.id).toMatch(/^127\.0\.0\.1:\d+\//);
    expect(await embedder!.embed(['a', 'b'], new AbortController().signal)).toHaveLength(2);
  });

  it('saves a user’s own provider: the key is sealed at rest, never returned, and their chats go to it', async () => {
    const res = await call(open.app, ada, 'PUT', {
      base_url: userServer.baseUrl,
      api_key: 'sk-user-key-1234',
      model: 'my-model',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('sk-user-key');
    expect(res.json()).toEqual({
      allowed: true,
      configured: true,
      baseUrl: userServer.baseUrl,
      model: 'my-model',
      embeddingModel: null,
      keyHint: '…1234',
      updatedAt: '2026-03-06T15:00:00.000Z',
    } satisfies AiUserModelSettings);
    const [row] = await open.app.ctx.db.select().from(aiUserModels).where(eq(aiUserModels.userId, ada.userId));
    expect(row!.keySealed).toMatch(/^k1\./);
    expect(row!.keySealed).not.toContain('sk-user-key');

    const list = await modelsOf(open.app, ada);
    expect(list.activeId).toBe('user:my-model');
    expect(list.models.find((m) => m.kind === 'user')).toMatchObject({ active: true, embeddings: false });

    userServer.reply({ text: ['from my own model'] });
    expect(await textOf(await open.engine.models.forUser(ada.userId))).toBe('from my own model');
    expect(userServer.requests.at(-1)!.headers.authorization).toBe('Bearer sk-user-key-1234');
    // no embedding model of their own: no vector retrieval
    expect(await open.engine.models.embedder(ada.userId)).toBeNull();

    // another user sees nothing of it and keeps the operator's model
    expect((await call(open.app, bob, 'GET')).json()).toMatchObject({
      configured: false,
      baseUrl: null,
      keyHint: null,
    });
    expect((await modelsOf(open.app, bob)).activeId).toBe('provider:op-model');
    expect((await call(open.app, bob, 'DELETE')).json()).toMatchObject({ code: 'AI_USER_MODEL_NOT_FOUND' });
  });

  it('keeps the saved key when only the model changes, but never sends it to another host', async () => {
    clock.advance(1000);
    const res = await call(open.app, ada, 'PUT', { base_url: userServer.baseUrl, model: 'my-model-2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ model: 'my-model-2', keyHint: '…1234' });
    userServer.reply({ text: ['model two'] });
    expect(await textOf(await open.engine.models.forUser(ada.userId))).toBe('model two');
    expect((userServer.requests.at(-1)!.body as { model: string }).model).toBe('my-model-2');

    expectFieldError(await call(open.app, ada, 'PUT', { base_url: 'https://elsewhere.example.com/v1', model: 'x' }), {
      code: 'AI_USER_MODEL_KEY_REQUIRED',
      field: 'api_key',
      message: /another host/,
    });
  });

  it('validates the body field by field', async () => {
    expectFieldError(
      await call(open.app, bob, 'PUT', { base_url: 'ftp://files.example.com', api_key: 'k', model: 'm' }),
      {
        field: 'base_url',
        message: /http\(s\) URL/,
      },
    );
    expectFieldError(
      await call(open.app, bob, 'PUT', { base_url: 'https://u:p@api.example.com/v1', api_key: 'k', model: 'm' }),
      { field: 'base_url' },
    );
    expectFieldError(await call(open.app, bob, 'PUT', { base_url: 'https://api.example.com/v1', api_key: 'k' }), {
      field: 'model',
    });
    expectFieldError(await call(open.app, bob, 'PUT', { base_url: 'https://api.example.com/v1', model: 'm' }), {
      code: 'AI_USER_MODEL_KEY_REQUIRED',
      field: 'api_key',
    });
  });

  it('removes the user’s own provider; the operator’s model answers again', async () => {
    const res = await call(open.app, ada, 'DELETE');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ configured: false, keyHint: null });
    expect((await modelsOf(open.app, ada)).activeId).toBe('provider:op-model');
    expect((await call(open.app, ada, 'DELETE')).statusCode).toBe(404);
  });
});

describe('users’ own base URLs', () => {
  it('are refused on loopback and private addresses unless the operator allows them', async () => {
    const service = createAiModelSettingsService({
      config: aiConfig({ userKeys: true, userPrivateUrls: false }),
      repo: createAiUserModelsRepository(open.app.ctx.db),
      cipher: createKeyCipher(Buffer.alloc(32, 3).toString('base64')),
      clock,
    });
    for (const base_url of ['http://localhost:11434/v1', 'http://192.168.1.20:8000/v1', 'http://[::1]/v1']) {
      await expect(service.put(bob.userId, { base_url, api_key: 'k', model: 'm' })).rejects.toMatchObject({
        code: 'AI_USER_MODEL_URL_PRIVATE',
        details: { fields: [{ field: 'base_url' }] },
      });
    }
  });

  it('a sealed key opens only for the user it was sealed for', () => {
    const cipher = createKeyCipher(Buffer.alloc(32, 3).toString('base64'));
    const sealed = cipher.seal('sk-secret', ada.userId);
    expect(cipher.open(sealed, ada.userId)).toBe('sk-secret');
    expect(() => cipher.open(sealed, bob.userId)).toThrow();
  });
});
