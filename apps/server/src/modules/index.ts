import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import { healthRoutes } from './health/health.routes.js';
import { createUsersModule } from './users/users.plugin.js';

/**
 * Every module of the server, wired in dependency order. A module reaches another only through
 * the service it is handed here.
 */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  const users = createUsersModule(ctx);
  void users;
  await app.register(healthRoutes(ctx), { prefix: '/api' });
}
