import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { registerModules } from './modules/index.js';
import { registerSameOriginGuard } from './platform/auth/same-origin.js';
import { createEventBus } from './platform/bus/create-bus.js';
import type { EventBus } from './platform/bus/event-bus.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { AppContext } from './platform/context.js';
import { type Database, migrateDatabase, openDatabase } from './platform/db.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './platform/errors.js';
import { createJobRunner, type JobDefinition, type JobRunner } from './platform/jobs/job-runner.js';
import { createAdvisoryLockLeader, createSoleLeader } from './platform/jobs/leader.js';
import { restrictToWorkerRoutes, runsSingletonJobs, servesClients } from './platform/jobs/process-role.js';
import { registerJsonParser } from './platform/json-parser.js';
import { createLimiterStore } from './platform/limits/create-limiter-store.js';
import type { LimiterStore } from './platform/limits/limiter-store.js';
import { childLoggerFactory, loggerOptions } from './platform/logger.js';
import { createMailer } from './platform/mail/create-mailer.js';
import type { Mailer } from './platform/mail/mailer.js';
import { openApiOptions } from './platform/openapi.js';
import { apiDocsPolicy, registerSecurityHeaders } from './platform/security-headers.js';
import { createLocalStorage } from './platform/storage/local-storage.js';
import type { FileStorage } from './platform/storage/storage.js';
import { validatorCompiler } from './platform/validation.js';
import { loadWebApp, registerWebApp, resolveWebDist } from './platform/web-static.js';
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
  /** Sees every route as it is registered (the fuzz suite checks that the API reference lists them all). */
  onRoute?: (route: RouteOptions) => void;
  /** The rate-limit counters (tests share one between two apps), or the Redis key prefix of new ones. */
  limits?: LimiterStore;
  limiterPrefix?: string;
  /** Leaves the AI assistant out (its own tests mount its parts with fakes of the others). */
  withoutAi?: boolean;
  /** Leaves the social module out (its slices' tests mount their own parts). */
  withoutSocial?: boolean;
  /** Leaves communities out (their slices' tests mount their own parts). */
  withoutCommunities?: boolean;
  /** Leaves billing out (its slices' tests mount their own parts). */
  withoutBilling?: boolean;
  /** Leaves out the help center (its slices' tests mount their own parts). */
  withoutHelpCenter?: boolean;
  /** Jobs handed to the caller instead of the runner (a test runs them when it moves the clock). */
  holdJobs?: { names: readonly string[]; held: JobDefinition[] };
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
    childLoggerFactory,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before a route runs answer the app's error shape too (platform/errors.ts).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerSecurityHeaders(app, config);
  // JSON answers over 1 KB leave compressed. The build's assets carry their own pre-compressed encoding
  // (left as it is), images and fonts are not compressible, and WebSocket upgrades never reach onSend.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  const webDist = resolveWebDist(config.webDist);
  // The web app's pages are served by a route of their own (registerWebApp), not by the not-found handler.
  registerErrorHandler(app);
  registerJsonParser(app);

  const ownsDatabase = !options.database;
  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') }));
  if (!options.skipMigrations) await migrateDatabase(database);
  const clock = options.clock ?? systemClock;
  const bus = options.bus ?? (await createEventBus(config, { log: app.log, redisChannel: options.redisChannel }));
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, clock });
  const storage = options.storage ?? createLocalStorage(join(config.dataDir, 'files'));
  const ownsLimits = !options.limits;
  const limits = options.limits ?? (await createLimiterStore(config, { clock, prefix: options.limiterPrefix }));
  const leadership = !runsSingletonJobs(config.role)
    ? undefined
    : database.pool
      ? createAdvisoryLockLeader({ pool: database.pool, log: app.log, retryMs: options.leaderRetryMs })
      : createSoleLeader();
  const jobs = holdingJobs(createJobRunner({ leadership, log: app.log }), options.holdJobs);
  const gateway = createWsGateway({
    bus,
    log: app.log,
    options: {
      maxConnectionsPerUser: config.wsMaxPerUser,
      maxConnectionsPerIp: config.wsMaxPerIp,
      maxGuestConnectionsPerIp: config.wsMaxGuestsPerIp,
      maxSubscriptions: config.wsMaxSubscriptions,
      ...options.realtime,
    },
  });
  const ctx: AppContext = { config, database, db: database.db, clock, bus, mailer, storage, jobs, gateway, limits };
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);

  if (!servesClients(config.role)) restrictToWorkerRoutes(app);
  registerSameOriginGuard(app, config);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, openApiOptions(app));
  // API_DOCS=false: no reference and no document; /api/docs answers 404 like any unknown address.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: apiDocsPolicy });

  // Fastify runs onClose hooks last-registered first: this one, registered before the modules', runs after
  // theirs (a module writes what it holds, like the prop job's unsaved states, while the database is open).
  app.addHook('onClose', async () => {
    await bus.close();
    await mailer.close();
    if (ownsLimits) await limits.close();
    if (ownsDatabase) await database.close();
  });
  await registerModules(app, ctx, {
    withoutAi: options.withoutAi ?? false,
    withoutSocial: options.withoutSocial ?? false,
    withoutCommunities: options.withoutCommunities ?? false,
    withoutBilling: options.withoutBilling ?? false,
    withoutHelpCenter: options.withoutHelpCenter ?? false,
  });
  if (servesClients(config.role)) {
    const closeGraceMs = Math.min(5000, Math.max(100, Math.floor(config.shutdownTimeoutMs / 3)));
    await app.register(wsPlugin, { gateway, closeGraceMs });
  }
  if (webDist) await registerWebApp(app, loadWebApp(webDist));

  app.addHook('onReady', async () => {
    jobs.start();
  });
  // Runs first on close, after the server stopped accepting and in-flight requests and WebSockets finished
  // (preClose): the jobs stop before the modules flush and the database closes.
  app.addHook('onClose', async () => {
    await jobs.close();
  });

  return app;
}

/** The runner, except that the jobs named in `hold` are handed to the caller instead of registered. */
function holdingJobs(runner: JobRunner, hold: BuildOptions['holdJobs']): JobRunner {
  if (!hold) return runner;
  return Object.assign(Object.create(runner) as JobRunner, {
    register(job: JobDefinition) {
      if (!hold.names.includes(job.name)) return runner.register(job);
      hold.held.push(job);
      return () => undefined;
    },
  });
}
