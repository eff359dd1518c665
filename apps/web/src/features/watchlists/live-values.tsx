import type { HistoricalAnswer } from '@tradedesk/contracts';
import { useEffect } from 'react';
import { api } from '../../app/api';
import { useLiveQuote } from '../../shared/ws/use-market-channel';
import type { WsClient } from '../../shared/ws/ws-client';

export type LiveValues = {
  bid?: number;
  ask?: number;
  /** The previous day's close, from which change and change % are counted. */
  previousClose?: number;
  status: 'loading' | 'live' | 'error';
};

/** The last two daily bars of a symbol: the one before the forming bar gives the previous close. */
const dailyBarsApi = api.injectEndpoints({
  endpoints: (build) => ({
    watchlistDailyBars: build.query<HistoricalAnswer, string>({
      query: (symbol) => ({ url: '/middleware/feed/historical', params: { symbol, timeframe: '1D', limit: 2 } }),
    }),
  }),
});

export function previousCloseOf(answer: HistoricalAnswer | undefined): number | undefined {
  if (!answer || answer.candles.length === 0) return undefined;
  const candles = answer.candles;
  const previous = answer.forming
    ? candles[candles.length - 2]
    : (candles[candles.length - 2] ?? candles[candles.length - 1]);
  return previous?.close;
}

/**
 * Subscribes to one symbol's quotes (`quotes:<ticker>`) and reads its previous close, and hands both up as
 * they change; renders nothing. One per row, so a parent can sort by live values.
 */
export function LiveFeed(props: {
  ticker: string;
  onValues: (ticker: string, values: LiveValues) => void;
  /** The connection to use (a signed-out visitor's guest one); the app's own by default. */
  client?: WsClient;
}) {
  const { ticker, onValues } = props;
  const quote = useLiveQuote(ticker, props.client);
  const bars = dailyBarsApi.useWatchlistDailyBarsQuery(ticker);
  const previousClose = previousCloseOf(bars.data);
  const bid = quote.data?.bid;
  const ask = quote.data?.ask;
  useEffect(() => {
    onValues(ticker, { bid, ask, previousClose, status: quote.status });
  }, [ticker, bid, ask, previousClose, quote.status, onValues]);
  return null;
}
