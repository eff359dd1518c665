import { z } from 'zod';
import { line } from './text.js';

/**
 * Trades made elsewhere (issue 12 item 6): an MT4/MT5 account history (the platform's HTML report or CSV export)
 * or a generic CSV, imported into an account of kind `imported`. Each trade becomes a closed position with its
 * deals, each balance row a balance deal, so the metrics, the dashboard and the journal read them like any other.
 * A trade already imported into the account (same ticket, or without one the same symbol, side, volume, open time,
 * open price and close time) is counted as a duplicate and not booked again.
 */

export const TRADE_IMPORT_FORMATS = ['mt5_html', 'mt4_html', 'mt5_csv', 'csv'] as const;
export type TradeImportFormat = (typeof TRADE_IMPORT_FORMATS)[number];
export const TRADE_IMPORT_FORMAT_NAMES: Record<TradeImportFormat, string> = {
  mt5_html: 'MetaTrader 5 report (HTML)',
  mt4_html: 'MetaTrader 4 statement (HTML)',
  mt5_csv: 'MetaTrader 5 history (CSV)',
  csv: 'Generic CSV',
};
export const TRADE_IMPORT_STATUSES = ['processing', 'done', 'failed'] as const;
export type TradeImportStatus = (typeof TRADE_IMPORT_STATUSES)[number];

/** Largest file an import takes, and most data lines of one file. */
export const TRADE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const TRADE_IMPORT_MAX_ROWS = 20_000;
/** Per-line problems kept with an import (the counts go on past it). */
export const TRADE_IMPORT_MAX_PROBLEMS = 500;

/** Multipart fields of POST /trading/accounts/{id}/imports besides the file. */
export const tradeImportFieldsSchema = z.strictObject({
  format: z
    .enum(['auto', ...TRADE_IMPORT_FORMATS], {
      error: `format must be auto or one of ${TRADE_IMPORT_FORMATS.join(', ')}.`,
    })
    .default('auto'),
  /** The zone the report's times are written in (MetaTrader writes the broker server's time); UTC by default. */
  time_zone: line('time_zone', 64).optional(),
});
export type TradeImportFields = z.infer<typeof tradeImportFieldsSchema>;

/** The OpenAPI shape of the multipart upload (its parts are read by the handler, never through this schema). */
export const tradeImportUploadSchema = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The report: HTML or CSV, at most TRADE_IMPORT_MAX_BYTES' }),
    format: z.string().optional(),
    time_zone: z.string().optional(),
  })
  // The multipart parser leaves the body null; the parts are read from the stream by the handler.
  .nullish();

export const tradeImportParamsSchema = z.object({ id: z.uuid(), importId: z.uuid() });

/** One line of the file that was not imported (error) or was imported with a remark (warning). */
export const tradeImportProblemSchema = z.object({
  line: z.number().int(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});
export type TradeImportProblem = z.infer<typeof tradeImportProblemSchema>;

export const tradeImportSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  fileName: z.string(),
  format: z.enum(TRADE_IMPORT_FORMATS),
  status: z.enum(TRADE_IMPORT_STATUSES),
  /** Records found in the file (trades and balance rows), and how many have been processed so far. */
  total: z.number().int(),
  processed: z.number().int(),
  /** 0 to 100. */
  progress: z.number(),
  imported: z.number().int(),
  balanceRows: z.number().int(),
  duplicates: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
  problems: z.array(tradeImportProblemSchema),
  /** Why the whole import failed (status failed); null otherwise. */
  failure: z.string().nullable(),
  created: z.string(),
  finished: z.string().nullable(),
});
export type TradeImport = z.infer<typeof tradeImportSchema>;
export const tradeImportListSchema = z.object({ imports: z.array(tradeImportSchema) });

export const tradeImportErrorCodes = [
  'TRADE_IMPORT_NOT_FOUND',
  'TRADE_IMPORT_NOT_IMPORTED_ACCOUNT',
  'TRADE_IMPORT_UPLOAD_MISSING',
  'TRADE_IMPORT_UPLOAD_MALFORMED',
  'TRADE_IMPORT_TOO_LARGE',
  'TRADE_IMPORT_UNREADABLE',
  'TRADE_IMPORT_INVALID_FIELD',
] as const;
