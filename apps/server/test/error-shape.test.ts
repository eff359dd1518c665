import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from './auth-helpers.js';
import { createTestApp } from './helpers.js';

/**
 * Issue 6 item 10: every answer, including what Fastify and Node's HTTP parser refuse before a route runs,
 * has the app's error shape `{ statusCode, code, message }` and echoes nothing of the request.
 */
let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await createTestApp());
});

const MARKER = 'echo-marker-7d1f';

function expectShape(res: { statusCode: number; body: string }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'statusCode']);
  expect(body).toMatchObject({ statusCode: status, code, message: expect.stringMatching(/^[A-Z].*\.$/) });
  expect(res.body).not.toContain(MARKER);
  expect(res.body).not.toMatch(/FST_|\/api\//);
}

describe('framework errors through app.inject', () => {
  it('bad JSON is 400 INVALID_JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email": "${MARKER}`,
    });
    expectShape(res, 400, 'INVALID_JSON');
  });

  it('a __proto__ key is refused as 400 INVALID_JSON (prototype poisoning)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.test","password":"x","__proto__":{"isAdmin":true}}',
    });
    expectShape(res, 400, 'INVALID_JSON');
  });

  it('an unsupported content type is 415 UNSUPPORTED_MEDIA_TYPE without echoing it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      headers: { 'content-type': `application/x-${MARKER}` },
      payload: '<login/>',
    });
    expectShape(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a body over the limit is 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expectShape(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a Content-Length that does not match the body is 400 BAD_REQUEST', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      headers: { 'content-type': 'application/json', 'content-length': '500' },
      payload: '{"email":"a@b.test"}',
    });
    expectShape(res, 400, 'BAD_REQUEST');
  });

  it('a malformed percent-encoding in the path is 400 INVALID_URL without echoing the path', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/profile/username/${MARKER}%E0%A4%A` });
    expectShape(res, 400, 'INVALID_URL');
  });

  it('an over-long path parameter is 414 URI_TOO_LONG', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/profile/username/${MARKER}${'a'.repeat(200)}` });
    expectShape(res, 414, 'URI_TOO_LONG');
  });

  it('a URL over 8 KB is 414 URI_TOO_LONG', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/health?${MARKER}=${'a'.repeat(9000)}` });
    expectShape(res, 414, 'URI_TOO_LONG');
  });

  it('an unknown route is 404 NOT_FOUND without echoing the path or the method', async () => {
    const res = await app.inject({ method: 'PATCH', url: `/api/${MARKER}/x?y=1` });
    expectShape(res, 404, 'NOT_FOUND');
    expect(res.body).not.toContain('PATCH');
  });

  it('the docs under /api/docs with an unknown asset also answer the shape', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/docs/static/${MARKER}.js` });
    expectShape(res, 404, 'NOT_FOUND');
  });
});

describe('body-less calls that carry Content-Type: application/json', () => {
  it('POST /api/customer/refresh with no body reaches the route (401 for want of a token, not a 400)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_REQUIRED');
  });

  it('DELETE /api/customer/sessions with no body signs out every session', async () => {
    const user = await signUpAndLogin(app);
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/customer/sessions',
      headers: { ...user.auth, 'content-type': 'application/json', 'content-length': '0' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ revoked: 1, signedOut: true });
  });

  it('a route that needs a body says the body is required', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The request body is required.' });
  });
});

describe('what Node’s HTTP parser refuses, through a listening server', () => {
  let port: number;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  /** Sends raw bytes and answers the status line and the body of what comes back. */
  function raw(request: string): Promise<{ statusCode: number; body: string; head: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', () => {
        // the server closes the connection after answering; what arrived is what counts
      });
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n');
        const statusCode = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
        if (!statusCode) reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
        else resolve({ statusCode, body, head });
      });
      socket.end(request);
    });
  }

  it('a header over the size limit is 431 HEADER_TOO_LARGE', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${MARKER}${'a'.repeat(20_000)}\r\n\r\n`);
    expectShape(res, 431, 'HEADER_TOO_LARGE');
    expect(res.head).toMatch(/content-type: application\/json/i);
  });

  it('a request line longer than the parser takes is 414 URI_TOO_LONG', async () => {
    const res = await raw(`GET /api/health?${MARKER}=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectShape(res, 414, 'URI_TOO_LONG');
  });

  it('a URL between 8 KB and the parser limit is 414 URI_TOO_LONG too', async () => {
    const res = await raw(
      `GET /api/health?${MARKER}=${'a'.repeat(9000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expectShape(res, 414, 'URI_TOO_LONG');
  });

  it('bytes that are not HTTP are 400 BAD_REQUEST', async () => {
    const res = await raw(`${MARKER}\u0000\r\n\r\n`);
    expectShape(res, 400, 'BAD_REQUEST');
  });

  it('a normal request still works on the same server', async () => {
    const res = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.statusCode).toBe(200);
  });
});
