import { type LiveQuote, quotesChannel } from '@tradedesk/contracts';
import type { BidAsk, QuoteBook } from '@tradedesk/core';
import { useEffect, useMemo, useState } from 'react';
import { getWsClient, type WsClient } from '../../shared/ws/ws-client';

/**
 * Live quotes of several symbols as a core QuoteBook (the ticket's symbol and the pairs that convert its
 * profit and margin currencies to the account's). A symbol whose first quote has not arrived is absent.
 */
export function useQuoteBook(symbols: readonly string[], client: WsClient = getWsClient()): QuoteBook {
  const key = [...new Set(symbols)].sort().join(',');
  const [quotes, setQuotes] = useState<ReadonlyMap<string, BidAsk>>(new Map());
  useEffect(() => {
    const wanted = key === '' ? [] : key.split(',');
    const stops = wanted.map((symbol) =>
      client.subscribe(quotesChannel(symbol), (event) => {
        const q = event.data as LiveQuote;
        setQuotes((current) => {
          const next = new Map(current);
          next.set(symbol, { bid: q.bid, ask: q.ask, open: q.open, time: q.time });
          return next;
        });
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [key, client]);
  return useMemo(() => ({ get: (symbol: string) => quotes.get(symbol) }), [quotes]);
}
