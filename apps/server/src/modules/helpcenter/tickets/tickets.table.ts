import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/**
 * Support tickets (issue 18, item 3): a user's private conversation with staff. `status` open (awaiting staff),
 * waiting (awaiting the user) or solved. `reply_token` names the ticket in the Reply-To address of the mails staff
 * replies send (`support+<token>@domain`): 128 random bits, so a reply address cannot be guessed.
 * `last_message_at` orders the lists (the staff inbox oldest first, the user's newest first).
 */
export const helpTickets = pgTable(
  'help_tickets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['open', 'waiting', 'solved'] })
      .notNull()
      .default('open'),
    replyToken: text('reply_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('help_tickets_reply_token_key').on(t.replyToken),
    index('help_tickets_user_idx').on(t.userId, t.lastMessageAt),
    index('help_tickets_status_idx').on(t.status, t.lastMessageAt),
  ],
);
export type HelpTicketRow = typeof helpTickets.$inferSelect;

/** The messages of a ticket, oldest first: the user's (from the web or a mail reply) and staff replies. */
export const helpTicketMessages = pgTable(
  'help_ticket_messages',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => helpTickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromStaff: boolean('from_staff').notNull(),
    body: text('body').notNull(),
    source: text('source', { enum: ['web', 'email'] })
      .notNull()
      .default('web'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('help_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);
export type HelpTicketMessageRow = typeof helpTicketMessages.$inferSelect;
