import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { candlesFieldError } from './candles.errors.js';
import type { CandleFileSource } from './candles.service.js';

/** An uploaded file kept on disk while it is imported: it is read twice (checked, then stored). */
export type SpooledUpload = { fields: Record<string, string>; file: CandleFileSource; path: string };

const FIELDS = new Set(['symbol', 'timeframe', 'time_zone']);

/** "100 MB" for whole mebibytes, else KB or bytes: the size limit as a person reads it. */
export function formatBytes(bytes: number): string {
  const mib = 1024 * 1024;
  if (bytes >= mib && bytes % mib === 0) return `${bytes / mib} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** A file name fit to show: no folders, no control characters, at most 200 characters. */
function cleanFileName(name: string | undefined): string {
  const base = basename((name ?? '').replaceAll('\\', '/'));
  let cleaned = '';
  for (const ch of base) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x20 && code !== 0x7f) cleaned += ch;
  }
  return cleaned.trim().slice(0, 200) || 'upload.csv';
}

/**
 * Reads a multipart upload: the text fields, and the one file part `file` streamed to a temporary file (never
 * held in memory), at most `maxBytes`. The caller deletes `path` when done; on failure it is deleted here.
 */
export async function receiveCandleUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { maxBytes: number; tmpDir: string },
): Promise<SpooledUpload> {
  if (!request.isMultipart()) throw notMultipart();
  await mkdir(options.tmpDir, { recursive: true });
  const path = join(options.tmpDir, `${randomUUID()}.csv`);
  const tooLarge = () =>
    candlesFieldError(
      'file',
      'CANDLES_UPLOAD_TOO_LARGE',
      `The file is larger than ${formatBytes(options.maxBytes)}, the most an import may send (IMPORT_MAX_BYTES). Split it by date and import the parts.`,
    );
  const fields: Record<string, string> = {};
  let file: CandleFileSource | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!FIELDS.has(part.fieldname)) {
          const name = part.fieldname.slice(0, 40);
          throw candlesFieldError(name, 'CANDLES_UPLOAD_MISSING', `${name} is not a field of an import.`);
        }
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw candlesFieldError('file', 'CANDLES_UPLOAD_MISSING', 'Send exactly one file, in a field named file.');
      }
      const out = createWriteStream(path, { flags: 'wx' });
      await pipeline(part.file, out);
      if (part.file.truncated) throw tooLarge();
      file = {
        name: cleanFileName(part.filename),
        size: out.bytesWritten,
        open: () => createReadStream(path, { highWaterMark: 256 * 1024 }),
      };
    }
  } catch (error) {
    await rm(path, { force: true });
    throw uploadError(app, error, tooLarge);
  }
  if (!file) {
    throw candlesFieldError(
      'file',
      'CANDLES_UPLOAD_MISSING',
      'The file is missing: send the CSV in a field named file.',
    );
  }
  return { fields, file, path };
}

export function notMultipart(): AppError {
  return candlesFieldError(
    'file',
    'CANDLES_UPLOAD_MISSING',
    'Send the CSV file as multipart/form-data in a field named file, with the symbol in a field named symbol.',
  );
}

/**
 * What the client hears about a failed upload. A body the multipart parser cannot read (no boundary, cut short,
 * broken part headers) is the client's fault: a 400 about the file. Errors with a 4xx status keep it; errors of
 * the machine (a full disk: they carry a `syscall`) stay 500s.
 */
function uploadError(app: FastifyInstance, error: unknown, tooLarge: () => AppError): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof app.multipartErrors.RequestFileTooLargeError) return tooLarge();
  if (error instanceof app.multipartErrors.FilesLimitError) {
    return candlesFieldError('file', 'CANDLES_UPLOAD_MISSING', 'Send exactly one file, in a field named file.');
  }
  if (error instanceof app.multipartErrors.FieldsLimitError || error instanceof app.multipartErrors.PartsLimitError) {
    return candlesFieldError(
      'file',
      'CANDLES_UPLOAD_MISSING',
      'The form has more fields than an import takes: symbol, timeframe, time_zone and file.',
    );
  }
  if (error && typeof error === 'object' && 'syscall' in error) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return candlesFieldError(
    'file',
    'CANDLES_UPLOAD_MALFORMED',
    'The upload is not a well-formed multipart/form-data body: send it again.',
  );
}

/** Removes temporary upload files left by a process that stopped mid-import (older than a day). */
export async function removeStaleUploads(tmpDir: string, now: Date): Promise<void> {
  let names: string[];
  try {
    names = await readdir(tmpDir);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(tmpDir, name);
    try {
      const info = await stat(path);
      if (now.getTime() - info.mtimeMs > 24 * 3600 * 1000) await rm(path, { force: true });
    } catch {
      // another process removed it first
    }
  }
}
