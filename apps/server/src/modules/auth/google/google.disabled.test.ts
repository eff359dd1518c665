import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/helpers.js';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await createTestApp({ config: { google: undefined } }));
});

describe('Google sign-in when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not set', () => {
  it.each([
    ['/api/customer/login/google'],
    ['/api/customer/login/google?redirect=/dashboard'],
    ['/api/customer/login/google/callback?code=abc&state=def'],
  ])('GET %s answers 404 AUTH_GOOGLE_DISABLED', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      code: 'AUTH_GOOGLE_DISABLED',
      message: 'Google sign-in is not enabled on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set).',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('both routes are in the OpenAPI document with their query and the 302', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const start = doc.paths['/api/customer/login/google']?.get;
    const callback = doc.paths['/api/customer/login/google/callback']?.get;
    expect(start?.tags).toEqual(['auth']);
    expect(start?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'redirect', in: 'query', required: false })]),
    );
    expect(Object.keys(start?.responses ?? {})).toEqual(expect.arrayContaining(['302', '404', '503']));
    expect(callback?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'code', in: 'query' }),
        expect.objectContaining({ name: 'state', in: 'query' }),
        expect.objectContaining({ name: 'error', in: 'query' }),
      ]),
    );
    expect(Object.keys(callback?.responses ?? {})).toContain('302');
  });
});
