import fastifyMultipart from '@fastify/multipart';
import {
  communityIdParamsSchema,
  errorBodySchema,
  imageUploadBodySchema,
  imageUploadResponseSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import { IMAGE_NOT_MULTIPART, imageUploadReader } from '../../../platform/uploads/image-upload.js';
import { formatBytes } from '../../settings/profile-images.service.js';
import { communityError } from '../communities.errors.js';
import { COMMUNITY_IMAGE_MAX_SIDE, type CommunityImages } from './core.images.js';
import { forbidden, notFound, tags } from './core.routes.js';

/** PUT /community/{id}/image and /banner, in a scope of their own: no other route accepts multipart bodies. */
export function communityImageRoutes(deps: { images: CommunityImages; maxBytes: number }): FastifyPluginAsyncZod {
  const { images, maxBytes } = deps;
  const limit = formatBytes(maxBytes);
  return async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 } });
    // Any other content type (JSON and plain text included) is refused with one 400 about the file, unread.
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('*', (_request, _payload, done) => {
      done(communityError.onField('file', 'COMMUNITY_UPLOAD_INVALID', IMAGE_NOT_MULTIPART), undefined);
    });
    const readImage = imageUploadReader(app, {
      limitText: limit,
      fileError: (problem, message) =>
        communityError.onField(
          'file',
          problem === 'UPLOAD_TOO_LARGE' ? 'COMMUNITY_UPLOAD_TOO_LARGE' : 'COMMUNITY_UPLOAD_INVALID',
          message,
        ),
    });

    for (const kind of ['image', 'banner'] as const) {
      app.put(
        `/community/:id/${kind}`,
        {
          onRequest: app.authenticate,
          schema: {
            tags,
            summary: `Uploads the community’s ${kind} (manage_community) and answers its URL; the previous one is deleted`,
            description:
              `multipart/form-data with one file field \`file\` (PNG, JPEG, WebP or GIF), at most ${limit}. It is ` +
              `resized to fit ${COMMUNITY_IMAGE_MAX_SIDE[kind]} px and written again without its metadata (EXIF).`,
            consumes: ['multipart/form-data'],
            params: communityIdParamsSchema,
            body: imageUploadBodySchema,
            response: {
              200: imageUploadResponseSchema,
              403: forbidden('The caller lacks manage_community'),
              404: notFound,
              413: errorBodySchema.describe('The file is too large (COMMUNITY_UPLOAD_TOO_LARGE)'),
              415: errorBodySchema.describe('Not a PNG, JPEG, WebP or GIF image (COMMUNITY_UPLOAD_TYPE)'),
            },
          },
        },
        async (request) => images.replace(authOf(request).userId, request.params.id, kind, () => readImage(request)),
      );
    }
  };
}
