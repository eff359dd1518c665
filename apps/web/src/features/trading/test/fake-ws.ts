import { vi } from 'vitest';
import { QUOTES } from './trading-fixtures';

/** A WebSocket client that answers every quotes channel at once with the fixtures' tick, and nothing else. */
export function fakeWsClient() {
  return {
    start: vi.fn(),
    stop: vi.fn(),
    connected: true,
    subscribe: vi.fn((channel: string, handler: (e: { channel: string; event: string; data: unknown }) => void) => {
      const symbol = channel.startsWith('quotes:') ? channel.slice('quotes:'.length) : null;
      const q = symbol ? QUOTES[symbol] : undefined;
      if (symbol && q)
        queueMicrotask(() => handler({ channel, event: 'quote', data: { symbol, ...q, time: 1, open: true } }));
      return () => undefined;
    }),
    onOpen: vi.fn(() => () => undefined),
    onClose: vi.fn(() => () => undefined),
  };
}
