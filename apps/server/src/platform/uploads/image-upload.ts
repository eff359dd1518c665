import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

export const IMAGE_NOT_MULTIPART = 'Send the image as multipart/form-data in a field named file.';
const MALFORMED = 'The upload is not a well-formed multipart/form-data body: send it again.';

/** The three ways an upload of one file can be wrong, each answered as an error on the field `file`. */
export type UploadProblem = 'UPLOAD_MISSING' | 'UPLOAD_TOO_LARGE' | 'UPLOAD_MALFORMED';

/**
 * Reads the one file of a multipart body sent in the field `file` (the image uploads of the profile, the
 * strategies and the journal), in a scope where @fastify/multipart is registered with `files: 1` and the size
 * limit `limitText` describes. `fileError` makes the domain's error for a problem (its code prefix and category).
 * A body the multipart parser cannot read (no boundary, cut short, broken part headers) is the client's fault:
 * a 400 about the file; errors the parser raises with a status of their own keep it.
 */
export function imageUploadReader(
  app: FastifyInstance,
  options: { limitText: string; fileError: (problem: UploadProblem, message: string) => AppError },
): (request: FastifyRequest) => Promise<Buffer> {
  const { fileError, limitText } = options;

  function uploadError(error: unknown): unknown {
    if (error instanceof app.multipartErrors.FilesLimitError)
      return fileError('UPLOAD_MISSING', 'Send exactly one file.');
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      return fileError('UPLOAD_TOO_LARGE', `The file must be at most ${limitText}.`);
    }
    if (error instanceof AppError) return error;
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500 && status !== 406) return error;
    return fileError('UPLOAD_MALFORMED', MALFORMED);
  }

  return async (request) => {
    if (!request.isMultipart()) throw fileError('UPLOAD_MISSING', IMAGE_NOT_MULTIPART);
    let part: Awaited<ReturnType<FastifyRequest['file']>>;
    try {
      part = await request.file();
    } catch (error) {
      throw uploadError(error);
    }
    if (part?.fieldname !== 'file') {
      throw fileError('UPLOAD_MISSING', 'The file is required: send it in a multipart field named file.');
    }
    try {
      return await part.toBuffer();
    } catch (error) {
      throw uploadError(error);
    }
  };
}
