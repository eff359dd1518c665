import fastifyMultipart from '@fastify/multipart';
import {
  AI_DOCUMENT_TYPES,
  AI_IMAGE_TYPES,
  aiEmbeddingStatusSchema,
  aiMediaChunkListSchema,
  aiMediaFieldsSchema,
  aiMediaLinkBodySchema,
  aiMediaListQuerySchema,
  aiMediaPageSchema,
  aiMediaParamsSchema,
  aiMediaSchema,
  aiMediaUploadSchema,
  aiReembedResultSchema,
  errorBodySchema,
  okSchema,
} from '@tradedesk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../../platform/auth/guard.js';
import { AppError } from '../../../platform/errors.js';
import { mediaError } from './knowledge.errors.js';
import type { Reembedder } from './knowledge.reembed.js';
import type { KnowledgeService } from './knowledge.service.js';

const tags = ['AI assistant: media and knowledge'];
const NOT_MULTIPART =
  'Send the file as multipart/form-data in a field named file, with optional lastModified and kind.';
const FIELDS = new Set(['lastModified', 'kind']);
const notFound = { 404: errorBodySchema.describe('No media file of the caller has this id (AI_MEDIA_NOT_FOUND)') };

const fileBytesSchema = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .meta({ type: 'string', format: 'binary', description: 'The file bytes' });

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** A file name fit to show: no folders, no control characters, at most 200 characters. */
export function cleanName(name: string | undefined): string {
  const base = (name ?? '').replaceAll('\\', '/').split('/').pop() ?? '';
  let out = '';
  for (const ch of base) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0x9f)) out += ch;
  }
  return out.trim().slice(0, 200) || 'file';
}

/** `Content-Disposition` with the name in both the plain and the RFC 5987 form. */
function disposition(type: string, name: string): string {
  const inline = type === 'application/pdf' || type.startsWith('image/') || type.startsWith('text/');
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Aborts when the client goes away before its answer is written, so a long OCR or fetch stops with it. (The
 * response's `close` also fires after a normal answer, when `writableEnded` is already true.)
 */
function clientSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('The client went away.'));
  });
  return controller.signal;
}

function uploadReader(app: FastifyInstance, maxBytes: number) {
  function uploadError(error: unknown): unknown {
    if (error instanceof AppError) return error;
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      return mediaError.onField(
        'file',
        'AI_MEDIA_UPLOAD_TOO_LARGE',
        `The file must be at most ${formatBytes(maxBytes)}.`,
      );
    }
    if (error instanceof app.multipartErrors.FilesLimitError) {
      return mediaError.onField('file', 'AI_MEDIA_UPLOAD_MISSING', 'Send exactly one file, in a field named file.');
    }
    if (error instanceof app.multipartErrors.FieldsLimitError || error instanceof app.multipartErrors.PartsLimitError) {
      return mediaError.onField(
        'file',
        'AI_MEDIA_UPLOAD_MISSING',
        'The form has more fields than an upload takes: file, lastModified and kind.',
      );
    }
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500 && status !== 406) return error;
    return mediaError.onField(
      'file',
      'AI_MEDIA_UPLOAD_MALFORMED',
      'The upload is not a well-formed multipart/form-data body: send it again.',
    );
  }

  return async (request: FastifyRequest) => {
    if (!request.isMultipart()) throw mediaError.onField('file', 'AI_MEDIA_UPLOAD_MISSING', NOT_MULTIPART);
    const fields: Record<string, string> = {};
    let file: { name: string; data: Buffer } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (!FIELDS.has(part.fieldname)) {
            const name = part.fieldname.slice(0, 40);
            throw mediaError.onField(name, 'AI_MEDIA_INVALID_FIELD', `${name} is not a field of an upload.`);
          }
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw mediaError.onField('file', 'AI_MEDIA_UPLOAD_MISSING', 'Send exactly one file, in a field named file.');
        }
        file = { name: cleanName(part.filename), data: await part.toBuffer() };
      }
    } catch (error) {
      throw uploadError(error);
    }
    if (!file) {
      throw mediaError.onField(
        'file',
        'AI_MEDIA_UPLOAD_MISSING',
        'The file is missing: send it in a field named file.',
      );
    }
    const checked = aiMediaFieldsSchema.safeParse(fields);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const field = String(issue.path[0] ?? 'kind');
      throw mediaError.onField(field, 'AI_MEDIA_INVALID_FIELD', issue.message);
    }
    return { file, fields: checked.data };
  };
}

/**
 * The AI assistant's media library under /ai/media (the paths the spec leaves open, in the style of the rest):
 * uploads of documents, images and scanned images, web links as knowledge, the list (scanned images: page 1, 10
 * a page), one file, its bytes, its indexed passages, and delete.
 */
/** Files one POST /ai/media/embeddings re-embeds (the request stays short; the job does the rest). */
const REEMBED_PER_CALL = 50;

export function knowledgeRoutes(deps: {
  media: KnowledgeService;
  reembedder: Reembedder;
  maxBytes: number;
}): FastifyPluginAsyncZod {
  const { media, reembedder, maxBytes } = deps;
  const limit = formatBytes(maxBytes);
  return async (app) => {
    // The upload in a scope of its own: no other route of the module takes multipart bodies.
    const upload: FastifyPluginAsyncZod = async (scope) => {
      await scope.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1024 } });
      const readUpload = uploadReader(scope, maxBytes);
      scope.post(
        '/ai/media',
        {
          onRequest: scope.authenticate,
          schema: {
            tags,
            summary: 'Uploads a document, an image or a scanned image; its text is read and indexed',
            description:
              `multipart/form-data: \`file\` (at most ${limit}): documents ${AI_DOCUMENT_TYPES.join(', ')}; images ` +
              `${AI_IMAGE_TYPES.join(', ')}. The type is read from the content (PDF, DOCX, images) or, for plain ` +
              'text, from the name (.txt, .md, .csv), never from the declared type. `lastModified`: the file’s own ' +
              'time (ms since 1970). `kind`: `scanned` reads an image’s text by OCR (English); a plain image is only ' +
              'kept (a chart snapshot). Reading may take up to 5 minutes; the answer is the indexed file.',
            consumes: ['multipart/form-data'],
            body: aiMediaUploadSchema,
            response: {
              201: aiMediaSchema,
              400: errorBodySchema.describe('Not multipart, no file, or a bad lastModified or kind'),
              413: errorBodySchema.describe('AI_MEDIA_UPLOAD_TOO_LARGE'),
              415: errorBodySchema.describe('AI_MEDIA_TYPE_UNSUPPORTED'),
              422: errorBodySchema.describe('AI_MEDIA_UNREADABLE: damaged, protected, or no text in it'),
              503: errorBodySchema.describe('AI_MEDIA_TIMEOUT: reading took longer than 5 minutes'),
            },
          },
        },
        async (request, reply) => {
          const { userId } = authOf(request);
          const signal = clientSignal(reply);
          const { file, fields } = await readUpload(request);
          const created = await media.upload(
            userId,
            { name: file.name, data: file.data, lastModified: fields.lastModified, kind: fields.kind },
            signal,
          );
          return reply.status(201).send(created);
        },
      );
    };
    await app.register(upload);

    app.post(
      '/ai/media/links',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'Reads a web page (or a PDF, Word or text file at an address) into the knowledge library',
          description:
            'http and https only; at most 5 redirects, 2 MB and 10 s. Addresses on private networks are refused ' +
            'unless the operator allows them. The page’s text (scripts, navigation and forms left out) is indexed ' +
            'like an uploaded document; `fileUrl` is the address itself.',
          body: aiMediaLinkBodySchema,
          response: {
            201: aiMediaSchema,
            400: errorBodySchema.describe('A bad url, or AI_MEDIA_LINK_REFUSED'),
            422: errorBodySchema.describe('AI_MEDIA_LINK_FAILED: no answer, an HTTP error, too large, not a page'),
          },
        },
      },
      async (request, reply) => {
        const created = await media.addLink(authOf(request).userId, request.body.url, clientSignal(reply));
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/ai/media',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s media files, newest first (page 1, 10 a page by default)',
          description: '`kind`: document, image, scanned or link. `search` matches the name.',
          querystring: aiMediaListQuerySchema,
          response: { 200: aiMediaPageSchema },
        },
      },
      async (request) => media.list(authOf(request).userId, request.query),
    );

    app.get(
      '/ai/media/embeddings',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary:
            'The caller’s files against the embedding model that answers them now: how many carry its vectors, how many wait to be re-embedded',
          response: { 200: aiEmbeddingStatusSchema },
        },
      },
      async (request) => reembedder.status(authOf(request).userId),
    );

    app.post(
      '/ai/media/embeddings',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary:
            'Re-embeds the caller’s files whose vectors are another model’s (or none), at most 50 a call: call again while stale > 0',
          response: { 200: aiReembedResultSchema },
        },
      },
      async (request) => {
        const userId = authOf(request).userId;
        const run = await reembedder.reembed(userId, { maxFiles: REEMBED_PER_CALL });
        return { ...(await reembedder.status(userId)), reembedded: run.done, failed: run.failed };
      },
    );

    app.get(
      '/ai/media/:id',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'One media file',
          params: aiMediaParamsSchema,
          response: { 200: aiMediaSchema, ...notFound },
        },
      },
      async (request) => media.get(authOf(request).userId, request.params.id),
    );

    app.get(
      '/ai/media/:id/file',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'The bytes of an uploaded media file, with its type',
          params: aiMediaParamsSchema,
          produces: [...AI_DOCUMENT_TYPES, ...AI_IMAGE_TYPES],
          response: {
            200: fileBytesSchema,
            404: errorBodySchema.describe('AI_MEDIA_NOT_FOUND, or AI_MEDIA_NO_FILE for a link'),
          },
        },
      },
      async (request, reply) => {
        const file = await media.file(authOf(request).userId, request.params.id);
        const type = file.type.startsWith('text/') ? `${file.type}; charset=utf-8` : file.type;
        return reply
          .header('content-type', type)
          .header('content-disposition', disposition(file.type, file.name))
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(file.data);
      },
    );

    app.get(
      '/ai/media/:id/chunks',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'The passages indexed from a media file, in order',
          params: aiMediaParamsSchema,
          response: { 200: aiMediaChunkListSchema, ...notFound },
        },
      },
      async (request) => media.chunks(authOf(request).userId, request.params.id),
    );

    app.delete(
      '/ai/media/:id',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a media file, its stored bytes and its passages',
          params: aiMediaParamsSchema,
          response: { 200: okSchema, ...notFound },
        },
      },
      async (request) => {
        await media.delete(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
