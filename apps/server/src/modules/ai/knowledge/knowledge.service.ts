import { randomBytes } from 'node:crypto';
import {
  AI_LINK_MAX_BYTES,
  AI_MEDIA_MAX_BYTES,
  type AiMedia,
  type AiMediaChunkList,
  type AiMediaFile,
  type AiMediaKind,
  type AiMediaListQuery,
  type AiMediaPage,
} from '@tradedesk/contracts';
import { imageSize } from 'image-size';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import type { PlanGate } from '../../billing/entitlements/entitlements.js';
import { type ChunkOptions, chunkSections, DEFAULT_CHUNKING } from './knowledge.chunk.js';
import { mediaError, mediaNotFound } from './knowledge.errors.js';
import { type Extracted, extractDocument, sniffFile, UnreadableFileError } from './knowledge.extract.js';
import { fetchLink, LinkError, type LinkFetchOptions } from './knowledge.links.js';
import type { Ocr } from './knowledge.ocr.js';
import { embedAll } from './knowledge.reembed.js';
import type { AiChunkInsert, KnowledgeRepository } from './knowledge.repository.js';
import { type Embedder, type KnowledgeSearchEngine, mediaFileUrl } from './knowledge.search.js';
import type { AiMediaRow } from './knowledge.table.js';

/** Most characters of text one file may hold (about 2,500 passages). */
export const AI_MEDIA_MAX_TEXT = 2_000_000;
/** Largest width and height of an image read by OCR. */
export const AI_SCAN_MAX_DIMENSION = 10_000;
/** Spec section 9: uploads and scanned images may take up to 5 minutes. */
export const AI_UPLOAD_TIMEOUT_MS = 5 * 60_000;

export type KnowledgeSettings = {
  maxBytes: number;
  uploadTimeoutMs: number;
  link: LinkFetchOptions;
  chunking: ChunkOptions;
};
export const defaultKnowledgeSettings: KnowledgeSettings = {
  maxBytes: AI_MEDIA_MAX_BYTES,
  uploadTimeoutMs: AI_UPLOAD_TIMEOUT_MS,
  link: { timeoutMs: 10_000, maxBytes: AI_LINK_MAX_BYTES, allowPrivate: false },
  chunking: DEFAULT_CHUNKING,
};

type Logger = { warn(obj: object, msg: string): void };

export function toMediaFile(row: AiMediaRow): AiMediaFile {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    size: row.size,
    lastModified: row.lastModified,
    fileUrl: row.kind === 'link' && row.sourceUrl ? row.sourceUrl : mediaFileUrl(row.id),
  };
}

export function toMedia(row: AiMediaRow): AiMedia {
  return {
    ...toMediaFile(row),
    kind: row.kind as AiMediaKind,
    sourceUrl: row.sourceUrl,
    pages: row.pages,
    textChars: row.textChars,
    chunks: row.chunkCount,
    embedded: row.embeddingDims > 0,
    createdAt: row.createdAt.toISOString(),
  };
}

/** "5 minutes", "1 minute", "30 s", "50 ms". */
export function duration(ms: number): string {
  if (ms >= 60_000) {
    const minutes = Math.round(ms / 60_000);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

const formats = 'PDF, DOCX, TXT, Markdown or CSV documents, or PNG, JPEG or WebP images';

/**
 * The AI assistant's media library: uploads checked by their content, read to text (documents by format, scanned
 * images by OCR, web pages fetched once), cut into passages and stored with them, embedded when the owner's model
 * offers embeddings. Every call is scoped by owner: another user's id is simply not found.
 */
export function createKnowledgeService(deps: {
  repo: KnowledgeRepository;
  storage: FileStorage;
  clock: Clock;
  ocr: Ocr;
  index: KnowledgeSearchEngine;
  embedder?: Embedder;
  settings: KnowledgeSettings;
  log?: Logger;
  /** The plan's knowledge_storage_mb (billing); absent in tests of the rules alone. */
  entitlements?: PlanGate;
}) {
  const { repo, storage, clock, settings } = deps;

  /** Refuses a file that would take the user's files past the plan's megabytes (counted up to whole MB). */
  async function checkStorage(userId: string, bytes: number): Promise<void> {
    if (!deps.entitlements) return;
    const megabytes = Math.ceil(((await repo.storedBytes(userId)) + bytes) / (1024 * 1024));
    await deps.entitlements.assertBelow(userId, 'knowledge_storage_mb', megabytes - 1);
  }

  /** Embeddings of the passages, or null when the owner's model offers none (or fails: full text still works). */
  async function embed(
    userId: string,
    texts: string[],
    signal: AbortSignal,
  ): Promise<{ vectors: number[][]; model: string } | null> {
    if (!deps.embedder || texts.length === 0) return null;
    try {
      const embedding = await deps.embedder(userId);
      if (!embedding) return null;
      const vectors = await embedAll(embedding.embed, texts, signal);
      return vectors ? { vectors, model: embedding.id } : null;
    } catch (error) {
      if (signal.aborted) throw error;
      deps.log?.warn({ reason: (error as Error).message }, 'Passages could not be embedded; full-text retrieval only.');
      return null;
    }
  }

  /** Cuts, embeds and stores a file's text with its row. */
  async function store(
    userId: string,
    media: Omit<AiMediaRow, 'textChars' | 'chunkCount' | 'embeddingDims' | 'embeddingModel' | 'createdAt' | 'pages'>,
    extracted: Extracted | null,
    signal: AbortSignal,
  ): Promise<AiMediaRow> {
    const sections = extracted?.sections ?? [];
    const textChars = sections.reduce((n, s) => n + s.text.trim().length, 0);
    if (textChars > AI_MEDIA_MAX_TEXT) {
      throw mediaError.onField(
        'file',
        'AI_MEDIA_UNREADABLE',
        `The file holds ${textChars.toLocaleString('en-US')} characters of text; the most one file may hold is ${AI_MEDIA_MAX_TEXT.toLocaleString('en-US')}. Split it into parts.`,
      );
    }
    const chunks = chunkSections(sections, settings.chunking);
    const embedded = await embed(
      userId,
      chunks.map((c) => c.text),
      signal,
    );
    const vectors = embedded?.vectors;
    signal.throwIfAborted();
    const rows: AiChunkInsert[] = chunks.map((c, i) => ({
      mediaId: media.id,
      idx: c.index,
      userId,
      text: c.text,
      page: c.page,
      overlap: c.overlap,
      embedding: vectors?.[i] ?? null,
    }));
    const row = await repo.insert(
      {
        ...media,
        pages: extracted?.pages ?? null,
        textChars,
        chunkCount: chunks.length,
        embeddingDims: vectors?.[0]?.length ?? 0,
        embeddingModel: embedded?.model ?? null,
        createdAt: clock.now(),
      },
      rows,
    );
    deps.index.invalidate(userId);
    return row;
  }

  /** Runs `work` within the upload time limit; a timeout is a 503 saying so. */
  async function withinLimit<T>(outer: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const timeout = AbortSignal.timeout(settings.uploadTimeoutMs);
    const signal = outer ? AbortSignal.any([timeout, outer]) : timeout;
    try {
      return await work(signal);
    } catch (error) {
      if (timeout.aborted) {
        throw mediaError(
          'AI_MEDIA_TIMEOUT',
          `Reading the file took longer than ${duration(settings.uploadTimeoutMs)}; send a smaller file.`,
        );
      }
      throw error;
    }
  }

  async function readScan(data: Buffer, signal: AbortSignal): Promise<Extracted> {
    let size: { width: number; height: number };
    try {
      size = imageSize(new Uint8Array(data));
    } catch {
      throw mediaError.onField('file', 'AI_MEDIA_UNREADABLE', 'The image could not be read: its header is damaged.');
    }
    const max = AI_SCAN_MAX_DIMENSION;
    if (size.width > max || size.height > max) {
      throw mediaError.onField(
        'file',
        'AI_MEDIA_UNREADABLE',
        `The image is ${size.width} x ${size.height} pixels; a scanned image may be at most ${max} x ${max} pixels.`,
      );
    }
    let text: string;
    try {
      text = await deps.ocr.recognize(data, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      deps.log?.warn({ reason: (error as Error)?.message }, 'OCR failed on an uploaded image.');
      throw mediaError.onField('file', 'AI_MEDIA_UNREADABLE', 'The image could not be read: it is damaged.');
    }
    if (text.trim().length < 3) {
      throw mediaError.onField(
        'file',
        'AI_MEDIA_UNREADABLE',
        'No text could be read from this scanned image: send a sharper scan (300 dpi or more) or the typed document.',
      );
    }
    return { sections: [{ text, page: null }], pages: null, title: null };
  }

  async function owned(userId: string, id: string): Promise<AiMediaRow> {
    const row = await repo.findOwned(userId, id);
    if (!row) throw mediaNotFound();
    return row;
  }

  return {
    async upload(
      userId: string,
      input: { name: string; data: Buffer; lastModified?: number; kind?: 'document' | 'image' | 'scanned' },
      outer?: AbortSignal,
    ): Promise<AiMedia> {
      const { data, name } = input;
      if (data.length === 0) throw mediaError.onField('file', 'AI_MEDIA_UPLOAD_MISSING', 'The file is empty.');
      await checkStorage(userId, data.length);
      const sniffed = await sniffFile(data, name);
      if (!sniffed) {
        throw mediaError.onField('file', 'AI_MEDIA_TYPE_UNSUPPORTED', `The file must be one of ${formats}.`);
      }
      if (sniffed.kind === 'document' && input.kind && input.kind !== 'document') {
        throw mediaError.onField(
          'kind',
          'AI_MEDIA_INVALID_FIELD',
          `kind ${input.kind} is for images, and this file is a document: send kind document or leave it out.`,
        );
      }
      if (sniffed.kind === 'image' && input.kind === 'document') {
        throw mediaError.onField(
          'kind',
          'AI_MEDIA_INVALID_FIELD',
          'This file is an image: send kind image, or scanned to read its text.',
        );
      }
      const kind: AiMediaKind =
        sniffed.kind === 'image' ? (input.kind === 'scanned' ? 'scanned' : 'image') : 'document';
      return withinLimit(outer, async (signal) => {
        let extracted: Extracted | null = null;
        if (sniffed.kind === 'document') {
          try {
            extracted = await extractDocument(data, sniffed.format, signal);
          } catch (error) {
            if (!(error instanceof UnreadableFileError)) throw error;
            throw mediaError.onField(
              'file',
              'AI_MEDIA_UNREADABLE',
              `The ${sniffed.format === 'pdf' ? 'PDF' : 'Word document'} could not be read: it is damaged or protected.`,
            );
          }
          if (!extracted.sections.some((s) => s.text.trim() !== '')) {
            throw mediaError.onField(
              'file',
              'AI_MEDIA_UNREADABLE',
              sniffed.format === 'pdf'
                ? 'The PDF holds no text (its pages are pictures): upload the pages as scanned images to read them.'
                : 'The document holds no text.',
            );
          }
        } else if (kind === 'scanned') {
          extracted = await readScan(data, signal);
        }
        const id = newId();
        const storageKey = `ai-media/${randomBytes(16).toString('hex')}`;
        await storage.put(storageKey, data, sniffed.type);
        try {
          const row = await store(
            userId,
            {
              id,
              userId,
              kind,
              name,
              type: sniffed.type,
              size: data.length,
              lastModified: input.lastModified ?? clock.now().getTime(),
              storageKey,
              sourceUrl: null,
            },
            extracted,
            signal,
          );
          return toMedia(row);
        } catch (error) {
          await storage.delete(storageKey).catch(() => {});
          throw error;
        }
      });
    },

    async addLink(userId: string, url: string, outer?: AbortSignal): Promise<AiMedia> {
      let page: Awaited<ReturnType<typeof fetchLink>>;
      try {
        page = await fetchLink(url, settings.link, outer);
      } catch (error) {
        if (!(error instanceof LinkError)) throw error;
        throw mediaError.onField(
          'url',
          error.reason === 'refused' ? 'AI_MEDIA_LINK_REFUSED' : 'AI_MEDIA_LINK_FAILED',
          error.message,
        );
      }
      await checkStorage(userId, page.data.length);
      return withinLimit(outer, async (signal) => {
        let extracted: Extracted;
        try {
          extracted = await extractDocument(page.data, page.format, signal);
        } catch (error) {
          if (!(error instanceof UnreadableFileError)) throw error;
          throw mediaError.onField('url', 'AI_MEDIA_LINK_FAILED', 'The document at this address could not be read.');
        }
        if (!extracted.sections.some((s) => s.text.trim() !== '')) {
          throw mediaError.onField('url', 'AI_MEDIA_LINK_FAILED', 'The page at this address holds no readable text.');
        }
        const target = new URL(page.url);
        const name = (extracted.title ?? `${target.host}${target.pathname === '/' ? '' : target.pathname}`).slice(
          0,
          200,
        );
        const row = await store(
          userId,
          {
            id: newId(),
            userId,
            kind: 'link',
            name,
            type: page.type,
            size: page.data.length,
            lastModified: page.lastModified ?? clock.now().getTime(),
            storageKey: null,
            sourceUrl: page.url,
          },
          extracted,
          signal,
        );
        return toMedia(row);
      });
    },

    async list(userId: string, query: AiMediaListQuery): Promise<AiMediaPage> {
      const { rows, total } = await repo.page(
        userId,
        { kind: query.kind, search: query.search || undefined },
        query.page,
        query.limit,
      );
      return { items: rows.map(toMedia), page: query.page, limit: query.limit, total };
    },

    async get(userId: string, id: string): Promise<AiMedia> {
      return toMedia(await owned(userId, id));
    },

    async file(userId: string, id: string): Promise<{ name: string; type: string; data: Buffer }> {
      const row = await owned(userId, id);
      const stored = row.storageKey ? await storage.get(row.storageKey) : undefined;
      if (!stored) {
        throw mediaError(
          'AI_MEDIA_NO_FILE',
          row.kind === 'link'
            ? 'A link keeps no file: open its address instead.'
            : 'The file of this media is missing.',
        );
      }
      return { name: row.name, type: row.type, data: stored.data };
    },

    async chunks(userId: string, id: string): Promise<AiMediaChunkList> {
      await owned(userId, id);
      const rows = await repo.chunksOf(userId, id);
      return { mediaId: id, chunks: rows.map((c) => ({ index: c.idx, text: c.text, page: c.page })) };
    },

    async delete(userId: string, id: string): Promise<void> {
      const row = await repo.delete(userId, id);
      if (!row) throw mediaNotFound();
      deps.index.invalidate(userId);
      if (row.storageKey) {
        await storage.delete(row.storageKey).catch((error: unknown) => {
          deps.log?.warn({ reason: (error as Error).message, id }, 'A deleted AI media file could not be removed.');
        });
      }
    },

    // ---- for the other AI modules (chats, agents, tools) ----

    /** The owner's files among `ids`, in the order asked (others' and unknown ids left out). */
    async files(userId: string, ids: readonly string[]): Promise<AiMediaFile[]> {
      const rows = new Map((await repo.findManyOwned(userId, ids)).map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = rows.get(id);
        return row ? [toMediaFile(row)] : [];
      });
    },

    /** The ids among `ids` that are not files of the owner (empty when all are). */
    async missing(userId: string, ids: readonly string[]): Promise<string[]> {
      const found = new Set((await repo.findManyOwned(userId, ids)).map((r) => r.id));
      return ids.filter((id) => !found.has(id));
    },

    /**
     * The text of the owner's files (attached to a message), each headed by its name, cut at `maxChars` in all.
     * Third-party content: callers treat it as untrusted.
     */
    async text(
      userId: string,
      ids: readonly string[],
      maxChars: number,
    ): Promise<{ mediaId: string; name: string; text: string }[]> {
      const rows = new Map((await repo.findManyOwned(userId, ids)).map((r) => [r.id, r]));
      const out: { mediaId: string; name: string; text: string }[] = [];
      let left = maxChars;
      for (const id of ids) {
        const row = rows.get(id);
        if (!row || left <= 0) continue;
        const chunks = await repo.chunksOf(userId, id);
        const text = chunks
          .map((c) => c.text.slice(c.overlap))
          .join('\n\n')
          .slice(0, left);
        left -= text.length;
        out.push({ mediaId: id, name: row.name, text });
      }
      return out;
    },

    /**
     * A copy of `fromUserId`'s file in `toUserId`'s library: its own row, its own stored bytes and its own passages
     * (with their embeddings), so the copy lives on when the original is deleted and the original stays the owner's
     * alone. Used when a public agent is cloned; the caller checks that the agent's owner allows it. Null when the
     * original no longer exists.
     */
    async copy(fromUserId: string, mediaId: string, toUserId: string): Promise<AiMediaFile | null> {
      const row = await repo.findOwned(fromUserId, mediaId);
      if (!row) return null;
      await checkStorage(toUserId, row.size);
      let storageKey: string | null = null;
      if (row.storageKey) {
        const stored = await storage.get(row.storageKey);
        if (stored) {
          storageKey = `ai-media/${randomBytes(16).toString('hex')}`;
          await storage.put(storageKey, stored.data, stored.contentType);
        }
      }
      const id = newId();
      const chunks = await repo.chunksOf(fromUserId, mediaId);
      try {
        const copied = await repo.insert(
          { ...row, id, userId: toUserId, storageKey, createdAt: clock.now() },
          chunks.map((c) => ({ ...c, mediaId: id, userId: toUserId })),
        );
        deps.index.invalidate(toUserId);
        return toMediaFile(copied);
      } catch (error) {
        if (storageKey) await storage.delete(storageKey).catch(() => {});
        throw error;
      }
    },

    /** The bytes of the owner's image (a chart snapshot for chart analysis), or null. */
    async image(userId: string, id: string): Promise<{ type: string; data: Buffer } | null> {
      const row = await repo.findOwned(userId, id);
      if (!row?.storageKey || !row.type.startsWith('image/')) return null;
      const stored = await storage.get(row.storageKey);
      return stored ? { type: row.type, data: stored.data } : null;
    },
  };
}
export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
