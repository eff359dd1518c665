import type { AppConfig } from '../config.js';
import type { EventBus } from './bus/event-bus.js';
import type { Clock } from './clock.js';
import type { Database, Db } from './db.js';
import type { JobRunner } from './jobs/job-runner.js';
import type { LimiterStore } from './limits/limiter-store.js';
import type { Mailer } from './mail/mailer.js';
import type { FileStorage } from './storage/storage.js';
import type { WsGateway } from './ws/ws-gateway.js';

/** What every module plugin is built from (wiring is explicit: no container). */
export type AppContext = {
  config: AppConfig;
  database: Database;
  db: Db;
  clock: Clock;
  bus: EventBus;
  mailer: Mailer;
  storage: FileStorage;
  /** Singleton jobs: `jobs.register({ name, intervalMs, run })` runs in the one leader process. */
  jobs: JobRunner;
  /** WebSocket channels: `gateway.registerChannel('quotes', authorize)`. */
  gateway: WsGateway;
  /** Rate-limit counters, shared by every process through Redis when REDIS_URL is set. */
  limits: LimiterStore;
};
