import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, defineErrors, registerErrorHandler } from './errors.js';
import { validatorCompiler } from './validation.js';

async function appWithRoutes() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.post(
    '/things',
    { schema: { body: z.object({ name: z.string().min(2), size: z.number().int().max(10) }).strict() } },
    async () => ({ ok: true }),
  );
  app.get('/boom', async () => {
    throw new Error('select * from secret_table failed');
  });
  const thingError = defineErrors({ THING_TAKEN: 'conflict', THING_LOCKED: 'locked', THING_PASSWORD: 'validation' });
  app.get('/taken', async () => {
    throw thingError('THING_TAKEN', 'This name is taken.');
  });
  app.get('/wrong-password', async () => {
    throw thingError.onField('password', 'THING_PASSWORD', 'The password is incorrect.');
  });
  app.get('/slow-down', async () => {
    throw new AppError('RATE_LIMITED', 'rate_limited', 'Too many attempts.', undefined, { 'retry-after': '30' });
  });
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('answers a sentence naming the field and the reason of a validation error', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'x', size: 3 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'name must be at least 2 characters.',
      details: { fields: [{ field: 'name', message: 'name must be at least 2 characters.' }] },
    });
  });

  it('says a missing field is required and lists every bad field, as sentences', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/things', payload: { size: 99 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('name is required.');
    expect(res.json().details.fields).toEqual([
      { field: 'name', message: 'name is required.' },
      { field: 'size', message: 'size must be at most 10.' },
    ]);
  });

  it('words wrong types, unknown keys and a wrong body as sentences, not as zod’s fragments', async () => {
    const app = await appWithRoutes();
    const wrong = await app.inject({ method: 'POST', url: '/things', payload: { name: 5, size: 'big', extra: 1 } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.fields).toEqual([
      { field: 'name', message: 'name must be text.' },
      { field: 'size', message: 'size must be a number.' },
      { field: 'extra', message: 'extra is not a known field.' },
    ]);
    const notObject = await app.inject({ method: 'POST', url: '/things', payload: [1, 2] });
    expect(notObject.json()).toMatchObject({
      message: 'The request body must be an object.',
      details: { fields: [{ field: 'body', message: 'The request body must be an object.' }] },
    });
    expect(notObject.body).not.toMatch(/Invalid input|expected|received/);
  });

  it('names a field of a failure about it in details, so forms can show it under the field', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: '/wrong-password' });
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'THING_PASSWORD',
      message: 'The password is incorrect.',
      details: { fields: [{ field: 'password', message: 'The password is incorrect.' }] },
    });
  });

  it('maps an AppError category to its status and keeps its headers', async () => {
    const app = await appWithRoutes();
    const taken = await app.inject({ method: 'GET', url: '/taken' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ statusCode: 409, code: 'THING_TAKEN', message: 'This name is taken.' });
    const limited = await app.inject({ method: 'GET', url: '/slow-down' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
  });

  it('hides the message of an unexpected failure', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Internal server error' });
    expect(res.body).not.toContain('secret_table');
  });
});
