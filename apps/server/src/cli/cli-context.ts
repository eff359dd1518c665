import { join } from 'node:path';
import { type AppConfig, loadConfig } from '../config.js';
import { createEventBus } from '../platform/bus/create-bus.js';
import type { EventBus } from '../platform/bus/event-bus.js';
import { type Database, migrateDatabase, openDatabase } from '../platform/db.js';

/** What a command works with: the server's own settings, database and event bus. */
export type CliContext = { config: AppConfig; database: Database; bus: EventBus; close(): Promise<void> };

export class CliError extends Error {
  constructor(
    message: string,
    /** 1: the work failed; 2: the command was not used right. */
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const EMBEDDED_DATABASE_NOTE =
  'The embedded database (used when DATABASE_URL is unset) allows one process at a time: stop the server before ' +
  'running a command on it, or upload the file in the app instead. On PostgreSQL, commands run beside the server.';

/** Opens the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR) and applies migrations. */
export async function openCliContext(env: Record<string, string | undefined>): Promise<CliContext> {
  const config = loadConfig(env, []);
  let database: Database;
  try {
    database = await openDatabase({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!config.databaseUrl && /in use by process/.test(message)) {
      throw new CliError(`${message}\n${EMBEDDED_DATABASE_NOTE}`);
    }
    throw new CliError(`Could not open the database: ${message}`);
  }
  try {
    await migrateDatabase(database);
    const bus = await createEventBus(config);
    return {
      config,
      database,
      bus,
      async close() {
        await bus.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
