import MiniSearch from 'minisearch';
import type { KnowledgeSearch, ToolContext } from '../ai.types.js';
import type { KnowledgeRepository } from './knowledge.repository.js';

/** Embeds texts with the caller's model; null when the model offers no embeddings. */
export type Embed = (texts: string[], signal: AbortSignal) => Promise<number[][]>;
/** The user's embedding model: its id (`<provider host>/<model>`, stored with the vectors) and how to call it. */
export type Embedding = { id: string; embed: Embed };
export type Embedder = (userId: string) => Promise<Embedding | null | undefined>;

/**
 * Which files a folder or an agent carries as knowledge (their tables belong to the chats and agents modules).
 * `agentKnowledge` answers null when the caller may not use the agent; a public agent's files are its owner's.
 */
export type KnowledgeScopes = {
  folderMediaIds?(userId: string, folderId: string): Promise<string[]>;
  agentKnowledge?(userId: string, agentId: string): Promise<{ ownerId: string; mediaIds: string[] } | null>;
};

export type KnowledgeHit = Awaited<ReturnType<KnowledgeSearch['search']>>[number] & { page: number | null };

type Doc = { id: string; mediaId: string; idx: number; page: number | null; text: string; name: string };
type MediaInfo = { name: string; url: string };
type Index = { stamp: string; search: MiniSearch<Doc>; media: Map<string, MediaInfo> };

const STOPWORDS = new Set(
  (
    'a an and are as at be but by can could did do does for from had has have how i if in into is it its me my ' +
    'no not of on or our so than that the their them then there these they this to up was we were what when where ' +
    'which while who why will with would you your about should'
  ).split(' '),
);

/** Lower case, stop words dropped, and the commonest English endings cut, so "losses" finds "loss". */
export function processTerm(term: string): string | null {
  const t = term.toLowerCase().replace(/['’]s$/, '');
  if (t === '' || STOPWORDS.has(t)) return null;
  if (t.length > 4 && t.endsWith('ies')) return `${t.slice(0, -3)}y`;
  if (t.endsWith('sses')) return t.slice(0, -2);
  if (t.length > 3 && t.endsWith('s') && !/(ss|us|is)$/.test(t)) return t.slice(0, -1);
  if (t.length > 5 && t.endsWith('ing')) return t.slice(0, -3);
  if (t.length > 4 && t.endsWith('ed')) return t.slice(0, -2);
  return t;
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export const mediaFileUrl = (mediaId: string) => `/api/ai/media/${mediaId}/file`;

/** Reciprocal rank fusion constant: how much the top of each list outweighs its tail. */
const RRF_K = 60;

/**
 * Retrieval over users' knowledge. Full text with MiniSearch (BM25, prefix and a little fuzziness): one index per
 * owner, built lazily from ai_chunks and rebuilt when the owner's files change, in this process or another (each
 * search compares a stamp of the owner's files, one small query). When the caller's model offers embeddings, the
 * passages embedded at upload are ranked by cosine similarity too, and both lists are fused by reciprocal rank.
 */
export function createKnowledgeSearch(deps: {
  repo: KnowledgeRepository;
  scopes?: KnowledgeScopes;
  embedder?: Embedder;
  /** Owners whose index is kept in memory at once. */
  maxIndexes?: number;
  log?: { warn(obj: object, msg: string): void };
}) {
  const { repo } = deps;
  let scopes = deps.scopes;
  const indexes = new Map<string, Promise<Index>>();
  const maxIndexes = deps.maxIndexes ?? 50;

  async function build(ownerId: string, stamp: string): Promise<Index> {
    const [chunks, files] = await Promise.all([repo.allChunks(ownerId), repo.describe(ownerId, null)]);
    const media = new Map<string, MediaInfo>(
      files.map((f) => [
        f.id,
        { name: f.name, url: f.kind === 'link' && f.sourceUrl ? f.sourceUrl : mediaFileUrl(f.id) },
      ]),
    );
    const search = new MiniSearch<Doc>({
      fields: ['text', 'name'],
      storeFields: ['mediaId', 'idx', 'page', 'text'],
      processTerm,
      searchOptions: {
        boost: { text: 2, name: 1 },
        prefix: (term) => term.length >= 4,
        fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
        combineWith: 'OR',
      },
    });
    search.addAll(
      chunks.map((c) => ({
        id: `${c.mediaId}:${c.idx}`,
        mediaId: c.mediaId,
        idx: c.idx,
        page: c.page,
        text: c.text,
        name: media.get(c.mediaId)?.name ?? '',
      })),
    );
    return { stamp, search, media };
  }

  async function indexOf(ownerId: string): Promise<Index> {
    const stamp = await repo.indexStamp(ownerId);
    const cached = indexes.get(ownerId);
    if (cached) {
      const index = await cached.catch(() => undefined);
      if (index && index.stamp === stamp) {
        // most recently used last
        indexes.delete(ownerId);
        indexes.set(ownerId, cached);
        return index;
      }
    }
    const fresh = build(ownerId, stamp);
    indexes.delete(ownerId);
    indexes.set(ownerId, fresh);
    while (indexes.size > maxIndexes) indexes.delete(indexes.keys().next().value!);
    fresh.catch(() => indexes.get(ownerId) === fresh && indexes.delete(ownerId));
    return fresh;
  }

  /** Whose files a search reads, and which of them (null: all of the owner's). */
  async function targets(userId: string, scope: ToolContext['knowledge']): Promise<Map<string, Set<string> | null>> {
    const out = new Map<string, Set<string> | null>();
    const add = (owner: string, ids: readonly string[]) => {
      const set = out.get(owner) ?? new Set<string>();
      for (const id of ids) set.add(id);
      out.set(owner, set);
    };
    let agent: { ownerId: string; mediaIds: string[] } | null = null;
    if (scope.agentId && scopes?.agentKnowledge) {
      agent = await scopes.agentKnowledge(userId, scope.agentId);
      if (agent) add(agent.ownerId, agent.mediaIds);
    }
    if (scope.folderId && scopes?.folderMediaIds) add(userId, await scopes.folderMediaIds(userId, scope.folderId));
    // attached files: the caller's own (another owner's file counts only as part of the agent, added above)
    add(userId, scope.mediaIds);
    const named = [...out.values()].some((set) => set !== null && set.size > 0);
    // A scope that names no file at all searches the caller's whole library.
    if (!named) return new Map([[userId, null]]);
    return out;
  }

  async function searchOwner(
    ownerId: string,
    allowed: Set<string> | null,
    query: string,
    limit: number,
    meaning: { vector: number[]; model: string } | null,
  ): Promise<KnowledgeHit[]> {
    if (allowed && allowed.size === 0) return [];
    const index = await indexOf(ownerId);
    const inScope = (mediaId: string) => index.media.has(mediaId) && (!allowed || allowed.has(mediaId));
    const ranked = new Map<string, { score: number; hit: Omit<KnowledgeHit, 'score'> }>();
    const fuse = (rank: number, key: string, hit: Omit<KnowledgeHit, 'score'>) => {
      const entry = ranked.get(key) ?? { score: 0, hit };
      entry.score += 1 / (RRF_K + rank);
      ranked.set(key, entry);
    };
    const pool = Math.max(limit * 3, 20);
    const textHits = index.search.search(query, { filter: (r) => inScope(r.mediaId as string) }).slice(0, pool);
    textHits.forEach((r, rank) => {
      const mediaId = r.mediaId as string;
      const info = index.media.get(mediaId)!;
      fuse(rank, r.id as string, {
        mediaId,
        name: info.name,
        chunk: r.idx as number,
        text: r.text as string,
        page: (r.page as number | null) ?? null,
        url: urlOf(info, (r.page as number | null) ?? null),
      });
    });
    if (meaning) {
      const queryVector = meaning.vector;
      // only passages embedded by the same model: another model's vectors are not comparable, whatever their size
      const rows = await repo.embeddedChunks(ownerId, meaning.model, queryVector.length, allowed ? [...allowed] : null);
      rows
        .filter((row) => inScope(row.mediaId))
        .map((row) => ({ row, similarity: cosine(queryVector, row.embedding ?? []) }))
        .filter((x) => x.similarity > 0)
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, pool)
        .forEach(({ row }, rank) => {
          const info = index.media.get(row.mediaId)!;
          fuse(rank, `${row.mediaId}:${row.idx}`, {
            mediaId: row.mediaId,
            name: info.name,
            chunk: row.idx,
            text: row.text,
            page: row.page,
            url: urlOf(info, row.page),
          });
        });
    }
    return [...ranked.values()].map(({ score, hit }) => ({ ...hit, score }));
  }

  const urlOf = (info: MediaInfo, page: number | null) =>
    page !== null && info.url.startsWith('/api/') ? `${info.url}#page=${page}` : info.url;

  async function queryVectorOf(
    userId: string,
    query: string,
    signal: AbortSignal,
  ): Promise<{ vector: number[]; model: string } | null> {
    if (!deps.embedder) return null;
    try {
      const embedding = await deps.embedder(userId);
      if (!embedding) return null;
      const [vector] = await embedding.embed([query], signal);
      return vector && vector.length > 0 ? { vector, model: embedding.id } : null;
    } catch (error) {
      if (signal.aborted) throw error;
      // the full-text half still answers when the embeddings provider fails
      deps.log?.warn({ reason: (error as Error).message }, 'The query could not be embedded; full-text only.');
      return null;
    }
  }

  const search = async (
    userId: string,
    scope: ToolContext['knowledge'],
    query: string,
    limit: number,
    signal: AbortSignal = new AbortController().signal,
  ): Promise<KnowledgeHit[]> => {
    const q = query.trim();
    if (q === '' || limit <= 0) return [];
    const [owners, vector] = await Promise.all([targets(userId, scope), queryVectorOf(userId, q, signal)]);
    signal.throwIfAborted();
    const lists = await Promise.all(
      [...owners].map(([owner, allowed]) => searchOwner(owner, allowed, q, limit, vector)),
    );
    return lists
      .flat()
      .sort((a, b) => b.score - a.score || a.mediaId.localeCompare(b.mediaId) || a.chunk - b.chunk)
      .slice(0, limit);
  };

  return {
    search,
    /** Forgets an owner's index (after an upload or a delete in this process; other processes see the stamp). */
    invalidate(ownerId: string) {
      indexes.delete(ownerId);
    },
    /** Sets how folders and agents name their files (the chats and agents modules are built after this one). */
    useScopes(more: KnowledgeScopes) {
      scopes = { ...scopes, ...more };
    },
  } satisfies KnowledgeSearch & { invalidate(ownerId: string): void; useScopes(more: KnowledgeScopes): void };
}
export type KnowledgeSearchEngine = ReturnType<typeof createKnowledgeSearch>;
