import type { AppConfig } from '../config.js';
import type { EventBus } from './bus/event-bus.js';
import type { Clock } from './clock.js';
import type { Database, Db } from './db.js';
import type { Mailer } from './mail/mailer.js';
import type { FileStorage } from './storage/storage.js';

/** What every module plugin is built from (wiring is explicit: no container). */
export type AppContext = {
  config: AppConfig;
  database: Database;
  db: Db;
  clock: Clock;
  bus: EventBus;
  mailer: Mailer;
  storage: FileStorage;
};
