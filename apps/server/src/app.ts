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
import { loggerOptions } from './platform/logger.js';
import { createMailer } from './platform/mail/create-mailer.js';
import type { Mailer } from './platform/mail/mailer.js';
import { createLocalStorage } from './platform/storage/local-storage.js';
import type { FileStorage } from './platform/storage/storage.js';
import { registerWebApp, resolveWebDist } from './platform/web-static.js';

export type BuildOptions = {
  /** Replaces parts for tests: a pinned clock, a shared database, a fake edge. */
  clock?: Clock;
  database?: Database;
  bus?: EventBus;
  mailer?: Mailer;
  storage?: FileStorage;
  /** Skip applying migrations (the caller already did). */
  skipMigrations?: boolean;
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
    trustProxy: true,
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
  const bus = options.bus ?? (await createEventBus(config));
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, clock });
  const storage = options.storage ?? createLocalStorage(join(config.dataDir, 'files'));
  const ctx: AppContext = { config, database, db: database.db, clock, bus, mailer, storage };
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);

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
  if (webDist) await registerWebApp(app, webDist);

  app.addHook('onClose', async () => {
    await bus.close();
    await mailer.close();
    if (ownsDatabase) await database.close();
  });

  return app;
}
