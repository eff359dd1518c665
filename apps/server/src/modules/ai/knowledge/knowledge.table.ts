import { bigint, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.js';

/**
 * A user's AI media file: an uploaded document, image or scanned image (its bytes in ctx.storage under
 * `storage_key`) or a fetched web page (`source_url`; nothing stored). Its text is indexed as ai_chunks.
 */
export const aiMedia = pgTable(
  'ai_media',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** document | image | scanned | link */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Content type (MIME), as sniffed from the bytes where the format allows it. */
    type: text('type').notNull(),
    size: integer('size').notNull(),
    /** The file's own modification time as the browser reported it (ms since epoch). */
    lastModified: bigint('last_modified', { mode: 'number' }).notNull(),
    storageKey: text('storage_key'),
    sourceUrl: text('source_url'),
    pages: integer('pages'),
    textChars: integer('text_chars').notNull(),
    chunkCount: integer('chunk_count').notNull(),
    /** Dimensions of the stored embeddings (0: none). */
    embeddingDims: integer('embedding_dims').notNull().default(0),
    /**
     * Which embedding model made them (`<provider host>/<model>`; null: none, or made before this was recorded).
     * Vector search only compares passages of the caller's current model; others are re-embedded.
     */
    embeddingModel: text('embedding_model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ai_media_user_idx').on(t.userId, t.createdAt),
    index('ai_media_user_kind_idx').on(t.userId, t.kind, t.createdAt),
  ],
);
export type AiMediaRow = typeof aiMedia.$inferSelect;

/** One indexed passage of a media file; `user_id` repeats the file's owner so retrieval is scoped in the query. */
export const aiChunks = pgTable(
  'ai_chunks',
  {
    mediaId: uuid('media_id')
      .notNull()
      .references(() => aiMedia.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** PDFs: the 1-based page the passage is on. */
    page: integer('page'),
    /** Characters at the start of `text` repeated from the passage before (so the file's text reads without them). */
    overlap: integer('overlap').notNull().default(0),
    /** The passage's embedding when the user's model offered embeddings at upload time. */
    embedding: real('embedding').array(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.idx] }), index('ai_chunks_user_idx').on(t.userId)],
);
export type AiChunkRow = typeof aiChunks.$inferSelect;
