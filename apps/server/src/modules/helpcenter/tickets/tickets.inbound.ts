import type { AddressInfo } from 'node:net';
import { TICKET_MESSAGE_MAX } from '@tradedesk/contracts';
import EmailReplyParser from 'email-reply-parser';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { TicketsService } from './tickets.service.js';

/** A reply mail larger than this is refused at DATA (text replies are a few kB; attachments are not kept). */
const MAX_MAIL_BYTES = 2 * 1024 * 1024;

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

const refuse = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** Control characters other than line breaks and tabs cannot be stored (NUL) or mean nothing in a message. */
const cleanText = (s: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  s.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '');

/** The new part of a reply: the quoted mail, the "On ... wrote:" line and the signature removed. */
export function replyTextOf(text: string): string {
  return cleanText(new EmailReplyParser().parseReply(cleanText(text)))
    .trim()
    .slice(0, TICKET_MESSAGE_MAX);
}

/** `support+<token>@domain` -> token; anything else -> undefined. */
export function tokenOf(address: string, domain: string): string | undefined {
  const match = /^support\+([0-9a-f]{32})@(.+)$/i.exec(address.trim());
  return match?.[1] && match[2]?.toLowerCase() === domain ? match[1].toLowerCase() : undefined;
}

function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('error', reject);
    stream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * The inbound mail listener (issue 18, item 3): an SMTP server taking users' replies to the Reply-To address of
 * staff answers, `support+<token>@<domain>`. Recipients that name no ticket are refused at RCPT TO; a mail whose
 * From is not the ticket owner's address is refused; the quoted part is stripped and the rest added to the ticket.
 * No authentication and no TLS: put it behind the domain's MX or a relay that checks SPF/DKIM.
 */
export async function startInboundMail(deps: {
  host: string;
  port: number;
  domain: string;
  tickets: Pick<TicketsService, 'tokenExists' | 'mailReply'>;
  log: Log;
}): Promise<{ port: number; close(): Promise<void> }> {
  const { domain, tickets, log } = deps;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: MAX_MAIL_BYTES,
    banner: 'TradeDesk support replies',
    onRcptTo(address, _session, callback) {
      const token = tokenOf(address.address, domain);
      if (!token) return callback(refuse(550, 'No such mailbox: replies go to support+<ticket>@ this domain.'));
      tickets.tokenExists(token).then(
        (found) => callback(found ? undefined : refuse(550, 'No ticket has this reply address.')),
        (error: unknown) => {
          log.warn({ err: error }, 'An inbound ticket mail could not be checked.');
          callback(refuse(451, 'Try again later.'));
        },
      );
    },
    onData(stream, session, callback) {
      (async () => {
        const raw = await readAll(stream);
        if (stream.sizeExceeded) return refuse(552, 'The mail is too large.');
        const mail = await simpleParser(raw);
        const from = mail.from?.value[0]?.address;
        const body = replyTextOf(mail.text ?? '');
        if (!from) return refuse(550, 'The mail has no From address.');
        if (!body) return refuse(550, 'The mail has no reply text above the quoted message.');
        for (const rcpt of session.envelope.rcptTo) {
          const token = tokenOf(rcpt.address, domain);
          if (!token) continue;
          const result = await tickets.mailReply(token, from, body);
          if (result === 'not_owner') return refuse(550, 'Only the ticket’s owner can reply to it by mail.');
          if (result === 'added') log.info({ from }, 'A mail reply was added to a ticket.');
        }
        return undefined;
      })().then(
        (error) => callback(error),
        (error: unknown) => {
          log.warn({ err: error }, 'An inbound ticket mail could not be read.');
          callback(refuse(451, 'Try again later.'));
        },
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(deps.port, deps.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => log.warn({ err: error }, 'The inbound mail listener failed.'));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
