import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { latestMailLink, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * An app configured as in production with request logging on: cookies carry Secure, the dev mailbox
 * is not served, and no password or token ever reaches the log.
 */
const logged: string[] = [];
const fds = new Set([1, 2]);
const capture = (fd: unknown, data: unknown) => {
  if (typeof fd === 'number' && fds.has(fd)) logged.push(Buffer.isBuffer(data) ? data.toString() : String(data));
};
const realWrite = fs.write;
const realWriteSync = fs.writeSync;
vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: string | NodeJS.ArrayBufferView, ...rest: never[]) => {
  capture(fd, data);
  return (realWriteSync as (...a: unknown[]) => number)(fd, data, ...rest);
}) as typeof fs.writeSync);
vi.spyOn(fs, 'write').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
  capture(fd, data);
  return (realWrite as (...a: unknown[]) => void)(fd, data, ...rest);
}) as typeof fs.write);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { env: 'production', logLevel: 'info' } });
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe('in production', () => {
  it('marks every auth cookie Secure', async () => {
    const user = await signUpAndLogin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: user.email, password: user.password },
    });
    expect(res.cookies).toHaveLength(5);
    for (const c of res.cookies) expect(c.secure, c.name).toBe(true);
    const out = await t.app.inject({ method: 'GET', url: '/api/customer/logout', headers: { cookie: user.cookie } });
    for (const c of out.cookies) expect(c.secure, c.name).toBe(true);
  });

  it('does not serve the dev mailbox', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    const options = await t.app.inject({ method: 'GET', url: '/api/customer/login/options' });
    expect(options.json().mailbox).toBe(false);
  });

  it('logs requests without passwords or tokens', async () => {
    const user = await signUpAndLogin(t.app, { password: 'Very-secret-pw-42' });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'x-refresh-token': user.refreshToken },
    });
    await t.app.inject({ method: 'POST', url: '/api/customer/verify', headers: { cookie: user.cookie } });
    await t.app.inject({ method: 'POST', url: '/api/customer/forgot', payload: { email: user.email } });
    const { token } = await latestMailLink(t.app, user.email, 'reset');
    await t.app.inject({
      method: 'POST',
      url: '/api/customer/reset',
      payload: { token, password: 'Other-secret-pw-43' },
    });
    await t.app.inject({ method: 'GET', url: `/api/customer/logout?token=${token}`, headers: user.auth });
    await new Promise((r) => setTimeout(r, 50));

    const text = logged.join('');
    expect(text).toContain('/api/customer/refresh');
    const secrets = [
      'Very-secret-pw-42',
      'Other-secret-pw-43',
      token,
      user.accessToken,
      user.refreshToken,
      user.tradingAccessToken,
      user.tradingRefreshToken,
      refreshed.json().tokens.refreshToken,
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
