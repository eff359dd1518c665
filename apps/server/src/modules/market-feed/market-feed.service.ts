import {
  CANDLE_EVENT,
  CANDLES_CHANNEL_PREFIX,
  type LiveCandle,
  type LiveCandleTimeframe,
  type LiveQuote,
  liveCandleTimeframes,
  QUOTE_EVENT,
  QUOTES_CHANNEL_PREFIX,
} from '@tradedesk/contracts';
import { type Candle, candleTimeOf, findInstrument, type SimulatedMarket } from '@tradedesk/core';

/** A live channel, parsed: which instrument, and for candles which timeframe. */
export type FeedChannel =
  | { kind: 'quotes'; channel: string; symbol: string }
  | { kind: 'candles'; channel: string; symbol: string; timeframe: LiveCandleTimeframe };

export type ParsedChannel = { ok: true; value: FeedChannel } | { ok: false; message: string };

const MS_PER_MINUTE = 60_000;
const timeframeList = liveCandleTimeframes.join(', ');

function symbolProblem(symbol: string): string | undefined {
  if (symbol === '') return 'channel: give a symbol after the colon, such as quotes:EURUSD.';
  const found = findInstrument(symbol);
  if (!found) return `channel: there is no instrument ${symbol}.`;
  if (found.id !== symbol) return `channel: symbols are written in capitals: ${symbol} is ${found.id}.`;
  return undefined;
}

/**
 * Reads `quotes:<symbol>` and `candles:<symbol>:<timeframe>`; anything else (an unknown symbol, a
 * timeframe that does not exist) is a sentence naming the fault.
 */
export function parseFeedChannel(channel: string): ParsedChannel {
  const [prefix, symbol = '', timeframe, ...extra] = channel.split(':');
  if (prefix === QUOTES_CHANNEL_PREFIX) {
    if (timeframe !== undefined) {
      return { ok: false, message: `channel: a quotes channel is quotes:<symbol>, such as quotes:EURUSD.` };
    }
    const problem = symbolProblem(symbol);
    return problem ? { ok: false, message: problem } : { ok: true, value: { kind: 'quotes', channel, symbol } };
  }
  if (prefix === CANDLES_CHANNEL_PREFIX) {
    if (timeframe === undefined || extra.length > 0) {
      return {
        ok: false,
        message: 'channel: a candles channel is candles:<symbol>:<timeframe>, such as candles:EURUSD:15m.',
      };
    }
    const problem = symbolProblem(symbol);
    if (problem) return { ok: false, message: problem };
    if (!(liveCandleTimeframes as readonly string[]).includes(timeframe)) {
      return {
        ok: false,
        message: `channel: timeframe must be one of ${timeframeList} (1m is a minute, 1M a month); "${timeframe}" is not.`,
      };
    }
    return {
      ok: true,
      value: { kind: 'candles', channel, symbol, timeframe: timeframe as LiveCandleTimeframe },
    };
  }
  return { ok: false, message: `channel: unknown channel "${channel}".` };
}

export type FeedMessage = { event: string; data: LiveQuote | LiveCandle };

/**
 * Live prices from the simulated market: the quote of a symbol and the forming bar of a timeframe at an
 * instant. Every process computes the same numbers for the same instant, so a snapshot taken by the
 * process a client is connected to agrees with the ticks the leader publishes.
 */
export function createMarketFeedService(deps: { market: SimulatedMarket }) {
  const { market } = deps;
  // The forming bar without its current minute, per channel. When the minute moves on inside the same bar, the
  // minute that ended is merged in (one 1-minute bar); otherwise it is computed afresh. A tick then costs one
  // partial minute however long the bar (a month is 30,000 minutes).
  const bases = new Map<string, { minute: number; time: number | null; base: Candle | null }>();

  function merge(a: Candle | null, b: Candle | null, time: number): Candle | null {
    if (!a) return b ? { ...b, time } : null;
    if (!b) return a;
    return {
      time,
      open: a.open,
      high: Math.max(a.high, b.high),
      low: Math.min(a.low, b.low),
      close: b.close,
      volume: a.volume + b.volume,
    };
  }

  function baseOf(symbol: string, timeframe: LiveCandleTimeframe, minute: number) {
    const key = `${CANDLES_CHANNEL_PREFIX}:${symbol}:${timeframe}`;
    const previous = bases.get(key);
    if (previous?.minute === minute) return previous;
    const time = candleTimeOf(symbol, timeframe, minute * 60);
    let base: Candle | null = null;
    if (time !== null && previous?.minute === minute - 1 && previous.time === time) {
      base = merge(previous.base, market.minuteBar(symbol, (minute - 1) * 60), time);
    } else if (time !== null && time < minute * 60) {
      const before = market.candles(symbol, timeframe, { from: time, limit: 1, asOfMs: minute * MS_PER_MINUTE - 1 });
      base = before[0]?.time === time ? before[0] : null;
    }
    const entry = { minute, time, base };
    bases.set(key, entry);
    return entry;
  }

  function quoteAt(symbol: string, ms: number): LiveQuote {
    const q = market.quote(symbol, ms);
    return { symbol, bid: q.bid, ask: q.ask, time: q.time, open: q.open };
  }

  function toLive(symbol: string, timeframe: LiveCandleTimeframe, c: Candle, asOf: number): LiveCandle {
    return {
      symbol,
      timeframe,
      time: c.time,
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
      volume: c.volume,
      asOf,
    };
  }

  /**
   * The bar of `timeframe` containing `ms` as formed up to `ms`, equal to the last bar of
   * `market.candles(symbol, timeframe, { asOfMs: ms })`; null while the market is closed.
   */
  function formingCandleAt(symbol: string, timeframe: LiveCandleTimeframe, ms: number): LiveCandle | null {
    const partial = market.partialMinuteBar(symbol, ms);
    if (!partial) return null;
    const { time, base } = baseOf(symbol, timeframe, partial.time / 60);
    if (time === null) return null;
    return toLive(symbol, timeframe, merge(base, partial, time)!, ms);
  }

  /** The last bar as of `ms` (the forming one while open, the last closed one otherwise). */
  function lastCandleAt(symbol: string, timeframe: LiveCandleTimeframe, ms: number): LiveCandle | null {
    const last = market.candles(symbol, timeframe, { asOfMs: ms, limit: 1 })[0];
    return last ? toLive(symbol, timeframe, last, ms) : null;
  }

  return {
    quoteAt,
    formingCandleAt,
    lastCandleAt,
    /** What a new subscriber is sent at once: the current quote, or the bar as of now. */
    snapshot(channel: FeedChannel, ms: number): FeedMessage | undefined {
      if (channel.kind === 'quotes') return { event: QUOTE_EVENT, data: quoteAt(channel.symbol, ms) };
      const bar =
        formingCandleAt(channel.symbol, channel.timeframe, ms) ?? lastCandleAt(channel.symbol, channel.timeframe, ms);
      return bar ? { event: CANDLE_EVENT, data: bar } : undefined;
    },
    /** Forgets the cached bars of candle channels not in `keep` (nobody listens to them any more). */
    forget(keep: ReadonlySet<string>): void {
      for (const key of bases.keys()) if (!keep.has(key)) bases.delete(key);
    },
  };
}
export type MarketFeedService = ReturnType<typeof createMarketFeedService>;
