import fastifyMultipart from '@fastify/multipart';
import { imageUploadBodySchema, imageUploadResponseSchema, maxImageDimensions } from '@tradedesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/errors.js';
import { formatBytes, type ProfileImageKind, type ProfileImagesService } from './profile-images.service.js';
import { settingsError } from './settings.errors.js';

const tags = ['settings'];
const security: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];

const NOT_MULTIPART = 'Send the image as multipart/form-data in a field named file.';
const MALFORMED = 'The upload is not a well-formed multipart/form-data body: send it again.';

/** PUT /customer/profile/image and /banner: one multipart file field named `file`. */
export function profileImagesRoutes(deps: { images: ProfileImagesService; maxBytes: number }): FastifyPluginAsyncZod {
  const { images, maxBytes } = deps;
  const limit = formatBytes(maxBytes);

  return async (app) => {
    // Registered in this scope only: no other route of the app accepts multipart bodies by accident.
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 } });
    // Any other content type (JSON and plain text included) is refused here with one 400, without reading it.
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('*', (_request, _payload, done) => {
      done(settingsError.onField('file', 'SETTINGS_UPLOAD_MISSING', NOT_MULTIPART), undefined);
    });

    /**
     * A body the multipart parser cannot read (no boundary, cut short, broken part headers) is the client's
     * fault: a 400 about the file. Errors the parser raises with a status of their own keep it.
     */
    function uploadError(error: unknown): unknown {
      if (error instanceof app.multipartErrors.FilesLimitError) {
        return settingsError.onField('file', 'SETTINGS_UPLOAD_MISSING', 'Send exactly one file.');
      }
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
        return settingsError.onField('file', 'SETTINGS_UPLOAD_TOO_LARGE', `The file must be at most ${limit}.`);
      }
      if (error instanceof AppError) return error;
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500 && status !== 406) return error;
      return settingsError.onField('file', 'SETTINGS_UPLOAD_MALFORMED', MALFORMED);
    }

    async function readImage(request: FastifyRequest): Promise<Buffer> {
      if (!request.isMultipart()) throw settingsError.onField('file', 'SETTINGS_UPLOAD_MISSING', NOT_MULTIPART);
      let part: Awaited<ReturnType<FastifyRequest['file']>>;
      try {
        part = await request.file();
      } catch (error) {
        throw uploadError(error);
      }
      if (part?.fieldname !== 'file') {
        throw settingsError.onField(
          'file',
          'SETTINGS_UPLOAD_MISSING',
          'The file is required: send it in a multipart field named file.',
        );
      }
      try {
        return await part.toBuffer();
      } catch (error) {
        throw uploadError(error);
      }
    }

    const route = (path: string, kind: ProfileImageKind, what: string) =>
      app.put(
        path,
        {
          preHandler: app.authenticate,
          schema: {
            tags,
            summary: `Uploads the ${what} (PNG, JPEG, WebP or GIF) and answers its URL; the previous one is deleted`,
            description:
              `multipart/form-data with one file field \`file\`, at most ${limit} (UPLOAD_MAX_BYTES) and ` +
              `${maxImageDimensions[kind]} x ${maxImageDimensions[kind]} pixels. The type is read from the content, ` +
              'not the name: anything else is a 415. A body that is not well-formed multipart is a 400.',
            consumes: ['multipart/form-data'],
            security,
            body: imageUploadBodySchema,
            response: { 200: imageUploadResponseSchema },
          },
        },
        async (request) => {
          const { userId } = authOf(request);
          const data = await readImage(request);
          return { url: await images.replace(userId, kind, data) };
        },
      );

    route('/customer/profile/image', 'avatar', 'avatar');
    route('/customer/profile/banner', 'banner', 'profile banner');
  };
}
