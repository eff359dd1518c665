import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';
import { socialPosts } from '../social.table.js';

/** Likes of posts (the count is kept in social_posts.like_count, changed in the same transaction). */
export const socialPostLikes = pgTable(
  'social_post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId], name: 'social_post_likes_pkey' })],
);

/** Favourites (GET /posts/favorites/list), newest first. */
export const socialPostFavorites = pgTable(
  'social_post_favorites',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId], name: 'social_post_favorites_pkey' }),
    index('social_post_favorites_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Uploaded images (POST /posts/media) until and after a post takes them: `post_id` null while unattached. */
export const socialPostMedia = pgTable(
  'social_post_media',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => socialPosts.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['image', 'gif'] }).notNull(),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('social_post_media_owner_idx').on(t.ownerId)],
);

/** Comments, threaded one level: a reply's `parent_id` is a top-level comment of the same post. */
export const socialComments = pgTable(
  'social_comments',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    mentionIds: uuid('mention_ids').array().notNull(),
    likeCount: integer('like_count').notNull().default(0),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('social_comments_post_idx').on(t.postId, t.parentId, t.createdAt),
    index('social_comments_parent_idx').on(t.parentId, t.createdAt),
  ],
);
export type SocialCommentRow = typeof socialComments.$inferSelect;

export const socialCommentLikes = pgTable(
  'social_comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => socialComments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.commentId], name: 'social_comment_likes_pkey' })],
);

/** A post's poll: options `{ id, text }` in order; closes at `closes_at`. */
export const socialPolls = pgTable('social_polls', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => socialPosts.id, { onDelete: 'cascade' }),
  question: text('question').notNull(),
  options: jsonb('options').$type<{ id: string; text: string }[]>().notNull(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
});
export type SocialPollRow = typeof socialPolls.$inferSelect;

/** One vote per user and poll (the primary key makes "vote once" hold under races). */
export const socialPollVotes = pgTable(
  'social_poll_votes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => socialPolls.postId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: text('option_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId], name: 'social_poll_votes_pkey' })],
);
