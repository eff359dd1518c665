import fastifyMultipart from '@fastify/multipart';
import {
  ARTICLE_IMAGE_MAX_BYTES,
  ARTICLE_IMAGE_MAX_DIMENSION,
  articleIdParamsSchema,
  articleMediaSchema,
  errorBodySchema,
  imageUploadBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import { IMAGE_NOT_MULTIPART, imageUploadReader } from '../../../platform/uploads/image-upload.js';
import { formatBytes } from '../../settings/profile-images.service.js';
import type { ArticleMediaService } from './article-media.service.js';
import { articleError } from './articles.errors.js';

/** POST /community/articles/{id}/media: one multipart file field named `file`. */
export function articleMediaRoutes(deps: { media: ArticleMediaService; maxBytes?: number }): FastifyPluginAsyncZod {
  const maxBytes = deps.maxBytes ?? ARTICLE_IMAGE_MAX_BYTES;
  const limit = formatBytes(maxBytes);
  return async (app) => {
    // registered in this scope only: no other article route accepts multipart bodies
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 } });
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('*', (_request, _payload, done) => {
      done(articleError.onField('file', 'ARTICLE_UPLOAD_MISSING', IMAGE_NOT_MULTIPART), undefined);
    });
    const readImage = imageUploadReader(app, {
      limitText: limit,
      fileError: (problem, message) => articleError.onField('file', `ARTICLE_${problem}`, message),
    });

    app.post(
      '/community/articles/:id/media',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['articles'],
          summary: 'Uploads an image to the caller’s article (for its content or cover)',
          description:
            `multipart/form-data with one file field \`file\`: PNG, JPEG, WebP or GIF, at most ${limit}. The type ` +
            `is read from the content; the image is resized to fit ${ARTICLE_IMAGE_MAX_DIMENSION} px and its ` +
            'metadata dropped (a GIF stays animated). Use its `url` in an `<img>` of the content or its id as `cover_image_id`.',
          consumes: ['multipart/form-data'],
          params: articleIdParamsSchema,
          body: imageUploadBodySchema,
          response: {
            201: articleMediaSchema,
            404: errorBodySchema.describe('ARTICLE_NOT_FOUND'),
            413: errorBodySchema.describe('ARTICLE_UPLOAD_TOO_LARGE'),
            415: errorBodySchema.describe('ARTICLE_UPLOAD_TYPE'),
          },
        },
      },
      async (request, reply) => {
        const { userId } = authOf(request);
        const data = await readImage(request);
        return reply.status(201).send(await deps.media.upload(userId, request.params.id, data));
      },
    );
  };
}
