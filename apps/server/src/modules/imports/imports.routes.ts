import fastifyMultipart from '@fastify/multipart';
import {
  errorBodySchema,
  idParamsSchema,
  TRADE_IMPORT_FORMATS,
  TRADE_IMPORT_MAX_BYTES,
  TRADE_IMPORT_MAX_ROWS,
  tradeImportFieldsSchema,
  tradeImportListSchema,
  tradeImportParamsSchema,
  tradeImportSchema,
  tradeImportUploadSchema,
} from '@tradedesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/errors.js';
import { formatBytes } from '../candles/candles.upload.js';
import { importError } from './imports.errors.js';
import type { ImportsService } from './imports.service.js';

const tags = ['trade imports'];
const NOT_MULTIPART =
  'Send the report as multipart/form-data in a field named file, with an optional format and time_zone.';
const FIELDS = new Set(['format', 'time_zone']);

/** A file name fit to show: no folders, no control characters, at most 200 characters. */
function cleanName(name: string | undefined): string {
  const base = (name ?? '').replaceAll('\\', '/').split('/').pop() ?? '';
  let out = '';
  for (const ch of base) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0x9f)) out += ch;
  }
  return out.trim().slice(0, 200) || 'report';
}

/** Imports of trades made elsewhere into an imported account: upload, progress and the list. */
export function importsRoutes(deps: { imports: ImportsService; maxBytes?: number }): FastifyPluginAsyncZod {
  const { imports } = deps;
  const maxBytes = deps.maxBytes ?? TRADE_IMPORT_MAX_BYTES;
  const tooLarge = () =>
    importError.onField(
      'file',
      'TRADE_IMPORT_TOO_LARGE',
      `The file is larger than ${formatBytes(maxBytes)}, the most one import takes; export a shorter period and import the parts.`,
    );

  return async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1024 } });
    const onRequest = app.authenticateTrading;

    function uploadError(error: unknown): unknown {
      if (error instanceof AppError) return error;
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) return tooLarge();
      if (error instanceof app.multipartErrors.FilesLimitError) {
        return importError.onField(
          'file',
          'TRADE_IMPORT_UPLOAD_MISSING',
          'Send exactly one file, in a field named file.',
        );
      }
      if (
        error instanceof app.multipartErrors.FieldsLimitError ||
        error instanceof app.multipartErrors.PartsLimitError
      ) {
        return importError.onField(
          'file',
          'TRADE_IMPORT_UPLOAD_MISSING',
          'The form has more fields than an import takes: file, format and time_zone.',
        );
      }
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500 && status !== 406) return error;
      return importError.onField(
        'file',
        'TRADE_IMPORT_UPLOAD_MALFORMED',
        'The upload is not a well-formed multipart/form-data body: send it again.',
      );
    }

    async function readUpload(request: FastifyRequest) {
      if (!request.isMultipart()) throw importError.onField('file', 'TRADE_IMPORT_UPLOAD_MISSING', NOT_MULTIPART);
      const fields: Record<string, string> = {};
      let file: { name: string; data: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (!FIELDS.has(part.fieldname)) {
              const name = part.fieldname.slice(0, 40);
              throw importError.onField(name, 'TRADE_IMPORT_INVALID_FIELD', `${name} is not a field of an import.`);
            }
            fields[part.fieldname] = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file' || file) {
            part.file.resume();
            throw importError.onField(
              'file',
              'TRADE_IMPORT_UPLOAD_MISSING',
              'Send exactly one file, in a field named file.',
            );
          }
          const data = await part.toBuffer();
          file = { name: cleanName(part.filename), data };
        }
      } catch (error) {
        throw uploadError(error);
      }
      if (!file)
        throw importError.onField(
          'file',
          'TRADE_IMPORT_UPLOAD_MISSING',
          'The file is missing: send the report in a field named file.',
        );
      const checked = tradeImportFieldsSchema.safeParse(fields);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        const field = String(issue.path[0] ?? 'format');
        throw importError.onField(field, 'TRADE_IMPORT_INVALID_FIELD', issue.message);
      }
      return { file, fields: checked.data };
    }

    app.post(
      '/trading/accounts/:id/imports',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Imports an MT5/MT4 report or a CSV of closed trades into an imported account',
          description:
            `multipart/form-data: \`file\` (at most ${formatBytes(maxBytes)} and ${TRADE_IMPORT_MAX_ROWS} rows), ` +
            `\`format\` (auto, ${TRADE_IMPORT_FORMATS.join(', ')}; auto by default) and \`time_zone\` (the zone the ` +
            'report writes its times in, UTC by default). The file is read at once: one that is no report of the ' +
            'format is a 422 naming why, and lines that cannot be read are errors of their line. The rows are then ' +
            'booked in batches: answered 202 with status processing; poll GET .../imports/{importId} for progress.',
          consumes: ['multipart/form-data'],
          params: idParamsSchema,
          body: tradeImportUploadSchema,
          response: {
            202: tradeImportSchema,
            400: errorBodySchema.describe('Not multipart, no file, or a bad format or time_zone'),
            404: errorBodySchema.describe('No trading account of the caller has this id'),
            409: errorBodySchema.describe('The account is not of kind imported, or is archived'),
            413: errorBodySchema.describe('The file is too large'),
            422: errorBodySchema.describe('The file is not a report of the format, holds nothing, or too many rows'),
          },
        },
      },
      async (request, reply) => {
        const { userId } = authOf(request);
        const { file, fields } = await readUpload(request);
        const started = await imports.start(userId, request.params.id, {
          fileName: file.name,
          data: file.data,
          format: fields.format,
          timeZone: fields.time_zone,
        });
        return reply.status(202).send(started);
      },
    );

    app.get(
      '/trading/accounts/:id/imports',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The account’s imports, newest first (at most 50)',
          params: idParamsSchema,
          response: { 200: tradeImportListSchema, 404: errorBodySchema },
        },
      },
      async (request) => ({ imports: await imports.list(authOf(request).userId, request.params.id) }),
    );

    app.get(
      '/trading/accounts/:id/imports/:importId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One import: status, progress, counts and the per-line errors and warnings',
          params: tradeImportParamsSchema,
          response: { 200: tradeImportSchema, 404: errorBodySchema },
        },
      },
      async (request) => imports.get(authOf(request).userId, request.params.id, request.params.importId),
    );
  };
}
