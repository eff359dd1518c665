import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';

import type { Db } from '../../../platform/db.js';
import { containsPattern } from '../../../platform/sql-like.js';
import { type AiChunkRow, type AiMediaRow, aiChunks, aiMedia } from './knowledge.table.js';

export type AiMediaInsert = typeof aiMedia.$inferInsert;
export type AiChunkInsert = typeof aiChunks.$inferInsert;

/** AI media files and their indexed passages; every query is scoped by the owner. */
export function createKnowledgeRepository(db: Db) {
  return {
    /** The bytes of every file the user keeps (the plan's knowledge_storage_mb counts them). */
    async storedBytes(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${aiMedia.size}), 0)::float8` })
        .from(aiMedia)
        .where(eq(aiMedia.userId, userId));
      return Number(row?.n ?? 0);
    },

    /** The file and its passages, in one transaction: a file is never listed without its index. */
    async insert(media: AiMediaInsert, chunks: AiChunkInsert[]): Promise<AiMediaRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(aiMedia).values(media).returning();
        for (let i = 0; i < chunks.length; i += 500) await tx.insert(aiChunks).values(chunks.slice(i, i + 500));
        return row!;
      });
    },

    async findOwned(userId: string, id: string): Promise<AiMediaRow | undefined> {
      const [row] = await db
        .select()
        .from(aiMedia)
        .where(and(eq(aiMedia.userId, userId), eq(aiMedia.id, id)));
      return row;
    },

    /** The owner's files among `ids` (others' ids and unknown ids are left out). */
    async findManyOwned(userId: string, ids: readonly string[]): Promise<AiMediaRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(aiMedia)
        .where(and(eq(aiMedia.userId, userId), inArray(aiMedia.id, [...ids])));
    },

    async page(
      userId: string,
      filter: { kind?: string; search?: string },
      page: number,
      limit: number,
    ): Promise<{ rows: AiMediaRow[]; total: number }> {
      const where: SQL[] = [eq(aiMedia.userId, userId)];
      if (filter.kind) where.push(eq(aiMedia.kind, filter.kind));
      if (filter.search) where.push(ilike(aiMedia.name, containsPattern(filter.search)));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(aiMedia)
          .where(and(...where))
          .orderBy(desc(aiMedia.createdAt), desc(aiMedia.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ n: count() })
          .from(aiMedia)
          .where(and(...where)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async delete(userId: string, id: string): Promise<AiMediaRow | undefined> {
      const [row] = await db
        .delete(aiMedia)
        .where(and(eq(aiMedia.userId, userId), eq(aiMedia.id, id)))
        .returning();
      return row;
    },

    async chunksOf(userId: string, mediaId: string): Promise<AiChunkRow[]> {
      return db
        .select()
        .from(aiChunks)
        .where(and(eq(aiChunks.userId, userId), eq(aiChunks.mediaId, mediaId)))
        .orderBy(asc(aiChunks.idx));
    },

    /** Every passage of the owner (the full-text index is built from them), without embeddings. */
    async allChunks(userId: string): Promise<Pick<AiChunkRow, 'mediaId' | 'idx' | 'text' | 'page'>[]> {
      return db
        .select({ mediaId: aiChunks.mediaId, idx: aiChunks.idx, text: aiChunks.text, page: aiChunks.page })
        .from(aiChunks)
        .where(eq(aiChunks.userId, userId));
    },

    /**
     * Passages of the owner embedded by `model` with `dims` dimensions, optionally among some files. Passages of
     * files embedded by another model are left out (they wait for their re-embedding).
     */
    async embeddedChunks(
      userId: string,
      model: string,
      dims: number,
      mediaIds: readonly string[] | null,
    ): Promise<Pick<AiChunkRow, 'mediaId' | 'idx' | 'text' | 'page' | 'embedding'>[]> {
      const where: SQL[] = [
        eq(aiChunks.userId, userId),
        isNotNull(aiChunks.embedding),
        sql`cardinality(${aiChunks.embedding}) = ${dims}`,
        inArray(
          aiChunks.mediaId,
          db
            .select({ id: aiMedia.id })
            .from(aiMedia)
            .where(and(eq(aiMedia.userId, userId), eq(aiMedia.embeddingModel, model))),
        ),
      ];
      if (mediaIds) {
        if (mediaIds.length === 0) return [];
        where.push(inArray(aiChunks.mediaId, [...mediaIds]));
      }
      return db
        .select({
          mediaId: aiChunks.mediaId,
          idx: aiChunks.idx,
          text: aiChunks.text,
          page: aiChunks.page,
          embedding: aiChunks.embedding,
        })
        .from(aiChunks)
        .where(and(...where));
    },

    /** The owner's files with passages whose vectors are not `model`'s (none, or another model's), oldest first. */
    async staleForModel(userId: string, model: string, limit: number): Promise<Pick<AiMediaRow, 'id' | 'name'>[]> {
      return db
        .select({ id: aiMedia.id, name: aiMedia.name })
        .from(aiMedia)
        .where(
          and(
            eq(aiMedia.userId, userId),
            gt(aiMedia.chunkCount, 0),
            or(isNull(aiMedia.embeddingModel), ne(aiMedia.embeddingModel, model)),
          ),
        )
        .orderBy(asc(aiMedia.createdAt), asc(aiMedia.id))
        .limit(limit);
    },

    /** How many of the owner's files with passages carry `model`'s vectors, and how many do not. */
    async embeddingCounts(userId: string, model: string | null): Promise<{ files: number; current: number }> {
      const [row] = await db
        .select({
          files: count(),
          current: sql<number>`count(*) filter (where ${aiMedia.embeddingModel} = ${model ?? ''})::int`,
        })
        .from(aiMedia)
        .where(and(eq(aiMedia.userId, userId), gt(aiMedia.chunkCount, 0)));
      return { files: Number(row?.files ?? 0), current: Number(row?.current ?? 0) };
    },

    /** Replaces a file's vectors (one per passage) and records the model, in one transaction. */
    async replaceEmbeddings(
      userId: string,
      mediaId: string,
      model: string,
      vectors: { idx: number; vector: number[] }[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        for (const { idx, vector } of vectors) {
          await tx
            .update(aiChunks)
            .set({ embedding: vector })
            .where(and(eq(aiChunks.userId, userId), eq(aiChunks.mediaId, mediaId), eq(aiChunks.idx, idx)));
        }
        await tx
          .update(aiMedia)
          .set({ embeddingModel: model, embeddingDims: vectors[0]?.vector.length ?? 0 })
          .where(and(eq(aiMedia.userId, userId), eq(aiMedia.id, mediaId)));
      });
    },

    /** Owners of files with passages, by id after `after` (the re-embedding job walks them in pages). */
    async ownersWithPassages(after: string | null, limit: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ userId: aiMedia.userId })
        .from(aiMedia)
        .where(and(gt(aiMedia.chunkCount, 0), after ? gt(aiMedia.userId, after) : undefined))
        .orderBy(asc(aiMedia.userId))
        .limit(limit);
      return rows.map((r) => r.userId);
    },

    /** What the owner's index is built from, as one value that changes whenever a file is added or removed. */
    async indexStamp(userId: string): Promise<string> {
      const [row] = await db
        .select({
          n: count(),
          ids: sql<string>`md5(coalesce(string_agg(${aiMedia.id}::text, ',' order by ${aiMedia.id}), ''))`,
        })
        .from(aiMedia)
        .where(eq(aiMedia.userId, userId));
      return `${row?.n ?? 0}:${row?.ids ?? ''}`;
    },

    /** Names and addresses of the owner's files (all of them when `ids` is null). */
    async describe(
      userId: string,
      ids: readonly string[] | null,
    ): Promise<Pick<AiMediaRow, 'id' | 'name' | 'kind' | 'sourceUrl' | 'type'>[]> {
      const where: SQL[] = [eq(aiMedia.userId, userId)];
      if (ids) {
        if (ids.length === 0) return [];
        where.push(inArray(aiMedia.id, [...ids]));
      }
      return db
        .select({
          id: aiMedia.id,
          name: aiMedia.name,
          kind: aiMedia.kind,
          sourceUrl: aiMedia.sourceUrl,
          type: aiMedia.type,
        })
        .from(aiMedia)
        .where(and(...where));
    },
  };
}
export type KnowledgeRepository = ReturnType<typeof createKnowledgeRepository>;
