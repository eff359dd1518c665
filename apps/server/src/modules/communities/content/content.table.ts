import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { socialPosts } from '../../social/social.table.js';
import { users } from '../../users/users.table.js';
import { communities } from '../communities.table.js';

/** A community rule, shown in `position` order (1 first; kept 1..n by every write). */
export const communityRules = pgTable(
  'community_rules',
  {
    id: uuid('id').primaryKey(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('community_rules_community_idx').on(t.communityId, t.position)],
);
export type CommunityRuleRow = typeof communityRules.$inferSelect;

/** A community link (title and web address), in `position` order like the rules. */
export const communityLinks = pgTable(
  'community_links',
  {
    id: uuid('id').primaryKey(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('community_links_community_idx').on(t.communityId, t.position)],
);
export type CommunityLinkRow = typeof communityLinks.$inferSelect;

/** Legacy ratings: one per member and community (1-5, an optional review), replaced when rated again. */
export const communityRatings = pgTable(
  'community_ratings',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    review: text('review').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId], name: 'community_ratings_pkey' }),
    index('community_ratings_recent_idx').on(t.communityId, t.updatedAt.desc()),
  ],
);
export type CommunityRatingRow = typeof communityRatings.$inferSelect;

/** Posts pinned to the top of a community's feed by a member with `pin_posts` (gone with the post). */
export const communityPostPins = pgTable(
  'community_post_pins',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    pinnedBy: uuid('pinned_by').references(() => users.id, { onDelete: 'set null' }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.postId], name: 'community_post_pins_pkey' })],
);
