import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * One JSON document of the user-data store: a user's saved state under a store ('workspace') and a name.
 * `state` is the client's JSON, kept verbatim; `version` is the client's version of its shape.
 */
export const userDataDocuments = pgTable(
  'user_data_documents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    store: text('store').notNull(),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    state: jsonb('state').$type<unknown>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'user_data_documents_pkey', columns: [t.userId, t.store, t.name] })],
);

export type UserDataDocumentRow = typeof userDataDocuments.$inferSelect;
