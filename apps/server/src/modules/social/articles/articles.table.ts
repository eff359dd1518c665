import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/**
 * Articles (docs/architecture.md "Social"): a draft only its author sees until published. `content` is sanitized
 * HTML, `content_text` its plain text (search, excerpts). Counters live in the row, changed in the same
 * transaction as the like, comment or repost. `share_token`: the public link, made once on request.
 * `moderated_at`: hidden by moderation, pending review (only the author still sees it).
 */
export const socialArticles = pgTable(
  'social_articles',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    contentText: text('content_text').notNull().default(''),
    coverMediaId: uuid('cover_media_id'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    type: text('type', { enum: ['my_article'] })
      .notNull()
      .default('my_article'),
    audience: text('audience', { enum: ['everyone', 'followers'] })
      .notNull()
      .default('everyone'),
    whoCanReplay: text('who_can_replay', { enum: ['account_follow', 'everyone'] })
      .notNull()
      .default('account_follow'),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    repostCount: integer('repost_count').notNull().default(0),
    shareToken: text('share_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  },
  (t) => [
    index('social_articles_published_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} = 'published'`),
    index('social_articles_author_idx').on(t.authorId, t.updatedAt.desc()),
    uniqueIndex('social_articles_share_token_key').on(t.shareToken),
  ],
);
export type SocialArticleRow = typeof socialArticles.$inferSelect;

/** Images uploaded to an article (content images and its cover), deleted with it. */
export const socialArticleMedia = pgTable(
  'social_article_media',
  {
    id: uuid('id').primaryKey(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => socialArticles.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('social_article_media_article_idx').on(t.articleId)],
);
export type SocialArticleMediaRow = typeof socialArticleMedia.$inferSelect;

export const socialArticleLikes = pgTable(
  'social_article_likes',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => socialArticles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId], name: 'social_article_likes_pkey' })],
);

/**
 * Comments on articles, threaded one level like post comments: `parent_id` names a top-level comment of the same
 * article (deleting it deletes its replies). `moderated_at`: hidden by moderation, pending review (only its writer
 * still sees it).
 */
export const socialArticleComments = pgTable(
  'social_article_comments',
  {
    id: uuid('id').primaryKey(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => socialArticles.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => socialArticleComments.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  },
  (t) => [
    index('social_article_comments_article_idx').on(t.articleId, t.createdAt, t.id),
    index('social_article_comments_parent_idx').on(t.parentId, t.createdAt, t.id),
  ],
);
export type SocialArticleCommentRow = typeof socialArticleComments.$inferSelect;
