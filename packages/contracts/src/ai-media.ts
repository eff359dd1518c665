import { z } from 'zod';
import { idFieldSchema } from './charts.js';
import { line } from './text.js';

/**
 * Media and knowledge of the AI assistant (spec section 3 "media file"; section 7 "AI assistant: uploads of
 * documents, images and scanned images"; section 9 "scanned images page 1, size 10"). Uploaded documents and
 * scanned images are read to text, cut into passages (chunks) and indexed for retrieval; answers cite the passages
 * they used. Links are web pages fetched once as knowledge. Paths under `/api/ai/media`.
 */

/** document: PDF, DOCX, TXT, Markdown, CSV. image: kept as is (a chart snapshot). scanned: an image read by OCR. */
export const AI_MEDIA_KINDS = ['document', 'image', 'scanned', 'link'] as const;
export type AiMediaKind = (typeof AI_MEDIA_KINDS)[number];

/** Content types accepted per kind (the type is read from the content where it can be, not from the name). */
export const AI_DOCUMENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/markdown',
  'text/csv',
] as const;
export const AI_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Default upload limit (the operator may lower or raise it). */
export const AI_MEDIA_MAX_BYTES = 20 * 1024 * 1024;
/** A fetched link's body is read up to this many bytes. */
export const AI_LINK_MAX_BYTES = 2 * 1024 * 1024;
/** Spec section 9: scanned images (and every media list) start at page 1 with 10 a page. */
export const AI_MEDIA_LIST_DEFAULTS = { page: 1, limit: 10 } as const;

// ---- requests ----------------------------------------------------------------------------------------

/** The text fields of the multipart upload (`file` is the one file part). */
export const aiMediaFieldsSchema = z.strictObject({
  /** The file's own modification time as the browser reports it (File.lastModified, ms since epoch). */
  lastModified: z.coerce
    .number({ error: 'lastModified must be a time in milliseconds since 1970.' })
    .int('lastModified must be a whole number of milliseconds since 1970.')
    .min(0, 'lastModified must be a time in milliseconds since 1970.')
    .max(8_640_000_000_000_000, 'lastModified must be a time in milliseconds since 1970.')
    .optional(),
  /** `scanned` reads an image's text by OCR; otherwise the kind follows from the file's type. */
  kind: z.enum(['document', 'image', 'scanned'], { error: 'kind must be one of document, image, scanned.' }).optional(),
});
export type AiMediaFields = z.infer<typeof aiMediaFieldsSchema>;

/** The OpenAPI shape of the multipart upload (its parts are read by the handler, never through this schema). */
export const aiMediaUploadSchema = z
  .object({
    file: z.string().meta({
      format: 'binary',
      description: 'PDF, DOCX, TXT, Markdown or CSV; PNG, JPEG or WebP; at most AI_MEDIA_MAX_BYTES',
    }),
    lastModified: z.string().optional(),
    kind: z.string().optional(),
  })
  // The multipart parser leaves the body null; the parts are read from the stream by the handler.
  .nullish();

const pageField = (name: string, max: number, def: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to ${max}.` })
    .int(`${name} must be a whole number from 1 to ${max}.`)
    .min(1, `${name} must be a whole number from 1 to ${max}.`)
    .max(max, `${name} must be a whole number from 1 to ${max}.`)
    .default(def);

/** GET /ai/media: newest first, optionally one kind and a name search. */
export const aiMediaListQuerySchema = z.object({
  kind: z.enum(AI_MEDIA_KINDS, { error: `kind must be one of ${AI_MEDIA_KINDS.join(', ')}.` }).optional(),
  search: line('search', 100).optional(),
  page: pageField('page', 100_000, AI_MEDIA_LIST_DEFAULTS.page),
  limit: pageField('limit', 100, AI_MEDIA_LIST_DEFAULTS.limit),
});
export type AiMediaListQuery = z.infer<typeof aiMediaListQuerySchema>;

export const aiMediaParamsSchema = z.object({ id: idFieldSchema('id', 'a media file id') });

/** POST /ai/media/links: a web page (http or https) to read as knowledge. */
export const aiMediaLinkBodySchema = z.strictObject({
  url: line('url', 2000, { min: 1 }).refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), {
    error: 'url must be a web address starting with http:// or https://.',
  }),
});
export type AiMediaLinkBody = z.infer<typeof aiMediaLinkBodySchema>;

// ---- responses (camelCase) ---------------------------------------------------------------------------

/** A media file: the spec's fields (name, type, size, lastModified, id, fileUrl) and what indexing made of it. */
export const aiMediaSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Content type (MIME). */
  type: z.string(),
  /** Bytes. */
  size: z.number().int(),
  lastModified: z.number(),
  /** Where the file opens: `/api/ai/media/{id}/file` for uploads, the page's address for links. */
  fileUrl: z.string(),
  kind: z.enum(AI_MEDIA_KINDS),
  /** Links: the address fetched. */
  sourceUrl: z.string().nullable(),
  /** PDFs: pages read. */
  pages: z.number().int().nullable(),
  /** Characters of text read (0 for a plain image). */
  textChars: z.number().int(),
  /** Passages indexed for retrieval. */
  chunks: z.number().int(),
  /** True when the passages also carry embeddings (vector retrieval). */
  embedded: z.boolean(),
  createdAt: z.string(),
});
export type AiMedia = z.infer<typeof aiMediaSchema>;

export const aiMediaPageSchema = z.object({
  items: z.array(aiMediaSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type AiMediaPage = z.infer<typeof aiMediaPageSchema>;

/** One indexed passage. */
export const aiMediaChunkSchema = z.object({
  /** 0-based position in the file. */
  index: z.number().int(),
  text: z.string(),
  /** PDFs: the page the passage is on (1-based). */
  page: z.number().int().nullable(),
});
export type AiMediaChunk = z.infer<typeof aiMediaChunkSchema>;
export const aiMediaChunkListSchema = z.object({ mediaId: z.string(), chunks: z.array(aiMediaChunkSchema) });
export type AiMediaChunkList = z.infer<typeof aiMediaChunkListSchema>;

/**
 * GET /ai/media/embeddings: the caller's files with passages against the embedding model that now answers them
 * (`model`: `<provider host>/<model>`, null when it offers no embeddings). `stale` files carry no vectors or another
 * model's; they are re-embedded by the server's job, or at once with POST /ai/media/embeddings.
 */
export const aiEmbeddingStatusSchema = z.object({
  model: z.string().nullable(),
  files: z.number().int(),
  current: z.number().int(),
  stale: z.number().int(),
});
export type AiEmbeddingStatus = z.infer<typeof aiEmbeddingStatusSchema>;
/** POST /ai/media/embeddings: what one call re-embedded (at most 50 files; call again while `stale` > 0). */
export const aiReembedResultSchema = aiEmbeddingStatusSchema.extend({
  reembedded: z.number().int(),
  failed: z.number().int(),
});
export type AiReembedResult = z.infer<typeof aiReembedResultSchema>;

export const aiMediaErrorCodes = [
  'AI_MEDIA_NOT_FOUND',
  'AI_MEDIA_NO_FILE',
  'AI_MEDIA_UPLOAD_MISSING',
  'AI_MEDIA_UPLOAD_TOO_LARGE',
  'AI_MEDIA_UPLOAD_MALFORMED',
  'AI_MEDIA_INVALID_FIELD',
  'AI_MEDIA_TYPE_UNSUPPORTED',
  'AI_MEDIA_UNREADABLE',
  'AI_MEDIA_TIMEOUT',
  'AI_MEDIA_LINK_REFUSED',
  'AI_MEDIA_LINK_FAILED',
] as const;
export type AiMediaErrorCode = (typeof aiMediaErrorCodes)[number];
