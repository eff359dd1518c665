import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, defineErrors, registerErrorHandler } from './errors.js';

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
  const thingError = defineErrors({ THING_TAKEN: 'conflict', THING_LOCKED: 'locked' });
  app.get('/taken', async () => {
    throw thingError('THING_TAKEN', 'name: this name is taken');
  });
  app.get('/slow-down', async () => {
    throw new AppError('RATE_LIMITED', 'rate_limited', 'Too many attempts', undefined, { 'retry-after': '30' });
  });
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('names the field and the reason of a validation error', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'x', size: 3 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(body.message).toMatch(/^name: /);
    expect(body.details.fields).toEqual([{ field: 'name', message: expect.stringMatching(/2/) }]);
  });

  it('says a missing field is required and lists every bad field', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/things', payload: { size: 99 } });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.fields as Array<{ field: string; message: string }>;
    expect(fields).toContainEqual({ field: 'name', message: 'is required' });
    expect(fields.map((f) => f.field)).toContain('size');
  });

  it('maps an AppError category to its status and keeps its headers', async () => {
    const app = await appWithRoutes();
    const taken = await app.inject({ method: 'GET', url: '/taken' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ statusCode: 409, code: 'THING_TAKEN', message: 'name: this name is taken' });
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
