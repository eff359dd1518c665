import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';

/**
 * Issue 6 item 11: an access token signed with the real secret but issued to live longer than the server
 * issues them (14 minutes main, 4 minutes trading) is refused, as is one dated in the future.
 */
const clock = createManualClock('2026-03-02T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ build: { clock } });
});

async function forge(
  secret: string,
  claims: { sub: string; sid: string; typ: 'main' | 'trading'; iat: number; exp: number },
): Promise<string> {
  return new SignJWT({ sid: claims.sid, typ: claims.typ })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(new TextEncoder().encode(secret));
}

const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/customer/verify', headers: { authorization: `Bearer ${token}` } });

describe('access token lifetime', () => {
  it('accepts a token of the configured lifetime and refuses a correctly signed longer-lived one', async () => {
    const user = await signUpAndLogin(t.app);
    const { sub, sid } = decodeJwt(user.accessToken) as { sub: string; sid: string };
    const now = Math.floor(clock.now().getTime() / 1000);
    const secret = t.config.secrets.jwt;

    const fair = await forge(secret, { sub, sid, typ: 'main', iat: now, exp: now + 14 * 60 });
    expect((await verify(fair)).statusCode).toBe(200);

    const longLived = await forge(secret, { sub, sid, typ: 'main', iat: now, exp: now + 14 * 60 + 1 });
    const refused = await verify(longLived);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'AUTH_TOKEN_INVALID', message: 'The access token is not valid.' });

    const year = await forge(secret, { sub, sid, typ: 'main', iat: now, exp: now + 365 * 24 * 3600 });
    expect((await verify(year)).statusCode).toBe(401);

    // Dated a day ahead with a fair lifetime: it would be good for a day and 14 minutes.
    const future = await forge(secret, { sub, sid, typ: 'main', iat: now + 86_400, exp: now + 86_400 + 14 * 60 });
    expect((await verify(future)).statusCode).toBe(401);
  });

  it('refuses a token without iat', async () => {
    const user = await signUpAndLogin(t.app);
    const { sub, sid } = decodeJwt(user.accessToken) as { sub: string; sid: string };
    const now = Math.floor(clock.now().getTime() / 1000);
    const noIat = await new SignJWT({ sid, typ: 'main' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(t.config.secrets.jwt));
    expect((await verify(noIat)).statusCode).toBe(401);
  });

  it('the tokens the server issues pass, up to their expiry', async () => {
    const user = await signUpAndLogin(t.app);
    expect((await verify(user.accessToken)).statusCode).toBe(200);
    clock.advance(14 * 60 * 1000 + 1000);
    expect((await verify(user.accessToken)).json().code).toBe('AUTH_TOKEN_EXPIRED');
  });

  it('checks the times of a token it already accepted again on every call (a clock moved back sees it dated ahead)', async () => {
    const user = await signUpAndLogin(t.app);
    expect((await verify(user.accessToken)).statusCode).toBe(200);
    expect((await verify(user.accessToken)).statusCode).toBe(200);
    const at = clock.now();
    clock.advance(-60_000);
    expect((await verify(user.accessToken)).json().code).toBe('AUTH_TOKEN_INVALID');
    clock.set(at);
    expect((await verify(user.accessToken)).statusCode).toBe(200);
    clock.advance(14 * 60 * 1000);
    expect((await verify(user.accessToken)).json().code).toBe('AUTH_TOKEN_EXPIRED');
  });
});
