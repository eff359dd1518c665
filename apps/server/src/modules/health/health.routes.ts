import { healthSchema, readySchema } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const startedAt = Date.now();
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: the process is up',
          response: { 200: healthSchema },
        },
      },
      async () => ({ status: 'ok' as const, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) }),
    );

    app.get(
      '/ready',
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: the database answers',
          response: { 200: readySchema },
        },
      },
      async () => {
        try {
          await ctx.database.ping();
        } catch {
          throw new AppError('DATABASE_UNREACHABLE', 'unavailable', 'The database is not reachable.');
        }
        if (ctx.config.env === 'production') return { status: 'ready' as const };
        return { status: 'ready' as const, database: ctx.database.kind };
      },
    );
  };
}
