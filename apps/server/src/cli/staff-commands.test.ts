import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, migratedSnapshot, testDbKind } from '../../test/helpers.js';
import { users } from '../modules/users/users.table.js';
import { openDatabase } from '../platform/db.js';
import { newId } from '../platform/ids.js';
import { runCli } from './run-cli.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tradedesk-staff-cli-'));
let env: Record<string, string>;
let url: string | undefined;

async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = url
    ? await openDatabase({ url, poolSize: 1 })
    : await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

async function run(...argv: string[]) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(argv, {
    stdout: { write: (s: string) => (out.stdout += s), isTTY: false },
    stderr: { write: (s: string) => (out.stderr += s), isTTY: false },
    env,
  });
  return { code, ...out };
}

beforeAll(async () => {
  if (testDbKind === 'postgres') {
    const created = await createTestDatabase();
    url = created.url;
    await created.database.close();
    env = { DATA_DIR: dataDir, DATABASE_URL: url!, LOG_LEVEL: 'silent' };
  } else {
    const seeded = await openDatabase({ pgliteDir: join(dataDir, 'pglite'), pgliteSnapshot: await migratedSnapshot() });
    await seeded.close();
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('tradedesk staff', () => {
  it('refuses bad use with exit status 2 before opening the database', async () => {
    for (const [argv, message] of [
      [['staff'], 'staff takes grant, revoke or list'],
      [['staff', 'promote', 'a@b.c'], 'staff takes grant, revoke or list'],
      [['staff', 'grant'], 'staff grant takes one EMAIL'],
      [['staff', 'revoke', 'not-an-email'], 'staff revoke takes one EMAIL'],
      [['staff', 'list', 'x@y.z'], 'staff list takes no EMAIL.'],
      [['staff', 'revoke', 'a@b.c', '--admin'], 'staff revoke takes one EMAIL'],
    ] as const) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
    expect((await run('help')).stdout).toContain('staff grant EMAIL [--admin] | staff revoke EMAIL | staff list');
  });

  it('grants, lists and revokes the staff role by e-mail; an unknown e-mail fails', async () => {
    const id = newId();
    const email = `mod-${id.slice(0, 8)}@example.com`;
    await withDatabase((db) =>
      db.insert(users).values({ id, email, username: `mod_${id.slice(0, 8)}`, status: 'active' }),
    );
    const roleOf = () =>
      withDatabase(async (db) => (await db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role);
    expect(await roleOf()).toBe('user');

    const granted = await run('staff', 'grant', email.toUpperCase());
    expect(granted).toMatchObject({
      code: 0,
      stdout: `${email} is now staff: they use the staff console and moderate the community's reports.\n`,
    });
    expect(await roleOf()).toBe('staff');
    expect((await run('staff', 'list')).stdout).toContain(`${email}\tstaff`);

    const admin = await run('staff', 'grant', email, '--admin');
    expect(admin.stdout).toBe(
      `${email} is now an admin: they use the staff console and edit plans, coupons and roles.\n`,
    );
    expect(await roleOf()).toBe('admin');
    expect((await run('staff', 'list')).stdout).toContain(`${email}\tadmin`);

    env = { ...env, STAFF_EMAILS: email };
    const revoked = await run('staff', 'revoke', email);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`${email} is no longer staff.`);
    expect(revoked.stdout).toContain('listed in STAFF_EMAILS');
    expect(await roleOf()).toBe('user');

    const unknown = await run('staff', 'grant', 'nobody@example.com');
    expect(unknown).toMatchObject({ code: 1, stderr: 'tradedesk: No account has the e-mail nobody@example.com.\n' });
  });
});
