import { z } from 'zod';
import { helpPageQuerySchema } from './helpcenter.js';
import { line, multiline } from './text.js';

/**
 * Support tickets (issue 18, item 3; spec section 9 "Tickets"): a private conversation between a user and staff.
 * All paths under /api.
 *
 * The user: GET /helpcenter/tickets?page&limit (own tickets, latest activity first), POST /helpcenter/tickets
 *   {subject, message}, GET /helpcenter/tickets/{id} (the conversation), POST /helpcenter/tickets/{id}/messages
 *   {message} (a reply: the ticket is open again). Another user's ticket: 404.
 * Staff (403 STAFF_ONLY for everyone else; each action is audited): GET /staff/tickets?status&search&page&limit
 *   (the inbox, oldest waiting first), GET /staff/tickets/{id}, POST /staff/tickets/{id}/messages {message} (the
 *   reply is mailed to the user and the ticket waits for them), PUT /staff/tickets/{id}/status {status}.
 * Mail: a new ticket or a user's reply is mailed to SUPPORT_EMAIL when set; a staff reply is mailed to the user with
 *   a Reply-To of `support+<reply token>@<INBOUND_MAIL_DOMAIN>` when inbound mail is configured, and the server's
 *   SMTP listener adds a reply from the ticket's owner to the conversation.
 */

/** open: awaiting staff; waiting: awaiting the user; solved: done (a reply from the user opens it again). */
export const TICKET_STATUSES = ['open', 'waiting', 'solved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Where a message came from: the web, or a mail reply. */
export const TICKET_MESSAGE_SOURCES = ['web', 'email'] as const;

export const TICKET_SUBJECT_MAX = 160;
export const TICKET_MESSAGE_MAX = 10_000;

/** GET /helpcenter/tickets: page 1 by default (spec section 9). */
export const ticketListQuerySchema = helpPageQuerySchema;
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** GET /staff/tickets: status open (default), waiting, solved or all; search in subjects, messages and e-mails. */
export const STAFF_TICKET_FILTERS = [...TICKET_STATUSES, 'all'] as const;
export const staffTicketListQuerySchema = helpPageQuerySchema.extend({
  status: z
    .enum(STAFF_TICKET_FILTERS, { error: `status must be one of ${STAFF_TICKET_FILTERS.join(', ')}.` })
    .default('open'),
  search: line('search', 200).optional(),
});
export type StaffTicketListQuery = z.infer<typeof staffTicketListQuerySchema>;

export const ticketCreateBodySchema = z.strictObject({
  subject: line('subject', TICKET_SUBJECT_MAX, { min: 1 }),
  message: multiline('message', TICKET_MESSAGE_MAX, { min: 1 }),
});
export type TicketCreateBody = z.infer<typeof ticketCreateBodySchema>;

export const ticketMessageBodySchema = z.strictObject({
  message: multiline('message', TICKET_MESSAGE_MAX, { min: 1 }),
});
export type TicketMessageBody = z.infer<typeof ticketMessageBodySchema>;

export const ticketStatusBodySchema = z.strictObject({
  status: z.enum(TICKET_STATUSES, { error: `status must be one of ${TICKET_STATUSES.join(', ')}.` }),
});
export type TicketStatusBody = z.infer<typeof ticketStatusBodySchema>;

export const ticketMessageSchema = z.object({
  id: z.uuid(),
  /** "First Last", the username, or "Deleted user"; staff replies show as "TradeDesk support" to the user. */
  authorName: z.string(),
  fromStaff: z.boolean(),
  body: z.string(),
  source: z.enum(TICKET_MESSAGE_SOURCES),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSummarySchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  messageCount: z.number().int(),
  /** The latest message, shortened. */
  preview: z.string(),
  createdAt: z.string(),
  /** When the latest message was written. */
  lastMessageAt: z.string(),
  /** Staff lists: who opened it. */
  requester: z.object({ id: z.uuid().nullable(), name: z.string(), email: z.string().nullable() }),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketSchema = ticketSummarySchema.extend({ messages: z.array(ticketMessageSchema) });
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketPageSchema = z.object({
  items: z.array(ticketSummarySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type TicketPage = z.infer<typeof ticketPageSchema>;

export const ticketErrorCodes = ['TICKET_NOT_FOUND'] as const;
export type TicketErrorCode = (typeof ticketErrorCodes)[number];
