import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import type { Clock } from '../../../platform/clock.js';
import { createMailer } from '../../../platform/mail/create-mailer.js';
import type { NotificationsService } from '../../notifications/notifications.service.js';
import { createStaffModule } from '../../staff/staff.plugin.js';
import { createUsersModule } from '../../users/users.plugin.js';
import { users } from '../../users/users.table.js';
import { createHelpTickets } from './tickets.plugin.js';

/** A mail the local SMTP server received, parsed. */
export type Received = { to: string[]; subject: string; text: string; replyTo: string | undefined };

export const INBOUND_DOMAIN = 'reply.example.test';
export const SUPPORT_EMAIL = 'support@example.test';

/**
 * A local SMTP server standing in for the outside world: whatever the slice mails lands in `received`.
 * Closed after the file's tests.
 */
async function captureSmtp(): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            replyTo: mail.replyTo?.value[0]?.address,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, received };
}

/**
 * A test app (without the rest of the help center) with the tickets slice under /api: its mail goes over SMTP to
 * a local server (`received`), inbound mail listens on a free port (`sendMail` delivers to it), notifications are
 * recorded (`notified`), and `staff` is a staff member.
 */
export async function ticketsTestApp(clock: Clock) {
  const { app } = await createTestApp({ build: { clock, withoutHelpCenter: true } });
  const smtp = await captureSmtp();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'TradeDesk <no-reply@tradedesk.local>',
    db: app.ctx.db,
    clock,
  });
  const notified: { userId: string; title: string; link: string | undefined }[] = [];
  const notifications = {
    async notify(userId: string, input: { title: string; link?: string }) {
      notified.push({ userId, title: input.title, link: input.link });
    },
  } as unknown as NotificationsService;
  const config = {
    ...app.ctx.config,
    tickets: { supportEmail: SUPPORT_EMAIL, inbound: { host: '127.0.0.1', port: 0, domain: INBOUND_DOMAIN } },
  };
  const slice = createHelpTickets(
    { ...app.ctx, config, mailer },
    { users: createUsersModule(app.ctx).service, notifications, staff: createStaffModule(app.ctx) },
  );
  await app.register(slice.routes, { prefix: '/api' });
  app.addHook('onClose', async () => {
    await slice.close?.();
    await mailer.close();
  });
  await app.ready();
  const port = slice.inboundPort();
  if (!port) throw new Error('the inbound mail listener did not start');
  const inbound = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  afterAll(() => inbound.close());
  const staff = await signUpAndLogin(app);
  await app.ctx.db.update(users).set({ role: 'staff' }).where(eq(users.id, staff.userId));
  const search = slice.service.search;
  return { app, staff, received: smtp.received, notified, sendMail: inbound.sendMail.bind(inbound), search };
}

type Method = 'GET' | 'POST' | 'PUT';
export function caller(app: FastifyInstance) {
  return (user: SignedInUser, method: Method, url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload ? { payload } : {}) });
}
