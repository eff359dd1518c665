import { z } from 'zod';

/**
 * Live market data over the WebSocket (`/api/ws`, see ws.ts): the channels `quotes:<symbol>` and
 * `candles:<symbol>:<timeframe>`, and the data of their events. Prices come from the simulated market
 * ("Simulated market" wherever shown). Quote times are unix milliseconds, candle times unix seconds (the
 * start of the bar), as in the history routes.
 */

export const QUOTES_CHANNEL_PREFIX = 'quotes';
export const CANDLES_CHANNEL_PREFIX = 'candles';

/** Event name of a `quotes:<symbol>` message. */
export const QUOTE_EVENT = 'quote';
/** Event name of a `candles:<symbol>:<timeframe>` message: the forming bar as of its `asOf`. */
export const CANDLE_EVENT = 'candle';

/** Timeframes a `candles:` channel accepts (1m is a minute, 1M a month). */
export const liveCandleTimeframes = ['1m', '5m', '15m', '30m', '1h', '4h', '1D', '1W', '1M'] as const;
export type LiveCandleTimeframe = (typeof liveCandleTimeframes)[number];

/** `quotes:EURUSD` */
export const quotesChannel = (symbol: string): string => `${QUOTES_CHANNEL_PREFIX}:${symbol}`;
/** `candles:EURUSD:15m` */
export const candlesChannel = (symbol: string, timeframe: LiveCandleTimeframe): string =>
  `${CANDLES_CHANNEL_PREFIX}:${symbol}:${timeframe}`;

export const liveQuoteSchema = z.object({
  symbol: z.string(),
  bid: z.number(),
  ask: z.number(),
  /** Unix ms of the price: the tick's instant, or the last close while the market is closed. */
  time: z.number().int(),
  /** False while the instrument's market is closed (the quote is then its last close and does not move). */
  open: z.boolean(),
});
export type LiveQuote = z.infer<typeof liveQuoteSchema>;

export const liveCandleSchema = z.object({
  symbol: z.string(),
  timeframe: z.enum(liveCandleTimeframes),
  /** Start of the bar, unix seconds (the same `time` the history routes give it). */
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
  /** Unix ms the bar is formed up to: the last tick it contains. */
  asOf: z.number().int(),
});
export type LiveCandle = z.infer<typeof liveCandleSchema>;
