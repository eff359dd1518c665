import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../../platform/context.js';
import { runsSingletonJobs } from '../../../platform/jobs/process-role.js';
import type { HelpCenterDeps, HelpCenterSlice } from '../helpcenter.types.js';
import { startInboundMail } from './tickets.inbound.js';
import { createTicketsRepository } from './tickets.repository.js';
import { ticketsRoutes } from './tickets.routes.js';
import { createTicketsService, type TicketsService } from './tickets.service.js';

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
const quiet: Log = { info() {}, warn() {} };

/**
 * Support tickets (README "Help center and staff console"): the user's tickets, the staff inbox, mail both ways.
 * With `config.tickets.inbound` set, the process that runs singleton jobs also runs the inbound SMTP listener
 * (started when the routes are registered, stopped by `close`).
 */
export function createHelpTickets(
  ctx: AppContext,
  deps: HelpCenterDeps,
): HelpCenterSlice & { service: TicketsService; inboundPort: () => number | undefined } {
  const configured = ctx.config.tickets;
  const inbound = configured?.inbound;
  let log: Log = quiet;
  const service = createTicketsService({
    repo: createTicketsRepository(ctx.db),
    clock: ctx.clock,
    staff: deps.staff,
    notifications: deps.notifications,
    newReplyToken: () => randomBytes(16).toString('hex'),
    mail: {
      supportEmail: configured?.supportEmail,
      publicUrl: ctx.config.publicUrl,
      replyAddress: (token) => (inbound ? `support+${token}@${inbound.domain}` : undefined),
      async send(message) {
        try {
          await ctx.mailer.send(message);
        } catch (error) {
          log.warn({ err: error, template: message.template }, 'A ticket mail could not be sent.');
        }
      },
    },
  });
  let listener: Awaited<ReturnType<typeof startInboundMail>> | undefined;
  return {
    service,
    inboundPort: () => listener?.port,
    routes: async (app) => {
      log = app.log;
      await app.register(ticketsRoutes({ tickets: service }));
      if (inbound && !listener && runsSingletonJobs(ctx.config.role)) {
        try {
          listener = await startInboundMail({ ...inbound, tickets: service, log: app.log });
          app.log.info({ port: listener.port }, 'Inbound ticket mail listens.');
        } catch (error) {
          app.log.error({ err: error }, 'The inbound ticket mail listener could not start.');
        }
      }
    },
    search: { search: (q, viewerId, limit) => service.search(q, viewerId, limit) },
    close: async () => {
      await listener?.close();
      listener = undefined;
    },
  };
}
