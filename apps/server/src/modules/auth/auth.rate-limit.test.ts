import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, uniqueSuffix } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';

// The limits count on the app's clock: pinned, a slow machine never lets a window pass mid-burst.
const clock = createManualClock('2026-05-04T12:00:00Z');
const MINUTE = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { clock } });
});

const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

async function hammer(url: string, payload: object, ip: string, times: number) {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) codes.push((await post(url, payload, ip)).statusCode);
  return codes;
}

describe('rate limits per address', () => {
  it('the 11th login within a minute for one IP and email gets 429 with Retry-After', async () => {
    const user = await signUpAndLogin(t.app);
    const payload = { email: user.email, password: user.password };
    // Right passwords: the account's own limit on failures stays out of it.
    expect(await hammer('/api/customer/login', payload, '192.0.2.10', 10)).toEqual(Array(10).fill(200));
    const eleventh = await post('/api/customer/login', payload, '192.0.2.10');
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBe(60);
    expect(eleventh.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds?\.$/),
    });
    // Another IP, or another email from the same IP, is counted apart.
    expect((await post('/api/customer/login', payload, '192.0.2.11')).statusCode).toBe(200);
    expect(
      (await post('/api/customer/login', { email: 'x@example.test', password: 'x' }, '192.0.2.10')).statusCode,
    ).toBe(401);
    clock.advance(MINUTE);
    expect((await post('/api/customer/login', payload, '192.0.2.10')).statusCode).toBe(200);
  });

  it('an X-Forwarded-For header chosen by the client does not start a fresh count', async () => {
    const user = await signUpAndLogin(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customer/login',
        payload: { email: user.email, password: user.password },
        remoteAddress: '192.0.2.12',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(200), 429]);
  });

  it('a session checking passwords (security, delete account) gets 10 tries per 15 minutes, whatever its address', async () => {
    const user = await signUpAndLogin(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: i % 2 ? 'DELETE' : 'PUT',
        url: i % 2 ? '/api/customer/delete' : '/api/customer/settings/security',
        headers: user.auth,
        payload:
          i % 2 ? { password: 'Wrong-pass-1' } : { current_password: 'Wrong-pass-1', new_password: 'Another-pass-2' },
        remoteAddress: `192.0.2.${60 + i}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(400), 429]);
    // the limit holds the guessing session, not the account's other routes
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/customer/configuration', headers: user.auth })).statusCode,
    ).toBe(200);
  });

  it('forgot and resend allow 5 per 15 minutes', async () => {
    for (const url of ['/api/customer/forgot', '/api/customer/resend']) {
      const email = `rl-${uniqueSuffix()}@example.test`;
      const codes = await hammer(url, { email }, '192.0.2.20', 6);
      expect(codes, url).toEqual([200, 200, 200, 200, 200, 429]);
      const res = await post(url, { email }, '192.0.2.20');
      expect(Number(res.headers['retry-after'])).toBe(15 * 60);
      expect(res.json().message).toBe('Too many attempts. Try again in 15 minutes.');
    }
  });

  it('reset allows 10 per 15 minutes per IP; login/2fa 10 per minute', async () => {
    const reset = await hammer('/api/customer/reset', { token: 'guess', password: 'Guess1234' }, '192.0.2.30', 11);
    expect(reset).toEqual([...Array(10).fill(400), 429]);
    const twoFactor = await hammer(
      '/api/customer/login/2fa',
      { challenge_token: 'guess', code: '123456' },
      '192.0.2.31',
      11,
    );
    expect(twoFactor).toEqual([...Array(10).fill(401), 429]);
  });
});

describe('RATE_LIMIT=false', () => {
  it('turns the per-address limits off', async () => {
    const off = await createTestApp({ config: { rateLimit: false }, build: { clock } });
    const email = `off-${uniqueSuffix()}@example.test`;
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      codes.push(
        (
          await off.app.inject({
            method: 'POST',
            url: '/api/customer/forgot',
            payload: { email },
            remoteAddress: '192.0.2.41',
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual(Array(8).fill(200));
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits in Redis (TEST_REDIS_URL)', () => {
  it('two API processes count the same attempts', async () => {
    const limiterPrefix = `tradedesk:test:${uniqueSuffix()}:`;
    const a = await createTestApp({ config: { redisUrl }, build: { clock, limiterPrefix } });
    const b = await createTestApp({ config: { redisUrl }, build: { clock, limiterPrefix }, database: a.database });
    const email = `shared-${uniqueSuffix()}@example.test`;
    const send = (app: TestApp) =>
      app.app.inject({ method: 'POST', url: '/api/customer/forgot', payload: { email }, remoteAddress: '192.0.2.40' });
    const codes: number[] = [];
    for (const app of [a, b, a, b, a, b]) codes.push((await send(app)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    // The window ends on the injected clock, in Redis too.
    clock.advance(15 * MINUTE);
    expect((await send(b)).statusCode).toBe(200);
  });
});
