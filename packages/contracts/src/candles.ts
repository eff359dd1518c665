import { z } from 'zod';
import { timeZoneSchema } from './settings.js';
import { line, opaque } from './text.js';

/**
 * Imported candles: CSV files of real bars (MetaTrader, Dukascopy, plain OHLCV) that replace the simulated
 * market for their symbol and range. A user's upload serves that user; an import made with the command line
 * (`tradedesk import-candles`) without `--user` serves every user. Times are unix seconds.
 */

export const candleImportTimeframes = ['1m', '5m', '15m', '30m', '1h', '4h', '1D', '1W', '1M'] as const;
export type CandleImportTimeframeId = (typeof candleImportTimeframes)[number];

export const candleImportFormats = ['mt5', 'mt4', 'dukascopy', 'ohlcv'] as const;

/** Who sees an import: its owner, or every user of the deployment (an operator's import). */
export const candleImportScopes = ['user', 'deployment'] as const;

export const CANDLE_SYMBOL_PATTERN = /^[A-Z0-9._-]{1,20}$/;

/** A ticker such as EURUSD or BRK.B (upper-cased); the instrument catalogue is not consulted. */
export const candleSymbolSchema = z
  .string({ error: 'Symbol is required.' })
  .trim()
  .toUpperCase()
  .regex(
    CANDLE_SYMBOL_PATTERN,
    'Symbol must be 1 to 20 letters, digits, dots, underscores or hyphens, such as EURUSD.',
  );

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const candleImportTimeframeSchema = z.enum(candleImportTimeframes, {
  error: `Timeframe must be one of ${candleImportTimeframes.join(', ')} (1m is a minute, 1M a month).`,
});

/** The form fields of an upload (multipart/form-data, beside the file). */
export const candleImportFieldsSchema = z.object({
  symbol: candleSymbolSchema,
  /** Told from the spacing of the bars when left out. */
  timeframe: z.preprocess(emptyToUndefined, candleImportTimeframeSchema.optional()),
  /** Zone of times written without an offset; UTC when left out. */
  time_zone: z.preprocess(emptyToUndefined, timeZoneSchema.optional()),
});
export type CandleImportFields = z.infer<typeof candleImportFieldsSchema>;

/** The request body as the API reference shows it; the server reads the parts from the stream itself. */
export const candleImportBodySchema = z
  .object({
    symbol: line('Symbol', 20).meta({
      description: 'Ticker, e.g. EURUSD (1 to 20 of A-Z 0-9 . _ -)',
      example: 'EURUSD',
    }),
    timeframe: z
      .enum(candleImportTimeframes)
      .optional()
      .meta({ description: 'The file’s timeframe; told from the spacing of the bars when left out' }),
    time_zone: line('Time zone', 64)
      .optional()
      .meta({ description: 'IANA zone of times written without an offset (default UTC)', example: 'Europe/London' }),
    file: opaque('File', 1_000_000_000).meta({
      format: 'binary',
      description: 'CSV: MetaTrader 5 or 4 export, Dukascopy export, or a time/open/high/low/close[/volume] table',
    }),
  })
  // The multipart parser leaves the body null; the parts are read from the stream by the handler.
  .nullish();

export const candleImportSchema = z.object({
  id: z.uuid(),
  symbol: z.string(),
  timeframe: z.enum(candleImportTimeframes),
  scope: z.enum(candleImportScopes),
  format: z.enum(candleImportFormats),
  fileName: z.string(),
  timeZone: z.string(),
  /** Bars of this import still stored (a later import over the same range replaces them). */
  rows: z.number().int(),
  /** First and last bar still stored, unix seconds. */
  firstTime: z.number().int(),
  lastTime: z.number().int(),
  createdAt: z.string(),
});
export type CandleImport = z.infer<typeof candleImportSchema>;

/** The answer to an upload: the import and what happened to the bars it covers. */
export const candleImportResultSchema = candleImportSchema.extend({
  /** Bars of earlier imports (same owner, symbol and timeframe) that this one replaced. */
  replaced: z.number().int(),
  warnings: z.array(z.string()),
});
export type CandleImportResult = z.infer<typeof candleImportResultSchema>;

export const candleImportsQuerySchema = z.object({
  symbol: z.preprocess(emptyToUndefined, candleSymbolSchema.optional()),
  page: z.coerce.number({ error: 'Page must be a whole number.' }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: 'Limit must be a whole number.' }).int().min(1).max(100).default(50),
});
export type CandleImportsQuery = z.infer<typeof candleImportsQuerySchema>;

export const candleImportListSchema = z.object({
  imports: z.array(candleImportSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CandleImportList = z.infer<typeof candleImportListSchema>;

/** A bad row of a refused import: `line` is 1-based, null when the problem is the file as a whole. */
export const candleImportIssueSchema = z.object({ line: z.number().int().nullable(), message: z.string() });
/** `details` of a CANDLES_IMPORT_INVALID answer. */
export const candleImportErrorDetailsSchema = z.object({
  errors: z.array(candleImportIssueSchema),
  /** Reading stopped at the error limit: there are more bad rows. */
  truncated: z.boolean(),
});
export type CandleImportErrorDetails = z.infer<typeof candleImportErrorDetailsSchema>;

/** Event on the `user` WebSocket channel while an upload of that user is read and stored. */
export const CANDLE_IMPORT_PROGRESS_EVENT = 'candles.import.progress';
export const candleImportProgressSchema = z.object({
  importId: z.uuid(),
  symbol: z.string(),
  /** `validating`: the whole file is read and checked; `storing`: it is read again into the database. */
  phase: z.enum(['validating', 'storing']),
  rows: z.number().int(),
  bytes: z.number().int(),
  totalBytes: z.number().int(),
});
export type CandleImportProgress = z.infer<typeof candleImportProgressSchema>;

export const candlesErrorCodes = [
  'CANDLES_IMPORT_INVALID',
  'CANDLES_UPLOAD_MISSING',
  'CANDLES_UPLOAD_MALFORMED',
  'CANDLES_UPLOAD_TOO_LARGE',
  'CANDLES_IMPORT_NOT_FOUND',
  'CANDLES_IMPORT_READ_ONLY',
  'CANDLES_IMPORT_BUSY',
] as const;
export type CandlesErrorCode = (typeof candlesErrorCodes)[number];
