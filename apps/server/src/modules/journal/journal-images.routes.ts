import fastifyMultipart from '@fastify/multipart';
import {
  errorBodySchema,
  imageUploadBodySchema,
  JOURNAL_IMAGE_MAX_BYTES,
  JOURNAL_IMAGE_MAX_DIMENSION,
  journalImageSchema,
} from '@tradedesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/errors.js';
import { formatBytes } from '../settings/profile-images.service.js';
import { journalError } from './journal.errors.js';
import type { JournalImagesService } from './journal-images.service.js';

const NOT_MULTIPART = 'Send the image as multipart/form-data in a field named file.';
const MALFORMED = 'The upload is not a well-formed multipart/form-data body: send it again.';

/** POST /journal/images: one multipart file field named `file` (a chart snapshot or trade screenshot). */
export function journalImagesRoutes(deps: { images: JournalImagesService; maxBytes?: number }): FastifyPluginAsyncZod {
  const maxBytes = deps.maxBytes ?? JOURNAL_IMAGE_MAX_BYTES;
  const limit = formatBytes(maxBytes);
  return async (app) => {
    // registered in this scope only: no other journal route accepts multipart bodies
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 } });
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('*', (_request, _payload, done) => {
      done(journalError.onField('file', 'JOURNAL_UPLOAD_MISSING', NOT_MULTIPART), undefined);
    });

    function uploadError(error: unknown): unknown {
      if (error instanceof app.multipartErrors.FilesLimitError) {
        return journalError.onField('file', 'JOURNAL_UPLOAD_MISSING', 'Send exactly one file.');
      }
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
        return journalError.onField('file', 'JOURNAL_UPLOAD_TOO_LARGE', `The file must be at most ${limit}.`);
      }
      if (error instanceof AppError) return error;
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500 && status !== 406) return error;
      return journalError.onField('file', 'JOURNAL_UPLOAD_MALFORMED', MALFORMED);
    }

    async function readImage(request: FastifyRequest): Promise<Buffer> {
      if (!request.isMultipart()) throw journalError.onField('file', 'JOURNAL_UPLOAD_MISSING', NOT_MULTIPART);
      let part: Awaited<ReturnType<FastifyRequest['file']>>;
      try {
        part = await request.file();
      } catch (error) {
        throw uploadError(error);
      }
      if (part?.fieldname !== 'file') {
        throw journalError.onField(
          'file',
          'JOURNAL_UPLOAD_MISSING',
          'The file is required: send it in a multipart field named file.',
        );
      }
      try {
        return await part.toBuffer();
      } catch (error) {
        throw uploadError(error);
      }
    }

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
