import { randomBytes } from 'node:crypto';
import { acceptedImageTypes, JOURNAL_IMAGE_MAX_DIMENSION, type JournalImage } from '@tradedesk/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import { journalError } from './journal.errors.js';
import type { JournalRepository } from './journal.repository.js';
import { imageToWire } from './journal.trades.js';

const accepted = new Set<string>(acceptedImageTypes);

/** Chart snapshots and trade screenshots: checked by their content (not their name), kept under unguessable keys. */
export function createJournalImagesService(deps: { repo: JournalRepository; storage: FileStorage; clock: Clock }) {
  const { repo, storage, clock } = deps;
  return {
    async upload(userId: string, data: Buffer): Promise<JournalImage> {
      const type = await fileTypeFromBuffer(data);
      if (!type || !accepted.has(type.mime)) {
        throw journalError.onField('file', 'JOURNAL_UPLOAD_TYPE', 'The file must be a PNG, JPEG, WebP or GIF image.');
      }
      let size: { width: number; height: number };
      try {
        // a copy with a buffer of its own: image-size reads through a DataView of the whole underlying buffer
        size = imageSize(new Uint8Array(data));
      } catch {
        throw journalError.onField(
          'file',
          'JOURNAL_UPLOAD_UNREADABLE',
          'The image could not be read: its header is damaged.',
        );
      }
      if (!(size.width > 0 && size.height > 0)) {
        throw journalError.onField('file', 'JOURNAL_UPLOAD_UNREADABLE', 'The image could not be read: it has no size.');
      }
      const max = JOURNAL_IMAGE_MAX_DIMENSION;
      if (size.width > max || size.height > max) {
        throw journalError.onField(
          'file',
          'JOURNAL_UPLOAD_UNREADABLE',
          `The image is ${size.width} x ${size.height} pixels; a journal image may be at most ${max} x ${max} pixels.`,
        );
      }
      const key = `journal/${randomBytes(16).toString('hex')}.${type.ext}`;
      await storage.put(key, data, type.mime);
      const row = {
        id: newId(),
        userId,
        key,
        contentType: type.mime,
        sizeBytes: data.length,
        width: size.width,
        height: size.height,
        createdAt: clock.now(),
      };
      try {
        await repo.insertImage(row);
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
      return imageToWire(row, storage);
    },
  };
}
export type JournalImagesService = ReturnType<typeof createJournalImagesService>;
