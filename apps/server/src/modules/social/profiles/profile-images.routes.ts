import fastifyMultipart from '@fastify/multipart';
import { imageUploadBodySchema, imageUploadResponseSchema, maxImageDimensions } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import { IMAGE_NOT_MULTIPART, imageUploadReader } from '../../../platform/uploads/image-upload.js';
import {
  formatBytes,
  type ProfileImageKind,
  type ProfileImagesService,
} from '../../settings/profile-images.service.js';
import { settingsError } from '../../settings/settings.errors.js';

/**
 * PUT /profile/settings/image and /banner: the community profile's names for /customer/profile/image and
 * /banner, through the same images service (same checks, same storage, same answers).
 */
export function profileImagesRoutes(deps: { images: ProfileImagesService; maxBytes: number }): FastifyPluginAsyncZod {
  const { images, maxBytes } = deps;
  const limit = formatBytes(maxBytes);
  return async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 } });
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
            tags: ['social'],
            summary: `Uploads the profile's ${what} (PNG, JPEG, WebP or GIF) and answers its URL`,
            description:
              `As PUT /customer/profile/${kind === 'avatar' ? 'image' : 'banner'}: one file field \`file\`, at most ${limit} ` +
              `and ${maxImageDimensions[kind]} x ${maxImageDimensions[kind]} pixels, typed by its content.`,
            consumes: ['multipart/form-data'],
            body: imageUploadBodySchema,
            response: { 200: imageUploadResponseSchema },
          },
        },
        async (request) => ({ url: await images.replace(authOf(request).userId, kind, await readImage(request)) }),
      );
    route('/profile/settings/image', 'avatar', 'avatar');
    route('/profile/settings/banner', 'banner', 'banner');
  };
}
