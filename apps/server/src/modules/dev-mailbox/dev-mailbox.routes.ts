import { mailboxQuerySchema, mailboxResponseSchema } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DevMailboxRepository } from './dev-mailbox.repository.js';

const MAX_MAILS = 200;

export function devMailboxRoutes(deps: { repo: DevMailboxRepository }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/mailbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Mail kept in the outbox when no SMTP server is configured (never in production)',
          description: `Newest first, at most ${MAX_MAILS}; \`to\` filters by recipient.`,
          querystring: mailboxQuerySchema,
          response: { 200: mailboxResponseSchema },
        },
      },
      async (request) => {
        const rows = await deps.repo.list({ to: request.query.to, limit: MAX_MAILS });
        return {
          mails: rows.map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            links: m.links,
            createdAt: m.createdAt.toISOString(),
          })),
        };
      },
    );
  };
}
