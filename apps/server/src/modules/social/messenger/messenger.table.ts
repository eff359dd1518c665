import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/** A stored attachment as a message carries it (a copy, so a message reads in one query). */
export type StoredAttachment = {
  id: string;
  kind: 'image' | 'file';
  name: string;
  contentType: string;
  key: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
};

/**
 * One-to-one conversations (docs/api.md "Messenger"): one row per pair, `user_low` < `user_high` so a pair has
 * exactly one conversation whoever opened it.
 */
export const socialConversations = pgTable(
  'social_conversations',
  {
    id: uuid('id').primaryKey(),
    userLow: uuid('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: uuid('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('social_conversations_pair_key').on(t.userLow, t.userHigh),
    check('social_conversations_pair_order', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/**
 * Each member's own state of a conversation: up to when they read, and up to when they deleted it for themselves
 * (`cleared_at`: older messages are gone for them; the conversation comes back with the next message).
 */
export const socialConversationMembers = pgTable(
  'social_conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => socialConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    peerId: uuid('peer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId], name: 'social_conversation_members_pkey' }),
    index('social_conversation_members_user_idx').on(t.userId),
  ],
);

export const socialMessages = pgTable(
  'social_messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => socialConversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** Hidden by moderation (auto-hide or staff), pending review: its recipient no longer sees it. */
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('social_messages_conversation_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc())],
);
export type SocialMessageRow = typeof socialMessages.$inferSelect;

/** Messages a member deleted for themselves (the other still sees them). */
export const socialMessageHides = pgTable(
  'social_message_hides',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => socialMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId], name: 'social_message_hides_pkey' })],
);

/** Uploaded attachments: the uploader's until sent (`message_id` set then; a file is sent once). */
export const socialMessageAttachments = pgTable(
  'social_message_attachments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => socialMessages.id, { onDelete: 'set null' }),
    key: text('key').notNull(),
    kind: text('kind', { enum: ['image', 'file'] }).notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('social_message_attachments_user_idx').on(t.userId)],
);
