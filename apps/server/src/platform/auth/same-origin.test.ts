import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { TestWsClient } from '../../../test/ws-client.js';
import { siteOf, trustedOrigins } from './same-origin.js';

const PUBLIC_URL = 'https://app.example.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});

describe('siteOf', () => {
  const trusted = trustedOrigins(PUBLIC_URL);
  it.each([
    [{ origin: 'https://app.example.test' }, 'same'],
    [{ origin: 'HTTPS://APP.EXAMPLE.TEST' }, 'same'],
    [{ origin: 'https://evil.example' }, 'cross'],
    [{ origin: 'http://app.example.test' }, 'cross'],
    [{ origin: 'https://app.example.test:8443' }, 'cross'],
    [{ origin: 'null' }, 'cross'],
    [{ origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }, 'cross'],
    [{ 'sec-fetch-site': 'same-origin' }, 'same'],
    [{ 'sec-fetch-site': 'none' }, 'same'],
    [{ 'sec-fetch-site': 'same-site' }, 'cross'],
    [{ 'sec-fetch-site': 'cross-site' }, 'cross'],
    [{}, 'unknown'],
  ] as const)('%j -> %s', (headers, site) => {
    expect(siteOf(headers, trusted)).toBe(site);
  });

  it('a loopback PUBLIC_URL trusts its other loopback names on the same port only', () => {
    const local = trustedOrigins('http://localhost:8080');
    expect(siteOf({ origin: 'http://127.0.0.1:8080' }, local)).toBe('same');
    expect(siteOf({ origin: 'http://[::1]:8080' }, local)).toBe('same');
    expect(siteOf({ origin: 'http://127.0.0.1:5173' }, local)).toBe('cross');
    expect(siteOf({ origin: 'https://localhost:8080' }, local)).toBe('cross');
  });
});

const themeOf = async (user: SignedInUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/customer/configuration', headers: user.auth })).json().theme;

const putTheme = (theme: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/customer/theme', payload: { theme }, headers });

describe('state-changing requests authenticated by cookie', () => {
  it('refuses a cross-site one with 403 CROSS_SITE_REQUEST, and nothing changes', async () => {
    const user = await signUpAndLogin(t.app);
    const before = await themeOf(user);
    const forged: Array<[Record<string, string>, string]> = [
      [{ origin: 'https://evil.example' }, 'https://evil.example'],
      [{ 'sec-fetch-site': 'cross-site' }, 'another site'],
    ];
    for (const [headers, from] of forged) {
      const res = await putTheme(before === 'light' ? 'dark' : 'light', { cookie: user.cookie, ...headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        statusCode: 403,
        code: 'CROSS_SITE_REQUEST',
        message: `This request came from ${from}, not from a TradeDesk page: it was refused and nothing changed. A browser may send it only from pages of https://app.example.test.`,
      });
    }
    expect(await themeOf(user)).toBe(before);
  });

  it('accepts a same-site one (Origin of PUBLIC_URL, or Sec-Fetch-Site same-origin)', async () => {
    const user = await signUpAndLogin(t.app);
    const byOrigin = await putTheme('light', { cookie: user.cookie, origin: PUBLIC_URL });
    expect(byOrigin.statusCode).toBe(200);
    const byFetchSite = await putTheme('sync', { cookie: user.cookie, 'sec-fetch-site': 'same-origin' });
    expect(byFetchSite.statusCode).toBe(200);
    expect(await themeOf(user)).toBe('sync');
  });

  it('leaves bearer clients alone, with or without an Origin', async () => {
    const user = await signUpAndLogin(t.app);
    expect((await putTheme('light', user.auth)).statusCode).toBe(200);
    expect((await putTheme('dark', { ...user.auth, origin: 'https://partner.example' })).statusCode).toBe(200);
  });

  it('refuses a sign-in posted from another site (login CSRF), not one from an API client', async () => {
    const user = await signUpAndLogin(t.app);
    const payload = { email: user.email, password: user.password };
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload,
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.cookies).toHaveLength(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/customer/login', payload })).statusCode).toBe(200);
  });
});

describe('GET /api/customer/logout', () => {
  const logout = (user: SignedInUser, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/customer/logout', headers: { cookie: user.cookie, ...headers } });
  const alive = async (user: SignedInUser) =>
    (await t.app.inject({ method: 'GET', url: '/api/customer/sessions', headers: user.auth })).statusCode === 200;

  it('signs nobody out from a link or image on another site, and says so', async () => {
    const user = await signUpAndLogin(t.app);
    const res = await logout(user, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_SITE_REQUEST');
    expect(res.cookies).toHaveLength(0);
    expect(await alive(user)).toBe(true);
  });

  it('signs out from the app itself (same-origin fetch, or a typed address)', async () => {
    for (const site of ['same-origin', 'none']) {
      const user = await signUpAndLogin(t.app);
      const res = await logout(user, { 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(200);
      expect(await alive(user)).toBe(false);
    }
  });
});

describe('WebSocket handshake', () => {
  function wsUrl(app: FastifyInstance): string {
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('app is not listening');
    return `ws://127.0.0.1:${address.port}/api/ws`;
  }
  const opened: TestWsClient[] = [];
  afterAll(() => {
    for (const c of opened) c.close();
  });
  const connect = async (options: Parameters<typeof TestWsClient.connect>[1]) => {
    const client = await TestWsClient.connect(wsUrl(t.app), options);
    opened.push(client);
    return client;
  };

  it('refuses a cookie-authenticated handshake from a foreign Origin', async () => {
    const user = await signUpAndLogin(t.app);
    await expect(connect({ headers: { cookie: user.cookie, origin: 'https://evil.example' } })).rejects.toThrow(
      'upgrade refused: 403',
    );
  });

  it('accepts it from PUBLIC_URL, and a bearer sub-protocol from anywhere', async () => {
    const user = await signUpAndLogin(t.app);
    const own = await connect({ headers: { cookie: user.cookie, origin: PUBLIC_URL } });
    expect(await own.subscribe('user')).toEqual({ type: 'subscribed', channel: 'user' });
    const api = await connect({
      protocols: [`bearer.${user.accessToken}`],
      headers: { origin: 'https://tool.example' },
    });
    expect(await api.subscribe('user')).toEqual({ type: 'subscribed', channel: 'user' });
  });
});
