import { describe, expect, it } from 'vitest';
import { createTestApp, testDbKind } from '../../../test/helpers.js';

describe('health', () => {
  it('GET /api/health says the process is alive', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('GET /api/ready reports the database kind it reached', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: testDbKind });
  });

  it('GET /api/ready answers 503 when the database is gone', async () => {
    const { app, database } = await createTestApp();
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'DATABASE_UNREACHABLE' });
  });

  it('GET /api/ready does not name the database kind in production', async () => {
    const { app } = await createTestApp({ config: { env: 'production' } });
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.body).not.toMatch(/pglite|postgres/i);
  });

  it('API_DOCS=false turns the reference and the document off: 404 in the app error shape', async () => {
    const { app } = await createTestApp({ config: { apiDocs: false } });
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'There is nothing at this address.' });
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('unknown routes answer the error body', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'There is nothing at this address.' });
  });

  it('serves the OpenAPI document and the interactive reference', async () => {
    const { app } = await createTestApp();
    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api/health');
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
