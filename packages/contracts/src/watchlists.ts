import { z } from 'zod';
import { CHART_SOURCES, chartSourceSchema, tickerSchema } from './charts.js';
import { line } from './text.js';

/**
 * Watchlists (spec section 7, "Watchlist"): named lists of instruments, one of them the default, each
 * shareable through a read-only public link. A symbol is added by `{ source, ticker }`, checked against the
 * instrument catalogue; a ticker already in the list is refused.
 */

export const WATCHLIST_MAX_PER_USER = 50;
export const WATCHLIST_MAX_SYMBOLS = 200;
export const WATCHLIST_DEFAULT_NAME = 'My watchlist';

export const watchlistNameSchema = line('Name', 60, { min: 1 });

export const watchlistSymbolBodySchema = z.strictObject({
  source: chartSourceSchema(),
  ticker: tickerSchema('Ticker'),
});
export type WatchlistSymbolBody = z.infer<typeof watchlistSymbolBodySchema>;

export const createWatchlistBodySchema = z
  .strictObject({
    name: watchlistNameSchema.optional(),
    symbols: z
      .array(watchlistSymbolBodySchema)
      .max(WATCHLIST_MAX_SYMBOLS, `Symbols must have at most ${WATCHLIST_MAX_SYMBOLS} items.`)
      .optional(),
  })
  .nullish();
export type CreateWatchlistBody = z.infer<typeof createWatchlistBodySchema>;

/** PUT /watchlist/{id}: rename, reorder (every symbol id, in the new order) and share or stop sharing. */
export const updateWatchlistBodySchema = z.strictObject({
  name: watchlistNameSchema.optional(),
  symbol_ids: z
    .array(z.uuid('Each of symbol_ids must be a symbol id (a UUID).'))
    .max(WATCHLIST_MAX_SYMBOLS, `symbol_ids must have at most ${WATCHLIST_MAX_SYMBOLS} items.`)
    .optional(),
  shared: z.boolean().optional(),
});
export type UpdateWatchlistBody = z.infer<typeof updateWatchlistBodySchema>;

export const watchlistSymbolParamsSchema = z.object({
  id: z.uuid(),
  symbolId: z.uuid(),
});

export const watchlistSymbolSchema = z.object({
  id: z.uuid(),
  source: z.enum(CHART_SOURCES),
  ticker: z.string(),
  name: z.string(),
  digits: z.number().int(),
  addedAt: z.string(),
});
export type WatchlistSymbol = z.infer<typeof watchlistSymbolSchema>;

export const watchlistSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isDefault: z.boolean(),
  /** The token of the public read-only link (GET /watchlist/share/{token}) while shared, else null. */
  shareToken: z.string().nullable(),
  symbols: z.array(watchlistSymbolSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Watchlist = z.infer<typeof watchlistSchema>;

export const watchlistListSchema = z.object({ watchlists: z.array(watchlistSchema) });
export type WatchlistList = z.infer<typeof watchlistListSchema>;

/** GET /watchlist/share/{token}, signed out: the list as it is now, without its owner's ids. */
export const sharedWatchlistSchema = z.object({
  name: z.string(),
  symbols: z.array(watchlistSymbolSchema.omit({ id: true, addedAt: true })),
  updatedAt: z.string(),
});
export type SharedWatchlist = z.infer<typeof sharedWatchlistSchema>;

export const watchlistErrorCodes = [
  'WATCHLIST_NOT_FOUND',
  'WATCHLIST_SYMBOL_NOT_FOUND',
  'WATCHLIST_SYMBOL_DUPLICATE',
  'WATCHLIST_SYMBOL_LIMIT_REACHED',
  'WATCHLIST_LIMIT_REACHED',
  'WATCHLIST_INVALID_SYMBOL',
  'WATCHLIST_INVALID_ORDER',
  'WATCHLIST_SHARE_NOT_FOUND',
] as const;
export type WatchlistErrorCode = (typeof watchlistErrorCodes)[number];
