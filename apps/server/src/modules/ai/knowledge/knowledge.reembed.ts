import type { AiEmbeddingStatus } from '@tradedesk/contracts';
import type { KnowledgeRepository } from './knowledge.repository.js';
import type { Embed, Embedder } from './knowledge.search.js';

/** Passages sent to the provider in one embeddings request. */
const EMBED_BATCH = 32;
/** Files one owner gets re-embedded per run of the job (the rest follow on the next runs). */
const FILES_PER_RUN = 20;
/** Owners read per page by the job. */
const OWNERS_PAGE = 100;
export const REEMBED_JOB_INTERVAL_MS = 5 * 60_000;

/** Every text's vector, batched; null when the provider answered an unusable set (wrong count or sizes). */
export async function embedAll(embed: Embed, texts: string[], signal: AbortSignal): Promise<number[][] | null> {
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += EMBED_BATCH)
    out.push(...(await embed(texts.slice(i, i + EMBED_BATCH), signal)));
  const dims = out[0]?.length ?? 0;
  if (out.length !== texts.length || dims === 0 || out.some((v) => v.length !== dims)) return null;
  return out;
}

/**
 * Re-embedding of knowledge when the embedding model changes (the operator's AI_EMBEDDING_MODEL or provider, or a
 * user's own): each file records the model of its vectors, vector search compares only passages of the caller's
 * current model, and the files of another model (or none) are embedded again, by the leader's job for every owner
 * or at once for one owner from the media library. Full-text retrieval answers meanwhile.
 */
export function createReembedder(deps: {
  repo: KnowledgeRepository;
  embedder?: Embedder;
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}) {
  const { repo } = deps;

  async function modelOf(userId: string) {
    return deps.embedder ? ((await deps.embedder(userId)) ?? null) : null;
  }

  /** The owner's files against their current embedding model. */
  async function status(userId: string): Promise<AiEmbeddingStatus> {
    const embedding = await modelOf(userId);
    const { files, current } = await repo.embeddingCounts(userId, embedding?.id ?? null);
    return {
      model: embedding?.id ?? null,
      files,
      current: embedding ? current : 0,
      stale: embedding ? files - current : 0,
    };
  }

  /**
   * Embeds again the owner's files whose vectors are not the current model's, at most `maxFiles`, one file at a
   * time (each file's vectors replaced in one transaction, so a file never mixes two models). `onProgress` hears
   * after each file. A file the provider fails on is left as it was and counted in `failed`.
   */
  async function reembed(
    userId: string,
    options: { signal?: AbortSignal; maxFiles?: number; onProgress?: (done: number, total: number) => void } = {},
  ): Promise<{ model: string | null; done: number; failed: number; total: number }> {
    const signal = options.signal ?? new AbortController().signal;
    const embedding = await modelOf(userId);
    if (!embedding) return { model: null, done: 0, failed: 0, total: 0 };
    const files = await repo.staleForModel(userId, embedding.id, options.maxFiles ?? 10_000);
    let done = 0;
    let failed = 0;
    for (const file of files) {
      signal.throwIfAborted();
      try {
        const chunks = await repo.chunksOf(userId, file.id);
        const vectors = await embedAll(
          embedding.embed,
          chunks.map((c) => c.text),
          signal,
        );
        if (!vectors) throw new Error('the provider answered unusable embeddings');
        await repo.replaceEmbeddings(
          userId,
          file.id,
          embedding.id,
          chunks.map((c, i) => ({ idx: c.idx, vector: vectors[i]! })),
        );
        done += 1;
      } catch (error) {
        if (signal.aborted) throw error;
        failed += 1;
        deps.log?.warn({ reason: (error as Error).message, mediaId: file.id }, 'A file could not be re-embedded.');
      }
      options.onProgress?.(done + failed, files.length);
    }
    return { model: embedding.id, done, failed, total: files.length };
  }

  /** The leader's job: every owner's stale files, a few per owner per run. */
  async function tick(signal?: AbortSignal): Promise<{ owners: number; files: number }> {
    let after: string | null = null;
    let owners = 0;
    let files = 0;
    for (;;) {
      const page = await repo.ownersWithPassages(after, OWNERS_PAGE);
      if (page.length === 0) break;
      for (const userId of page) {
        signal?.throwIfAborted();
        try {
          const r = await reembed(userId, { maxFiles: FILES_PER_RUN, ...(signal ? { signal } : {}) });
          if (r.done > 0) {
            owners += 1;
            files += r.done;
          }
        } catch (error) {
          if (signal?.aborted) throw error;
          deps.log?.warn({ reason: (error as Error).message }, 'An owner’s files could not be re-embedded.');
        }
      }
      after = page.at(-1) ?? null;
      if (page.length < OWNERS_PAGE) break;
    }
    return { owners, files };
  }

  return {
    status,
    reembed,
    tick,
    job: {
      name: 'ai-knowledge-reembed',
      intervalMs: REEMBED_JOB_INTERVAL_MS,
      run: ({ signal }: { signal: AbortSignal }) => tick(signal).then(() => {}),
    },
  };
}
export type Reembedder = ReturnType<typeof createReembedder>;
