import { act, renderHook } from '@testing-library/react';
import type { TradingPosition } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import type { WsClient } from '../../shared/ws/ws-client';
import { useLivePositions } from './use-live-positions';

type Handler = (e: { channel: string; event: string; data: unknown }) => void;

/** A socket whose quotes the test sends. */
function quoteSocket() {
  const handlers = new Map<string, Handler>();
  const client = {
    start() {},
    stop() {},
    subscribe(channel: string, handler: Handler) {
      handlers.set(channel, handler);
      return () => handlers.delete(channel);
    },
  } as unknown as WsClient;
  const quote = (symbol: string, bid: number, ask: number) =>
    act(() =>
      handlers.get(`quotes:${symbol}`)?.({
        channel: `quotes:${symbol}`,
        event: 'quote',
        data: { symbol, bid, ask, open: true, time: 1 },
      }),
    );
  return { client, quote, channels: () => [...handlers.keys()].sort() };
}

function position(fields: Partial<TradingPosition>): TradingPosition {
  return {
    id: 'p1',
    positionId: 'p1',
    kind: 'long',
    instrumentId: 'EURUSD',
    symbol: 'EURUSD',
    side: 'buy',
    volume: 1,
    initialVolume: 1,
    openPrice: 1.095,
    entryTimestamp: '2026-11-20T10:00:00.000Z',
    stopLoss: null,
    takeProfit: null,
    trailingStopPoints: null,
    currentPrice: 1.096,
    upl: 100,
    profit: 0,
    commission: -3.5,
    swap: 0,
    closePrice: null,
    closedAt: null,
    closeReason: null,
    ...fields,
  } as TradingPosition;
}

describe('useLivePositions', () => {
  it('marks open positions at each quote (a buy at the bid, a sell at the ask) and leaves closed ones alone', () => {
    const socket = quoteSocket();
    const positions = [
      position({}),
      position({ id: 'p2', side: 'sell', kind: 'short', volume: 0.5, openPrice: 1.1012 }),
      position({ id: 'p3', symbol: 'XAUUSD', instrumentId: 'XAUUSD', openPrice: 2000, upl: 42 }),
      position({ id: 'p4', closedAt: '2026-11-20T11:00:00.000Z', closePrice: 1.097, upl: 0 }),
    ];
    const { result } = renderHook(() => useLivePositions(positions, 'USD', socket.client));
    // One subscription per open position's symbol (USD profits need no conversion pair).
    expect(socket.channels()).toEqual(['quotes:EURUSD', 'quotes:XAUUSD']);
    // Before a quote, the server's figures stand.
    expect(result.current[0]).toMatchObject({ currentPrice: 1.096, upl: 100 });

    socket.quote('EURUSD', 1.1, 1.1002);
    const [buy, sell, gold, closed] = result.current;
    // 1 lot x 100,000 x (1.1000 - 1.0950) = 500.00; 0.5 lot x 100,000 x (1.1012 - 1.1002) = 50.00
    expect(buy!.currentPrice).toBe(1.1);
    expect(buy!.upl).toBeCloseTo(500, 6);
    expect(sell!.currentPrice).toBe(1.1002);
    expect(sell!.upl).toBeCloseTo(50, 6);
    expect(gold).toBe(positions[2]);
    expect(closed).toBe(positions[3]);

    socket.quote('EURUSD', 1.09, 1.0902);
    expect(result.current[0]!.upl).toBeCloseTo(-500, 6);
  });
});
