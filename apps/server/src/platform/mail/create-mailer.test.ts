import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

type Received = { from: string; to: string[]; raw: string };

/** Undoes quoted-printable soft line breaks and escapes, enough to read links in a MIME body. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://app.example.test' } });
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('sends the activation mail with the link in the text and the HTML part', async () => {
    const user = await signUp(t.app, { firstName: 'Grace' });
    // Sign-up mails after its answer (the answer must not wait on SMTP only for new addresses).
    const mail = await vi.waitFor(
      () => {
        const found = received.find((m) => m.to.includes(user.email));
        if (!found) throw new Error(`no mail to ${user.email} yet`);
        return found;
      },
      { timeout: 5000, interval: 20 },
    );
    expect(mail!.from).toBe('no-reply@tradedesk.local');
    const body = decodeQuotedPrintable(mail!.raw);
    expect(body).toContain('Subject: Activate your TradeDesk account');
    expect(body).toMatch(/Content-Type: text\/plain/);
    expect(body).toMatch(/Content-Type: text\/html/);
    const links = [...body.matchAll(/https:\/\/app\.example\.test\/activate\?token=([A-Za-z0-9_-]+)/g)];
    // One in the text part, two (button and fallback) in the HTML part, all the same token.
    expect(links.length).toBeGreaterThanOrEqual(3);
    const tokens = new Set(links.map((m) => m[1]));
    expect(tokens.size).toBe(1);
    expect(body).toContain('Hi Grace,');

    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/customer/activate',
      payload: { token: [...tokens][0] },
    });
    expect(activated.statusCode).toBe(200);
  });

  it('does not serve the dev mailbox when SMTP is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    const options = await t.app.inject({ method: 'GET', url: '/api/customer/login/options' });
    expect(options.json()).toEqual({ google: false, mailbox: false });
  });
});
