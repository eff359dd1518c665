import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';
import { communities, communityRoles } from '../communities.table.js';

/**
 * Community channels (docs/api.md "Communities: channels"): topic rooms of a community. `kind` announcements are
 * written only by members with `manage_channels`; a `private` channel is seen by the roles in
 * `community_channel_roles` (and `view_private_channels`, and the Owner). Names are unique within a community.
 */
export const communityChannels = pgTable(
  'community_channels',
  {
    id: uuid('id').primaryKey(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    topic: text('topic').notNull().default(''),
    kind: text('kind', { enum: ['text', 'announcements'] }).notNull(),
    private: boolean('private').notNull().default(false),
    /** 1..n within the community (the list's order). */
    position: integer('position').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('community_channels_name_key').on(t.communityId, t.name)],
);
export type CommunityChannelRow = typeof communityChannels.$inferSelect;

/** The roles that see a private channel (a deleted role leaves with its rows). */
export const communityChannelRoles = pgTable(
  'community_channel_roles',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => communityChannels.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => communityRoles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.roleId], name: 'community_channel_roles_pkey' }),
    index('community_channel_roles_role_idx').on(t.roleId),
  ],
);

/**
 * A channel message. Deleting empties it (`deleted_at` set, content and mentions cleared) so the conversation keeps
 * its place. `mention_ids`: members mentioned with `@username` (unread mentions are counted from it).
 */
export const communityChannelMessages = pgTable(
  'community_channel_messages',
  {
    id: uuid('id').primaryKey(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => communityChannels.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    mentionIds: uuid('mention_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('community_channel_messages_channel_idx').on(t.channelId, t.createdAt.desc(), t.id.desc())],
);
export type CommunityChannelMessageRow = typeof communityChannelMessages.$inferSelect;

/** Up to when a member read a channel (unread: later messages of others, counted from their joining at the latest). */
export const communityChannelReads = pgTable(
  'community_channel_reads',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => communityChannels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId], name: 'community_channel_reads_pkey' })],
);
