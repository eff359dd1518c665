import { revokeSessionsResponseSchema, sessionIdOptionalSchema, sessionsResponseSchema } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import { authOf } from '../../platform/auth/guard.js';
import { clearAuthCookies } from './auth.cookies.js';
import type { AuthService } from './auth.service.js';

const tags = ['auth'];

export function sessionsRoutes(deps: { config: AppConfig; auth: AuthService }): FastifyPluginAsyncZod {
  const { config, auth } = deps;
  return async (app) => {
    app.get(
      '/customer/sessions',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'The live sessions of the caller, newest first',
          security: [{ bearer: [] }, { cookie: [] }],
          response: { 200: sessionsResponseSchema },
        },
      },
      async (request) => {
        const { userId, sessionId } = authOf(request);
        const rows = await auth.listSessions(userId);
        return {
          sessions: rows.map((s) => ({
            id: s.id,
            device: s.device,
            ip: s.ip,
            createdAt: s.createdAt.toISOString(),
            lastUsedAt: s.lastUsedAt.toISOString(),
            current: s.id === sessionId,
          })),
        };
      },
    );

    app.delete(
      '/customer/sessions',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'Signs out one session (`id` in the body or query) or, without an id, all of them',
          description: 'Revoking the current session (or all) also clears the cookies of this browser.',
          security: [{ bearer: [] }, { cookie: [] }],
          querystring: sessionIdOptionalSchema,
          body: sessionIdOptionalSchema.nullish(),
          response: { 200: revokeSessionsResponseSchema },
        },
      },
      async (request, reply) => {
        const { userId, sessionId } = authOf(request);
        const id = request.body?.id ?? request.query.id;
        const revoked = await auth.revokeSessions(userId, id);
        const signedOut = revoked.includes(sessionId);
        if (signedOut) clearAuthCookies(reply, config);
        return { revoked: revoked.length, signedOut };
      },
    );
  };
}
