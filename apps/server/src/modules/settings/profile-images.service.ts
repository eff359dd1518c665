import { randomBytes } from 'node:crypto';
import { acceptedImageTypes, maxImageDimensions } from '@tradedesk/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { FileStorage } from '../../platform/storage/storage.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { settingsError } from './settings.errors.js';

export type ProfileImageKind = 'avatar' | 'banner';

const accepted = new Set<string>(acceptedImageTypes);
const keyColumn = { avatar: 'avatarKey', banner: 'bannerKey' } as const;

/** "1 MB" for whole mebibytes, else KB or bytes: the size limit as a person reads it. */
export function formatBytes(bytes: number): string {
  const mib = 1024 * 1024;
  if (bytes >= mib && bytes % mib === 0) return `${bytes / mib} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/**
 * Refuses an image whose header declares absurd dimensions before anything decodes it: a few hundred bytes
 * can declare 65535 x 65535 pixels, which a browser (or any later thumbnailing) would try to allocate.
 */
function checkDimensions(kind: ProfileImageKind, data: Buffer): void {
  const max = maxImageDimensions[kind];
  let size: { width: number; height: number };
  try {
    // A copy with a buffer of its own: image-size reads through a DataView of the whole underlying buffer, so on
    // a small upload (Node pools those) a cut-off header would be read on into other data.
    size = imageSize(new Uint8Array(data));
  } catch {
    throw settingsError.onField(
      'file',
      'SETTINGS_UPLOAD_UNREADABLE',
      'The image could not be read: its header is damaged.',
    );
  }
  if (!(size.width > 0 && size.height > 0)) {
    throw settingsError.onField('file', 'SETTINGS_UPLOAD_UNREADABLE', 'The image could not be read: it has no size.');
  }
  if (size.width > max || size.height > max) {
    throw settingsError.onField(
      'file',
      'SETTINGS_UPLOAD_DIMENSIONS',
      `The image is ${size.width} x ${size.height} pixels; the ${kind} may be at most ${max} x ${max} pixels.`,
    );
  }
}

/** Avatar and banner images: checked by their content, stored under unguessable keys. */
export function createProfileImagesService(deps: {
  users: UsersService;
  storage: FileStorage;
  onCleanupError?: (error: unknown, key: string) => void;
}) {
  const { users, storage } = deps;

  async function removeQuietly(key: string | null): Promise<void> {
    if (!key) return;
    try {
      await storage.delete(key);
    } catch (error) {
      // The account change already happened; an orphaned file is harmless and must not fail the request.
      deps.onCleanupError?.(error, key);
    }
  }

  return {
    /** Stores `data` as the user's avatar or banner, deletes the one it replaces and answers its URL. */
    async replace(userId: string, kind: ProfileImageKind, data: Buffer): Promise<string> {
      // The client's file name and content type are not trusted: only the bytes decide.
      const type = await fileTypeFromBuffer(data);
      if (!type || !accepted.has(type.mime)) {
        throw settingsError.onField('file', 'SETTINGS_UPLOAD_TYPE', 'The file must be a PNG, JPEG, WebP or GIF image.');
      }
      checkDimensions(kind, data);
      const before = await users.getById(userId);
      const key = `${kind}/${randomBytes(16).toString('hex')}.${type.ext}`;
      await storage.put(key, data, type.mime);
      try {
        await users.update(userId, { [keyColumn[kind]]: key });
      } catch (error) {
        await removeQuietly(key);
        throw error;
      }
      await removeQuietly(before[keyColumn[kind]]);
      return storage.url(key);
    },

    /** Deletes every image of a user whose account is going away. */
    async removeAll(user: Pick<UserRow, 'avatarKey' | 'bannerKey'>): Promise<void> {
      await removeQuietly(user.avatarKey);
      await removeQuietly(user.bannerKey);
    },

    urlOf(key: string | null): string | null {
      return key ? storage.url(key) : null;
    },
  };
}
export type ProfileImagesService = ReturnType<typeof createProfileImagesService>;
