import { randomBytes } from 'node:crypto';
import { ARTICLE_IMAGE_MAX_DIMENSION, type ArticleMedia, acceptedImageTypes } from '@tradedesk/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import type { ArticleAccess } from './articles.access.js';
import { articleError } from './articles.errors.js';
import type { ArticlesRepository } from './articles.repository.js';

const accepted = new Set<string>(acceptedImageTypes);

/**
 * An image for an article's content or cover: the type read from its bytes (not its name), turned upright and
 * resized by sharp to fit ARTICLE_IMAGE_MAX_DIMENSION on its longer side, its metadata (EXIF: camera, place)
 * dropped; a GIF keeps its frames. Kept under an unguessable key, deleted with the article.
 */
export function createArticleMediaService(deps: {
  repo: ArticlesRepository;
  access: ArticleAccess;
  storage: FileStorage;
  clock: Clock;
}) {
  const { repo, access, storage, clock } = deps;
  return {
    async upload(userId: string, articleId: string, data: Buffer): Promise<ArticleMedia> {
      const article = await access.owned(userId, articleId);
      const type = await fileTypeFromBuffer(data);
      if (!type || !accepted.has(type.mime)) {
        throw articleError.onField('file', 'ARTICLE_UPLOAD_TYPE', 'The file must be a PNG, JPEG, WebP or GIF image.');
      }
      const animated = type.mime === 'image/gif';
      let out: { data: Buffer; width: number; height: number };
      try {
        const max = ARTICLE_IMAGE_MAX_DIMENSION;
        let pipeline = sharp(data, { animated, limitInputPixels: 100_000_000 })
          .rotate()
          .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true });
        if (type.mime === 'image/jpeg') pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
        else if (type.mime === 'image/png') pipeline = pipeline.png();
        else if (type.mime === 'image/webp') pipeline = pipeline.webp({ quality: 85 });
        else pipeline = pipeline.gif();
        const { data: buffer, info } = await pipeline.toBuffer({ resolveWithObject: true });
        const pageHeight = (info as { pageHeight?: number }).pageHeight;
        out = { data: buffer, width: info.width, height: animated && pageHeight ? pageHeight : info.height };
      } catch {
        throw articleError.onField(
          'file',
          'ARTICLE_UPLOAD_UNREADABLE',
          'The image could not be read: it is damaged or too large.',
        );
      }
      const key = `articles/${randomBytes(16).toString('hex')}.${type.ext}`;
      await storage.put(key, out.data, type.mime);
      const row = {
        id: newId(),
        articleId: article.id,
        key,
        contentType: type.mime,
        width: out.width,
        height: out.height,
        sizeBytes: out.data.length,
        createdAt: clock.now(),
      };
      try {
        await repo.insertMedia(row);
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
      return { id: row.id, url: storage.url(key), width: row.width, height: row.height };
    },
  };
}
export type ArticleMediaService = ReturnType<typeof createArticleMediaService>;
