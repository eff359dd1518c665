import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLiveQuote, useMarketChannel } from './use-market-channel';
import { createWsClient } from './ws-client';

/** A socket the test plays the server of: it sees what the client sends and answers by hand. */
class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  emit(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const client = createWsClient({
    url: 'ws://test/api/ws',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    backoffMs: () => 100,
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => {},
  });
  const socket = (n: number) => {
    const s = sockets[n];
    if (!s) throw new Error(`no socket ${n}`);
    return s;
  };
  return { client, socket, timers };
}

const quote = (bid: number, time: number) => ({
  type: 'event',
  channel: 'quotes:EURUSD',
  event: 'quote',
  data: { symbol: 'EURUSD', bid, ask: bid + 0.0001, time, open: true },
});

describe('useMarketChannel', () => {
  it('is loading until the first message, then shows the latest; loading again while disconnected', () => {
    const { client, socket } = setup();
    client.start();
    act(() => socket(0).open());
    const { result } = renderHook(() => useLiveQuote('EURUSD', client));
    expect(result.current).toEqual({ status: 'loading', data: undefined });
    expect(socket(0).sent).toEqual([{ type: 'subscribe', channel: 'quotes:EURUSD' }]);

    act(() => socket(0).emit(quote(1.1, 1)));
    act(() => socket(0).emit(quote(1.2, 2)));
    expect(result.current).toEqual({ status: 'live', data: quote(1.2, 2).data });

    act(() => socket(0).drop());
    expect(result.current).toEqual({ status: 'loading', data: quote(1.2, 2).data });
  });

  it('subscribes its channel again after a reconnect and goes live with the new messages', () => {
    const { client, socket, timers } = setup();
    client.start();
    act(() => socket(0).open());
    const { result } = renderHook(() => useMarketChannel('candles:EURUSD:15m', client));
    act(() => socket(0).emit({ type: 'event', channel: 'candles:EURUSD:15m', event: 'candle', data: { close: 1 } }));
    act(() => socket(0).drop());
    expect(result.current.status).toBe('loading');

    act(() => timers.shift()?.());
    act(() => socket(1).open());
    expect(socket(1).sent).toEqual([{ type: 'subscribe', channel: 'candles:EURUSD:15m' }]);
    act(() => socket(1).emit({ type: 'subscribed', channel: 'candles:EURUSD:15m' }));
    act(() => socket(1).emit({ type: 'event', channel: 'candles:EURUSD:15m', event: 'candle', data: { close: 2 } }));
    expect(result.current).toEqual({ status: 'live', data: { close: 2 } });
  });

  it('shows the server’s sentence when the channel is refused', () => {
    const { client, socket } = setup();
    client.start();
    act(() => socket(0).open());
    const { result } = renderHook(() => useMarketChannel('quotes:NOPE', client));
    act(() =>
      socket(0).emit({
        type: 'error',
        code: 'WS_CHANNEL_NOT_FOUND',
        message: 'channel: there is no instrument NOPE.',
        channel: 'quotes:NOPE',
      }),
    );
    expect(result.current).toEqual({
      status: 'error',
      data: undefined,
      error: 'channel: there is no instrument NOPE.',
    });
  });

  it('shares one subscription between hooks, gives a late one the latest message, and unsubscribes with the last', () => {
    const { client, socket } = setup();
    client.start();
    act(() => socket(0).open());
    const first = renderHook(() => useLiveQuote('EURUSD', client));
    act(() => socket(0).emit(quote(1.3, 3)));
    const second = renderHook(() => useLiveQuote('EURUSD', client));
    expect(second.result.current).toEqual({ status: 'live', data: quote(1.3, 3).data });
    first.unmount();
    expect(socket(0).sent).toEqual([{ type: 'subscribe', channel: 'quotes:EURUSD' }]);
    second.unmount();
    expect(socket(0).sent).toEqual([
      { type: 'subscribe', channel: 'quotes:EURUSD' },
      { type: 'unsubscribe', channel: 'quotes:EURUSD' },
    ]);
  });

  it('follows a change of channel and subscribes to nothing for null', () => {
    const { client, socket } = setup();
    client.start();
    act(() => socket(0).open());
    const { result, rerender } = renderHook(({ symbol }) => useLiveQuote(symbol, client), {
      initialProps: { symbol: 'EURUSD' as string | null },
    });
    act(() => socket(0).emit(quote(1.1, 1)));
    rerender({ symbol: 'GBPUSD' });
    expect(result.current).toEqual({ status: 'loading', data: undefined });
    rerender({ symbol: null });
    expect(socket(0).sent).toEqual([
      { type: 'subscribe', channel: 'quotes:EURUSD' },
      { type: 'unsubscribe', channel: 'quotes:EURUSD' },
      { type: 'subscribe', channel: 'quotes:GBPUSD' },
      { type: 'unsubscribe', channel: 'quotes:GBPUSD' },
    ]);
  });
});
