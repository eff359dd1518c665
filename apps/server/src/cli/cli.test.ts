import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, migratedSnapshot, testDbKind } from '../../test/helpers.js';
import { users } from '../modules/users/users.table.js';
import { type Database, openDatabase } from '../platform/db.js';
import { newId } from '../platform/ids.js';
import { EMBEDDED_DATABASE_NOTE } from './cli-context.js';
import { runCli } from './run-cli.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../../packages/core/src/market/import/fixtures/${name}`, import.meta.url));

/** Output captured as the command line writes it. */
function buffers() {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: { write: (s: string) => (out.stdout += s), isTTY: false },
      stderr: { write: (s: string) => (out.stderr += s), isTTY: false },
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'tradedesk-cli-'));
let env: Record<string, string>;
/** A handle on the same database, to look at what the commands did (closed before each PGlite command). */
let url: string | undefined;

async function withDatabase<T>(fn: (db: Database['db']) => Promise<T>): Promise<T> {
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
  const { out, io } = buffers();
  const code = await runCli(argv, { ...io, env });
  return { code, ...out };
}

beforeAll(async () => {
  if (testDbKind === 'postgres') {
    const created = await createTestDatabase();
    url = created.url;
    await created.database.close();
    env = { DATA_DIR: dataDir, DATABASE_URL: url!, LOG_LEVEL: 'silent' };
  } else {
    // the embedded database in DATA_DIR, started from the suite's migrated snapshot rather than a slow initdb
    const seeded = await openDatabase({ pgliteDir: join(dataDir, 'pglite'), pgliteSnapshot: await migratedSnapshot() });
    await seeded.close();
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('tradedesk command line', () => {
  it('shows its help, naming the one-process rule of the embedded database', async () => {
    const r = await run('help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('import-candles FILE --symbol SYMBOL');
    expect(r.stdout).toContain(EMBEDDED_DATABASE_NOTE);
  });

  it.each([
    [['import-candles', fixture('ohlcv-iso.csv')], '--symbol is required, e.g. --symbol EURUSD.'],
    [
      ['import-candles', fixture('ohlcv-iso.csv'), '--symbol', 'EUR USD'],
      '--symbol: Symbol must be 1 to 20 letters, digits, dots, underscores or hyphens, such as EURUSD.',
    ],
    [['import-candles', fixture('ohlcv-iso.csv'), '--symbol', 'X', '--tz', 'Mars/Olympus'], '--tz: '],
    [['import-candles', fixture('ohlcv-iso.csv'), '--symbol', 'X', '--colour', 'red'], "Unknown option '--colour'"],
    [['import-candles', '--symbol', 'X'], 'import-candles takes one FILE.'],
    [['delete-candle-import', 'not-an-id'], 'not-an-id is not an import id'],
    [['frobnicate'], 'frobnicate is not a command.'],
  ])('refuses %j with exit status 2', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it('imports a file for every user, lists it and deletes it', async () => {
    const symbol = `C${randomBytes(3).toString('hex').toUpperCase()}`;
    const imported = await run(
      'import-candles',
      fixture('mt5-eurusd-m1.csv'),
      '--symbol',
      symbol,
      '--tz',
      'Europe/Athens',
    );
    expect(imported.stderr).toBe(
      'warning: The volumes are tick volumes (<TICKVOL>), because the file has no real volume.\n',
    );
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(
      new RegExp(
        `^Imported 6 1m bars of ${symbol} from 2024-01-01 22:00 UTC to 2024-01-01 22:06 UTC \\(mt5, \\d+ bytes\\) for every user; 0 earlier bars replaced\\. Import id: [0-9a-f-]{36}\\n$`,
      ),
    );
    const id = imported.stdout.trim().split(' ').at(-1)!;

    const listed = await run('candle-imports', '--symbol', symbol);
    expect(listed.code).toBe(0);
    // without --user the list holds the deployment's imports: this one is among them
    expect(listed.stdout).toContain('Candle imports for every user:');
    expect(listed.stdout).toMatch(
      new RegExp(`${id}  ${symbol}  1m  6 +2024-01-01 22:00 UTC  2024-01-01 22:06 UTC  mt5-eurusd-m1.csv`),
    );

    expect((await run('delete-candle-import', id)).stdout).toBe(`Deleted import ${id}: 6 1m bars of ${symbol}.\n`);
    const again = await run('delete-candle-import', id);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`tradedesk: There is no import with the id ${id}.\n`);
  });

  it('imports for one account with --user, and refuses an email nobody has', async () => {
    const email = `cli-${randomBytes(4).toString('hex')}@example.test`;
    const userId = newId();
    await withDatabase((db) =>
      db.insert(users).values({ id: userId, email, username: `cli_${randomBytes(4).toString('hex')}` }),
    );
    const symbol = `U${randomBytes(3).toString('hex').toUpperCase()}`;
    const r = await run(
      'import-candles',
      fixture('ohlcv-unix-seconds.csv'),
      '--symbol',
      symbol,
      '--user',
      email.toUpperCase(),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`for ${email};`);
    // the account's, not the deployment's
    expect((await run('candle-imports', '--symbol', symbol)).stdout).toBe(
      `No candle imports for every user of ${symbol}.\n`,
    );
    expect((await run('candle-imports', '--symbol', symbol, '--user', email)).stdout).toContain(
      `Candle imports for ${email}:`,
    );

    const nobody = await run(
      'import-candles',
      fixture('ohlcv-unix-seconds.csv'),
      '--symbol',
      symbol,
      '--user',
      'nobody@example.test',
    );
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toBe('tradedesk: --user: no account has the email nobody@example.test.\n');
  });

  it('refuses a file with bad rows: exit status 1, the lines on stderr, nothing stored', async () => {
    const symbol = `B${randomBytes(3).toString('hex').toUpperCase()}`;
    const r = await run('import-candles', fixture('bad-rows.csv'), '--symbol', symbol, '--max-errors', '3');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `tradedesk: ${fixture('bad-rows.csv')} was not imported; nothing was stored.\n` +
        '  Line 5: open "abc" is not a number.\n' +
        '  Line 6: expected 6 comma-separated fields but found 4.\n' +
        '  Line 7: close 1.0730 is above high 1.0721.\n' +
        '  Stopped after 3 errors; there are more.\n',
    );
    expect((await run('candle-imports', '--symbol', symbol)).stdout).toBe(
      `No candle imports for every user of ${symbol}.\n`,
    );
  });

  it.skipIf(testDbKind === 'postgres')('says what to do when the server holds the embedded database', async () => {
    // a live process other than this one holds the data folder, as a running server does
    writeFileSync(join(dataDir, 'pglite.pid'), String(process.ppid));
    try {
      const r = await run('candle-imports');
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`is in use by process ${process.ppid}`);
      expect(r.stderr).toContain(EMBEDDED_DATABASE_NOTE);
    } finally {
      rmSync(join(dataDir, 'pglite.pid'), { force: true });
    }
  });

  it('runs as a process: the exit status and stderr a shell sees', async () => {
    const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
    const error = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'import-candles'], {
      env: { ...process.env, ...env },
    }).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(2);
    expect(error?.stderr).toBe('tradedesk: import-candles takes one FILE.\n');
  });
});
