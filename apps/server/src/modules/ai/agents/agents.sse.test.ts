import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, registerErrorHandler } from '../../../platform/errors.js';
import { within } from './agents.routes.js';
import { parseEvents, streamEvents } from './agents.sse.js';

let app: FastifyInstance;
let seenSignal: AbortSignal | undefined;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  const locked = () => new AppError('AI_LIMIT', 'locked', 'Feature limit reached: your daily AI allowance is used up.');
  app.post('/before', (_req, reply) =>
    streamEvents(reply, 1000, async () => {
      throw locked();
    }),
  );
  app.post('/after', (_req, reply) =>
    streamEvents(reply, 1000, async (emit) => {
      emit({ type: 'delta', text: 'Hel' });
      throw locked();
    }),
  );
  app.post('/crash', (_req, reply) =>
    streamEvents(reply, 1000, async (emit) => {
      emit({ type: 'delta', text: 'x' });
      throw new Error('secret internals');
    }),
  );
  app.post('/slow', (_req, reply) =>
    streamEvents(reply, 30, (emit, signal) => {
      seenSignal = signal;
      emit({ type: 'delta', text: 'thinking' });
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    }),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('the agents’ event streams', () => {
  it('a failure before the first event is an ordinary error answer (a quota’s 423)', async () => {
    const res = await app.inject({ method: 'POST', url: '/before' });
    expect(res.statusCode).toBe(423);
    expect(res.json()).toMatchObject({ statusCode: 423, code: 'AI_LIMIT' });
  });

  it('a failure after it ends the stream with one error event; internals stay hidden', async () => {
    const after = await app.inject({ method: 'POST', url: '/after' });
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(after.body).toContain('event: delta\ndata: {"type":"delta","text":"Hel"}\n\n');
    expect(parseEvents(after.body)).toEqual([
      { type: 'delta', text: 'Hel' },
      {
        type: 'error',
        statusCode: 423,
        code: 'AI_LIMIT',
        message: 'Feature limit reached: your daily AI allowance is used up.',
      },
    ]);
    const crash = await app.inject({ method: 'POST', url: '/crash' });
    expect(parseEvents(crash.body).at(-1)).toEqual({
      type: 'error',
      statusCode: 500,
      code: 'INTERNAL',
      message: 'The answer failed on the server. Try again.',
    });
    expect(crash.body).not.toContain('secret internals');
  });

  it('stops a run past its time limit and says so', async () => {
    const res = await app.inject({ method: 'POST', url: '/slow' });
    expect(seenSignal?.aborted).toBe(true);
    expect(parseEvents(res.body).at(-1)).toEqual({
      type: 'error',
      statusCode: 503,
      code: 'AI_TIMEOUT',
      message: 'The answer took longer than 30 ms and was stopped.',
    });
  });
});

describe('the time limit of the single calls', () => {
  it('answers what finished in time, and a 503 AI_TIMEOUT naming the limit otherwise', async () => {
    await expect(within(50, Promise.resolve('done'))).resolves.toBe('done');
    await expect(within(20, new Promise(() => {}))).rejects.toMatchObject({
      code: 'AI_TIMEOUT',
      category: 'unavailable',
      message: 'The call took longer than 20 ms and was stopped.',
    });
  });
});
