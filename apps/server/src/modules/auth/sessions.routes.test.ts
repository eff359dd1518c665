import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';

const clock = createManualClock('2026-05-04T08:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { clock } });
});

const SECOND = 1000;
const inject = (opts: InjectOptions) => t.app.inject(opts);

/** Signs the same user in again from another device; answers that session's bearer header. */
async function anotherLogin(user: { email: string; password: string }, userAgent: string) {
  clock.advance(SECOND);
  const res = await inject({
    method: 'POST',
    url: '/api/customer/login',
    headers: { 'user-agent': userAgent },
    remoteAddress: '203.0.113.7',
    payload: { email: user.email, password: user.password, return_tokens: true },
  });
  const { tokens } = res.json();
  return { sessionId: tokens.sessionId as string, auth: { authorization: `Bearer ${tokens.accessToken}` } };
}

const firefoxMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';
const safariIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('GET /api/customer/sessions', () => {
  it('lists the live sessions newest first with device, ip and which one is current', async () => {
    const user = await signUpAndLogin(t.app);
    const mac = await anotherLogin(user, firefoxMac);
    const phone = await anotherLogin(user, safariIphone);
    await inject({ method: 'GET', url: '/api/customer/logout', headers: mac.auth });

    const res = await inject({ method: 'GET', url: '/api/customer/sessions', headers: phone.auth });
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toEqual({
      id: phone.sessionId,
      device: 'Safari on iOS',
      ip: '203.0.113.7',
      createdAt: clock.now().toISOString(),
      lastUsedAt: clock.now().toISOString(),
      current: true,
    });
    expect(sessions[1]).toMatchObject({ device: 'Unknown device', current: false });
  });

  it('answers 401 without a token', async () => {
    const res = await inject({ method: 'GET', url: '/api/customer/sessions' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'AUTH_REQUIRED' });
  });

  it('drops sessions whose refresh tokens have all expired', async () => {
    const user = await signUpAndLogin(t.app);
    clock.advance(7 * 24 * 3600 * SECOND + SECOND);
    const fresh = await anotherLogin(user, firefoxMac);
    const res = await inject({ method: 'GET', url: '/api/customer/sessions', headers: fresh.auth });
    expect(res.json().sessions.map((s: { id: string }) => s.id)).toEqual([fresh.sessionId]);
  });
});

describe('DELETE /api/customer/sessions', () => {
  it('revokes one other session by id (body or query) without signing this browser out', async () => {
    const user = await signUpAndLogin(t.app);
    const mac = await anotherLogin(user, firefoxMac);
    const phone = await anotherLogin(user, safariIphone);
    const events: unknown[] = [];
    const off = t.app.ctx.bus.subscribe((m) => {
      if (m.channel === `user:${user.userId}`) events.push(m);
    });

    const byBody = await inject({
      method: 'DELETE',
      url: '/api/customer/sessions',
      headers: { cookie: user.cookie },
      payload: { id: mac.sessionId },
    });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json()).toEqual({ revoked: 1, signedOut: false });
    expect(byBody.cookies).toHaveLength(0);

    const byQuery = await inject({
      method: 'DELETE',
      url: `/api/customer/sessions?id=${phone.sessionId}`,
      headers: user.auth,
    });
    expect(byQuery.json()).toEqual({ revoked: 1, signedOut: false });
    await new Promise((r) => setTimeout(r, 10));
    off();

    expect(events).toEqual([
      { channel: `user:${user.userId}`, event: 'session.revoked', data: { sessionId: mac.sessionId } },
      { channel: `user:${user.userId}`, event: 'session.revoked', data: { sessionId: phone.sessionId } },
    ]);
    for (const gone of [mac, phone]) {
      const res = await inject({ method: 'GET', url: '/api/customer/sessions', headers: gone.auth });
      expect(res.statusCode).toBe(401);
    }
    expect((await inject({ method: 'GET', url: '/api/customer/sessions', headers: user.auth })).statusCode).toBe(200);
  });

  it("answers 404 for another user's session id and leaves it alive", async () => {
    const me = await signUpAndLogin(t.app);
    const other = await signUpAndLogin(t.app);
    const otherSession = (await inject({ method: 'GET', url: '/api/customer/sessions', headers: other.auth })).json()
      .sessions[0].id;
    const res = await inject({
      method: 'DELETE',
      url: '/api/customer/sessions',
      headers: me.auth,
      payload: { id: otherSession },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'AUTH_SESSION_NOT_FOUND', message: 'The session was not found.' });
    expect((await inject({ method: 'GET', url: '/api/customer/sessions', headers: other.auth })).statusCode).toBe(200);
  });

  it('answers 404 for an already revoked session and 400 for a malformed id', async () => {
    const user = await signUpAndLogin(t.app);
    const mac = await anotherLogin(user, firefoxMac);
    await inject({
      method: 'DELETE',
      url: '/api/customer/sessions',
      headers: user.auth,
      payload: { id: mac.sessionId },
    });
    const again = await inject({
      method: 'DELETE',
      url: '/api/customer/sessions',
      headers: user.auth,
      payload: { id: mac.sessionId },
    });
    expect(again.statusCode).toBe(404);
    const bad = await inject({ method: 'DELETE', url: '/api/customer/sessions?id=nope', headers: user.auth });
    expectFieldError(bad, { code: 'VALIDATION_FAILED', field: 'id', message: 'The session id must be a UUID.' });
  });

  it('revoking the current session clears the cookies', async () => {
    const user = await signUpAndLogin(t.app);
    const current = (await inject({ method: 'GET', url: '/api/customer/sessions', headers: user.auth })).json()
      .sessions[0].id;
    const res = await inject({
      method: 'DELETE',
      url: '/api/customer/sessions',
      headers: { cookie: user.cookie },
      payload: { id: current },
    });
    expect(res.json()).toEqual({ revoked: 1, signedOut: true });
    expect(res.cookies.filter((c) => c.value === '').map((c) => c.name)).toContain('access_token');
  });

  it('without an id revokes every session of the caller and no one else', async () => {
    const user = await signUpAndLogin(t.app);
    const mac = await anotherLogin(user, firefoxMac);
    const other = await signUpAndLogin(t.app);
    const res = await inject({ method: 'DELETE', url: '/api/customer/sessions', headers: { cookie: user.cookie } });
    expect(res.json()).toEqual({ revoked: 2, signedOut: true });
    expect(res.cookies.filter((c) => c.value === '')).toHaveLength(5);
    expect((await inject({ method: 'GET', url: '/api/customer/sessions', headers: mac.auth })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/customer/sessions', headers: other.auth })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await inject({ method: 'DELETE', url: '/api/customer/sessions' });
    expect(res.statusCode).toBe(401);
  });
});
