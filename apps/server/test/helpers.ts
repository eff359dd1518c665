import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import { type Database, migrateDatabase, migrationsFolder, openDatabase } from '../src/platform/db.js';
import { cleanups } from './cleanups.js';
import { makeTestDir, testCacheDir } from './temp.js';

/** Which database this run of the suite uses: PGlite always, PostgreSQL in the `server-pg` project. */
export const testDbKind: 'pglite' | 'postgres' = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/** A fresh, migrated database of the run's kind; PostgreSQL gets a database of its own per call. */
export async function createTestDatabase(): Promise<{ database: Database; url: string | undefined }> {
  if (testDbKind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    try {
      await adminQuery(base, `create database ${name} template ${await migratedTemplate(base)}`);
    } catch {
      // a run with other migrations (another branch's suite) replaced the template meanwhile: make it again
      templateName = undefined;
      await adminQuery(base, `create database ${name} template ${await migratedTemplate(base)}`);
    }
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 5 });
    // a no-op on the migrated copy; kept so a database made any other way would still be brought up to date
    await migrateDatabase(database);
    cleanups.push(() => adminQuery(base, `drop database if exists ${name} with (force)`));
    return { database, url: url.toString() };
  }
  const database = await openDatabase({ pgliteDir: 'memory', pgliteSnapshot: await migratedSnapshot() });
  await migrateDatabase(database);
  return { database, url: undefined };
}

async function adminQuery(base: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

let templateName: Promise<string> | undefined;

/**
 * Migrating a new PostgreSQL database costs most of a second; copying a migrated one (CREATE DATABASE ...
 * TEMPLATE) a fraction. The template is named after the migrations it holds, made once by whichever test
 * process gets there first (an advisory lock keeps the others waiting) and kept between runs; templates of
 * older migrations are dropped when a new one is made.
 */
function migratedTemplate(base: string): Promise<string> {
  templateName ??= (async () => {
    const name = `tmpl_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(727275)');
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const old = await admin.query("select datname from pg_database where datname like 'tmpl\\_%'");
        for (const row of old.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const url = new URL(base);
        url.pathname = `/${building}`;
        const database = await openDatabase({ url: url.toString(), poolSize: 1 });
        await migrateDatabase(database);
        await database.close();
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock(727275)').catch(() => {});
      await admin.end();
    }
    return name;
  })();
  return templateName;
}

function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const f of readdirSync(folder).sort()) if (f.endsWith('.sql')) hash.update(readFileSync(join(folder, f)));
  // the journal decides which files run and in what order: a renumbered migration must not reuse a stale copy
  hash.update(readFileSync(join(folder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Starting PGlite from scratch costs seconds (initdb in WASM); loading a dump of an already migrated
 * database costs a fraction. The dump (about 40 MB) is shared by every test file and kept between runs in
 * the project's test cache, keyed by the migrations it contains; a new one replaces the old.
 */
export async function migratedSnapshot(): Promise<Blob> {
  const name = `pglite-${migrationsHash()}.tar`;
  const file = join(testCacheDir, name);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const template = await openDatabase({ pgliteDir: 'memory' });
  await migrateDatabase(template);
  const blob = await template.dumpDataDir!();
  await template.close();
  mkdirSync(testCacheDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  renameSync(tmp, file);
  for (const old of readdirSync(testCacheDir)) {
    if (/^pglite-[0-9a-f]{16}\.tar$/.test(old) && old !== name) rmSync(join(testCacheDir, old), { force: true });
  }
  return blob;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = makeTestDir('data');
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    publicUrl: 'http://localhost:8080',
    dataDir,
    databaseUrl: undefined,
    redisUrl: undefined,
    logLevel: 'silent',
    secrets: {
      jwt: 'test-secret-main-0123456789abcdef0123456789',
      tradingJwt: 'test-secret-trading-0123456789abcdef01234',
      brokerKey: Buffer.alloc(32, 7).toString('base64'),
    },
    smtpUrl: undefined,
    mailFrom: 'TradeDesk <no-reply@tradedesk.local>',
    google: undefined,
    uploadMaxBytes: 1024 * 1024,
    importMaxBytes: 1024 * 1024,
    seedDemo: false,
    rateLimit: true,
    apiDocs: true,
    // A folder without index.html: the app under test serves no web build, whether or not one was built.
    webDist: join(dataDir, 'no-web-build'),
    role: 'all',
    shutdownTimeoutMs: 2000,
    trustProxy: false,
    wsMaxPerUser: 20,
    wsMaxPerIp: 100,
    wsMaxGuestsPerIp: 10,
    wsMaxSubscriptions: 200,
    marketFeedIntervalMs: 100,
    news: { simulated: false, feeds: [], feedIntervalMs: 600_000, feedTimeoutMs: 2000, feedMaxBytes: 1024 * 1024 },
    alertsIntervalMs: 1000,
    alertsWebhookPrivate: true,
    ...overrides,
  };
}

export type TestApp = { app: FastifyInstance; database: Database; config: AppConfig };

/** Builds the app on a fresh database (or the one given), closed after the file's tests. */
export async function createTestApp(
  options: { config?: Partial<AppConfig>; build?: BuildOptions; database?: Database } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase()).database;
  const config = testConfig(options.config);
  // Limits kept in Redis outlive the run: each app counts under its own keys unless a test shares them on purpose.
  const limiterPrefix = `tradedesk:test:${randomUUID()}:`;
  const app = await buildApp(config, { database, skipMigrations: true, limiterPrefix, ...options.build });
  cleanups.push(async () => {
    await app.close();
    if (!options.database) await database.close();
  });
  return { app, database, config };
}
