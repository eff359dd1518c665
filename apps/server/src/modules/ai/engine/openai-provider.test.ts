import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.js';
import type { ModelEvent, ModelRequest } from '../ai.types.js';
import { type OpenAiTestServer, startOpenAiTestServer, vectorOf } from '../testing/openai-server.js';
import { isPrivateUrlHost, publicOnlyFetch } from './net-guard.js';
import { createOpenAiModel, type OpenAiModelOptions } from './openai-provider.js';

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiTestServer({ apiKey: 'sk-test-1234' });
});
afterAll(() => server.close());

const modelOf = (over: Partial<OpenAiModelOptions> = {}) =>
  createOpenAiModel({
    id: 'provider:test-model',
    label: 'test-model',
    baseUrl: server.baseUrl,
    apiKey: 'sk-test-1234',
    model: 'test-model',
    embeddingModel: 'test-embed',
    owner: 'operator',
    timeoutMs: 2000,
    maxRetries: 0,
    ...over,
  });

const request: ModelRequest = {
  messages: [
    { role: 'system', content: 'You are a trading assistant.' },
    { role: 'user', content: 'How did I do this week?' },
  ],
  tools: [
    {
      name: 'get_performance',
      description: 'Performance figures',
      parameters: { type: 'object', properties: { period: { type: 'string' } } },
    },
  ],
};

const live = () => new AbortController().signal;

async function collect(events: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const out: ModelEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

async function failure(events: AsyncIterable<ModelEvent>): Promise<AppError> {
  try {
    await collect(events);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the round to fail');
}

describe('OpenAI-compatible provider', () => {
  it('streams text deltas in order and reports the usage the server counted', async () => {
    server.reply({
      text: ['You made ', '+$412.50 ', 'this week.'],
      usage: { prompt_tokens: 120, completion_tokens: 9 },
    });
    const events = await collect(modelOf().chat(request, live()));
    expect(events).toEqual([
      { type: 'text', delta: 'You made ' },
      { type: 'text', delta: '+$412.50 ' },
      { type: 'text', delta: 'this week.' },
      { type: 'done', usage: { promptTokens: 120, completionTokens: 9 } },
    ]);
    const sent = server.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test-1234');
    expect(sent.body).toMatchObject({
      model: 'test-model',
      stream: true,
      messages: [
        { role: 'system', content: 'You are a trading assistant.' },
        { role: 'user', content: 'How did I do this week?' },
      ],
      tools: [{ type: 'function', function: { name: 'get_performance', description: 'Performance figures' } }],
    });
  });

  it('gathers tool calls streamed in fragments into whole calls, and sends the round trip back in protocol shape', async () => {
    const args = JSON.stringify({ period: 'this_week', group_by: 'day_of_week' });
    server.reply({
      toolCalls: [
        { id: 'call_a', name: 'get_performance', arguments: args, fragment: 3 },
        { id: 'call_b', name: 'get_accounts', arguments: '{}' },
      ],
    });
    const events = await collect(modelOf().chat(request, live()));
    expect(events.filter((e) => e.type === 'tool_call')).toEqual([
      { type: 'tool_call', call: { id: 'call_a', name: 'get_performance', arguments: args } },
      { type: 'tool_call', call: { id: 'call_b', name: 'get_accounts', arguments: '{}' } },
    ]);

    server.reply({ text: ['Net P/L this week: +$412.50.'] });
    await collect(
      modelOf().chat(
        {
          ...request,
          messages: [
            ...request.messages,
            { role: 'assistant', content: '', toolCalls: [{ id: 'call_a', name: 'get_performance', arguments: args }] },
            { role: 'tool', toolCallId: 'call_a', name: 'get_performance', content: '{"netProfit":412.5}' },
          ],
        },
        live(),
      ),
    );
    expect((server.requests.at(-1)!.body as { messages: unknown[] }).messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'get_performance', arguments: args } }],
      },
      { role: 'tool', tool_call_id: 'call_a', content: '{"netProfit":412.5}' },
    ]);
  });

  it('estimates the usage when the server reports none (quotas still count it)', async () => {
    server.reply({ text: ['12345678'], usage: null });
    const events = await collect(modelOf().chat(request, live()));
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    if (done?.type === 'done') {
      expect(done.usage.completionTokens).toBeGreaterThanOrEqual(2);
      expect(done.usage.promptTokens).toBeGreaterThan(0);
    }
  });

  it('turns a refused key into AI_PROVIDER_AUTH_FAILED (503, never 401) naming what to check', async () => {
    const error = await failure(modelOf({ apiKey: 'sk-wrong' }).chat(request, live()));
    expect(error.code).toBe('AI_PROVIDER_AUTH_FAILED');
    expect(error.category).toBe('unavailable');
    expect(error.message).toMatch(/refused the API key \(401\)/);
    expect(error.message).toMatch(/AI_API_KEY/);
    const own = await failure(modelOf({ apiKey: 'sk-wrong', owner: 'user' }).chat(request, live()));
    expect(own.message).toMatch(/your own model settings/);
  });

  it('turns 429 into AI_PROVIDER_RATE_LIMITED with the provider’s Retry-After', async () => {
    server.reply({ kind: 'error', status: 429, message: 'Rate limit reached', headers: { 'retry-after': '20' } });
    const error = await failure(modelOf().chat(request, live()));
    expect(error.code).toBe('AI_PROVIDER_RATE_LIMITED');
    expect(error.message).toMatch(/in 20 seconds/);
    expect(error.headers).toEqual({ 'retry-after': '20' });
  });

  it('turns 5xx into AI_PROVIDER_UNAVAILABLE and a 404 model into AI_PROVIDER_BAD_REQUEST with the provider’s reason', async () => {
    server.reply({ kind: 'error', status: 502, message: 'upstream down' });
    expect((await failure(modelOf().chat(request, live()))).code).toBe('AI_PROVIDER_UNAVAILABLE');
    server.reply({
      kind: 'error',
      status: 404,
      message: 'The model `nope` does not exist',
      type: 'invalid_request_error',
    });
    const error = await failure(modelOf({ model: 'nope' }).chat(request, live()));
    expect(error.code).toBe('AI_PROVIDER_BAD_REQUEST');
    expect(error.message).toMatch(/model nope \(404\): The model `nope` does not exist\./);
  });

  it('times out a provider that never answers, and one that goes silent mid-stream', async () => {
    server.reply({ kind: 'hang' });
    const silent = await failure(modelOf({ timeoutMs: 150 }).chat(request, live()));
    expect(silent.code).toBe('AI_PROVIDER_TIMEOUT');
    expect(silent.message).toMatch(/did not answer within 0.2 seconds/);

    server.reply({ text: ['Partial ', 'answer'], stallAfter: 2 });
    const seen: ModelEvent[] = [];
    let caught: unknown;
    try {
      for await (const e of modelOf({ timeoutMs: 150 }).chat(request, live())) seen.push(e);
    } catch (error) {
      caught = error;
    }
    expect(seen).toEqual([{ type: 'text', delta: 'Partial ' }]);
    expect((caught as AppError).code).toBe('AI_PROVIDER_TIMEOUT');
  });

  it('stops when the caller aborts, with the caller’s reason rather than a provider error', async () => {
    server.reply({ kind: 'hang' });
    const controller = new AbortController();
    const reason = new Error('the user cancelled');
    const round = collect(modelOf().chat(request, controller.signal));
    setTimeout(() => controller.abort(reason), 30);
    await expect(round).rejects.toBe(reason);
  });

  it('answers a provider that cannot be reached with AI_PROVIDER_UNAVAILABLE', async () => {
    const error = await failure(modelOf({ baseUrl: 'http://127.0.0.1:9/v1' }).chat(request, live()));
    expect(error.code).toBe('AI_PROVIDER_UNAVAILABLE');
    expect(error.message).toMatch(/could not be reached/);
  });

  it('embeds texts with the embedding model, in input order; no embedding model: no embed', async () => {
    const model = modelOf();
    const vectors = await model.embed!(['risk per trade', 'daily loss'], live());
    expect(vectors).toHaveLength(2);
    expect(vectors[0]).toHaveLength(8);
    expect(server.requests.at(-1)!.body).toMatchObject({
      model: 'test-embed',
      input: ['risk per trade', 'daily loss'],
    });
    expect(vectors[0]![0]).toBeCloseTo(vectorOf('risk per trade', 8)[0]!, 5);
    expect(modelOf({ embeddingModel: undefined }).embed).toBeUndefined();
  });
});

describe('public-only fetch for users’ own base URLs', () => {
  it('recognises private hosts by their text', () => {
    expect(isPrivateUrlHost('http://localhost:11434/v1')).toBe(true);
    expect(isPrivateUrlHost('http://127.0.0.1/v1')).toBe(true);
    expect(isPrivateUrlHost('http://10.1.2.3/v1')).toBe(true);
    expect(isPrivateUrlHost('http://[::1]:8000/v1')).toBe(true);
    expect(isPrivateUrlHost('https://api.example.com/v1')).toBe(false);
    expect(isPrivateUrlHost('http://8.8.8.8/v1')).toBe(false);
  });

  it('refuses to call a private address, which the provider reports as unreachable', async () => {
    const before = server.requests.length;
    const error = await failure(modelOf({ owner: 'user', fetch: publicOnlyFetch() }).chat(request, live()));
    expect(error.code).toBe('AI_PROVIDER_UNAVAILABLE');
    expect(server.requests.length).toBe(before);
  });
});
