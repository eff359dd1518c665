import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uniqueSuffix } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Issue 6 item 2: a failed sign-up, whether refused by validation or by the database, leaves nothing secret in
 * the log: not the password, not its argon2 hash, not the email, not a token. The app runs as in production
 * with request logging on; every line pino writes to stdout or stderr is captured.
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
  // A rule the database enforces and the API does not know: the way to make an insert fail in the database
  // after the password was hashed, as a broken disk or a bad migration would.
  await t.app.ctx.db.execute(sql`alter table users add constraint test_no_boom check (first_name <> 'Boom')`);
});
afterAll(() => {
  vi.restoreAllMocks();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('logs of a failing sign-up', () => {
  it('a NUL in first_name is a 400, and its log lines hold neither the password nor the email', async () => {
    const email = `nul-${uniqueSuffix()}@example.test`;
    const password = `Nul-secret-${uniqueSuffix()}-1`;
    logged.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customer',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${email}","password":"${password}","username":"nul_${uniqueSuffix()}","first_name":"a\\u0000b","last_name":"X"}`,
    });
    expect(res.statusCode).toBe(400);
    await flush();
    const text = logged.join('');
    expect(text).toContain('/api/customer');
    for (const secret of [email, password, '$argon2id$']) expect(text).not.toContain(secret);
  });

  it('a sign-up the database refuses is a 500 whose log says why without the values of the query', async () => {
    const email = `boom-${uniqueSuffix()}@example.test`;
    const password = `Boom-secret-${uniqueSuffix()}-1`;
    logged.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customer',
      payload: { email, password, username: `boom_${uniqueSuffix()}`, first_name: 'Boom', last_name: 'Test' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Internal server error' });
    await flush();
    const text = logged.join('');
    // The failure is logged, with what a person needs to find it: the constraint and the SQLSTATE.
    expect(text).toContain('unhandled error');
    expect(text).toContain('test_no_boom');
    expect(text).toContain('23514');
    for (const secret of [email, password, '$argon2id$', 'Boom']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"params"\s*:\s*\[/);
  });
});
