/**
 * Import of real candles from CSV files (MetaTrader 4/5 exports, Dukascopy exports, plain OHLCV tables): pure,
 * streaming, web-standard APIs only, so the server and the browser read files the same way.
 */
export {
  type CandleCsvIssue,
  type CandleCsvOptions,
  type CandleCsvProgress,
  type CandleCsvResult,
  describeSeconds,
  type ImportedCandle,
  MAX_CANDLE_CSV_LINE,
  readCandleCsv,
} from './read-candle-csv.js';
export { CANDLE_CSV_FORMAT_LABELS, type CandleCsvFormat, type CsvSeparator } from './shapes.js';
export {
  CANDLE_IMPORT_TIMEFRAME_IDS,
  CANDLE_IMPORT_TIMEFRAMES,
  type CandleImportTimeframe,
  type CandleImportTimeframeKind,
  importBucketStart,
  importNextBucketStart,
  importTimeframeDivides,
  importTimeframeKind,
  importTimeframeLabel,
  importTimeframeSeconds,
  isCandleImportTimeframe,
} from './timeframes.js';
