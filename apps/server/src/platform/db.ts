import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
/**
 * The Drizzle handle every repository takes; the same API on PGlite and PostgreSQL. Made without the schema:
 * the repositories build their queries from the tables (no relational `db.query`), and with a schema Drizzle
 * builds a query helper for every table on each transaction it opens, a cost every order paid.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** node-postgres pool when on PostgreSQL (advisory-lock leaders take a dedicated client from it). */
  pool: pg.Pool | undefined;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a dump of the data directory. */
  dumpDataDir?: () => Promise<Blob>;
};

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files, or 'memory' for an in-memory database (tests). */
  pgliteDir?: string | 'memory';
  poolSize?: number;
  /** Start PGlite from a dump of a data directory (tests start from a migrated template). */
  pgliteSnapshot?: Blob;
};

/** Finds the committed drizzle-kit migrations both from the sources and from the built bundle. */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'drizzle'), join(here, '../drizzle'), join(here, '../../drizzle')];
  const found = candidates.find((c) => existsSync(join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`drizzle migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? 'memory';
  let unlock = () => {};
  if (dir !== 'memory') {
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dir);
  }
  const snapshot = options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {};
  const client = dir === 'memory' ? new PGlite(snapshot) : new PGlite(dir, snapshot);
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pool: undefined,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      unlock();
    },
    dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

/**
 * PGlite is an in-process database: two processes on one data folder corrupt it. A pid file keeps a
 * second process out with a message that says what to do.
 */
function lockDataDir(dir: string): () => void {
  const file = join(dir, '..', `${basename(dir)}.pid`);
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${pid}. Stop that process, or give this one another DATA_DIR.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Applies the committed migrations (idempotent). */
export async function migrateDatabase(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'postgres') {
    // Several processes may start together: serialise migration with an advisory lock.
    const client = await database.pool!.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
    return;
  }
  await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: folder });
}

/** Runs `fn` in a transaction. */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

export { sql };
