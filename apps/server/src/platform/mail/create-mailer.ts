import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock.js';
import type { Db } from '../db.js';
import { newId } from '../ids.js';
import { mailOutbox } from './mail.table.js';
import type { Mailer } from './mailer.js';
import { renderMail } from './templates.js';

/** SMTP when `smtpUrl` is set; otherwise mail lands in the outbox table shown by the dev mailbox. */
export function createMailer(deps: { smtpUrl: string | undefined; from: string; db: Db; clock: Clock }): Mailer {
  if (deps.smtpUrl) {
    const transport = nodemailer.createTransport(deps.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const mail = renderMail(message);
        await transport.sendMail({
          from: deps.from,
          to: message.to,
          ...('replyTo' in message && message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      },
      async forgetRecipient() {},
      async close() {
        transport.close();
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      const mail = renderMail(message);
      await deps.db.insert(mailOutbox).values({
        id: newId(),
        to: message.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        template: message.template,
        links: mail.links,
        createdAt: deps.clock.now(),
      });
    },
    async forgetRecipient(email) {
      await deps.db.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`);
    },
    async close() {},
  };
}
