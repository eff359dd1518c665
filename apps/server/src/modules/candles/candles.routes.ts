import { rm } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  candleImportBodySchema,
  candleImportFieldsSchema,
  candleImportListSchema,
  candleImportResultSchema,
  candleImportsQuerySchema,
  idParamsSchema,
  okSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/errors.js';
import type { CandlesService } from './candles.service.js';
import { formatBytes, notMultipart, receiveCandleUpload } from './candles.upload.js';

const tags = ['market'];
const security: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];

/** Imported candles: upload, list, delete (docs/api.md, "Imported candles"). */
export function candlesRoutes(deps: {
  candles: CandlesService;
  maxBytes: number;
  tmpDir: string;
}): FastifyPluginAsyncZod {
  const { candles, maxBytes, tmpDir } = deps;
  return async (app) => {
    // Registered in this scope only: no other route of the app accepts multipart bodies by accident.
    await app.register(fastifyMultipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 3, parts: 4, fieldSize: 256 },
    });
    // Any other content type (JSON and plain text included) is refused with one 400, without being read.
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('*', (_request, _payload, done) => done(notMultipart(), undefined));

    app.post(
      '/market/candles/import',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            'Imports a CSV file of candles for the caller; they replace the simulated market for that symbol and range',
          description:
            `multipart/form-data: \`symbol\`, optional \`timeframe\` (told from the bars when left out) and \`time_zone\` ` +
            `(of times written without an offset; UTC when left out), and the CSV in \`file\`, at most ${formatBytes(maxBytes)} ` +
            '(IMPORT_MAX_BYTES). Reads MetaTrader 5 and 4 exports, Dukascopy exports and any time/open/high/low/close[/volume] ' +
            'table, separated by commas, semicolons or tabs. All or nothing: bad rows are a 400 CANDLES_IMPORT_INVALID ' +
            'listing them by line in `details.errors`, and nothing is stored. Bars of the caller’s earlier imports of the ' +
            'same symbol and timeframe in the file’s range are replaced. Progress: `candles.import.progress` events on ' +
            'the caller’s `user` WebSocket channel.',
          consumes: ['multipart/form-data'],
          security,
          body: candleImportBodySchema,
          response: { 201: candleImportResultSchema },
        },
      },
      async (request, reply) => {
        const { userId } = authOf(request);
        const release = candles.reserve(userId);
        let path: string | undefined;
        let result: Awaited<ReturnType<typeof candles.importFile>>;
        try {
          const upload = await receiveCandleUpload(app, request, { maxBytes, tmpDir });
          path = upload.path;
          const fields = readFields(upload.fields);
          result = await candles.importFile({
            ownerId: userId,
            symbol: fields.symbol,
            timeframe: fields.timeframe,
            timeZone: fields.time_zone,
            file: upload.file,
          });
        } finally {
          release();
          if (path) await rm(path, { force: true });
        }
        // answered once the spooled upload is gone (sent from inside the try, the answer could arrive first)
        return reply.status(201).send(result);
      },
    );

    app.get(
      '/market/candles/imports',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The candle imports the caller sees: their own uploads and the deployment’s, newest first',
          description:
            '`scope` says whose: `user` (the caller’s, deletable) or `deployment` (an operator’s, for every user).',
          security,
          querystring: candleImportsQuerySchema,
          response: { 200: candleImportListSchema },
        },
      },
      async (request) => candles.listImports(authOf(request).userId, request.query),
    );

    app.delete(
      '/market/candles/imports/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            'Deletes one of the caller’s candle imports with its bars; the simulated market serves that range again',
          description:
            'Another user’s import is a 404; a deployment-wide import is a 403 (operators use `tradedesk delete-candle-import`).',
          security,
          params: idParamsSchema,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await candles.deleteImport(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );
  };
}

/** The form fields, checked with the contract's schema; a bad one is a 400 naming it, as for JSON bodies. */
function readFields(raw: Record<string, string>) {
  const parsed = candleImportFieldsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    message: issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', 'validation', fields[0]?.message ?? 'The form is not valid.', { fields });
}
