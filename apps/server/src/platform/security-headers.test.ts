import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp, testConfig } from '../../test/helpers.js';
import { TestWsClient } from '../../test/ws-client.js';
import { buildApp } from '../app.js';
import { apiDocsPolicy, permissionsPolicy } from './security-headers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it.each([
    ['GET', '/api/health'],
    ['GET', '/api/no-such-route'],
    ['POST', '/api/customer/login'],
  ])('are on every answer: %s %s', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      payload: method === 'POST' ? {} : undefined,
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toBe(permissionsPolicy);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it('give every answer a nonce of its own, whatever the host', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1100; i++) {
      const host = i % 2 === 0 ? 'trade.example.com' : `h${i % 100}.example.com`;
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('connect-src')).toBe(`'self' ws://${host} wss://${host}`);
      seen.add(String(csp.get('style-src')));
    }
    expect(seen.size).toBe(1100);
  });

  it('send a strict Content-Security-Policy: own scripts only, inline styles by nonce, no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'trade.example.com:8443' } });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('script-src-attr')).toBe("'none'");
    expect(csp.get('style-src')).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{24}'$/);
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    expect(csp.get('connect-src')).toBe("'self' ws://trade.example.com:8443 wss://trade.example.com:8443");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe');
  });

  it('never echoes a Host header that is not a plain host into the policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'evil.com; script-src *' } });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
  });

  it('leave HSTS to production, and upgrade-insecure-requests to production over HTTPS', async () => {
    const dev = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(dev.headers['strict-transport-security']).toBeUndefined();
    expect(directives(dev.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);

    for (const [publicUrl, upgrades] of [
      ['https://trade.example.com', true],
      ['http://localhost:8080', false],
    ] as const) {
      const prod = await buildApp(testConfig({ env: 'production', publicUrl }), {
        database: t.database,
        skipMigrations: true,
      });
      try {
        const res = await prod.inject({ method: 'GET', url: '/api/health' });
        expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
        expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(upgrades);
      } finally {
        await prod.close();
      }
    }
  });

  it('give the API reference its own policy, and it still loads', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.headers['content-security-policy']).toBe(apiDocsPolicy);
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(directives(apiDocsPolicy).get('script-src')).toBe("'self'");
    expect(directives(apiDocsPolicy).get('frame-ancestors')).toBe("'none'");
  });
});

describe('compressed answers', () => {
  it('sends JSON over 1 KB with brotli when the client accepts it, and gzip when only that', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/market/timezones' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/market/timezones',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/market/timezones',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});

describe('WebSocket upgrades with compression on', () => {
  let listening: TestApp;
  const clients: TestWsClient[] = [];
  beforeAll(async () => {
    listening = await createTestApp({ database: t.database });
    await listening.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const c of clients) c.close();
  });

  it('upgrade as before for a browser that accepts compressed answers', async () => {
    const user = await signUpAndLogin(listening.app);
    const address = listening.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    const client = await TestWsClient.connect(`ws://127.0.0.1:${address.port}/api/ws`, {
      headers: { cookie: user.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    clients.push(client);
    expect(await client.subscribe('user')).toMatchObject({ type: 'subscribed', channel: 'user' });
  });
});
