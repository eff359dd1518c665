import { randomBytes } from 'node:crypto';
import { acceptedImageTypes } from '@tradedesk/contracts';
import { fileTypeFromBuffer } from 'file-type';
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
        throw settingsError('SETTINGS_UPLOAD_TYPE', 'file: must be a PNG, JPEG, WebP or GIF image');
      }
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
