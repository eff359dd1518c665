import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * A news item, shared by every user. Feed items are unique by normalised link and by normalised title (the same
 * story from two feeds, or re-published with a new link, is kept once); simulated items by the calendar event
 * they were written from. `symbols` holds the instrument ids the item mentions.
 */
export const newsItems = pgTable(
  'news_items',
  {
    id: uuid('id').primaryKey(),
    providerId: text('provider_id').notNull(),
    providerName: text('provider_name').notNull(),
    /** 'Simulated' for simulated items, else the provider's name. */
    source: text('source').notNull(),
    simulated: boolean('simulated').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    link: text('link'),
    linkKey: text('link_key'),
    titleKey: text('title_key').notNull(),
    guid: text('guid'),
    categories: text('categories').array().notNull(),
    symbols: text('symbols').array().notNull(),
    sentiment: text('sentiment').notNull(),
    eventId: text('event_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('news_items_published_idx').on(t.publishedAt, t.id),
    index('news_items_provider_idx').on(t.providerId, t.publishedAt),
    uniqueIndex('news_items_link_key').on(t.linkKey).where(sql`${t.linkKey} is not null`),
    uniqueIndex('news_items_title_key').on(t.titleKey).where(sql`${t.eventId} is null`),
    uniqueIndex('news_items_event_key').on(t.eventId).where(sql`${t.eventId} is not null`),
  ],
);
export type NewsItemRow = typeof newsItems.$inferSelect;

/** Items a user has read (opened, or marked by read-all). */
export const newsReads = pgTable(
  'news_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => newsItems.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

/** Items a user saved to read later; the primary key keeps an item saved once. */
export const newsSaved = pgTable(
  'news_saved',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => newsItems.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('news_saved_user_idx').on(t.userId, t.savedAt)],
);

/** The user's recently watched items: one row per item, `viewed_at` moved to now each time it is opened. */
export const newsRecent = pgTable(
  'news_recent',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => newsItems.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('news_recent_user_idx').on(t.userId, t.viewedAt)],
);

/** A user's news folder: a named, coloured group of providers (sections Providers and Integrations). */
export const newsFolders = pgTable(
  'news_folders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    isOpen: boolean('is_open').notNull(),
    providers: text('providers').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('news_folders_user_idx').on(t.userId, t.createdAt)],
);
export type NewsFolderRow = typeof newsFolders.$inferSelect;

/** bytea as a Buffer: written as bytes (both drivers send a Uint8Array as binary), read back as a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Uint8Array | string }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) =>
    typeof value === 'string'
      ? Buffer.from(value.startsWith('\\x') ? value.slice(2) : value, 'hex')
      : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A feed provider's logo, fetched by the leader when the feed names one and served from this origin (the page's
 * security policy loads images from here only). One row per provider: the address it was fetched from, its type
 * (png, jpeg, gif, webp or icon), the bytes, their SHA-256 (the ETag) and when they were fetched.
 */
export const newsProviderLogos = pgTable('news_provider_logos', {
  providerId: text('provider_id').primaryKey(),
  sourceUrl: text('source_url').notNull(),
  contentType: text('content_type').notNull(),
  data: bytes('data').notNull(),
  hash: text('hash').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});
export type NewsProviderLogoRow = typeof newsProviderLogos.$inferSelect;
