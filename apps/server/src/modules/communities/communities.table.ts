import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { users } from '../users/users.table.js';

/**
 * Communities (docs/architecture.md "Communities"): the community, its members, roles and the roles members hold,
 * bans and the audit log. Every other community table (requests, invites, rules, links, channels, ratings,
 * moderator offers) lives in its slice's own `*.table.ts` and references `communities.id` with a cascade.
 */
export const communities = pgTable(
  'communities',
  {
    id: uuid('id').primaryKey(),
    /** Unique, lower case (the page's address). */
    handle: text('handle').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').notNull(),
    communitySize: text('community_size').notNull(),
    platforms: text('platforms').array().notNull().default(sql`'{}'::text[]`),
    existingCommunityUrl: text('existing_community_url'),
    visibility: text('visibility', { enum: ['public', 'private', 'hidden'] }).notNull(),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    /** Storage keys of the image and banner (null: none). */
    imageKey: text('image_key'),
    bannerKey: text('banner_key'),
    /** Display and Overall settings: CommunitySettings without the columns above. */
    settings: jsonb('settings')
      .$type<{ showMemberCount: boolean; showOnlineMembers: boolean; accentColor: string; welcomeMessage: string }>()
      .notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Kept by the service in the same transaction as joins and leaves. */
    memberCount: integer('member_count').notNull().default(0),
    /** Set by DELETE: the leader's purge job deletes the row at this instant unless restored. */
    deletionScheduledFor: timestamp('deletion_scheduled_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('communities_handle_key').on(t.handle),
    index('communities_owner_idx').on(t.ownerId),
    index('communities_members_idx').on(t.memberCount.desc(), t.id),
  ],
);
export type CommunityRow = typeof communities.$inferSelect;

/**
 * A role. `position` orders them (higher is more powerful; the Owner role is always the highest). `kind` marks the
 * built-in roles made with the community: owner (cannot be deleted), moderator and member (the first default role).
 */
export const communityRoles = pgTable(
  'community_roles',
  {
    id: uuid('id').primaryKey(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull().default('#8861E4'),
    display: boolean('display').notNull().default(false),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    kind: text('kind', { enum: ['owner', 'moderator', 'member', 'custom'] })
      .notNull()
      .default('custom'),
    position: integer('position').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('community_roles_community_idx').on(t.communityId, t.position)],
);
export type CommunityRoleRow = typeof communityRoles.$inferSelect;

export const communityMembers = pgTable(
  'community_members',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** Null until the member accepts the rules (asked before their first post or message). */
    rulesAcceptedAt: timestamp('rules_accepted_at', { withTimezone: true }),
    /** Pinned to the top of the member's joined list. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    notifyLevel: text('notify_level', { enum: ['all', 'mentions', 'none'] })
      .notNull()
      .default('all'),
    notifyNewPosts: boolean('notify_new_posts').notNull().default(true),
    notifyAnnouncements: boolean('notify_announcements').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId], name: 'community_members_pkey' }),
    index('community_members_user_idx').on(t.userId),
  ],
);
export type CommunityMemberRow = typeof communityMembers.$inferSelect;

export const communityMemberRoles = pgTable(
  'community_member_roles',
  {
    communityId: uuid('community_id').notNull(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => communityRoles.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId, t.roleId], name: 'community_member_roles_pkey' }),
    index('community_member_roles_role_idx').on(t.roleId),
  ],
);

export const communityBans = pgTable(
  'community_bans',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    bannedBy: uuid('banned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Null: until lifted. A ban past this instant no longer counts. */
    until: timestamp('until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId], name: 'community_bans_pkey' })],
);
export type CommunityBanRow = typeof communityBans.$inferSelect;

export const communityAudit = pgTable(
  'community_audit',
  {
    id: uuid('id').primaryKey(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('community_audit_community_idx').on(t.communityId, t.createdAt.desc(), t.id.desc())],
);

/** A request to join a private community, answered by a member with `manage_members` (or revoked by its author). */
export const communityJoinRequests = pgTable(
  'community_join_requests',
  {
    id: uuid('id').primaryKey(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('community_join_requests_one_key').on(t.communityId, t.userId),
    index('community_join_requests_user_idx').on(t.userId),
  ],
);

/**
 * An invite: to one person (`invitee_id`) or a link (`invitee_id` null). The token is stored as its SHA-256; each
 * use counts, and a token past `expires_at`, used `max_uses` times or revoked no longer admits anyone. An open
 * invite to a person lets them see a hidden community.
 */
export const communityInvites = pgTable(
  'community_invites',
  {
    id: uuid('id').primaryKey(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    inviteeId: uuid('invitee_id').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The token itself, shown again to those who may invite (it only admits to the community). */
    token: text('token').notNull(),
    maxUses: integer('max_uses').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('community_invites_token_key').on(t.tokenHash),
    index('community_invites_community_idx').on(t.communityId, t.createdAt.desc()),
    index('community_invites_invitee_idx').on(t.inviteeId),
  ],
);
