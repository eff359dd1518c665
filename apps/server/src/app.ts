import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { registerModules } from './modules/index.js';
import { createEventBus } from './platform/bus/create-bus.js';
import type { EventBus } from './platform/bus/event-bus.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { AppContext } from './platform/context.js';
import { type Database, migrateDatabase, openDatabase } from './platform/db.js';
import { registerErrorHandler } from './platform/errors.js';
import { createJobRunner } from './platform/jobs/job-runner.js';
import { createAdvisoryLockLeader, createSoleLeader } from './platform/jobs/leader.js';
import { restrictToWorkerRoutes, runsSingletonJobs, servesClients } from './platform/jobs/process-role.js';
import { loggerOptions } from './platform/logger.js';
import { createMailer } from './platform/mail/create-mailer.js';
import type { Mailer } from './platform/mail/mailer.js';
import { createLocalStorage } from './platform/storage/local-storage.js';
import type { FileStorage } from './platform/storage/storage.js';
import { registerWebApp, resolveWebDist } from './platform/web-static.js';
import { wsPlugin } from './platform/ws/ws.plugin.js';
import { createWsGateway, type GatewayOptions } from './platform/ws/ws-gateway.js';

export type BuildOptions = {
  /** Replaces parts for tests: a pinned clock, a shared database, a fake edge. */
  clock?: Clock;
  database?: Database;
  bus?: EventBus;
  mailer?: Mailer;
  storage?: FileStorage;
  /** Skip applying migrations (the caller already did). */
  skipMigrations?: boolean;
  /** WebSocket gateway tuning (tests shorten the heartbeat, lower the slow-client threshold). */
  realtime?: Partial<GatewayOptions>;
  /** How often a follower retries the leader lock and the leader checks its connection (ms). */
  leaderRetryMs?: number;
  /** Redis pub/sub channel of the event bus (tests isolate parallel runs). */
  redisChannel?: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Builds the whole server without listening: tests drive it with `app.inject`, main.ts listens. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const webDist = resolveWebDist(config.webDist);
  registerErrorHandler(app, { spaFallback: Boolean(webDist) });

  const ownsDatabase = !options.database;
  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') }));
  if (!options.skipMigrations) await migrateDatabase(database);
  const clock = options.clock ?? systemClock;
  const bus = options.bus ?? (await createEventBus(config, { log: app.log, redisChannel: options.redisChannel }));
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, clock });
  const storage = options.storage ?? createLocalStorage(join(config.dataDir, 'files'));
  const leadership = !runsSingletonJobs(config.role)
    ? undefined
    : database.pool
      ? createAdvisoryLockLeader({ pool: database.pool, log: app.log, retryMs: options.leaderRetryMs })
      : createSoleLeader();
  const jobs = createJobRunner({ leadership, log: app.log });
  const gateway = createWsGateway({ bus, log: app.log, options: options.realtime });
  const ctx: AppContext = { config, database, db: database.db, clock, bus, mailer, storage, jobs, gateway };
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);

  if (!servesClients(config.role)) restrictToWorkerRoutes(app);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'TradeDesk API',
        description:
          'Every route of the trading platform. Bodies and queries are snake_case, responses camelCase. ' +
          'Authenticate with the session cookies set by POST /api/customer/login, or with `Authorization: Bearer <access token>` ' +
          '(ask login for tokens in the body with `return_tokens: true`).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'access_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await registerModules(app, ctx);
  if (servesClients(config.role)) {
    const closeGraceMs = Math.min(5000, Math.max(100, Math.floor(config.shutdownTimeoutMs / 3)));
    await app.register(wsPlugin, { gateway, closeGraceMs });
  }
  if (webDist) await registerWebApp(app, webDist);

  app.addHook('onReady', async () => {
    jobs.start();
  });
  // Runs after the server stopped accepting and in-flight requests and WebSockets finished (preClose).
  app.addHook('onClose', async () => {
    await jobs.close();
    await bus.close();
    await mailer.close();
    if (ownsDatabase) await database.close();
  });

  return app;
}
