import type { MarketTimeframe } from '@tradedesk/contracts';
import { type Candle, importTimeframeDivides, type SimulatedMarket, type Timeframe } from '@tradedesk/core';
import type { CandlesService } from '../candles/candles.service.js';
import type { HistoryRequest, MarketHistoryService } from '../market/market.history.service.js';

/** Bars like SimulatedMarket.candles: the last `limit` before `to` (exclusive), or the first `limit` from `from`. */
export type AlertBarsQuery = { from?: number; to?: number; limit: number; asOfMs: number };

/**
 * Prices and bars of one symbol as one user's chart shows them: the user's (then the deployment's) imported bars
 * in place of the simulator's over the ranges they cover, exactly as the history service answers the chart.
 */
export type AlertFeed = {
  symbol: string;
  /** The last price as of `nowMs`; undefined when there is none (the market, or the imported series, is closed). */
  price(nowMs: number): Promise<number | undefined>;
  candles(tf: Timeframe, q: AlertBarsQuery): Promise<Candle[]>;
  /** The bar forming at `nowMs`, or null. */
  forming(tf: Timeframe, nowMs: number): Promise<Candle | null>;
};

/** What the alerts need to read a user's chart: the candles module's import bookkeeping and the history. */
export type AlertBars = {
  /** A number that moves whenever an import of the symbol is added or deleted. */
  version(symbol: string): Promise<number>;
  /** Calls `listener` with each symbol whose imports change; answers the function that stops it. */
  onChanged(listener: (symbol: string) => void): () => void;
  /**
   * The user's feed of the symbol for an alert on `interval`, or null when no import stands in for the simulator
   * on that chart (nearly always: the evaluator then reads the simulated market directly, as before).
   */
  feed(userId: string, symbol: string, interval: string): Promise<AlertFeed | null>;
};

export function createAlertBars(deps: {
  market: SimulatedMarket;
  candles: Pick<CandlesService, 'importsVersion' | 'importedTimeframes' | 'onImportsChanged'>;
  history: Pick<MarketHistoryService, 'candlesAsOf'>;
}): AlertBars {
  const { market, candles, history } = deps;
  return {
    version: (symbol) => candles.importsVersion(symbol),
    onChanged: (listener) => candles.onImportsChanged(listener),
    async feed(userId, symbol, interval) {
      const timeframes = await candles.importedTimeframes(userId, symbol);
      if (!timeframes.some((tf) => importTimeframeDivides(tf, interval as MarketTimeframe))) return null;
      return importedFeed({ market, history, userId, symbol, interval: interval as Timeframe });
    },
  };
}

/** A user's chart of a symbol with imports, read through the history service (the chart's own source). */
function importedFeed(args: {
  market: SimulatedMarket;
  history: Pick<MarketHistoryService, 'candlesAsOf'>;
  userId: string;
  symbol: string;
  interval: Timeframe;
}): AlertFeed {
  const { market, history, userId, symbol, interval } = args;
  const read = (tf: Timeframe, q: AlertBarsQuery) => {
    const base = { userId, symbol, timeframe: tf as MarketTimeframe, limit: q.limit };
    const req: HistoryRequest =
      q.from !== undefined
        ? { ...base, mode: 'from', startTime: q.from, endTime: q.to }
        : { ...base, mode: 'latest', endTime: q.to };
    return history.candlesAsOf(req, q.asOfMs);
  };
  return {
    symbol,
    async price(nowMs) {
      const { answer } = await read(interval, { limit: 1, asOfMs: nowMs });
      const last = answer.candles.at(-1);
      if (!last) return undefined;
      const imported = answer.importedRanges.some((r) => last.time >= r.from && last.time <= r.to);
      // an imported bar is the chart's last price while it is the forming bar; an earlier one means the imported
      // series has no bar now (its market is closed); past the imports the simulator's price, as without them
      if (imported) return answer.forming ? last.close : undefined;
      try {
        const q = market.quote(symbol, nowMs);
        return q.open ? q.mid : undefined;
      } catch {
        return undefined;
      }
    },
    async candles(tf, q) {
      return (await read(tf, q)).answer.candles;
    },
    async forming(tf, nowMs) {
      const { answer } = await read(tf, { limit: 1, asOfMs: nowMs });
      return answer.forming ? (answer.candles.at(-1) ?? null) : null;
    },
  };
}
