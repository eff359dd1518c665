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
 * The social graph (docs/architecture.md "Social"): accepted follows, pending follow requests and blocks. A block
 * removes the follows and requests between the two in the same transaction. Friends are mutual follows.
 */
export const socialFollows = pgTable(
  'social_follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId], name: 'social_follows_pkey' }),
    index('social_follows_followee_idx').on(t.followeeId, t.createdAt),
  ],
);

export const socialFollowRequests = pgTable(
  'social_follow_requests',
  {
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.targetId], name: 'social_follow_requests_pkey' }),
    index('social_follow_requests_target_idx').on(t.targetId, t.createdAt),
  ],
);

export const socialBlocks = pgTable(
  'social_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId], name: 'social_blocks_pkey' }),
    index('social_blocks_blocked_idx').on(t.blockedId),
  ],
);

/**
 * A post. `content` is sanitized HTML, `content_text` its plain text (search, previews). Counters are kept in the
 * row (updated in the same transaction as the like, comment or repost) so a feed page needs no counting query;
 * `score` (sort top) is a column PostgreSQL computes from them.
 * `hidden_at`: hidden by its author; `moderated_at`: hidden by moderation (auto-hide or staff), pending review.
 * A repost is a post with `repost_of_id` (and usually no content); a repost of an article has `article_id`.
 */
export const socialPosts = pgTable(
  'social_posts',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    contentText: text('content_text').notNull().default(''),
    visibility: text('visibility', { enum: ['public', 'community'] })
      .notNull()
      .default('public'),
    communityId: uuid('community_id'),
    replyAccess: text('reply_access', { enum: ['everyone', 'followers', 'mentioned', 'nobody'] })
      .notNull()
      .default('everyone'),
    commentsClosed: boolean('comments_closed').notNull().default(false),
    repostOfId: uuid('repost_of_id'),
    articleId: uuid('article_id'),
    mentionIds: uuid('mention_ids').array().notNull().default(sql`'{}'::uuid[]`),
    symbols: jsonb('symbols').$type<{ ticker: string; source: string }[]>().notNull().default([]),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    /** Uploaded images: `{ id, kind, key, width, height }[]`. */
    media: jsonb('media')
      .$type<{ id: string; kind: 'image' | 'gif'; key: string; width: number; height: number }[]>()
      .notNull()
      .default([]),
    gif: jsonb('gif').$type<Record<string, unknown> | null>(),
    chart: jsonb('chart').$type<Record<string, unknown> | null>(),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    repostCount: integer('repost_count').notNull().default(0),
    /** Sort top's score, kept by PostgreSQL with the counters: likes + 2 comments + 3 reposts. */
    score: integer('score').notNull().generatedAlwaysAs(sql`like_count + 2 * comment_count + 3 * repost_count`),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('social_posts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('social_posts_author_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    // sort top walks this in order: the 7-day window and the keyset are checked on the index entries
    index('social_posts_top_idx').on(t.score.desc(), t.createdAt.desc(), t.id.desc()),
    index('social_posts_repost_idx').on(t.repostOfId),
    // a community's feed walks its posts newest first
    index('social_posts_community_idx')
      .on(t.communityId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.communityId} is not null`),
    // one repost of a post per person (POST /posts/{id}/repost twice is a conflict, DELETE undoes it)
    uniqueIndex('social_posts_one_repost_key').on(t.authorId, t.repostOfId).where(sql`${t.repostOfId} is not null`),
  ],
);
export type SocialPostRow = typeof socialPosts.$inferSelect;
