import type {
  HelpSearchHit,
  StaffTicketListQuery,
  Ticket,
  TicketCreateBody,
  TicketListQuery,
  TicketPage,
  TicketStatus,
  TicketSummary,
} from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { MailMessage } from '../../../platform/mail/mailer.js';
import type { HelpCenterDeps } from '../helpcenter.types.js';
import { ticketNotFound } from './tickets.errors.js';
import type { TicketPersonRow, TicketsRepository } from './tickets.repository.js';
import type { HelpTicketMessageRow, HelpTicketRow } from './tickets.table.js';

const PREVIEW_CHARS = 140;
/** What a user sees as the author of a staff reply (staff members' names stay private). */
export const SUPPORT_NAME = 'TradeDesk support';

export type TicketsMail = {
  /** Sends a mail; a failure is logged, never the caller's error (the message is saved either way). */
  send(message: MailMessage): Promise<void>;
  /** Where new tickets and users' replies are mailed (SUPPORT_EMAIL); undefined: nowhere. */
  supportEmail: string | undefined;
  /** The Reply-To of a staff reply for this ticket token, when inbound mail runs; undefined: none. */
  replyAddress(token: string): string | undefined;
  publicUrl: string;
};

const nameOf = (p: TicketPersonRow | undefined) =>
  p ? `${p.firstName} ${p.lastName}`.trim() || p.username : 'Deleted user';

const shorten = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * Support tickets (issue 18, item 3): users open tickets and reply; staff answer from the inbox. A user's reply
 * (web or mail) opens the ticket again; a staff reply makes it wait for the user and is mailed to them.
 */
export function createTicketsService(deps: {
  repo: TicketsRepository;
  clock: Clock;
  staff: HelpCenterDeps['staff'];
  notifications: HelpCenterDeps['notifications'];
  mail: TicketsMail;
  /** 128 random bits, hex: the ticket's reply address token. */
  newReplyToken: () => string;
}) {
  const { repo, clock, staff, mail } = deps;

  /** The tickets with their messages, shaped for the caller: staff see staff members' names. */
  async function shape(tickets: HelpTicketRow[], forStaff: boolean): Promise<Ticket[]> {
    const messages = await repo.messagesOf(tickets.map((t) => t.id));
    const people = await repo.people([
      ...tickets.map((t) => t.userId),
      ...messages.flatMap((m) => (m.authorId ? [m.authorId] : [])),
    ]);
    const byTicket = new Map<string, HelpTicketMessageRow[]>();
    for (const m of messages) byTicket.set(m.ticketId, [...(byTicket.get(m.ticketId) ?? []), m]);
    return tickets.map((t) => {
      const own = byTicket.get(t.id) ?? [];
      const requester = people.get(t.userId);
      const last = own.at(-1);
      return {
        id: t.id,
        subject: t.subject,
        status: t.status,
        messageCount: own.length,
        preview: last ? shorten(last.body, PREVIEW_CHARS) : '',
        createdAt: t.createdAt.toISOString(),
        lastMessageAt: t.lastMessageAt.toISOString(),
        requester: { id: t.userId, name: nameOf(requester), email: forStaff ? (requester?.email ?? null) : null },
        messages: own.map((m) => ({
          id: m.id,
          authorName: m.fromStaff && !forStaff ? SUPPORT_NAME : nameOf(m.authorId ? people.get(m.authorId) : undefined),
          fromStaff: m.fromStaff,
          body: m.body,
          source: m.source,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    });
  }

  const summary = ({ messages: _, ...rest }: Ticket): TicketSummary => rest;

  async function one(ticket: HelpTicketRow, forStaff: boolean): Promise<Ticket> {
    const [shaped] = await shape([ticket], forStaff);
    if (!shaped) throw ticketNotFound();
    return shaped;
  }

  async function reread(id: string): Promise<HelpTicketRow> {
    const ticket = await repo.find(id);
    if (!ticket) throw ticketNotFound();
    return ticket;
  }

  async function ownTicket(userId: string, id: string): Promise<HelpTicketRow> {
    const ticket = await repo.find(id);
    if (!ticket || ticket.userId !== userId) throw ticketNotFound();
    return ticket;
  }

  async function staffTicket(actorId: string, id: string): Promise<HelpTicketRow> {
    await staff.access.requireStaff(actorId);
    const ticket = await repo.find(id);
    if (!ticket) throw ticketNotFound();
    return ticket;
  }

  /** A message after the ticket's latest one (a millisecond later at least, so the conversation keeps its order). */
  const message = (
    ticket: Pick<HelpTicketRow, 'id' | 'lastMessageAt'>,
    authorId: string,
    body: string,
    fromStaff: boolean,
    source: 'web' | 'email' = 'web',
  ): HelpTicketMessageRow => {
    const createdAt = new Date(Math.max(clock.now().getTime(), ticket.lastMessageAt.getTime() + 1));
    return { id: newId(), ticketId: ticket.id, authorId, fromStaff, body, source, createdAt };
  };

  async function mailSupport(ticket: HelpTicketRow, body: string, isNew: boolean): Promise<void> {
    if (!mail.supportEmail) return;
    const people = await repo.people([ticket.userId]);
    const requester = people.get(ticket.userId);
    await mail.send({
      template: 'ticket-support',
      to: mail.supportEmail,
      data: {
        firstName: 'support team',
        requester: requester ? `${nameOf(requester)} <${requester.email}>` : 'A user',
        subject: ticket.subject,
        body,
        isNew,
        link: `${mail.publicUrl}/staff/tickets/${ticket.id}`,
      },
    });
  }

  /** The user's reply, from the web or a mail: the ticket is open (awaiting staff) again. */
  async function userReply(ticket: HelpTicketRow, body: string, source: 'web' | 'email'): Promise<void> {
    await repo.addMessage(message(ticket, ticket.userId, body, false, source), 'open');
    await mailSupport(ticket, body, false);
  }

  const page = async (tickets: { rows: HelpTicketRow[]; total: number }, q: TicketListQuery, forStaff: boolean) => ({
    items: (await shape(tickets.rows, forStaff)).map(summary),
    page: q.page,
    limit: q.limit,
    total: tickets.total,
  });

  return {
    async create(userId: string, body: TicketCreateBody): Promise<Ticket> {
      const now = clock.now();
      const ticket: HelpTicketRow = {
        id: newId(),
        userId,
        subject: body.subject,
        status: 'open',
        replyToken: deps.newReplyToken(),
        createdAt: now,
        lastMessageAt: now,
      };
      await repo.insertTicket(ticket, { ...message(ticket, userId, body.message, false), createdAt: now });
      await mailSupport(ticket, body.message, true);
      return one(ticket, false);
    },

    async list(userId: string, q: TicketListQuery): Promise<TicketPage> {
      return page(await repo.list({ userId, page: q.page, limit: q.limit }), q, false);
    },

    async get(userId: string, id: string): Promise<Ticket> {
      return one(await ownTicket(userId, id), false);
    },

    async reply(userId: string, id: string, body: string): Promise<Ticket> {
      const ticket = await ownTicket(userId, id);
      await userReply(ticket, body, 'web');
      return one(await reread(ticket.id), false);
    },

    /** A mail reply to `support+<token>@domain`: added when it comes from the ticket's owner. */
    async mailReply(token: string, fromAddress: string, body: string): Promise<'added' | 'unknown' | 'not_owner'> {
      const ticket = await repo.findByToken(token);
      if (!ticket) return 'unknown';
      const owner = (await repo.people([ticket.userId])).get(ticket.userId);
      if (!owner || owner.email.toLowerCase() !== fromAddress.toLowerCase()) return 'not_owner';
      await userReply(ticket, body, 'email');
      return 'added';
    },

    /** Whether `token` names a ticket (the inbound listener refuses other recipients at RCPT TO). */
    async tokenExists(token: string): Promise<boolean> {
      return (await repo.findByToken(token)) !== undefined;
    },

    async inbox(actorId: string, q: StaffTicketListQuery): Promise<TicketPage> {
      await staff.access.requireStaff(actorId);
      const status = q.status === 'all' ? undefined : q.status;
      const found = await repo.list({ status, search: q.search, oldestFirst: true, page: q.page, limit: q.limit });
      return page(found, q, true);
    },

    async staffGet(actorId: string, id: string): Promise<Ticket> {
      return one(await staffTicket(actorId, id), true);
    },

    /** Staff answer: the ticket waits for the user, who gets a mail (and a notification in the bell). */
    async staffReply(actorId: string, id: string, body: string): Promise<Ticket> {
      const ticket = await staffTicket(actorId, id);
      await repo.addMessage(message(ticket, actorId, body, true), 'waiting');
      await staff.audit.record({
        actorId,
        action: 'ticket.reply',
        targetKind: 'ticket',
        targetId: ticket.id,
        summary: `Replied to the ticket “${ticket.subject}”.`,
      });
      const owner = (await repo.people([ticket.userId])).get(ticket.userId);
      const link = `/help/tickets/${ticket.id}`;
      await deps.notifications.notify(ticket.userId, {
        kind: 'system',
        title: 'Support answered your ticket',
        body: ticket.subject,
        link,
        email: false,
      });
      if (owner) {
        const replyTo = mail.replyAddress(ticket.replyToken);
        await mail.send({
          template: 'ticket-reply',
          to: owner.email,
          ...(replyTo ? { replyTo } : {}),
          data: { firstName: owner.firstName, subject: ticket.subject, body, link: `${mail.publicUrl}${link}` },
        });
      }
      return one(await reread(ticket.id), true);
    },

    async setStatus(actorId: string, id: string, status: TicketStatus): Promise<Ticket> {
      const ticket = await staffTicket(actorId, id);
      if (ticket.status !== status) {
        await repo.setStatus(ticket.id, status);
        await staff.audit.record({
          actorId,
          action: 'ticket.status',
          targetKind: 'ticket',
          targetId: ticket.id,
          summary: `Set the ticket “${ticket.subject}” from ${ticket.status} to ${status}.`,
        });
      }
      return one({ ...ticket, status }, true);
    },

    /** The caller's own tickets whose subject or messages hold `q`. */
    async search(q: string, viewerId: string, limit: number): Promise<HelpSearchHit[]> {
      const found = await repo.list({ userId: viewerId, search: q, page: 1, limit });
      const shaped = await shape(found.rows, false);
      const needle = q.toLowerCase();
      return shaped.map((t) => {
        const inSubject = t.subject.toLowerCase().includes(needle);
        const match = t.messages.find((m) => m.body.toLowerCase().includes(needle));
        return {
          kind: 'ticket' as const,
          id: t.id,
          title: t.subject,
          snippet: match ? snippetAround(match.body, needle) : t.preview,
          path: `/help/tickets/${t.id}`,
          score: inSubject ? 2 : 1,
        };
      });
    },
  };
}
export type TicketsService = ReturnType<typeof createTicketsService>;

/** A plain-text extract of about 160 characters around the first match of `needle` (lower case). */
function snippetAround(text: string, needle: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = flat.toLowerCase().indexOf(needle);
  const start = Math.max(0, at - 60);
  const cut = flat.slice(start, start + 160);
  return `${start > 0 ? '…' : ''}${cut}${start + 160 < flat.length ? '…' : ''}`;
}
