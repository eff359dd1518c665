import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { mailOutbox } from '../../platform/mail/mail.table.js';

export function createDevMailboxRepository(db: Db) {
  return {
    /** Newest first; `to` matches the address case-insensitively. */
    async list(filter: { to?: string | undefined; limit: number }) {
      return db
        .select()
        .from(mailOutbox)
        .where(filter.to ? sql`lower(${mailOutbox.to}) = ${filter.to.toLowerCase()}` : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(filter.limit);
    },
  };
}
export type DevMailboxRepository = ReturnType<typeof createDevMailboxRepository>;
