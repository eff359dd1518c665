import { type AnyPgColumn, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/**
 * Help-center posts (issue 18): bugs and feature requests filed by users; announcements, updates (the changelog)
 * and tutorials published by staff. One row shape for every kind; the columns of other kinds stay null. A post
 * whose author deleted their account keeps its text (author set null).
 */
export const helpPosts = pgTable(
  'help_posts',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['bug', 'feature', 'announcement', 'update', 'tutorial'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Bugs and features only. */
    status: text('status'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Bugs: what the app attached (shown to the author and staff only). */
    appVersion: text('app_version'),
    page: text('page'),
    browser: text('browser'),
    /** Bugs: the screenshot's storage key. */
    screenshotKey: text('screenshot_key'),
    /** Updates: the version shipped. */
    version: text('version'),
    /** Tutorials: the video link. */
    videoUrl: text('video_url'),
    /** Features merged as duplicates: the survivor. */
    mergedIntoId: uuid('merged_into_id').references((): AnyPgColumn => helpPosts.id, { onDelete: 'set null' }),
    /** Features done: the update that shipped them. */
    changelogId: uuid('changelog_id').references((): AnyPgColumn => helpPosts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('help_posts_kind_created_idx').on(t.kind, t.createdAt), index('help_posts_author_idx').on(t.authorId)],
);
export type HelpPostRow = typeof helpPosts.$inferSelect;

export const helpComments = pgTable(
  'help_comments',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => helpPosts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('help_comments_post_idx').on(t.postId, t.createdAt)],
);
export type HelpCommentRow = typeof helpComments.$inferSelect;

/** What happened to a post, oldest first: filed, status changes with staff notes, staff replies, merges. */
export const helpActivity = pgTable(
  'help_activity',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => helpPosts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['created', 'status', 'staff_reply', 'merged', 'edited', 'shipped'] }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('help_activity_post_idx').on(t.postId, t.createdAt)],
);

/** The key of a vote or a like: one per post and user, gone with either. */
const postAndUser = () => ({
  postId: uuid('post_id')
    .notNull()
    .references(() => helpPosts.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

/** One vote per user and feature request (changeable); withdrawing deletes it. */
export const helpVotes = pgTable(
  'help_votes',
  {
    ...postAndUser(),
    voteType: text('vote_type', { enum: ['up', 'down'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** One like per user and post. */
export const helpLikes = pgTable(
  'help_likes',
  {
    ...postAndUser(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** The feature requests an update (changelog entry) shipped. */
export const helpUpdateFeatures = pgTable(
  'help_update_features',
  {
    updateId: uuid('update_id')
      .notNull()
      .references(() => helpPosts.id, { onDelete: 'cascade' }),
    featureId: uuid('feature_id')
      .notNull()
      .references(() => helpPosts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.updateId, t.featureId] })],
);

/** Quick feedback sent from anywhere in the app (POST /v1/feedback); read by staff. */
export const helpFeedback = pgTable(
  'help_feedback',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    rating: integer('rating'),
    page: text('page'),
    appVersion: text('app_version'),
    browser: text('browser'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('help_feedback_created_idx').on(t.createdAt)],
);
