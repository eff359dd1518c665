import fastifyMultipart from '@fastify/multipart';
import { imageUploadBodySchema, imageUploadResponseSchema, maxImageDimensions } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import { IMAGE_NOT_MULTIPART, imageUploadReader } from '../../platform/uploads/image-upload.js';
import { formatBytes, type ProfileImageKind, type ProfileImagesService } from './profile-images.service.js';
import { settingsError } from './settings.errors.js';

const security: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];

/**
 * PUT /customer/profile/image and /banner: one multipart file field named `file`. The community profile serves
 * the same routes under its own names (`paths`: /profile/settings/image and /banner, tag `social`).
 */
export function profileImagesRoutes(deps: {
  images: ProfileImagesService;
  maxBytes: number;
  paths?: { avatar: string; banner: string };
  tag?: string;
}): FastifyPluginAsyncZod {
  const { images, maxBytes } = deps;
  const paths = deps.paths ?? { avatar: '/customer/profile/image', banner: '/customer/profile/banner' };
  const tags = [deps.tag ?? 'settings'];
  const limit = formatBytes(maxBytes);

  return async (app) => {
    // Registered in this scope only: no other route of the app accepts multipart bodies by accident.
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 } });
    // Any other content type (JSON and plain text included) is refused here with one 400, without reading it.
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('*', (_request, _payload, done) => {
      done(settingsError.onField('file', 'SETTINGS_UPLOAD_MISSING', IMAGE_NOT_MULTIPART), undefined);
    });

    const readImage = imageUploadReader(app, {
      limitText: limit,
      fileError: (problem, message) => settingsError.onField('file', `SETTINGS_${problem}`, message),
    });

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

    route(paths.avatar, 'avatar', 'avatar');
    route(paths.banner, 'banner', 'profile banner');
  };
}
