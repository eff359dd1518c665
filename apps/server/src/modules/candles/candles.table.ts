import { candleImportFormats, candleImportTimeframes } from '@tradedesk/contracts';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * One stored series of imported bars: a symbol and timeframe of one owner, or of the whole deployment when
 * `owner_id` is null (an operator's import through the command line). NULLS NOT DISTINCT keeps a single
 * deployment-wide series per symbol and timeframe (PostgreSQL 15 or later).
 */
export const candleSeries = pgTable(
  'candle_series',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    timeframe: text('timeframe', { enum: candleImportTimeframes }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('candle_series_key').on(t.ownerId, t.symbol, t.timeframe).nullsNotDistinct(),
    index('candle_series_symbol_idx').on(t.symbol, t.timeframe),
  ],
);

/**
 * One imported file. `rows`, `first_time` and `last_time` describe the bars of the file still stored: a later
 * import over part of the range replaces those bars and shrinks these.
 */
export const candleImports = pgTable(
  'candle_imports',
  {
    id: uuid('id').primaryKey(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => candleSeries.id, { onDelete: 'cascade' }),
    format: text('format', { enum: candleImportFormats }).notNull(),
    fileName: text('file_name').notNull(),
    timeZone: text('time_zone').notNull(),
    rows: integer('rows').notNull(),
    firstTime: bigint('first_time', { mode: 'number' }).notNull(),
    lastTime: bigint('last_time', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('candle_imports_series_idx').on(t.seriesId)],
);

/**
 * The bars. Prices are double precision: market data, not booked money. A price read from a CSV is the double
 * nearest its decimal text, stored and read back as that same double, and printed back as the same shortest
 * decimal (1.07123 stays 1.07123), at 8 bytes instead of numeric's variable width and parsing cost.
 */
export const importedCandles = pgTable(
  'imported_candles',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => candleSeries.id, { onDelete: 'cascade' }),
    /** Bar start, unix seconds (UTC); daily and longer bars at 00:00 UTC of their date. */
    time: bigint('time', { mode: 'number' }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: doublePrecision('volume').notNull(),
    importId: uuid('import_id')
      .notNull()
      .references(() => candleImports.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'imported_candles_pkey', columns: [t.seriesId, t.time] }),
    index('imported_candles_import_idx').on(t.importId),
  ],
);

export type CandleSeriesRow = typeof candleSeries.$inferSelect;
export type CandleImportRow = typeof candleImports.$inferSelect;
export type NewImportedCandle = typeof importedCandles.$inferInsert;
