import type { Ticket, TicketPage } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { replyTextOf, tokenOf } from './tickets.inbound.js';
import { caller, INBOUND_DOMAIN, type Received, SUPPORT_EMAIL, ticketsTestApp } from './tickets.test-kit.js';

const clock = createManualClock('2026-06-01T09:00:00Z');
let app: FastifyInstance;
let staff: SignedInUser;
let received: Received[];
let notified: Awaited<ReturnType<typeof ticketsTestApp>>['notified'];
let sendMail: Awaited<ReturnType<typeof ticketsTestApp>>['sendMail'];
let call: ReturnType<typeof caller>;
let search: Awaited<ReturnType<typeof ticketsTestApp>>['search'];

beforeAll(async () => {
  ({ app, staff, received, notified, sendMail, search } = await ticketsTestApp(clock));
  call = caller(app);
});

async function openTicket(user: SignedInUser, subject = 'Cannot export my journal', message = 'The CSV is empty.') {
  const res = await call(user, 'POST', '/helpcenter/tickets', { subject, message });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Ticket;
}

const mailTo = (to: string, subject: string) =>
  vi.waitFor(
    () => {
      const found = received.find((m) => m.to.includes(to) && m.subject.includes(subject));
      if (!found) throw new Error(`no mail to ${to} about ${subject} yet`);
      return found;
    },
    { timeout: 5000, interval: 20 },
  );

describe('a user’s tickets', () => {
  it('opens a ticket, lists it (page 1 by default) and shows the conversation', async () => {
    const ada = await signUpAndLogin(app, { firstName: 'Ada', lastName: 'L' });
    const ticket = await openTicket(ada);
    expect(ticket).toMatchObject({
      subject: 'Cannot export my journal',
      status: 'open',
      messageCount: 1,
      messages: [{ body: 'The CSV is empty.', fromStaff: false, authorName: 'Ada L', source: 'web' }],
    });
    const list = (await call(ada, 'GET', '/helpcenter/tickets')).json() as TicketPage;
    expect(list).toMatchObject({ page: 1, limit: 10, total: 1 });
    expect(list.items.map((t) => t.id)).toEqual([ticket.id]);
    expect((await call(ada, 'GET', `/helpcenter/tickets/${ticket.id}`)).json()).toEqual(ticket);
  });

  it('answers 404 for another user’s ticket, to read or to reply', async () => {
    const owner = await signUpAndLogin(app);
    const other = await signUpAndLogin(app);
    const ticket = await openTicket(owner);
    for (const res of [
      await call(other, 'GET', `/helpcenter/tickets/${ticket.id}`),
      await call(other, 'POST', `/helpcenter/tickets/${ticket.id}/messages`, { message: 'Me too' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'TICKET_NOT_FOUND', message: 'No ticket of yours has this id.' });
    }
    expect(((await call(other, 'GET', '/helpcenter/tickets')).json() as TicketPage).total).toBe(0);
  });

  it('refuses a missing subject and an empty message with sentences naming the field', async () => {
    const user = await signUpAndLogin(app);
    const noSubject = await call(user, 'POST', '/helpcenter/tickets', { subject: ' ', message: 'Hello' });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().message).toMatch(/^subject is required/);
    const noMessage = await call(user, 'POST', '/helpcenter/tickets', { subject: 'Hi', message: '' });
    expect(noMessage.json().message).toMatch(/^message is required/);
  });
});

describe('staff', () => {
  it('answers 403 to users on every staff route', async () => {
    const user = await signUpAndLogin(app);
    const ticket = await openTicket(user);
    for (const res of [
      await call(user, 'GET', '/staff/tickets'),
      await call(user, 'GET', `/staff/tickets/${ticket.id}`),
      await call(user, 'POST', `/staff/tickets/${ticket.id}/messages`, { message: 'Fixed' }),
      await call(user, 'PUT', `/staff/tickets/${ticket.id}/status`, { status: 'solved' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'STAFF_ONLY' });
    }
  });

  it('lists the inbox oldest waiting first, filters by status and searches', async () => {
    const user = await signUpAndLogin(app);
    const first = await openTicket(user, 'Inbox order first', 'zebra-alpha');
    clock.advance(1000);
    const second = await openTicket(user, 'Inbox order second', 'zebra-beta');
    const inbox = (await call(staff, 'GET', '/staff/tickets?search=zebra')).json() as TicketPage;
    expect(inbox.items.map((t) => t.id)).toEqual([first.id, second.id]);
    expect(inbox.items[0]!.requester.email).toBe(user.email);
    const byEmail = (await call(staff, 'GET', `/staff/tickets?status=all&search=${user.email}`)).json() as TicketPage;
    expect(byEmail.total).toBe(2);
    await call(staff, 'PUT', `/staff/tickets/${first.id}/status`, { status: 'solved' });
    const open = (await call(staff, 'GET', '/staff/tickets?search=zebra')).json() as TicketPage;
    expect(open.items.map((t) => t.id)).toEqual([second.id]);
    const solved = (await call(staff, 'GET', '/staff/tickets?status=solved&search=zebra')).json() as TicketPage;
    expect(solved.items.map((t) => t.id)).toEqual([first.id]);
    const bad = await call(staff, 'GET', '/staff/tickets?status=closed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^status must be one of open, waiting, solved, all/);
  });

  it('a staff reply makes the ticket wait, a user reply opens it again; both are audited or notified', async () => {
    const user = await signUpAndLogin(app);
    const ticket = await openTicket(user);
    const answered = await call(staff, 'POST', `/staff/tickets/${ticket.id}/messages`, { message: 'Try again now.' });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json()).toMatchObject({ status: 'waiting', messageCount: 2 });
    const seen = (await call(user, 'GET', `/helpcenter/tickets/${ticket.id}`)).json() as Ticket;
    expect(seen.messages[1]).toMatchObject({
      fromStaff: true,
      authorName: 'TradeDesk support',
      body: 'Try again now.',
    });
    expect(notified).toContainEqual({
      userId: user.userId,
      title: 'Support answered your ticket',
      link: `/help/tickets/${ticket.id}`,
    });
    const replied = await call(user, 'POST', `/helpcenter/tickets/${ticket.id}/messages`, { message: 'Works!' });
    expect(replied.json()).toMatchObject({ status: 'open', messageCount: 3 });
    const solved = await call(staff, 'PUT', `/staff/tickets/${ticket.id}/status`, { status: 'solved' });
    expect(solved.json()).toMatchObject({ status: 'solved' });
    const audit = (await call(staff, 'GET', `/staff/audit?target_id=${ticket.id}`)).json() as {
      items: { action: string }[];
    };
    expect(audit.items.map((e) => e.action).sort()).toEqual(['ticket.reply', 'ticket.status']);
  });

  it('answers 404 for a ticket that does not exist', async () => {
    const res = await call(staff, 'GET', '/staff/tickets/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
  });
});

describe('search', () => {
  it('finds the caller’s own tickets by subject and message, not other users’', async () => {
    const user = await signUpAndLogin(app);
    const other = await signUpAndLogin(app);
    const bySubject = await openTicket(user, 'Quokka charts freeze', 'Nothing else.');
    const byMessage = await openTicket(user, 'Another thing', 'The quokka layout is lost after reload.');
    await openTicket(other, 'Quokka too', 'Same.');
    const hits = await search('quokka', user.userId, 10);
    expect(hits.map((h) => h.id)).toEqual(expect.arrayContaining([bySubject.id, byMessage.id]));
    expect(hits).toHaveLength(2);
    expect(hits.find((h) => h.id === byMessage.id)).toMatchObject({
      kind: 'ticket',
      title: 'Another thing',
      path: `/help/tickets/${byMessage.id}`,
      snippet: 'The quokka layout is lost after reload.',
    });
  });
});

describe('mail both ways', () => {
  it('mails a new ticket and a user reply to the support address', async () => {
    const user = await signUpAndLogin(app, { firstName: 'Grace', lastName: 'H' });
    const ticket = await openTicket(user, 'Mail to support please', 'First words.');
    const opened = await mailTo(SUPPORT_EMAIL, 'New ticket: Mail to support please');
    expect(opened.text).toContain('First words.');
    expect(opened.text).toContain(`/staff/tickets/${ticket.id}`);
    await call(user, 'POST', `/helpcenter/tickets/${ticket.id}/messages`, { message: 'Second words.' });
    expect((await mailTo(SUPPORT_EMAIL, 'Reply on ticket: Mail to support please')).text).toContain('Second words.');
  });

  it('mails a staff reply to the user with a reply address; a mail reply from the owner joins the ticket', async () => {
    const user = await signUpAndLogin(app, { firstName: 'Linus' });
    const ticket = await openTicket(user, 'Round trip by mail', 'Is mail working?');
    await call(staff, 'POST', `/staff/tickets/${ticket.id}/messages`, { message: 'It is. Reply to this mail.' });
    const mail = await mailTo(user.email, 'Re: Round trip by mail');
    expect(mail.text).toContain('It is. Reply to this mail.');
    expect(mail.replyTo).toMatch(new RegExp(`^support\\+[0-9a-f]{32}@${INBOUND_DOMAIN.replace(/\./g, '\\.')}$`));
    const replyTo = mail.replyTo!;

    // someone else cannot post into the ticket by knowing its address
    await expect(
      sendMail({ from: 'mallory@example.test', to: replyTo, subject: 'Re: x', text: 'Hijack' }),
    ).rejects.toThrow(/owner/);
    // an address that names no ticket is refused at RCPT TO
    await expect(
      sendMail({
        from: user.email,
        to: `support+${'0'.repeat(32)}@${INBOUND_DOMAIN}`,
        subject: 'Re: x',
        text: 'Hello',
      }),
    ).rejects.toThrow(/No ticket/);

    await sendMail({
      from: user.email,
      to: replyTo,
      subject: 'Re: Round trip by mail',
      text: 'Thanks, it works.\n\nOn Mon, Jun 1, 2026 at 9:00 AM TradeDesk <no-reply@tradedesk.local> wrote:\n> It is. Reply to this mail.\n',
    });
    const seen = (await call(user, 'GET', `/helpcenter/tickets/${ticket.id}`)).json() as Ticket;
    expect(seen.status).toBe('open');
    expect(seen.messages.at(-1)).toMatchObject({ body: 'Thanks, it works.', source: 'email', fromStaff: false });
    expect(seen.messages.some((m) => m.body === 'Hijack')).toBe(false);
  });

  it('reads reply tokens only from support+<token>@ the configured domain, and strips quoted text', () => {
    const token = 'ab'.repeat(16);
    expect(tokenOf(`support+${token}@${INBOUND_DOMAIN}`, INBOUND_DOMAIN)).toBe(token);
    expect(tokenOf(`support+${token}@elsewhere.test`, INBOUND_DOMAIN)).toBeUndefined();
    expect(tokenOf(`support+short@${INBOUND_DOMAIN}`, INBOUND_DOMAIN)).toBeUndefined();
    expect(replyTextOf('New text\n\n> old line\n> older line\n')).toBe('New text');
  });
});
