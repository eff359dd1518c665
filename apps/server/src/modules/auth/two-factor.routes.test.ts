import type { InjectOptions } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { cookiesOf, type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';

const clock = createManualClock('2026-06-01T07:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { clock } });
});

// login/2fa allows 10 attempts a minute per IP (tested in auth.rate-limit.test.ts): each test is its own client.
let ip = '';
let n = 0;
beforeEach(() => {
  n += 1;
  ip = `198.51.100.${n}`;
});
const inject = (opts: InjectOptions) => t.app.inject(opts);
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  inject({ method: 'POST', url, payload, headers, remoteAddress: ip });

/** The code an authenticator app shows at the test clock's "now". */
function codeAt(secret: string, offsetSeconds = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: clock.now().getTime() + offsetSeconds * 1000 });
}

async function enableTwoFactor(user: SignedInUser) {
  const setup = await post('/api/customer/2fa/setup', {}, user.auth);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirm = await post('/api/customer/2fa/confirm', { code: codeAt(secret) }, user.auth);
  expect(confirm.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

async function startLogin(user: SignedInUser) {
  const res = await post('/api/customer/login', { email: user.email, password: user.password });
  expect(res.statusCode).toBe(200);
  expect(res.json().status).toBe('two_factor_required');
  expect(res.cookies).toHaveLength(0);
  return res.json().challengeToken as string;
}

describe('two-factor setup', () => {
  it('answers a secret, its otpauth URL and a PNG QR code; confirm turns it on with 10 recovery codes', async () => {
    const user = await signUpAndLogin(t.app);
    const setup = await post('/api/customer/2fa/setup', {}, user.auth);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/TradeDesk:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await post('/api/customer/2fa/confirm', { code: codeAt(secret, 300) }, user.auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'AUTH_2FA_CODE_INVALID' });

    const confirm = await post('/api/customer/2fa/confirm', { code: codeAt(secret) }, user.auth);
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const verify = await post('/api/customer/verify', {}, user.auth);
    expect(verify.json().user.twoFactorEnabled).toBe(true);
    const again = await post('/api/customer/2fa/setup', {}, user.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('AUTH_2FA_ALREADY_ENABLED');
  });

  it('confirm without setup is 409, malformed codes are 400, and every route needs auth', async () => {
    const user = await signUpAndLogin(t.app);
    const early = await post('/api/customer/2fa/confirm', { code: '123456' }, user.auth);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('AUTH_2FA_NOT_STARTED');
    const malformed = await post('/api/customer/2fa/confirm', { code: '12ab' }, user.auth);
    expectFieldError(malformed, {
      code: 'VALIDATION_FAILED',
      field: 'code',
      message: 'Authentication code must be the 6-digit code of your authenticator app.',
    });
    for (const url of ['setup', 'confirm', 'disable', 'recovery-codes']) {
      const res = await post(`/api/customer/2fa/${url}`, {});
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('two-factor login', () => {
  it('needs the code after the password; a TOTP step is never accepted twice', async () => {
    const user = await signUpAndLogin(t.app);
    const { secret } = await enableTwoFactor(user);
    clock.advance(60_000);

    const challenge = await startLogin(user);
    const code = codeAt(secret);
    const res = await post('/api/customer/login/2fa', { challenge_token: challenge, code, return_tokens: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'signed_in', user: { id: user.userId } });
    expect(res.json().tokens.accessToken).toEqual(expect.any(String));
    expect(cookiesOf(res).access_token).toBeTruthy();

    // The challenge is spent, and the same code cannot open a second session.
    const reuse = await post('/api/customer/login/2fa', { challenge_token: challenge, code });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('AUTH_CHALLENGE_INVALID');
    const second = await startLogin(user);
    const replay = await post('/api/customer/login/2fa', { challenge_token: second, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('AUTH_2FA_CODE_INVALID');
    clock.advance(30_000);
    const next = await post('/api/customer/login/2fa', { challenge_token: second, code: codeAt(secret) });
    expect(next.statusCode).toBe(200);
  });

  it('accepts a recovery code once', async () => {
    const user = await signUpAndLogin(t.app);
    const { recoveryCodes } = await enableTwoFactor(user);
    const [code] = recoveryCodes;
    const ok = await post('/api/customer/login/2fa', {
      challenge_token: await startLogin(user),
      code: code!.toUpperCase(),
    });
    expect(ok.statusCode).toBe(200);
    const again = await post('/api/customer/login/2fa', { challenge_token: await startLogin(user), code: code! });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('AUTH_2FA_CODE_INVALID');
  });

  it('allows 5 attempts per challenge', async () => {
    const user = await signUpAndLogin(t.app);
    const { secret } = await enableTwoFactor(user);
    const challenge = await startLogin(user);
    for (let i = 1; i <= 4; i++) {
      const res = await post('/api/customer/login/2fa', { challenge_token: challenge, code: 'wrong-code' });
      const left = 5 - i;
      expectFieldError(res, {
        code: 'AUTH_2FA_CODE_INVALID',
        field: 'code',
        message: `The authentication code is wrong or was already used (${left} ${left === 1 ? 'attempt' : 'attempts'} left).`,
      });
    }
    const fifth = await post('/api/customer/login/2fa', { challenge_token: challenge, code: 'wrong-code' });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().code).toBe('AUTH_CHALLENGE_EXHAUSTED');
    clock.advance(30_000);
    const late = await post('/api/customer/login/2fa', { challenge_token: challenge, code: codeAt(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('AUTH_CHALLENGE_INVALID');
  });

  it('expires the challenge after 5 minutes', async () => {
    const user = await signUpAndLogin(t.app);
    const { secret } = await enableTwoFactor(user);
    const challenge = await startLogin(user);
    clock.advance(5 * 60_000 + 1000);
    const res = await post('/api/customer/login/2fa', { challenge_token: challenge, code: codeAt(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_CHALLENGE_EXPIRED');
  });

  it('validates the body', async () => {
    const res = await post('/api/customer/login/2fa', { challenge_token: 'x', code: '12' });
    expectFieldError(res, {
      field: 'code',
      message: 'Authentication code must be the 6-digit code of your authenticator app or a recovery code.',
    });
    const missing = await post('/api/customer/login/2fa', { code: '123456' });
    expectFieldError(missing, { field: 'challenge_token', message: 'The sign-in challenge is required.' });
  });
});

describe('disable and new recovery codes', () => {
  it('new recovery codes need the password and replace the old ones', async () => {
    const user = await signUpAndLogin(t.app);
    const { recoveryCodes: old } = await enableTwoFactor(user);
    const wrong = await post('/api/customer/2fa/recovery-codes', { password: 'Not-it-123' }, user.auth);
    expectFieldError(wrong, {
      code: 'AUTH_PASSWORD_INVALID',
      field: 'password',
      message: 'The password is incorrect.',
    });
    const res = await post('/api/customer/2fa/recovery-codes', { password: user.password }, user.auth);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const oldCode = await post('/api/customer/login/2fa', { challenge_token: await startLogin(user), code: old[0]! });
    expect(oldCode.json().code).toBe('AUTH_2FA_CODE_INVALID');
    const newCode = await post('/api/customer/login/2fa', { challenge_token: await startLogin(user), code: fresh[0]! });
    expect(newCode.statusCode).toBe(200);
  });

  it('disable needs the password and a code; afterwards login needs only the password', async () => {
    const user = await signUpAndLogin(t.app);
    const { secret } = await enableTwoFactor(user);
    clock.advance(30_000);
    const badPassword = await post(
      '/api/customer/2fa/disable',
      { password: 'Not-it-123', code: codeAt(secret) },
      user.auth,
    );
    expect(badPassword.json().code).toBe('AUTH_PASSWORD_INVALID');
    const badCode = await post('/api/customer/2fa/disable', { password: user.password, code: '000000' }, user.auth);
    expect(badCode.json().code).toBe('AUTH_2FA_CODE_INVALID');
    const res = await post('/api/customer/2fa/disable', { password: user.password, code: codeAt(secret) }, user.auth);
    expect(res.statusCode).toBe(200);
    const login = await post('/api/customer/login', { email: user.email, password: user.password });
    expect(login.json().status).toBe('signed_in');
    expect(login.json().user.twoFactorEnabled).toBe(false);
    const again = await post('/api/customer/2fa/disable', { password: user.password, code: '123456' }, user.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('AUTH_2FA_NOT_ENABLED');
  });
});
