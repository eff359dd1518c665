import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Clock } from '../../../platform/clock.js';
import { type Db, inTransaction } from '../../../platform/db.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import type { CommunityAccess } from '../communities.access.js';
import { communityError } from '../communities.errors.js';
import type { CoreRepository } from './core.repository.js';

export type CommunityImageKind = 'image' | 'banner';

/** The longest side each is resized to fit (never enlarged). */
export const COMMUNITY_IMAGE_MAX_SIDE: Record<CommunityImageKind, number> = { image: 512, banner: 2048 };
const ACCEPTED = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
]);
const column = { image: 'imageKey', banner: 'bannerKey' } as const;

/**
 * The community's image and banner (PUT/DELETE /community/{id}/image|banner, manage_community). As for post
 * images, the type is read from the bytes, the picture is turned upright, resized and written again by sharp,
 * which leaves EXIF (camera, GPS) and other metadata behind. The file it replaces is deleted afterwards.
 */
export function createCommunityImages(deps: {
  db: Db;
  clock: Clock;
  access: CommunityAccess;
  repo: CoreRepository;
  storage: FileStorage;
  onCleanupError?: (error: unknown, key: string) => void;
}) {
  const { db, clock, access, repo, storage } = deps;

  async function removeQuietly(key: string | null): Promise<void> {
    if (!key) return;
    try {
      await storage.delete(key);
    } catch (error) {
      // The community already points elsewhere: an orphaned file is harmless and must not fail the request.
      deps.onCleanupError?.(error, key);
    }
  }

  async function process(kind: CommunityImageKind, data: Buffer) {
    const type = await fileTypeFromBuffer(data);
    const ext = type ? ACCEPTED.get(type.mime) : undefined;
    if (!type || !ext) {
      throw communityError.onField('file', 'COMMUNITY_UPLOAD_TYPE', 'The file must be a PNG, JPEG, WebP or GIF image.');
    }
    const gif = type.mime === 'image/gif';
    const side = COMMUNITY_IMAGE_MAX_SIDE[kind];
    try {
      let image = sharp(data, { animated: gif, failOn: 'error' })
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
      if (gif) image = image.gif();
      else if (type.mime === 'image/png') image = image.png();
      else if (type.mime === 'image/webp') image = image.webp();
      else image = image.jpeg({ quality: 88 });
      return { data: await image.toBuffer(), mime: type.mime, ext };
    } catch {
      throw communityError.onField('file', 'COMMUNITY_UPLOAD_INVALID', 'The image could not be read: it is damaged.');
    }
  }

  async function setKey(userId: string, id: string, kind: CommunityImageKind, key: string | null): Promise<void> {
    await inTransaction(db, async (tx) => {
      await repo.update(tx, id, { [column[kind]]: key, updatedAt: clock.now() });
      await access.record(
        {
          communityId: id,
          actorId: userId,
          action: 'community.updated',
          summary: key ? `Changed the ${kind}.` : `Removed the ${kind}.`,
          details: { fields: [kind] },
        },
        tx,
      );
    });
  }

  return {
    /** Checks the caller may change it before `read` takes the upload, stores it and answers its URL. */
    async replace(userId: string, id: string, kind: CommunityImageKind, read: () => Promise<Buffer>) {
      const v = access.requirePermission(await access.viewer(userId, id), 'manage_community');
      const image = await process(kind, await read());
      const key = `communities/${id}/${kind}-${randomBytes(16).toString('hex')}.${image.ext}`;
      await storage.put(key, image.data, image.mime);
      try {
        await setKey(userId, id, kind, key);
      } catch (error) {
        await removeQuietly(key);
        throw error;
      }
      await removeQuietly(v.community[column[kind]]);
      return { url: storage.url(key) };
    },

    async remove(userId: string, id: string, kind: CommunityImageKind): Promise<void> {
      const v = access.requirePermission(await access.viewer(userId, id), 'manage_community');
      const before = v.community[column[kind]];
      if (!before) return;
      await setKey(userId, id, kind, null);
      await removeQuietly(before);
    },

    removeQuietly,
  };
}
export type CommunityImages = ReturnType<typeof createCommunityImages>;
