import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { cookieHeader, cookiesOf, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';

const clock = createManualClock('2026-04-06T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { clock } });
});

const MINUTE = 60_000;
const inject = (opts: InjectOptions) => t.app.inject(opts);
const login = (payload: object, headers: Record<string, string> = {}) =>
  inject({ method: 'POST', url: '/api/customer/login', payload, headers });

/** Collects what the bus publishes for a user while `fn` runs. */
async function busEvents(userId: string, fn: () => Promise<unknown>) {
  const events: unknown[] = [];
  const off = t.app.ctx.bus.subscribe((m) => {
    if (m.channel === `user:${userId}`) events.push(m);
  });
  await fn();
  await new Promise((r) => setTimeout(r, 10));
  off();
  return events;
}

describe('POST /api/customer/login', () => {
  it('sets HttpOnly SameSite=Strict cookies with the token lifetimes, and a readable signed_in marker', async () => {
    const user = await signUpAndLogin(t.app);
    const res = await login(
      { email: user.email.toUpperCase(), password: user.password },
      {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('signed_in');
    expect(body.user).toMatchObject({ id: user.userId, email: user.email, status: 'active' });
    expect(body).not.toHaveProperty('tokens');
    expect(body.accessExpiresAt).toBe(new Date(clock.now().getTime() + 14 * MINUTE).toISOString());

    const byName = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    const expected = {
      access_token: 14 * 60,
      refresh_token: 4 * 24 * 3600,
      trading_access_token: 4 * 60,
      trading_refresh_token: 7 * 24 * 3600,
    };
    for (const [name, maxAge] of Object.entries(expected)) {
      expect(byName[name], name).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge });
      expect(byName[name]?.secure, name).toBeFalsy();
      expect(byName[name]?.value.length, name).toBeGreaterThan(20);
    }
    expect(byName.signed_in).toMatchObject({ value: '1', sameSite: 'Strict', maxAge: 4 * 24 * 3600 });
    expect(byName.signed_in?.httpOnly).toBeFalsy();

    const sessions = await inject({
      method: 'GET',
      url: '/api/customer/sessions',
      headers: { cookie: cookieHeader(cookiesOf(res)) },
    });
    const current = sessions.json().sessions.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ id: body.sessionId, device: 'Chrome on Linux', ip: '127.0.0.1' });
  });

  it('answers both token pairs in the body with return_tokens', async () => {
    const user = await signUpAndLogin(t.app);
    const res = await login({ email: user.email, password: user.password, return_tokens: true });
    const { tokens, sessionId } = res.json();
    expect(tokens).toMatchObject({
      sessionId,
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      tradingAccessToken: expect.any(String),
      tradingRefreshToken: expect.any(String),
      refreshExpiresAt: new Date(clock.now().getTime() + 4 * 24 * 60 * MINUTE).toISOString(),
      tradingAccessExpiresAt: new Date(clock.now().getTime() + 4 * MINUTE).toISOString(),
      tradingRefreshExpiresAt: new Date(clock.now().getTime() + 7 * 24 * 60 * MINUTE).toISOString(),
    });
    const [, payload] = tokens.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.userId, sid: sessionId, typ: 'main' });
    expect(claims.exp - claims.iat).toBe(14 * 60);
    const trading = JSON.parse(Buffer.from(tokens.tradingAccessToken.split('.')[1], 'base64url').toString());
    expect(trading).toMatchObject({ sub: user.userId, sid: sessionId, typ: 'trading' });
    expect(trading.exp - trading.iat).toBe(4 * 60);
  });

  it('answers 401 AUTH_BAD_CREDENTIALS alike for a wrong password and an unknown email', async () => {
    const user = await signUpAndLogin(t.app);
    const wrong = await login({ email: user.email, password: 'Wrong-pass-1' });
    const unknown = await login({ email: 'nobody-here@example.test', password: 'Wrong-pass-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({
      code: 'AUTH_BAD_CREDENTIALS',
      message: 'The email or password is incorrect.',
    });
    expect(wrong.cookies).toHaveLength(0);
  });

  it.each([
    [{ password: 'x' }, 'email', 'Email is required.'],
    [{ email: 'a@b.test' }, 'password', 'Password is required.'],
    [{ email: 'a@b.test', password: '' }, 'password', 'Password is required.'],
    [{ email: 'a@b.test', password: 'p'.repeat(129) }, 'password', 'Password must be at most 128 characters.'],
    [
      { email: 'a@b.test', password: 'x', return_tokens: 'yes' },
      'return_tokens',
      'return_tokens must be true or false.',
    ],
  ])('validates %j', async (payload, field, message) => {
    expectFieldError(await login(payload), { code: 'VALIDATION_FAILED', field, message });
  });
});

describe('the authenticate guard and POST /api/customer/verify', () => {
  it('accepts the bearer token, the cookie, or `access` in the body', async () => {
    const user = await signUpAndLogin(t.app);
    for (const request of [
      { headers: user.auth },
      { headers: { cookie: user.cookie } },
      { payload: { access: user.accessToken, refresh: user.refreshToken } },
    ]) {
      const res = await inject({ method: 'POST', url: '/api/customer/verify', ...request });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { id: user.userId }, sessionId: expect.any(String) });
    }
  });

  it('answers 401 AUTH_REQUIRED without a token and AUTH_TOKEN_INVALID for a forged one', async () => {
    const none = await inject({ method: 'POST', url: '/api/customer/verify' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('AUTH_REQUIRED');
    const user = await signUpAndLogin(t.app);
    const [h, p] = user.accessToken.split('.');
    const forged = await inject({
      method: 'GET',
      url: '/api/customer/sessions',
      headers: { authorization: `Bearer ${h}.${p}.AAAA` },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('AUTH_TOKEN_INVALID');
    // A trading token is signed with another secret and typed 'trading': it is no main access token.
    const trading = await inject({
      method: 'GET',
      url: '/api/customer/sessions',
      headers: { authorization: `Bearer ${user.tradingAccessToken}` },
    });
    expect(trading.statusCode).toBe(401);
  });

  it('answers 401 AUTH_TOKEN_EXPIRED once the access token is older than 14 minutes', async () => {
    const user = await signUpAndLogin(t.app);
    clock.advance(13 * MINUTE);
    expect((await inject({ method: 'GET', url: '/api/customer/sessions', headers: user.auth })).statusCode).toBe(200);
    clock.advance(2 * MINUTE);
    const guarded = await inject({ method: 'GET', url: '/api/customer/sessions', headers: user.auth });
    expect(guarded.statusCode).toBe(401);
    expect(guarded.json()).toMatchObject({ code: 'AUTH_TOKEN_EXPIRED' });
    const verify = await inject({ method: 'POST', url: '/api/customer/verify', headers: { cookie: user.cookie } });
    expect(verify.statusCode).toBe(401);
    expect(verify.json().code).toBe('AUTH_TOKEN_EXPIRED');
    expect(await t.app.verifyAccessToken(user.accessToken)).toBeNull();
  });

  it('verifyAccessToken answers the caller of a live session', async () => {
    const user = await signUpAndLogin(t.app);
    expect(await t.app.verifyAccessToken(user.accessToken)).toEqual({
      userId: user.userId,
      sessionId: expect.any(String),
    });
    expect(await t.app.verifyAccessToken('garbage')).toBeNull();
  });
});

describe('POST /api/customer/refresh', () => {
  it('rotates the main pair from the cookie and sets new cookies', async () => {
    const user = await signUpAndLogin(t.app);
    clock.advance(20 * MINUTE);
    const res = await inject({ method: 'POST', url: '/api/customer/refresh', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'main', sessionId: expect.any(String) });
    expect(res.json()).not.toHaveProperty('tokens');
    const set = cookiesOf(res);
    expect(Object.keys(set).sort()).toEqual(['access_token', 'refresh_token', 'signed_in']);
    expect(set.refresh_token).not.toBe(user.refreshToken);
    const sessions = await inject({
      method: 'GET',
      url: '/api/customer/sessions',
      headers: { authorization: `Bearer ${set.access_token}` },
    });
    expect(sessions.statusCode).toBe(200);
    const current = sessions.json().sessions.find((s: { current: boolean }) => s.current);
    expect(current.lastUsedAt).toBe(clock.now().toISOString());
    expect(current.createdAt).not.toBe(current.lastUsedAt);
  });

  it('rotates the trading pair from X-Refresh-Token and answers the tokens in the body', async () => {
    const user = await signUpAndLogin(t.app);
    const res = await inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'x-refresh-token': user.tradingRefreshToken },
      payload: { kind: 'trading' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.kind).toBe('trading');
    expect(body.tokens.refreshToken).not.toBe(user.tradingRefreshToken);
    expect(Object.keys(cookiesOf(res)).sort()).toEqual(['trading_access_token', 'trading_refresh_token']);
    const claims = JSON.parse(Buffer.from(body.tokens.accessToken.split('.')[1], 'base64url').toString());
    expect(claims.typ).toBe('trading');
    // A main refresh token is not a trading one, and the other way round.
    const mixed = await inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'x-refresh-token': user.refreshToken },
      payload: { kind: 'trading' },
    });
    expect(mixed.statusCode).toBe(401);
    expect(mixed.json().code).toBe('AUTH_REFRESH_INVALID');
  });

  it('revokes the whole session when a rotated refresh token comes back, and publishes it', async () => {
    const user = await signUpAndLogin(t.app);
    const first = await inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'x-refresh-token': user.refreshToken },
    });
    expect(first.statusCode).toBe(200);
    const newAccess = first.json().tokens.accessToken;
    let reused: LightMyRequestResponse | undefined;
    const events = await busEvents(user.userId, async () => {
      reused = await inject({ method: 'POST', url: '/api/customer/refresh', headers: { cookie: user.cookie } });
    });
    expect(reused!.statusCode).toBe(401);
    expect(reused!.json().code).toBe('AUTH_REFRESH_REUSED');
    // The failed refresh ends the browser's signed-in state.
    expect(reused!.cookies.find((c) => c.name === 'access_token')?.value).toBe('');
    expect(events).toEqual([
      { channel: `user:${user.userId}`, event: 'session.revoked', data: { sessionId: first.json().sessionId } },
    ]);
    // Every token of that session stops working: the new access token, the new refresh token, the trading family.
    for (const token of [user.accessToken, newAccess]) {
      const res = await inject({
        method: 'GET',
        url: '/api/customer/sessions',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTH_SESSION_REVOKED');
    }
    const newRefresh = await inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'x-refresh-token': first.json().tokens.refreshToken },
    });
    expect(newRefresh.statusCode).toBe(401);
    const trading = await inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'x-refresh-token': user.tradingRefreshToken },
      payload: { kind: 'trading' },
    });
    expect(trading.statusCode).toBe(401);
    expect(await t.app.verifyAccessToken(newAccess)).toBeNull();
  });

  it('answers 401 for a missing, unknown or expired refresh token', async () => {
    const missing = await inject({ method: 'POST', url: '/api/customer/refresh' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('AUTH_REQUIRED');
    const unknown = await inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'x-refresh-token': 'nope' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('AUTH_REFRESH_INVALID');

    const user = await signUpAndLogin(t.app);
    clock.advance(4 * 24 * 60 * MINUTE + 1000);
    const expired = await inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'x-refresh-token': user.refreshToken },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('AUTH_REFRESH_EXPIRED');
    // The trading family lives 7 days.
    const trading = await inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'x-refresh-token': user.tradingRefreshToken },
      payload: { kind: 'trading' },
    });
    expect(trading.statusCode).toBe(200);
  });

  it('rejects an unknown kind', async () => {
    const res = await inject({ method: 'POST', url: '/api/customer/refresh', payload: { kind: 'other' } });
    expectFieldError(res, { code: 'VALIDATION_FAILED', field: 'kind', message: 'kind must be main or trading.' });
  });
});

describe('GET /api/customer/logout', () => {
  it('revokes the current session, clears every auth cookie and publishes the revocation', async () => {
    const user = await signUpAndLogin(t.app);
    let res: LightMyRequestResponse | undefined;
    const events = await busEvents(user.userId, async () => {
      res = await inject({ method: 'GET', url: '/api/customer/logout', headers: { cookie: user.cookie } });
    });
    expect(res!.statusCode).toBe(200);
    const cleared = res!.cookies
      .filter((c) => c.value === '')
      .map((c) => c.name)
      .sort();
    expect(cleared).toEqual([
      'access_token',
      'refresh_token',
      'signed_in',
      'trading_access_token',
      'trading_refresh_token',
    ]);
    expect(events).toHaveLength(1);
    const after = await inject({ method: 'GET', url: '/api/customer/sessions', headers: user.auth });
    expect(after.json().code).toBe('AUTH_SESSION_REVOKED');
  });

  it('finds the session from the refresh cookie when the access token has expired', async () => {
    const user = await signUpAndLogin(t.app);
    const other = await signUpAndLogin(t.app);
    clock.advance(15 * MINUTE);
    const res = await inject({
      method: 'GET',
      url: '/api/customer/logout',
      headers: { cookie: cookieHeader({ refresh_token: user.refreshToken }) },
    });
    expect(res.statusCode).toBe(200);
    const refresh = await inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'x-refresh-token': user.refreshToken },
    });
    expect(refresh.json().code).toBe('AUTH_SESSION_REVOKED');
    // Someone else's session is untouched.
    const untouched = await inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'x-refresh-token': other.refreshToken },
    });
    expect(untouched.statusCode).toBe(200);
  });

  it('answers 200 when nobody is signed in', async () => {
    const res = await inject({ method: 'GET', url: '/api/customer/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('GET /api/customer/login/options', () => {
  it('says Google is not configured and the dev mailbox is served (no SMTP, not production)', async () => {
    const res = await inject({ method: 'GET', url: '/api/customer/login/options' });
    expect(res.json()).toEqual({ google: false, mailbox: true });
  });
});
