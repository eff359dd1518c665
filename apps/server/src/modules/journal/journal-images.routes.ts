import fastifyMultipart from '@fastify/multipart';
import {
  errorBodySchema,
  imageUploadBodySchema,
  JOURNAL_IMAGE_MAX_BYTES,
  JOURNAL_IMAGE_MAX_DIMENSION,
  journalImageSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import { IMAGE_NOT_MULTIPART, imageUploadReader } from '../../platform/uploads/image-upload.js';
import { formatBytes } from '../settings/profile-images.service.js';
import { journalError } from './journal.errors.js';
import type { JournalImagesService } from './journal-images.service.js';

/** POST /journal/images: one multipart file field named `file` (a chart snapshot or trade screenshot). */
export function journalImagesRoutes(deps: { images: JournalImagesService; maxBytes?: number }): FastifyPluginAsyncZod {
  const maxBytes = deps.maxBytes ?? JOURNAL_IMAGE_MAX_BYTES;
  const limit = formatBytes(maxBytes);
  return async (app) => {
    // registered in this scope only: no other journal route accepts multipart bodies
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 } });
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('*', (_request, _payload, done) => {
      done(journalError.onField('file', 'JOURNAL_UPLOAD_MISSING', IMAGE_NOT_MULTIPART), undefined);
    });

    const readImage = imageUploadReader(app, {
      limitText: limit,
      fileError: (problem, message) => journalError.onField('file', `JOURNAL_${problem}`, message),
    });

    app.post(
      '/journal/images',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['journal'],
          summary: 'Uploads a journal image (chart snapshot, trade screenshot) and answers its id and URL',
          description:
            `multipart/form-data with one file field \`file\`: PNG, JPEG, WebP or GIF, at most ${limit} and ` +
            `${JOURNAL_IMAGE_MAX_DIMENSION} x ${JOURNAL_IMAGE_MAX_DIMENSION} pixels. The type is read from the ` +
            'content, not the name (anything else is a 415). Put the id into a day’s snapshots or a trade’s screenshots.',
          consumes: ['multipart/form-data'],
          body: imageUploadBodySchema,
          response: {
            201: journalImageSchema,
            413: errorBodySchema.describe('JOURNAL_UPLOAD_TOO_LARGE'),
            415: errorBodySchema.describe('JOURNAL_UPLOAD_TYPE'),
          },
        },
      },
      async (request, reply) => {
        const { userId } = authOf(request);
        const data = await readImage(request);
        return reply.status(201).send(await deps.images.upload(userId, data));
      },
    );
  };
}
