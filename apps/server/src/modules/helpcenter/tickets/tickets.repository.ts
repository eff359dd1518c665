import type { TicketStatus } from '@tradedesk/contracts';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { containsPattern } from '../../../platform/sql-like.js';
import { users } from '../../users/users.table.js';
import { type HelpTicketMessageRow, type HelpTicketRow, helpTicketMessages, helpTickets } from './tickets.table.js';

export type TicketFilter = {
  /** Only this user's tickets (the user's own list and search). */
  userId?: string;
  status?: TicketStatus;
  search?: string;
  /** Staff inbox: the longest-waiting first; otherwise the latest activity first. */
  oldestFirst?: boolean;
  page: number;
  limit: number;
};

/** Who wrote something, as lists show them. */
export type TicketPersonRow = {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
};

const personColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};

export function createTicketsRepository(db: Db) {
  function whereOf(filter: Omit<TicketFilter, 'page' | 'limit' | 'oldestFirst'>): SQL | undefined {
    const where: SQL[] = [];
    if (filter.userId) where.push(eq(helpTickets.userId, filter.userId));
    if (filter.status) where.push(eq(helpTickets.status, filter.status));
    if (filter.search) {
      const like = containsPattern(filter.search);
      const inMessages = exists(
        db
          .select({ one: sql`1` })
          .from(helpTicketMessages)
          .where(and(eq(helpTicketMessages.ticketId, helpTickets.id), ilike(helpTicketMessages.body, like))),
      );
      const terms = [ilike(helpTickets.subject, like), inMessages];
      // staff search the requester's e-mail too
      if (!filter.userId) terms.push(ilike(users.email, like));
      where.push(or(...terms) as SQL);
    }
    return where.length > 0 ? and(...where) : undefined;
  }

  return {
    async insertTicket(ticket: HelpTicketRow, message: HelpTicketMessageRow): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(helpTickets).values(ticket);
        await tx.insert(helpTicketMessages).values(message);
      });
    },

    async addMessage(message: HelpTicketMessageRow, status: TicketStatus): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(helpTicketMessages).values(message);
        await tx
          .update(helpTickets)
          .set({ status, lastMessageAt: message.createdAt })
          .where(eq(helpTickets.id, message.ticketId));
      });
    },

    async setStatus(id: string, status: TicketStatus): Promise<void> {
      await db.update(helpTickets).set({ status }).where(eq(helpTickets.id, id));
    },

    async find(id: string): Promise<HelpTicketRow | undefined> {
      const [row] = await db.select().from(helpTickets).where(eq(helpTickets.id, id)).limit(1);
      return row;
    },

    async findByToken(token: string): Promise<HelpTicketRow | undefined> {
      const [row] = await db.select().from(helpTickets).where(eq(helpTickets.replyToken, token)).limit(1);
      return row;
    },

    async list(filter: TicketFilter): Promise<{ rows: HelpTicketRow[]; total: number }> {
      const where = whereOf(filter);
      const order = filter.oldestFirst
        ? [asc(helpTickets.lastMessageAt), asc(helpTickets.id)]
        : [desc(helpTickets.lastMessageAt), desc(helpTickets.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select({ ticket: helpTickets })
          .from(helpTickets)
          .innerJoin(users, eq(users.id, helpTickets.userId))
          .where(where)
          .orderBy(...order)
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit),
        db.select({ n: count() }).from(helpTickets).innerJoin(users, eq(users.id, helpTickets.userId)).where(where),
      ]);
      return { rows: rows.map((r) => r.ticket), total: total?.n ?? 0 };
    },

    async messagesOf(ticketIds: string[]): Promise<HelpTicketMessageRow[]> {
      if (ticketIds.length === 0) return [];
      return db
        .select()
        .from(helpTicketMessages)
        .where(inArray(helpTicketMessages.ticketId, ticketIds))
        .orderBy(asc(helpTicketMessages.createdAt), asc(helpTicketMessages.id));
    },

    async people(ids: string[]): Promise<Map<string, TicketPersonRow>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db.select(personColumns).from(users).where(inArray(users.id, unique));
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
