import { randomBytes } from 'node:crypto';
import type { PostMedia } from '@tradedesk/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import { postError } from './posts.errors.js';
import type { PostsRepository } from './posts.repository.js';

export const POST_IMAGE_MAX_SIDE = 2048;
const ACCEPTED = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
]);

/**
 * Images for posts (POST /posts/media): the type read from the bytes (never the name), turned upright, resized to
 * fit 2048 px and written again by sharp, which leaves EXIF (camera, GPS) and other metadata behind. A GIF stays
 * animated. The upload waits unattached until a post takes it (`media_ids` or a snapshot chart).
 */
export function createPostMediaService(deps: { repo: PostsRepository; storage: FileStorage; clock: Clock }) {
  const { repo, storage, clock } = deps;
  return {
    async upload(userId: string, data: Buffer): Promise<PostMedia> {
      const type = await fileTypeFromBuffer(data);
      const ext = type ? ACCEPTED.get(type.mime) : undefined;
      if (!type || !ext) {
        throw postError.onField('file', 'POST_UPLOAD_TYPE', 'The file must be a PNG, JPEG, WebP or GIF image.');
      }
      const gif = type.mime === 'image/gif';
      let out: { data: Buffer; info: OutputInfo };
      try {
        let image = sharp(data, { animated: gif, failOn: 'error' }).rotate();
        image = image.resize({
          width: POST_IMAGE_MAX_SIDE,
          height: POST_IMAGE_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        });
        if (gif) image = image.gif();
        else if (type.mime === 'image/png') image = image.png();
        else if (type.mime === 'image/webp') image = image.webp();
        else image = image.jpeg({ quality: 88 });
        out = await image.toBuffer({ resolveWithObject: true });
      } catch {
        throw postError.onField('file', 'POST_UPLOAD_UNREADABLE', 'The image could not be read: it is damaged.');
      }
      const id = newId();
      const key = `social/posts/${userId}/${randomBytes(16).toString('hex')}.${ext}`;
      const height = out.info.pageHeight ?? out.info.height;
      await storage.put(key, out.data, type.mime);
      await repo.insertMedia({
        id,
        ownerId: userId,
        postId: null,
        kind: gif ? 'gif' : 'image',
        key,
        width: out.info.width,
        height,
        createdAt: clock.now(),
      });
      return { id, kind: gif ? 'gif' : 'image', url: storage.url(key), width: out.info.width, height };
    },
  };
}
export type PostMediaService = ReturnType<typeof createPostMediaService>;
