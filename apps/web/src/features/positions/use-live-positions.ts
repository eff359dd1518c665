import type { TradingPosition } from '@tradedesk/contracts';
import { closingPrice, conversionSymbols, getInstrument, positionProfit } from '@tradedesk/core';
import { useMemo } from 'react';
import type { WsClient } from '../../shared/ws/ws-client';
import { useQuoteBook } from '../trading/use-quote-book';

/**
 * The open positions with their current price and floating P/L following every quote, as the server marks
 * them (closing side of the quote; profit converted to the account currency as core converts it), between the
 * server's position events. A position whose quote has not arrived keeps the server's figures.
 */
export function useLivePositions(
  positions: readonly TradingPosition[],
  currency: string,
  client?: WsClient,
): readonly TradingPosition[] {
  const symbols = useMemo(
    () => [
      ...new Set(
        positions
          .filter((p) => p.closedAt === null)
          .flatMap((p) => [p.symbol, ...conversionSymbols(getInstrument(p.symbol).profitCurrency, currency)]),
      ),
    ],
    [positions, currency],
  );
  const quotes = useQuoteBook(symbols, client);
  return useMemo(
    () =>
      positions.map((p) => {
        const quote = p.closedAt === null ? quotes.get(p.symbol) : undefined;
        if (!quote) return p;
        const price = closingPrice(p.side, quote);
        const upl = positionProfit(getInstrument(p.symbol), p.side, p.volume, p.openPrice, price, currency, quotes);
        return { ...p, currentPrice: price, upl };
      }),
    [positions, quotes, currency],
  );
}
