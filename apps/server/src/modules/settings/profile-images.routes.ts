import fastifyMultipart from '@fastify/multipart';
import { imageUploadBodySchema, imageUploadResponseSchema } from '@tradedesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import { formatBytes, type ProfileImageKind, type ProfileImagesService } from './profile-images.service.js';
import { settingsError } from './settings.errors.js';

const tags = ['settings'];
const security: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];

/** PUT /customer/profile/image and /banner: one multipart file field named `file`. */
export function profileImagesRoutes(deps: { images: ProfileImagesService; maxBytes: number }): FastifyPluginAsyncZod {
  const { images, maxBytes } = deps;
  const limit = formatBytes(maxBytes);

  return async (app) => {
    // Registered in this scope only: no other route of the app accepts multipart bodies by accident.
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 } });

    async function readImage(request: FastifyRequest): Promise<Buffer> {
      if (!request.isMultipart()) {
        throw settingsError(
          'SETTINGS_UPLOAD_MISSING',
          'file: send the image as multipart/form-data in a field named file',
        );
      }
      let part: Awaited<ReturnType<FastifyRequest['file']>>;
      try {
        part = await request.file();
      } catch (error) {
        if (error instanceof app.multipartErrors.FilesLimitError) {
          throw settingsError('SETTINGS_UPLOAD_MISSING', 'file: send exactly one file');
        }
        throw error;
      }
      if (part?.fieldname !== 'file') {
        throw settingsError('SETTINGS_UPLOAD_MISSING', 'file: is required (a multipart field named file)');
      }
      try {
        return await part.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          throw settingsError('SETTINGS_UPLOAD_TOO_LARGE', `file: must be at most ${limit}`);
        }
        throw error;
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
            description: `multipart/form-data with one file field \`file\`, at most ${limit} (UPLOAD_MAX_BYTES). The type is read from the content, not the name: anything else is a 415.`,
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
