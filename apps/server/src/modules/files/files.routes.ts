import { acceptedImageTypes, errorBodySchema, filesParamsSchema } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStorage } from '../../platform/storage/storage.js';
import { fileError } from './files.errors.js';

// Sent as a Buffer, which Fastify writes as is; the schema exists for the OpenAPI document.
const fileBytesSchema = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .meta({ type: 'string', format: 'binary', description: 'The file bytes' });

/**
 * GET /files/<key>: serves what modules stored through ctx.storage. No auth: the keys are random and
 * unguessable and are only handed out in URLs (avatars, banners), and a stored key never changes
 * content, so browsers may cache it for good.
 */
export function filesRoutes(deps: { storage: FileStorage }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/files/*',
      {
        schema: {
          tags: ['files'],
          summary: 'An uploaded file (avatar, banner, ...) by its key, with its content type',
          params: filesParamsSchema,
          produces: [...acceptedImageTypes, 'application/octet-stream'],
          response: {
            200: fileBytesSchema,
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const key = request.params['*'];
        let file: Awaited<ReturnType<FileStorage['get']>>;
        try {
          file = await deps.storage.get(key);
        } catch {
          file = undefined; // a key the storage refuses (.., odd characters) is simply not there
        }
        if (!file) throw fileError('FILE_NOT_FOUND', 'There is no file at this address.');
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(file.data);
      },
    );
  };
}
