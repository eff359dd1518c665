import {
  candlesChannel,
  type LiveCandle,
  type LiveCandleTimeframe,
  type LiveQuote,
  quotesChannel,
} from '@tradedesk/contracts';
import { useEffect, useState } from 'react';
import { getWsClient, type WsClient } from './ws-client';

/**
 * `loading` until the first message and again while the connection is down (the last data is kept, to show
 * greyed); `live` while messages flow; `error` when the server refused the channel (`error` says why).
 */
export type MarketChannelStatus = 'loading' | 'live' | 'error';

export type MarketChannelState<T> = { status: MarketChannelStatus; data: T | undefined; error?: string };

const initial = { status: 'loading', data: undefined } as const;

/**
 * The latest message of a live channel (`quotes:EURUSD`, `candles:EURUSD:15m`): each message replaces the
 * previous one. Subscribes on mount, unsubscribes on unmount or when `channel` changes; the shared client
 * subscribes again after a reconnect. `null` subscribes to nothing. Prices are from the simulated market:
 * label them "Simulated market" where shown.
 */
export function useMarketChannel<T = unknown>(
  channel: string | null,
  client: WsClient = getWsClient(),
): MarketChannelState<T> {
  const [state, setState] = useState<MarketChannelState<T>>(initial);

  useEffect(() => {
    setState(initial);
    if (channel === null) return;
    const stopEvents = client.subscribe(channel, (event) => setState({ status: 'live', data: event.data as T }), {
      onError: (error) => setState((s) => ({ status: 'error', data: s.data, error: error.message })),
    });
    const stopClose = client.onClose(() =>
      setState((s) => (s.status === 'error' ? s : { status: 'loading', data: s.data })),
    );
    return () => {
      stopEvents();
      stopClose();
    };
  }, [channel, client]);

  return state;
}

/** Bid and ask of a symbol as they tick. */
export function useLiveQuote(symbol: string | null, client?: WsClient): MarketChannelState<LiveQuote> {
  return useMarketChannel<LiveQuote>(symbol === null ? null : quotesChannel(symbol), client);
}

/** The forming bar of a symbol and timeframe, consistent with the history routes' candles. */
export function useLiveCandle(
  symbol: string | null,
  timeframe: LiveCandleTimeframe,
  client?: WsClient,
): MarketChannelState<LiveCandle> {
  return useMarketChannel<LiveCandle>(symbol === null ? null : candlesChannel(symbol, timeframe), client);
}
